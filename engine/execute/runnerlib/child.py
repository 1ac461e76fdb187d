"""The child's side of the worker: result channel, limits spec, import hook and end of a test.

* ``ChildChannel``: the child's private result pipe to the worker (coverage hits ``C``, batch item
  starts ``S``, results ``R``, runner errors ``E``, imported files ``I``).
* ``ChildSpec``: the limits of one child, built by the worker and inherited through fork.
* The code cache: project modules the worker compiled once, served to later children by a path
  hook on the import root (``install_import_root_hook``), validated by mtime and size.  The
  requested files of the current request come from ``PROBED_CODE`` instead: compiled with
  coverage probes (``instrument``), never written to disk.
* ``finish_child_streams``: joins non-daemon threads, runs atexit hooks and flushes at the end.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import json
import os
import sys
import types
from typing import Any, Callable, Dict, List, Tuple

from .common import write_all
from .instrument import CompileWarning, replay_warnings


class ChildChannel:
    """The child's private pipe to the worker: ``C file stmt`` hits, ``S index``, ``R json``."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def hit(self, index: int, statement: int) -> None:
        write_all(self.fd, b"C %d %d\n" % (index, statement))

    def start(self, index: int) -> None:
        write_all(self.fd, b"S %d %d\n" % (index, os.getpid()))

    def record(self, tag: bytes, payload: Dict[str, Any]) -> bool:
        data = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
        return write_all(self.fd, tag + b" " + data.encode("utf-8", "replace") + b"\n")


class ChildSpec:
    """Everything a forked child needs; built by the worker, inherited through fork."""

    def __init__(self, timeout_s: float, mem_mb: int, max_processes: int, fsize_mb: int) -> None:
        self.timeout_s = timeout_s
        self.mem_mb = mem_mb
        self.max_processes = max_processes
        self.fsize_mb = fsize_mb


CODE_CACHE: Dict[str, Tuple[int, int, types.CodeType]] = {}  # path -> (mtime_ns, size, code)
# path -> (mtime_ns, size, code with probes, compile warnings to replay): the current request's
# requested files.
PROBED_CODE: Dict[str, Tuple[int, int, types.CodeType, List[CompileWarning]]] = {}
# Called with a requested file's path when it is loaded without its probes (changed on disk).
ON_UNPROBED_LOAD: List[Callable[[str], None]] = []
UNCACHED_LOADS: List[str] = []  # project files a child compiled itself (reported to the worker)
KEEP_ALIVE: List[Any] = []
_IMPORT_ROOT_PREFIX = ""


class _CachedSourceLoader(importlib.machinery.SourceFileLoader):
    """Serves project modules from code objects the worker compiled (inherited through fork)."""

    def get_code(self, fullname: str) -> Any:  # type: ignore[override]
        probed = PROBED_CODE.get(self.path)
        if probed is None and PROBED_CODE:  # the import root may spell the tree another way
            probed = PROBED_CODE.get(os.path.realpath(self.path))
        if probed is not None:
            if _unchanged(self.path, probed[0], probed[1]) and \
                    replay_warnings(probed[3], self.path):
                return probed[2]
            for hook in ON_UNPROBED_LOAD:  # measured by the trace function instead
                hook(os.path.realpath(self.path))
        cached = CODE_CACHE.get(self.path)
        if cached is not None and _unchanged(self.path, cached[0], cached[1]):
            return cached[2]
        if self.path.endswith(".py"):
            UNCACHED_LOADS.append(self.path)
        return super().get_code(fullname)


def _unchanged(path: str, mtime_ns: int, size: int) -> bool:
    try:
        st = os.stat(path)
    except OSError:
        return False
    return (st.st_mtime_ns, st.st_size) == (mtime_ns, size)


def install_import_root_hook(import_root: str) -> None:
    global _IMPORT_ROOT_PREFIX
    _IMPORT_ROOT_PREFIX = import_root.rstrip("/") + "/"
    machinery = importlib.machinery
    default_hook = machinery.FileFinder.path_hook(
        (machinery.ExtensionFileLoader, machinery.EXTENSION_SUFFIXES),
        (_CachedSourceLoader, machinery.SOURCE_SUFFIXES),
        (machinery.SourcelessFileLoader, machinery.BYTECODE_SUFFIXES),
    )
    root = import_root.rstrip("/")

    def hook(path: str) -> Any:
        if path == root or path.startswith(_IMPORT_ROOT_PREFIX):
            return default_hook(path)
        raise ImportError("not under the import root")

    sys.path_hooks.insert(0, hook)


def finish_child_streams() -> None:
    """End of a child's test: wait for non-daemon threads, run atexit hooks, flush."""
    threading_module = sys.modules.get("threading")
    if threading_module is not None:
        try:
            threading_module._shutdown()  # type: ignore[attr-defined]
        except BaseException:  # noqa: B902
            pass
    try:
        import atexit

        atexit._run_exitfuncs()  # type: ignore[attr-defined]
    except BaseException:  # noqa: B902
        pass
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        try:
            stream.flush()  # type: ignore[union-attr]
        except BaseException:  # noqa: B902
            pass
