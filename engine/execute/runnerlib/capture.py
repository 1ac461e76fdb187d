"""Output capture.

Child side (``run_batch``): capped byte sinks and the ``sys.stdout``/``sys.stderr`` replacements
that give each snippet of a batch its own Python-level output.  Worker side: ``StreamCapture``,
which keeps the first bytes of a child's fd 1 or fd 2 pipe and counts the rest.
"""

from __future__ import annotations

import io
import sys
from typing import Any, Callable, Tuple

from .common import PathScrubber, clean_text

# --------------------------------------------------------------------------------------------
# Child side: per-snippet capture in run_batch
# --------------------------------------------------------------------------------------------

def flood_limit(cap: int) -> int:
    """Bytes of one stream past which a test is killed (``output_limit``), alone or in a batch."""
    return max(16 * 1024 * 1024, 4 * cap)


class _Sink:
    """Byte sink with a cap (run_batch's per-snippet capture); past the flood limit it calls
    ``on_flood``, which must not return."""

    def __init__(self, cap: int, on_flood: Callable[[], None]) -> None:
        self.cap = cap
        self.limit = flood_limit(cap)
        self.on_flood = on_flood
        self.data = bytearray()
        self.total = 0

    def add(self, data: bytes) -> None:
        self.total += len(data)
        room = self.cap - len(self.data)
        if room > 0:
            self.data += data[:room]
        if self.total > self.limit:
            self.on_flood()


class _CapturedBinary(io.RawIOBase):
    def __init__(self, sink: _Sink, fd: int) -> None:
        super().__init__()
        self._sink = sink
        self._fd = fd

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        data = bytes(data)
        self._sink.add(data)
        return len(data)

    def fileno(self) -> int:
        return self._fd


class _CapturedText(io.TextIOBase):
    """sys.stdout/sys.stderr replacement for run_batch snippets (Python-level writes only)."""

    def __init__(self, sink: _Sink, fd: int, errors: str) -> None:
        super().__init__()
        self._sink = sink
        self._errors = errors
        self._fd = fd
        self.buffer = _CapturedBinary(sink, fd)

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "utf-8"

    @property
    def errors(self) -> str:  # type: ignore[override]
        return self._errors

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        return self._fd

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError("write() argument must be str, not %s" % type(text).__name__)
        # Bytes, as alone, where the same text reaches the worker through a pipe.
        self._sink.add(text.encode("utf-8", self._errors))
        return len(text)


def capture_python_streams(cap: int, on_flood: Callable[[], None]) -> Tuple[_Sink, _Sink]:
    """Point sys.stdout and sys.stderr at fresh capped sinks (fds 1 and 2 are not redirected)."""
    out_sink, err_sink = _Sink(cap, on_flood), _Sink(cap, on_flood)
    sys.stdout = _CapturedText(out_sink, 1, "strict")
    sys.stderr = _CapturedText(err_sink, 2, "backslashreplace")
    return out_sink, err_sink


# --------------------------------------------------------------------------------------------
# Worker side: the child's output pipes
# --------------------------------------------------------------------------------------------

class StreamCapture:
    """Keeps the first ``cap`` bytes of a stream and counts the rest."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.data = bytearray()
        self.total = 0
        self.counted_from = 0  # run_batch: where the current snippet's bytes start

    @property
    def flooded(self) -> bool:
        return self.total - self.counted_from > flood_limit(self.cap)

    def feed(self, chunk: bytes) -> None:
        self.total += len(chunk)
        room = self.cap - len(self.data)
        if room > 0:
            self.data += chunk[:room]

    @property
    def truncated(self) -> bool:
        return self.total > len(self.data)

    def text(self, scrub: PathScrubber) -> str:
        return clean_text(scrub(self.data.decode("utf-8", "backslashreplace")), limit=1 << 30)
