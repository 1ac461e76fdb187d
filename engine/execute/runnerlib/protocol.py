"""The JSON-lines protocol with the executor: framing on private descriptors, request fields.

``ProtocolPipes`` moves the protocol pipes off fds 0 and 1 (which become ``/dev/null`` and
stderr), reads one request line at a time and writes one response line per request.
``parse_seed`` and ``parse_limits`` validate the request fields shared by the ops.  The ops
themselves are in ``worker.py``; the protocol is described in RUNNER_PROTOCOL.md.
"""

from __future__ import annotations

import fcntl
import json
import os
from typing import Any, Dict, Optional, Tuple

from .child import ChildSpec
from .common import (DEFAULT_FSIZE_MB, DEFAULT_MAX_OUTPUT, DEFAULT_MAX_PROCESSES, DEFAULT_MEM_MB,
                     DEFAULT_TIMEOUT_S, write_all)


class ProtocolPipes:
    """The request and response pipes, on descriptors that close on exec."""

    def __init__(self) -> None:
        # The protocol pipes move to private descriptors; fds 0 and 1 become /dev/null and
        # stderr, so nothing printed by accident in the worker can corrupt the protocol.
        self.fd_in = fcntl.fcntl(0, fcntl.F_DUPFD_CLOEXEC, 3)
        self.fd_out = fcntl.fcntl(1, fcntl.F_DUPFD_CLOEXEC, 3)
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.close(devnull)
        os.dup2(2, 1)
        self._inbuf = bytearray()

    @property
    def fds(self) -> Tuple[int, int]:
        return (self.fd_in, self.fd_out)

    def read_line(self) -> Optional[bytes]:
        """The next request line (without its newline); None at EOF."""
        while True:
            newline = self._inbuf.find(b"\n")
            if newline >= 0:
                line = bytes(self._inbuf[:newline])
                del self._inbuf[:newline + 1]
                return line
            try:
                chunk = os.read(self.fd_in, 1 << 16)
            except InterruptedError:
                continue
            if not chunk:
                if self._inbuf:
                    line = bytes(self._inbuf)
                    self._inbuf.clear()
                    return line
                return None
            self._inbuf += chunk

    def send(self, response: Dict[str, Any]) -> bool:
        """Write one response line; False when the executor went away."""
        data = json.dumps(response, ensure_ascii=False, separators=(",", ":"))
        return write_all(self.fd_out, data.encode("utf-8", "replace") + b"\n")


def parse_seed(value: Any) -> Any:
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError("seed must be an integer or a string")
    return value


def parse_limits(request: Dict[str, Any]) -> Tuple[ChildSpec, int]:
    """The child's limits and the per-stream output cap of a run/run_batch/check_imports."""
    def number(key: str, default: float, low: float, high: float) -> float:
        value = request.get(key, default)
        if value is None:
            value = default
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError("%s must be a number" % key)
        return min(max(float(value), low), high)

    spec = ChildSpec(
        timeout_s=number("timeout_s", DEFAULT_TIMEOUT_S, 0.05, 24 * 3600),
        mem_mb=int(number("mem_mb", DEFAULT_MEM_MB, 64, 1 << 22)),
        max_processes=int(number("max_processes", DEFAULT_MAX_PROCESSES, 1, 1 << 20)),
        fsize_mb=int(number("fsize_mb", DEFAULT_FSIZE_MB, 1, 1 << 20)),
    )
    cap = int(number("max_output_bytes", DEFAULT_MAX_OUTPUT, 0, 1 << 30))
    return spec, cap
