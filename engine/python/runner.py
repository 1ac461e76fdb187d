"""DiffTriage test runner: a persistent fork-server worker for one version of a Python project.

The C++ executor starts one worker per tree (old and new) as::

    [bwrap ...] python3 -I runner.py --root TREE --import-root DIR [--drop-user NAME]

and talks to it with JSON lines over stdin/stdout (see RUNNER_PROTOCOL.md next to this file).  For
every test the worker forks a fresh child that sets resource limits, optionally drops privileges,
redirects its output into capped pipes, installs a coverage probe limited to the requested changed
lines and runs the snippet (plain code, or pytest-style ``test_*`` functions).  The worker enforces
the wall-clock limit with SIGKILL to the child's process group, kills and reaps every leftover
descendant, and answers with one JSON line.

Design notes (measurements in RUNNER_PROTOCOL.md):

* The worker imports little (17 MB RSS on 3.11), freezes its heap for the GC before each fork and
  never imports project code, so forks are cheap and module-level lines of the project run, and
  are covered, in every child.
* Coverage: ``sys.monitoring`` on 3.12+, otherwise a ``sys.settrace`` probe that only line-traces
  code objects of the requested files that still contain an unhit requested statement, and removes
  itself once every requested statement was hit.  Hits are streamed to the worker as they happen,
  so a test that times out or calls ``os._exit`` still reports its coverage.
* Project sources imported by a child are compiled once by the worker and handed to later children
  through fork (a path hook for the import root serves the cached code objects), so children do not
  recompile the project on every run; nothing is written to disk.

Standard library only; Python 3.8 - 3.13; Linux (fork, poll, prctl, /proc).
"""

from __future__ import annotations

import ast
import builtins
import errno
import faulthandler
import fcntl
import gc
import importlib
import importlib.machinery
import importlib.util
import io
import json
import linecache
import os
import random
import resource
import select
import signal
import sys
import time
import traceback
import types
import warnings
from typing import Any, Callable, Dict, Iterable, List, Optional, Set, Tuple

import threading  # the settrace probe hooks new threads through threading.settrace

if sys.version_info < (3, 10):
    import dis  # line tables of code objects (co_lines is 3.10+)

PROTOCOL_VERSION = 1
TEST_FILENAME = "<test>"
TREE_PLACEHOLDER = "<tree>"
TMP_PLACEHOLDER = "<tmp>"

DEFAULT_TIMEOUT_S = 10.0
DEFAULT_MEM_MB = 2048
DEFAULT_MAX_OUTPUT = 64 * 1024
DEFAULT_MAX_PROCESSES = 64
DEFAULT_FSIZE_MB = 64
MAX_TEXT_FIELD = 64 * 1024  # exception messages, tracebacks, value reprs
MAX_WARNINGS = 100
MAX_TEST_ENTRIES = 1000
MAX_RESULT_PIPE_BYTES = 32 * 1024 * 1024
RUNNER_ERROR_EXIT = 70
RESULT_FD_MIN = 200  # the child's private result pipe lives at a high fd number

_CRASH_SIGNALS = {
    getattr(signal, name)
    for name in ("SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE", "SIGABRT", "SIGSYS", "SIGTRAP")
    if hasattr(signal, name)
}

_HERE = os.path.dirname(os.path.abspath(__file__))
_OWN_FILES: Set[str] = {__file__, os.path.abspath(__file__)}

# executable_lines lives next to this file.  -I keeps the script's directory off sys.path: add it
# for this one import and take it away again so tests cannot import runner internals.
sys.dont_write_bytecode = True  # children must never write .pyc files into trees
sys.path.insert(0, _HERE)
try:
    import executable_lines as _executable_lines
finally:
    try:
        sys.path.remove(_HERE)
    except ValueError:
        pass
_statement_map = _executable_lines.statement_map
_OWN_FILES.update({_executable_lines.__file__, os.path.abspath(_executable_lines.__file__)})


# --------------------------------------------------------------------------------------------
# Small helpers shared by the worker and the child
# --------------------------------------------------------------------------------------------

def _clean(text: Any, limit: int = MAX_TEXT_FIELD) -> str:
    """A str safe for strict JSON parsers: lone surrogates become visible escapes; long text is
    cut."""
    if not isinstance(text, str):
        text = str(text)
    if len(text) > limit:
        text = text[:limit] + "...[truncated]"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def qualified_name(cls: type) -> str:
    """``module.QualName`` for a class; builtins (ValueError, DeprecationWarning) stay bare."""
    module = getattr(cls, "__module__", None)
    name = getattr(cls, "__qualname__", None) or getattr(cls, "__name__", repr(cls))
    if not module or module == "builtins":
        return str(name)
    return "%s.%s" % (module, name)


def _safe_str(obj: Any) -> str:
    try:
        return _clean(str(obj))
    except BaseException:  # noqa: B902 - a hostile __str__ must not kill the report
        return "<str() failed>"


def _write_all(fd: int, data: bytes) -> bool:
    view = memoryview(data)
    while view:
        try:
            written = os.write(fd, view)
        except InterruptedError:
            continue
        except OSError:
            return False
        view = view[written:]
    return True


def _set_limit(which: int, soft: int, hard: Optional[int] = None) -> None:
    if hard is None:
        hard = soft
    _, cur_hard = resource.getrlimit(which)
    if cur_hard != resource.RLIM_INFINITY:
        hard = min(hard, cur_hard)
        soft = min(soft, hard)
    resource.setrlimit(which, (soft, hard))


_LIBC: List[Any] = []


def _prctl(option: int, arg: int) -> bool:
    """prctl(2) through ctypes; False where unavailable (ctypes is imported only when called)."""
    try:
        if not _LIBC:
            import ctypes

            _LIBC.append(ctypes.CDLL(None, use_errno=True))
        return _LIBC[0].prctl(option, arg, 0, 0, 0) == 0
    except Exception:
        return False


PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
PR_SET_NO_NEW_PRIVS = 38


class PathScrubber:
    """Replaces the tree root (and the run directory) in text with stable placeholders."""

    def __init__(self, pairs: Iterable[Tuple[str, str]]) -> None:
        seen: Dict[str, str] = {}
        for path, placeholder in pairs:
            for variant in {path, os.path.realpath(path)}:
                variant = variant.rstrip("/")
                if len(variant) > 1:
                    seen.setdefault(variant, placeholder)
        # Longest first, so a run directory inside the tree is not half-replaced.
        self._pairs = sorted(seen.items(), key=lambda item: -len(item[0]))

    def __call__(self, text: str) -> str:
        for path, placeholder in self._pairs:
            if path in text:
                text = text.replace(path + "/", placeholder + "/")
                text = _replace_whole(text, path, placeholder)
        return text


def _replace_whole(text: str, path: str, placeholder: str) -> str:
    """Replace ``path`` where it is not the prefix of a longer file name."""
    out: List[str] = []
    start = 0
    while True:
        index = text.find(path, start)
        if index < 0:
            out.append(text[start:])
            return "".join(out)
        end = index + len(path)
        following = text[end:end + 1]
        if following and (following.isalnum() or following in "_-.~"):
            out.append(text[start:end])
        else:
            out.append(text[start:index])
            out.append(placeholder)
        start = end


# --------------------------------------------------------------------------------------------
# Coverage of requested lines
# --------------------------------------------------------------------------------------------

class CoverageTarget:
    """One requested file: which line events count, mapped to statement start lines."""

    __slots__ = ("relpath", "names", "requested", "want", "statements", "error")

    def __init__(self, relpath: str, names: Set[str], requested: List[int],
                 want: Dict[int, int], statements: Set[int], error: Optional[str]) -> None:
        self.relpath = relpath
        self.names = names          # absolute file names a code object may carry
        self.requested = requested  # the changed lines asked for
        self.want = want            # line -> statement start, only for requested statements
        self.statements = statements
        self.error = error

    def covered_lines(self, hit_statements: Set[int]) -> List[int]:
        return [line for line in self.requested if self.want.get(line) in hit_statements]


def _code_lines(code: types.CodeType) -> Set[int]:
    """Line numbers that instructions of ``code`` (not nested code objects) carry."""
    co_lines = getattr(code, "co_lines", None)
    if co_lines is not None:
        return {line for _, _, line in co_lines() if line is not None}
    return {line for _, line in dis.findlinestarts(code)}


class CoverageProbe:
    """Records which requested statements execute, streaming each first hit through ``emit``.

    Only code objects of the requested files that still contain an unhit requested statement are
    line-traced.  With sys.monitoring (3.12+) every other location is disabled after its first
    event; with sys.settrace the global trace function returns None for other frames, so their
    lines are never traced, and the probe uninstalls itself once every statement was hit.
    """

    def __init__(self, targets: List[CoverageTarget], emit: Callable[[int, int], None],
                 mode: str) -> None:
        self.targets = targets
        self.emit = emit
        self.mode = mode
        self.by_name: Dict[str, int] = {}
        for index, target in enumerate(targets):
            for name in target.names:
                self.by_name[name] = index
        self.pending: List[Set[int]] = [set(t.statements) for t in targets]
        self.remaining = sum(len(p) for p in self.pending)
        self.code_statements: Dict[types.CodeType, frozenset] = {}
        self.active = False
        self._tool: Optional[int] = None
        self._local_codes: List[types.CodeType] = []

    def reset(self) -> None:
        """Forget hits (run_batch: each snippet is measured on its own)."""
        self.pending = [set(t.statements) for t in self.targets]
        self.remaining = sum(len(p) for p in self.pending)

    def _statements_of(self, code: types.CodeType, index: int) -> frozenset:
        stmts = self.code_statements.get(code)
        if stmts is None:
            want = self.targets[index].want
            stmts = frozenset(want[line] for line in _code_lines(code) if line in want)
            self.code_statements[code] = stmts
        return stmts

    def _hit(self, index: int, statement: int) -> None:
        pending = self.pending[index]
        if statement in pending:
            pending.discard(statement)
            self.remaining -= 1
            self.emit(index, statement)
            if self.remaining <= 0:
                self.stop()

    # -- install / uninstall ------------------------------------------------------------------

    def start(self) -> None:
        if self.remaining <= 0 or self.active:
            return
        self.active = True
        if self.mode == "sys.monitoring":
            self._start_monitoring()
        else:
            self._start_settrace()

    def stop(self) -> None:
        if not self.active:
            return
        self.active = False
        if self.mode == "sys.monitoring":
            mon = sys.monitoring  # type: ignore[attr-defined]
            try:
                mon.set_events(self._tool, 0)
                for code in self._local_codes:
                    mon.set_local_events(self._tool, code, 0)
            except Exception:
                pass
            del self._local_codes[:]
        else:
            sys.settrace(None)
            threading.settrace(None)  # type: ignore[arg-type]

    def _start_settrace(self) -> None:
        by_name = self.by_name
        pending = self.pending
        statements_of = self._statements_of
        hit = self._hit
        targets = self.targets
        locals_cache: Dict[types.CodeType, Callable[..., Any]] = {}
        probe = self

        def make_local(index: int, stmts: frozenset) -> Callable[..., Any]:
            want = targets[index].want

            def local_trace(frame: types.FrameType, event: str, arg: Any) -> Any:
                if event == "line":
                    statement = want.get(frame.f_lineno)
                    if statement is not None and statement in pending[index]:
                        hit(index, statement)
                        if stmts.isdisjoint(pending[index]):
                            frame.f_trace_lines = False
                return local_trace

            return local_trace

        def global_trace(frame: types.FrameType, event: str, arg: Any) -> Any:
            if not probe.active:
                return None
            code = frame.f_code
            index = by_name.get(code.co_filename)
            if index is None:
                return None
            stmts = statements_of(code, index)
            if not stmts or stmts.isdisjoint(pending[index]):
                return None
            local = locals_cache.get(code)
            if local is None:
                local = locals_cache[code] = make_local(index, stmts)
            return local

        threading.settrace(global_trace)
        sys.settrace(global_trace)

    def _start_monitoring(self) -> None:
        mon = sys.monitoring  # type: ignore[attr-defined]
        events = mon.events
        disable = mon.DISABLE
        if self._tool is None:
            for tool in (4, 3, 2, 1, 0, 5):
                if mon.get_tool(tool) is None:
                    mon.use_tool_id(tool, "difftriage")
                    self._tool = tool
                    break
            else:
                self.active = False
                return
            tool = self._tool
            by_name = self.by_name
            statements_of = self._statements_of
            hit = self._hit
            targets = self.targets
            local_codes = self._local_codes
            probe = self

            def on_start(code: types.CodeType, offset: int) -> Any:
                index = by_name.get(code.co_filename)
                if index is not None and probe.active:
                    stmts = statements_of(code, index)
                    if stmts and not stmts.isdisjoint(probe.pending[index]):
                        mon.set_local_events(tool, code, events.LINE)
                        local_codes.append(code)
                return disable

            def on_line(code: types.CodeType, line: int) -> Any:
                index = by_name.get(code.co_filename)
                if index is not None:
                    statement = targets[index].want.get(line)
                    if statement is not None:
                        hit(index, statement)
                return disable

            mon.register_callback(tool, events.PY_START, on_start)
            mon.register_callback(tool, events.LINE, on_line)
        else:
            mon.restart_events()
        mon.set_events(self._tool, events.PY_START)


def tracer_mode() -> str:
    return "sys.monitoring" if hasattr(sys, "monitoring") else "settrace"


# --------------------------------------------------------------------------------------------
# Child side: running one snippet
# --------------------------------------------------------------------------------------------

class UsageError(Exception):
    """A test the runner cannot run as written (e.g. an unknown fixture)."""


UsageError.__module__ = "difftriage"


class _Sink:
    """Byte sink with a cap (run_batch's per-snippet capture)."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.data = bytearray()
        self.total = 0

    def add(self, data: bytes) -> None:
        self.total += len(data)
        room = self.cap - len(self.data)
        if room > 0:
            self.data += data[:room]


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
        if len(self._sink.data) < self._sink.cap:
            self._sink.add(text.encode("utf-8", self._errors))
        else:
            self._sink.total += len(text)
        return len(text)


class _CaptureResult(tuple):
    """What ``capsys.readouterr()`` returns: a (out, err) pair with named fields."""

    def __new__(cls, out: str, err: str) -> "_CaptureResult":
        return tuple.__new__(cls, (out, err))

    @property
    def out(self) -> str:
        return self[0]

    @property
    def err(self) -> str:
        return self[1]


class _CapSys:
    """A minimal ``capsys`` fixture: Python-level capture of sys.stdout/sys.stderr."""

    def __init__(self) -> None:
        self._out = io.StringIO()
        self._err = io.StringIO()
        self._saved: Optional[Tuple[Any, Any]] = None

    def _start(self) -> None:
        self._saved = (sys.stdout, sys.stderr)
        sys.stdout, sys.stderr = self._out, self._err

    def _stop(self) -> None:
        if self._saved is not None:
            sys.stdout, sys.stderr = self._saved
            self._saved = None

    def readouterr(self) -> _CaptureResult:
        out, err = self._out.getvalue(), self._err.getvalue()
        for stream in (self._out, self._err):
            stream.seek(0)
            stream.truncate()
        return _CaptureResult(out, err)


_NOTSET = object()


class _MonkeyPatch:
    """The common part of pytest's ``monkeypatch`` (used when pytest is not importable)."""

    def __init__(self) -> None:
        self._undo: List[Callable[[], None]] = []

    @staticmethod
    def _resolve(target: Any, name: Any, value: Any) -> Tuple[Any, str, Any]:
        if isinstance(target, str) and value is _NOTSET:
            module_name, _, attr = target.rpartition(".")
            return importlib.import_module(module_name), attr, name
        return target, name, value

    def setattr(self, target: Any, name: Any, value: Any = _NOTSET, raising: bool = True) -> None:
        target, name, value = self._resolve(target, name, value)
        old = getattr(target, name, _NOTSET)
        if raising and old is _NOTSET:
            raise AttributeError("%r has no attribute %r" % (target, name))
        if isinstance(target, type) and name in target.__dict__:
            old = target.__dict__[name]
        setattr(target, name, value)
        self._undo.append(lambda: delattr(target, name) if old is _NOTSET
                          else setattr(target, name, old))

    def delattr(self, target: Any, name: Any = _NOTSET, raising: bool = True) -> None:
        if isinstance(target, str) and name is _NOTSET:
            module_name, _, name = target.rpartition(".")
            target = importlib.import_module(module_name)
        if not hasattr(target, name):
            if raising:
                raise AttributeError(name)
            return
        old = getattr(target, name)
        delattr(target, name)
        self._undo.append(lambda: setattr(target, name, old))

    def setitem(self, mapping: Any, key: Any, value: Any) -> None:
        old = mapping.get(key, _NOTSET)
        mapping[key] = value
        self._undo.append(lambda: mapping.pop(key, None) if old is _NOTSET
                          else mapping.__setitem__(key, old))

    def delitem(self, mapping: Any, key: Any, raising: bool = True) -> None:
        if key not in mapping:
            if raising:
                raise KeyError(key)
            return
        old = mapping.pop(key)
        self._undo.append(lambda: mapping.__setitem__(key, old))

    def setenv(self, name: str, value: Any, prepend: Optional[str] = None) -> None:
        value = str(value)
        if prepend and name in os.environ:
            value = value + prepend + os.environ[name]
        self.setitem(os.environ, name, value)

    def delenv(self, name: str, raising: bool = True) -> None:
        self.delitem(os.environ, name, raising=raising)

    def syspath_prepend(self, path: Any) -> None:
        saved = list(sys.path)
        sys.path.insert(0, str(path))
        self._undo.append(lambda: sys.path.__setitem__(slice(None), saved))

    def chdir(self, path: Any) -> None:
        saved = os.getcwd()
        os.chdir(str(path))
        self._undo.append(lambda: os.chdir(saved))

    def undo(self) -> None:
        while self._undo:
            try:
                self._undo.pop()()
            except Exception:
                pass


def _strip_own_frames(exc: BaseException) -> None:
    """Drop the runner's frames from the traceback of ``exc`` and its chained exceptions."""
    seen: Set[int] = set()
    todo: List[Optional[BaseException]] = [exc]
    while todo:
        current = todo.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        kept = []
        tb = current.__traceback__
        while tb is not None:
            if tb.tb_frame.f_code.co_filename not in _OWN_FILES:
                kept.append(tb)
            tb = tb.tb_next
        try:
            for first, second in zip(kept, kept[1:]):
                first.tb_next = second
            if kept:
                kept[-1].tb_next = None
            current.__traceback__ = kept[0] if kept else None
        except (TypeError, ValueError, AttributeError):
            pass
        todo.append(current.__cause__)
        todo.append(current.__context__)


def _format_exception(exc: BaseException) -> str:
    _strip_own_frames(exc)
    try:
        return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    except BaseException:  # noqa: B902 - formatting must never fail the report
        try:
            return "".join(traceback.format_exception_only(type(exc), exc))
        except BaseException:  # noqa: B902
            return qualified_name(type(exc)) + "\n"


class SnippetRunner:
    """Runs one snippet in the current (child) process and describes the outcome."""

    def __init__(self, scrub: PathScrubber, run_dir: str) -> None:
        self.scrub = scrub
        self.run_dir = run_dir
        self.warnings: List[Dict[str, str]] = []
        self._warning_keys: Set[Tuple[str, str]] = set()

    # -- warnings -----------------------------------------------------------------------------

    def install_warning_hook(self) -> None:
        warnings.simplefilter("always")
        warnings.showwarning = self._record_warning  # type: ignore[assignment]

    def _record_warning(self, message: Any, category: type, filename: str, lineno: int,
                        file: Any = None, line: Any = None) -> None:
        key = (qualified_name(category), self.scrub(_safe_str(message)))
        if key in self._warning_keys or len(self.warnings) >= MAX_WARNINGS:
            return
        self._warning_keys.add(key)
        self.warnings.append({"category": key[0], "message": key[1]})

    # -- outcome helpers ----------------------------------------------------------------------

    def _describe(self, exc: BaseException, result: Dict[str, Any]) -> None:
        if isinstance(exc, MemoryError):
            traceback.clear_frames(exc.__traceback__)
            result["aborted_reason"] = "memory"
        result["exc_type"] = qualified_name(type(exc))
        result["exc_message"] = self.scrub(_safe_str(exc))
        result["traceback"] = self.scrub(_clean(_format_exception(exc)))

    @staticmethod
    def _exit_code(exc: SystemExit) -> Tuple[int, Optional[str]]:
        code = exc.code
        if code is None:
            return 0, None
        if isinstance(code, int):
            return int(code) & 0xFF, None
        message = _safe_str(code)
        try:
            sys.stderr.write(message + "\n")
        except Exception:
            pass
        return 1, message

    # -- running ------------------------------------------------------------------------------

    def run(self, code_text: str) -> Dict[str, Any]:
        """Execute ``code_text`` as ``__main__``, then its test functions; never raises."""
        result: Dict[str, Any] = {"status": "ok"}
        module = types.ModuleType("__main__")
        module.__dict__["__builtins__"] = builtins
        sys.modules["__main__"] = module
        lines = code_text.splitlines(True)
        linecache.cache[TEST_FILENAME] = (len(code_text), None, lines, TEST_FILENAME)
        try:
            tree = compile(code_text, TEST_FILENAME, "exec", ast.PyCF_ONLY_AST, dont_inherit=True)
            last_expr: Optional[types.CodeType] = None
            if tree.body and isinstance(tree.body[-1], ast.Expr):
                expression = ast.Expression(tree.body.pop().value)
                last_expr = compile(expression, TEST_FILENAME, "eval", dont_inherit=True)
            body = compile(tree, TEST_FILENAME, "exec", dont_inherit=True)
            del tree
        except SyntaxError as exc:
            result["status"] = "raised"
            result["exc_type"] = qualified_name(type(exc))
            result["exc_message"] = self.scrub(_safe_str(exc))
            result["traceback"] = self.scrub(_clean(
                "".join(traceback.format_exception_only(type(exc), exc))))
            return result
        try:
            exec(body, module.__dict__)
            if last_expr is not None:
                value = eval(last_expr, module.__dict__)
                if value is not None:
                    result["value_repr"] = self.scrub(_safe_repr(value))
        except SystemExit as exc:
            return self._exited(exc, result)
        except BaseException as exc:  # noqa: B902 - the test's exception is the result
            result["status"] = "raised"
            if isinstance(exc, MemoryError):
                module.__dict__.clear()  # whatever the body allocated
            self._describe(exc, result)
            return result
        try:
            self._run_tests(module, result)
        except SystemExit as exc:
            return self._exited(exc, result)
        return result

    def _exited(self, exc: SystemExit, result: Dict[str, Any]) -> Dict[str, Any]:
        code, message = self._exit_code(exc)
        result["status"] = "exited"
        result["exit_code"] = code
        if message is not None:
            result["exc_message"] = self.scrub(message)
        return result

    def _collect(self, module: types.ModuleType) -> List[Tuple[str, Callable[..., Any],
                                                             Optional[type]]]:
        found: List[Tuple[str, Callable[..., Any], Optional[type]]] = []
        for name, obj in list(module.__dict__.items()):
            if name.startswith("test") and isinstance(obj, types.FunctionType):
                if obj.__code__.co_filename == TEST_FILENAME:
                    found.append((name, obj, None))
            elif name.startswith("Test") and isinstance(obj, type) and \
                    obj.__module__ == "__main__" and "__init__" not in obj.__dict__:
                for attr, member in list(obj.__dict__.items()):
                    if attr.startswith("test") and isinstance(member, types.FunctionType):
                        found.append(("%s::%s" % (name, attr), member, obj))
        return found

    def _run_tests(self, module: types.ModuleType, result: Dict[str, Any]) -> None:
        tests = self._collect(module)
        if not tests:
            return
        entries: List[Dict[str, Any]] = []
        result["tests"] = entries
        for name, func, owner in tests:
            for case_name, params, skip in _expand_marks(name, func):
                entry: Dict[str, Any] = {"name": case_name, "status": "ok"}
                if len(entries) < MAX_TEST_ENTRIES:
                    entries.append(entry)
                if skip is not None:
                    entry["status"] = "skipped"
                    entry["exc_message"] = _clean(skip)
                    continue
                self._run_one(case_name, func, owner, params, entry, result)

    def _run_one(self, name: str, func: Callable[..., Any], owner: Optional[type],
                 params: Dict[str, Any], entry: Dict[str, Any], result: Dict[str, Any]) -> None:
        cleanups: List[Callable[[], None]] = []
        try:
            target: Callable[..., Any] = func
            instance = None
            if owner is not None:
                instance = owner()
                target = getattr(instance, func.__name__)
                setup = getattr(instance, "setup_method", None)
                if setup is not None:
                    setup(target)
            kwargs = dict(params)
            for fixture in _required_arguments(func, skip_self=owner is not None):
                if fixture not in kwargs:
                    kwargs[fixture] = self._fixture(fixture, name, cleanups)
            outcome = target(**kwargs)
            if _is_awaitable(outcome):
                import asyncio

                asyncio.run(outcome)  # type: ignore[arg-type]
            if instance is not None:
                teardown = getattr(instance, "teardown_method", None)
                if teardown is not None:
                    teardown(target)
        except SystemExit:
            raise
        except BaseException as exc:  # noqa: B902
            if _is_skip(exc):
                entry["status"] = "skipped"
                entry["exc_message"] = self.scrub(_safe_str(exc))
            else:
                entry["status"] = "raised"
                entry["exc_type"] = qualified_name(type(exc))
                entry["exc_message"] = self.scrub(_safe_str(exc))
                if result["status"] == "ok":
                    result["status"] = "raised"
                    result["failed_test"] = name
                    self._describe(exc, result)
        finally:
            for cleanup in reversed(cleanups):
                try:
                    cleanup()
                except Exception:
                    pass

    def _fixture(self, name: str, test_name: str, cleanups: List[Callable[[], None]]) -> Any:
        if name == "tmp_path":
            import pathlib

            safe = "".join(ch if ch.isalnum() or ch in "_-." else "_" for ch in test_name)
            path = pathlib.Path(self.run_dir, "tmp_path", safe[:60] or "test")
            path.mkdir(parents=True, exist_ok=True)
            return path
        if name == "monkeypatch":
            pytest_module = sys.modules.get("pytest")
            patcher = pytest_module.MonkeyPatch() if pytest_module is not None and \
                hasattr(pytest_module, "MonkeyPatch") else _MonkeyPatch()
            cleanups.append(patcher.undo)
            return patcher
        if name == "capsys":
            capture = _CapSys()
            capture._start()
            cleanups.append(capture._stop)
            return capture
        raise UsageError("fixture %r is not supported by the DiffTriage runner (supported: "
                         "tmp_path, monkeypatch, capsys)" % name)


def _safe_repr(value: Any) -> str:
    try:
        return _clean(repr(value))
    except BaseException as exc:  # noqa: B902
        return "<repr() failed: %s>" % qualified_name(type(exc))


def _is_awaitable(value: Any) -> bool:
    return type(value).__name__ == "coroutine" and hasattr(value, "send")


def _is_skip(exc: BaseException) -> bool:
    pytest_module = sys.modules.get("pytest")
    if pytest_module is None:
        return False
    skip_exc = getattr(getattr(pytest_module, "skip", None), "Exception", None)
    return skip_exc is not None and isinstance(exc, skip_exc)


def _required_arguments(func: Callable[..., Any], skip_self: bool) -> List[str]:
    code = func.__code__  # type: ignore[attr-defined]
    positional = list(code.co_varnames[:code.co_argcount])
    defaults = func.__defaults__ or ()  # type: ignore[attr-defined]
    if defaults:
        positional = positional[:len(positional) - len(defaults)]
    if skip_self and positional:
        positional = positional[1:]
    kwonly = list(code.co_varnames[code.co_argcount:code.co_argcount + code.co_kwonlyargcount])
    kwdefaults = func.__kwdefaults__ or {}  # type: ignore[attr-defined]
    return positional + [name for name in kwonly if name not in kwdefaults]


def _expand_marks(name: str, func: Callable[..., Any]
                  ) -> List[Tuple[str, Dict[str, Any], Optional[str]]]:
    """(case name, parameters, skip reason) for each case of a test: handles pytest's
    ``parametrize`` (stacked too), ``skip`` and ``skipif`` marks."""
    marks = getattr(func, "pytestmark", None) or []
    cases: List[Tuple[str, Dict[str, Any]]] = [(name, {})]
    skip: Optional[str] = None
    for mark in marks:
        mark_name = getattr(mark, "name", None)
        args = getattr(mark, "args", ())
        kwargs = getattr(mark, "kwargs", {}) or {}
        if mark_name == "skip":
            skip = str(kwargs.get("reason", args[0] if args else "skipped"))
        elif mark_name == "skipif":
            if args and not isinstance(args[0], str) and args[0]:
                skip = str(kwargs.get("reason", "skipif"))
        elif mark_name == "parametrize" and len(args) >= 2:
            names = args[0]
            if isinstance(names, str):
                names = [part.strip() for part in names.split(",") if part.strip()]
            names = list(names)
            expanded: List[Tuple[str, Dict[str, Any]]] = []
            for case_name, params in cases:
                for position, value in enumerate(args[1]):
                    if type(value).__name__ == "ParameterSet":
                        value = value.values
                        values = list(value)
                    elif len(names) == 1:
                        values = [value]
                    else:
                        values = list(value)
                    merged = dict(params)
                    merged.update(zip(names, values))
                    expanded.append(("%s[%d]" % (case_name, position), merged))
            cases = expanded
    return [(case_name, params, skip) for case_name, params in cases]


# --------------------------------------------------------------------------------------------
# Child side: process setup and the result channel
# --------------------------------------------------------------------------------------------

class ChildChannel:
    """The child's private pipe to the worker: ``C file stmt`` hits, ``S index``, ``R json``."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def hit(self, index: int, statement: int) -> None:
        _write_all(self.fd, b"C %d %d\n" % (index, statement))

    def start(self, index: int) -> None:
        _write_all(self.fd, b"S %d %d\n" % (index, os.getpid()))

    def record(self, tag: bytes, payload: Dict[str, Any]) -> bool:
        data = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
        return _write_all(self.fd, tag + b" " + data.encode("utf-8", "replace") + b"\n")


class ChildSpec:
    """Everything a forked child needs; built by the worker, inherited through fork."""

    def __init__(self, timeout_s: float, mem_mb: int, max_processes: int, fsize_mb: int) -> None:
        self.timeout_s = timeout_s
        self.mem_mb = mem_mb
        self.max_processes = max_processes
        self.fsize_mb = fsize_mb


_CODE_CACHE: Dict[str, Tuple[int, int, types.CodeType]] = {}  # path -> (mtime_ns, size, code)
_UNCACHED_LOADS: List[str] = []  # project files a child compiled itself (reported to the worker)
_KEEP_ALIVE: List[Any] = []
_IMPORT_ROOT_PREFIX = ""


class _CachedSourceLoader(importlib.machinery.SourceFileLoader):
    """Serves project modules from code objects the worker compiled (inherited through fork)."""

    def get_code(self, fullname: str) -> Any:  # type: ignore[override]
        cached = _CODE_CACHE.get(self.path)
        if cached is not None:
            try:
                st = os.stat(self.path)
                if (st.st_mtime_ns, st.st_size) == cached[:2]:
                    return cached[2]
            except OSError:
                pass
        if self.path.endswith(".py"):
            _UNCACHED_LOADS.append(self.path)
        return super().get_code(fullname)


def _install_import_root_hook(import_root: str) -> None:
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


# --------------------------------------------------------------------------------------------
# The worker
# --------------------------------------------------------------------------------------------

class StreamCapture:
    """Keeps the first ``cap`` bytes of a stream and counts the rest."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.data = bytearray()
        self.total = 0

    def feed(self, chunk: bytes) -> None:
        self.total += len(chunk)
        room = self.cap - len(self.data)
        if room > 0:
            self.data += chunk[:room]

    @property
    def truncated(self) -> bool:
        return self.total > len(self.data)

    def text(self, scrub: PathScrubber) -> str:
        return _clean(scrub(self.data.decode("utf-8", "backslashreplace")), limit=1 << 30)


class ChildProcess:
    """A forked child as the worker sees it: pid, pipes, outputs, records, exit status."""

    def __init__(self, pid: int, out_fd: int, err_fd: int, res_fd: int, cap: int) -> None:
        self.pid = pid
        self.fds = {out_fd: "out", err_fd: "err", res_fd: "res"}
        self.out = StreamCapture(cap)
        self.err = StreamCapture(cap)
        self.res = bytearray()
        self.res_total = 0
        self.records: List[bytes] = []
        self.start = time.monotonic()
        self.end: Optional[float] = None
        self.status: Optional[int] = None  # raw wait status once reaped
        self.usage: Any = None  # resource usage of the child itself (not of its descendants)
        self.killed_for: Optional[str] = None
        self.deadline = self.start
        self.pidfd: Optional[int] = None
        if hasattr(os, "pidfd_open"):
            try:
                self.pidfd = os.pidfd_open(pid)
            except OSError:
                self.pidfd = None

    @property
    def wall_ms(self) -> int:
        return int(((self.end or time.monotonic()) - self.start) * 1000)

    def exit_signal(self) -> Optional[int]:
        if self.status is not None and os.WIFSIGNALED(self.status):
            return os.WTERMSIG(self.status)
        return None

    def exit_code(self) -> Optional[int]:
        if self.status is not None and os.WIFEXITED(self.status):
            return os.WEXITSTATUS(self.status)
        return None


class Worker:
    """Serves requests on the protocol pipes, one at a time."""

    def __init__(self, root: str, import_root: str, drop_user: Optional[str],
                 tracer: Optional[str] = None) -> None:
        self.root = os.path.abspath(root)
        self.import_root = os.path.abspath(os.path.join(self.root, import_root))
        self.real_root = os.path.realpath(self.root)
        self.real_import_root = os.path.realpath(self.import_root)
        self.tracer = tracer or tracer_mode()
        if self.tracer not in ("sys.monitoring", "settrace") or (
                self.tracer == "sys.monitoring" and not hasattr(sys, "monitoring")):
            raise SystemExit("runner.py: tracer %r is not available here" % self.tracer)
        self.uid: Optional[int] = None
        self.gid: Optional[int] = None
        if drop_user:
            import pwd

            entry = pwd.getpwnam(drop_user)
            self.uid, self.gid = entry.pw_uid, entry.pw_gid
        self.drop_user = drop_user
        self.worker_pid = os.getpid()
        self.forks = 0
        self.smap_cache: Dict[str, Tuple[Optional[Dict[int, int]], Optional[str]]] = {}
        self.compiled_bytes = 0
        self.compile_refused: Set[str] = set()
        self.subreaper = _prctl(PR_SET_CHILD_SUBREAPER, 1)
        base_parent = os.environ.get("TMPDIR") or "/tmp"
        self.base_dir = _make_private_dir(base_parent, self.uid)
        self.run_dir = os.path.join(self.base_dir, "run")
        self.scrub = PathScrubber([(self.root, TREE_PLACEHOLDER), (self.run_dir, TMP_PLACEHOLDER)])
        self.pytest_available = importlib.util.find_spec("pytest") is not None
        # The protocol pipes move to private descriptors; fds 0 and 1 become /dev/null and
        # stderr, so nothing printed by accident in the worker can corrupt the protocol.
        self.proto_in = fcntl.fcntl(0, fcntl.F_DUPFD_CLOEXEC, 3)
        self.proto_out = fcntl.fcntl(1, fcntl.F_DUPFD_CLOEXEC, 3)
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.close(devnull)
        os.dup2(2, 1)
        self._inbuf = bytearray()
        # Built once here rather than in every child (each object a child creates costs page
        # faults); the worker itself never uses them.
        self._child_streams = (
            io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8"),
            io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8",
                             errors="strict", line_buffering=True),
            io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8",
                             errors="backslashreplace", line_buffering=True, write_through=True),
        )
        # The worker's sys.path never contains the import root; only children add it.
        _install_import_root_hook(self.import_root)
        self._wake_r: Optional[int] = None
        self._wake_w: Optional[int] = None
        if not hasattr(os, "pidfd_open"):
            # Python < 3.9: learn about child exits through SIGCHLD and a wakeup pipe.
            self._wake_r, self._wake_w = os.pipe()
            os.set_blocking(self._wake_r, False)
            os.set_blocking(self._wake_w, False)
            signal.signal(signal.SIGCHLD, lambda signum, frame: None)
            signal.set_wakeup_fd(self._wake_w, warn_on_full_buffer=False)

    # -- protocol -----------------------------------------------------------------------------

    def serve(self) -> int:
        while True:
            line = self._read_line()
            if line is None:
                return 0
            if not line.strip():
                continue
            request_id: Any = None
            try:
                request = json.loads(line)
                if not isinstance(request, dict):
                    raise ValueError("a request is a JSON object")
                request_id = request.get("id")
                op = request.get("op")
                handler = {
                    "hello": self.op_hello,
                    "run": self.op_run,
                    "run_batch": self.op_run_batch,
                    "check_imports": self.op_check_imports,
                    "shutdown": self.op_shutdown,
                }.get(op)  # type: ignore[arg-type]
                if handler is None:
                    raise ValueError("unknown op %r" % (op,))
                response = handler(request)
            except (ValueError, TypeError, KeyError) as exc:
                response = {"id": request_id, "error": "bad request: %s" % _safe_str(exc)}
            except Exception as exc:  # a bug in the runner: say so, keep serving
                response = {"id": request_id,
                            "error": "internal error: %s: %s" % (qualified_name(type(exc)),
                                                                 _safe_str(exc))}
            self._send(response)
            if response.get("op") == "shutdown":
                self.cleanup()
                return 0

    def _read_line(self) -> Optional[bytes]:
        while True:
            newline = self._inbuf.find(b"\n")
            if newline >= 0:
                line = bytes(self._inbuf[:newline])
                del self._inbuf[:newline + 1]
                return line
            try:
                chunk = os.read(self.proto_in, 1 << 16)
            except InterruptedError:
                continue
            if not chunk:
                if self._inbuf:
                    line = bytes(self._inbuf)
                    self._inbuf.clear()
                    return line
                return None
            self._inbuf += chunk

    def _send(self, response: Dict[str, Any]) -> None:
        data = json.dumps(response, ensure_ascii=False, separators=(",", ":"))
        if not _write_all(self.proto_out, data.encode("utf-8", "replace") + b"\n"):
            self.cleanup()
            os._exit(0)  # the executor went away

    def cleanup(self) -> None:
        _remove_tree(self.base_dir)

    # -- ops ----------------------------------------------------------------------------------

    def op_hello(self, request: Dict[str, Any]) -> Dict[str, Any]:
        return {
            "id": request.get("id"), "op": "hello", "protocol": PROTOCOL_VERSION,
            "python": "%d.%d.%d" % sys.version_info[:3],
            "implementation": sys.implementation.name,
            "tracer": self.tracer, "pytest": self.pytest_available, "pid": os.getpid(),
            "root": self.root, "import_root": self.import_root,
            "drop_user": self.drop_user, "subreaper": self.subreaper,
            "ops": ["hello", "run", "run_batch", "check_imports", "shutdown"],
        }

    def op_shutdown(self, request: Dict[str, Any]) -> Dict[str, Any]:
        return {"id": request.get("id"), "op": "shutdown", "ok": True}

    def op_run(self, request: Dict[str, Any]) -> Dict[str, Any]:
        code = request.get("code")
        if not isinstance(code, str):
            raise ValueError("run needs a 'code' string")
        spec, cap = self._limits(request)
        seed = self._seed(request.get("seed"))
        targets = self._coverage_targets(request.get("coverage"))
        hits: List[Set[int]] = [set() for _ in targets]
        self._preload_pytest(code)

        def child() -> None:
            channel = ChildChannel(self._result_fd)
            probe = self._child_prepare(targets, channel)
            runner = SnippetRunner(self.scrub, self.run_dir)
            runner.install_warning_hook()
            random.seed(seed)
            probe.start()
            result = runner.run(code)
            _finish_child_streams()
            probe.stop()
            result["warnings"] = runner.warnings
            result["pid"] = self._child_pid
            result["imported"] = _UNCACHED_LOADS
            channel.record(b"R", result)

        proc = self._spawn(child, spec, cap)
        results: List[Dict[str, Any]] = []
        self._supervise(proc, spec.timeout_s,
                        lambda tag, body: self._collect_record(proc, tag, body, hits, results))
        response = self._outcome(proc, results[0] if results else None, spec)
        response["id"] = request.get("id")
        response["stdout"] = proc.out.text(self.scrub)
        response["stderr"] = proc.err.text(self.scrub)
        response["stdout_truncated"] = proc.out.truncated
        response["stderr_truncated"] = proc.err.truncated
        response["covered"] = self._covered(targets, hits)
        errors = {t.relpath: t.error for t in targets if t.error}
        if errors:
            response["coverage_errors"] = errors
        if results:
            self._compile_imported(results[0].get("imported"))
        return response

    def op_run_batch(self, request: Dict[str, Any]) -> Dict[str, Any]:
        snippets = request.get("snippets")
        if not isinstance(snippets, list) or not all(
                isinstance(s, dict) and isinstance(s.get("code"), str) for s in snippets):
            raise ValueError("run_batch needs 'snippets': [{code, seed?}]")
        spec, cap = self._limits(request)
        default_seed = self._seed(request.get("seed"))
        for snippet in snippets:
            snippet["seed"] = self._seed(snippet.get("seed", default_seed))
        targets = self._coverage_targets(request.get("coverage"))
        self._preload_pytest("".join(s["code"] for s in snippets))
        responses: List[Optional[Dict[str, Any]]] = [None] * len(snippets)
        hits_per: List[List[Set[int]]] = [[set() for _ in targets] for _ in snippets]
        batch_out = StreamCapture(cap)
        batch_err = StreamCapture(cap)
        next_index = 0
        children = 0
        imported: List[str] = []
        batch_start = time.monotonic()
        while next_index < len(snippets):
            first = next_index

            def child(first: int = first) -> None:
                channel = ChildChannel(self._result_fd)
                probe = self._child_prepare(targets, channel)
                for index in range(first, len(snippets)):
                    snippet = snippets[index]
                    channel.start(index)
                    started = time.monotonic()
                    runner = SnippetRunner(self.scrub, self.run_dir)
                    out_sink, err_sink = _Sink(cap), _Sink(cap)
                    sys.stdout = _CapturedText(out_sink, 1, "strict")
                    sys.stderr = _CapturedText(err_sink, 2, "backslashreplace")
                    runner.install_warning_hook()
                    random.seed(snippet["seed"])
                    probe.reset()
                    probe.start()
                    result = runner.run(snippet["code"])
                    probe.stop()
                    result["warnings"] = runner.warnings
                    result["wall_ms"] = int((time.monotonic() - started) * 1000)
                    for key, sink in (("stdout", out_sink), ("stderr", err_sink)):
                        result[key] = self.scrub(sink.data.decode("utf-8", "backslashreplace"))
                        result[key + "_truncated"] = sink.total > len(sink.data)
                    result["pid"] = self._child_pid
                    channel.record(b"R", result)
                _finish_child_streams()
                channel.record(b"I", {"imported": _UNCACHED_LOADS, "pid": self._child_pid})

            proc = self._spawn(child, spec, cap)
            children += 1
            state = {"current": first}
            records: List[Dict[str, Any]] = []

            def on_record(tag: bytes, body: bytes, proc: ChildProcess = proc,
                          state: Dict[str, int] = state,
                          records: List[Dict[str, Any]] = records) -> Optional[float]:
                if tag == b"S":
                    index, pid = body.split()
                    if int(pid) != proc.pid:  # a snippet forked and its copy ran on
                        return None
                    state["current"] = int(index)
                    return time.monotonic() + spec.timeout_s
                if tag == b"C":
                    index, statement = body.split()
                    hits_per[state["current"]][int(index)].add(int(statement))
                    return None
                if tag == b"R":
                    record = json.loads(body)
                    if record.get("pid") == proc.pid:
                        record.pop("pid", None)
                        responses[state["current"]] = record
                    return None
                if tag == b"E":
                    records.append(json.loads(body))
                elif tag == b"I":
                    record = json.loads(body)
                    if record.get("pid") == proc.pid:
                        imported.extend(record.get("imported") or [])
                return None

            self._supervise(proc, spec.timeout_s, on_record)
            batch_out.data += proc.out.data[:max(0, cap - len(batch_out.data))]
            batch_out.total += proc.out.total
            batch_err.data += proc.err.data[:max(0, cap - len(batch_err.data))]
            batch_err.total += proc.err.total
            current = state["current"]
            if responses[current] is None:
                outcome = self._outcome(proc, records[0] if records else None, spec)
                outcome.update({"stdout": "", "stderr": "", "stdout_truncated": False,
                                "stderr_truncated": False})
                responses[current] = outcome
            next_index = current + 1
            while next_index < len(snippets) and responses[next_index] is not None:
                next_index += 1
        self._compile_imported(imported)
        results = []
        for index, response in enumerate(responses):
            assert response is not None
            response.pop("imported", None)
            response["index"] = index
            snippet_id = snippets[index].get("id")
            if snippet_id is not None:
                response["id"] = snippet_id
            response["covered"] = self._covered(targets, hits_per[index])
            results.append(response)
        return {
            "id": request.get("id"), "results": results, "children": children,
            "wall_ms": int((time.monotonic() - batch_start) * 1000),
            "stdout": batch_out.text(self.scrub), "stderr": batch_err.text(self.scrub),
            "stdout_truncated": batch_out.truncated, "stderr_truncated": batch_err.truncated,
        }

    def op_check_imports(self, request: Dict[str, Any]) -> Dict[str, Any]:
        modules = request.get("modules")
        if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
            raise ValueError("check_imports needs 'modules': [names]")
        spec, cap = self._limits(request)
        answers: List[Optional[Dict[str, Any]]] = [None] * len(modules)
        next_index = 0
        while next_index < len(modules):
            first = next_index

            def child(first: int = first) -> None:
                channel = ChildChannel(self._result_fd)
                self._child_prepare([], channel)
                for index in range(first, len(modules)):
                    channel.start(index)
                    channel.record(b"R", self._probe_import(modules[index]))
                _finish_child_streams()

            proc = self._spawn(child, spec, cap)
            state = {"current": first}

            def on_record(tag: bytes, body: bytes, proc: ChildProcess = proc,
                          state: Dict[str, int] = state) -> Optional[float]:
                if tag == b"S":
                    index, pid = body.split()
                    if int(pid) != proc.pid:
                        return None
                    state["current"] = int(index)
                    return time.monotonic() + spec.timeout_s
                if tag == b"R":
                    answers[state["current"]] = json.loads(body)
                return None

            self._supervise(proc, spec.timeout_s, on_record)
            current = state["current"]
            if answers[current] is None:
                outcome = self._outcome(proc, None, spec)
                answers[current] = {
                    "module": modules[current], "file": None, "in_import_root": False,
                    "in_tree": False, "error_type": "difftriage." + outcome["status"],
                    "error_message": outcome.get("aborted_reason") or outcome["status"],
                }
            next_index = current + 1
            while next_index < len(modules) and answers[next_index] is not None:
                next_index += 1
        return {"id": request.get("id"), "modules": answers}

    # -- request parsing ----------------------------------------------------------------------

    @staticmethod
    def _seed(value: Any) -> Any:
        if value is None:
            return 0
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise ValueError("seed must be an integer or a string")
        return value

    @staticmethod
    def _limits(request: Dict[str, Any]) -> Tuple[ChildSpec, int]:
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

    def _coverage_targets(self, request: Any) -> List[CoverageTarget]:
        if not request:
            return []
        if not isinstance(request, dict):
            raise ValueError("coverage must map relative paths to line lists")
        targets = []
        for relpath, lines in request.items():
            if not isinstance(lines, list) or not all(
                    isinstance(n, int) and not isinstance(n, bool) for n in lines):
                raise ValueError("coverage[%r] must be a list of line numbers" % relpath)
            path = os.path.normpath(os.path.join(self.root, relpath))
            smap, error = self._statement_map(path)
            requested = sorted(set(lines))
            smap = smap or {}
            statements = {smap[n] for n in requested if n in smap}
            want = {line: start for line, start in smap.items() if start in statements}
            names = {path, os.path.realpath(path)}
            targets.append(CoverageTarget(relpath, names, requested, want, statements, error))
        return targets

    def _statement_map(self, path: str) -> Tuple[Optional[Dict[int, int]], Optional[str]]:
        cached = self.smap_cache.get(path)
        if cached is None:
            try:
                import tokenize

                with tokenize.open(path) as handle:
                    source = handle.read()
                cached = (_statement_map(source, path), None)
            except (OSError, SyntaxError, ValueError, UnicodeDecodeError, RecursionError) as exc:
                cached = (None, "%s: %s" % (qualified_name(type(exc)), _safe_str(exc)))
            self.smap_cache[path] = cached
        return cached

    @staticmethod
    def _covered(targets: List[CoverageTarget], hits: List[Set[int]]) -> Dict[str, List[int]]:
        return {t.relpath: t.covered_lines(h) for t, h in zip(targets, hits)}

    def _collect_record(self, proc: ChildProcess, tag: bytes, body: bytes, hits: List[Set[int]],
                        results: List[Dict[str, Any]]) -> Optional[float]:
        if tag == b"C":
            index, statement = body.split()
            hits[int(index)].add(int(statement))
        elif tag in (b"R", b"E"):
            record = json.loads(body)
            if record.get("pid", proc.pid) == proc.pid and not results:
                record.pop("pid", None)
                if tag == b"E":
                    record["_runner_error"] = True
                results.append(record)
        return None

    def _compile_imported(self, files: Any) -> None:
        """Compile project modules a child imported so later children skip compilation.

        Files whose compilation warns (SyntaxWarning...) are left to the children, so that every
        run shows the same warnings."""
        if not isinstance(files, list):
            return
        for path in files:
            if not isinstance(path, str) or path in _CODE_CACHE or path in self.compile_refused:
                continue
            if self.compiled_bytes > 64 * 1024 * 1024:
                return
            try:
                with open(path, "rb") as handle:
                    st = os.fstat(handle.fileno())
                    data = handle.read()
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always")
                    code = compile(data, path, "exec", dont_inherit=True)
                if caught:
                    self.compile_refused.add(path)
                    continue
            except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
                self.compile_refused.add(path)
                continue
            _CODE_CACHE[path] = (st.st_mtime_ns, st.st_size, code)
            self.compiled_bytes += len(data)

    # -- forking ------------------------------------------------------------------------------

    _result_fd = -1
    _child_pid = -1

    def _spawn(self, body: Callable[[], None], spec: ChildSpec, cap: int) -> ChildProcess:
        _remove_tree(self.run_dir)
        os.mkdir(self.run_dir, 0o700)
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        res_r, res_w = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        self.forks += 1
        if self.forks % 256 == 0:  # frozen objects are never collected: sweep now and then
            gc.unfreeze()
            gc.collect()
        # Frozen objects are skipped by the child's garbage collector, which would otherwise
        # touch (and copy-on-write fault) every page of the worker's heap.
        gc.freeze()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            code = RUNNER_ERROR_EXIT
            try:
                for fd in (out_r, err_r, res_r):
                    os.close(fd)
                self._child_setup(spec, out_w, err_w, res_w)
                body()
                code = 0
            except BaseException as exc:  # noqa: B902 - report the runner's own failure
                try:
                    ChildChannel(self._result_fd).record(b"E", {
                        "status": "crashed", "aborted_reason": "runner_error",
                        "exc_type": qualified_name(type(exc)), "exc_message": _safe_str(exc),
                        "traceback": _clean("".join(traceback.format_exception(
                            type(exc), exc, exc.__traceback__))),
                        "pid": os.getpid()})
                except BaseException:  # noqa: B902
                    pass
            finally:
                os._exit(code)
        for fd in (out_w, err_w, res_w):
            os.close(fd)
        for fd in (out_r, err_r, res_r):
            os.set_blocking(fd, False)
        return ChildProcess(pid, out_r, err_r, res_r, cap)

    def _child_setup(self, spec: ChildSpec, out_w: int, err_w: int, res_w: int) -> None:
        """Runs first in every child: session, fds, limits, user, directories."""
        self._child_pid = os.getpid()
        os.setsid()
        try:
            self._result_fd = fcntl.fcntl(res_w, fcntl.F_DUPFD_CLOEXEC, RESULT_FD_MIN)
            os.close(res_w)
        except OSError:  # a low RLIMIT_NOFILE: keep the descriptor where it is
            self._result_fd = res_w
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.dup2(out_w, 1)
        os.dup2(err_w, 2)
        for fd in (devnull, out_w, err_w, self.proto_in, self.proto_out):
            try:
                os.close(fd)
            except OSError:
                pass
        if self._wake_w is not None:
            signal.set_wakeup_fd(-1)
            os.close(self._wake_r)  # type: ignore[arg-type]
            os.close(self._wake_w)
        for signum in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP, signal.SIGALRM):
            signal.signal(signum, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        # The worker's stream objects own fds 0-2: keep them alive, or collecting them would
        # close the descriptors the test writes to.
        _KEEP_ALIVE.extend([sys.stdin, sys.stdout, sys.stderr,
                            sys.__stdin__, sys.__stdout__, sys.__stderr__])
        sys.stdin, sys.stdout, sys.stderr = self._child_streams
        sys.__stdin__, sys.__stdout__, sys.__stderr__ = self._child_streams
        _set_limit(resource.RLIMIT_CORE, 0)
        _set_limit(resource.RLIMIT_DATA, spec.mem_mb * 1024 * 1024)
        _set_limit(resource.RLIMIT_FSIZE, spec.fsize_mb * 1024 * 1024)
        _set_limit(resource.RLIMIT_NPROC, spec.max_processes)
        cpu = int(spec.timeout_s) + 2
        _set_limit(resource.RLIMIT_CPU, cpu, cpu + 1)
        os.chdir(self.run_dir)  # before dropping privileges: its parents may be closed to them
        if self.uid is not None:
            os.chown(self.run_dir, self.uid, self.gid)  # type: ignore[arg-type]
            os.setgroups([])
            os.setgid(self.gid)  # type: ignore[arg-type]
            os.setuid(self.uid)
        _prctl(PR_SET_NO_NEW_PRIVS, 1)
        _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != self.worker_pid:  # the worker died before the signal was armed
            os._exit(RUNNER_ERROR_EXIT)
        os.environ["TMPDIR"] = self.run_dir
        sys.argv = [TEST_FILENAME]
        sys.dont_write_bytecode = True
        faulthandler.enable(sys.stderr)

    def _preload_pytest(self, code_text: str) -> None:
        """Import pytest into the worker the first time a test mentions it.

        Importing pytest takes ~0.3 s, too much for every child; once in the worker's (frozen)
        heap it costs a fork next to nothing.  Snippets that never mention pytest never load it.
        """
        if "pytest" in code_text and self.pytest_available and "pytest" not in sys.modules:
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    importlib.import_module("pytest")
            except Exception:
                self.pytest_available = False

    def _child_prepare(self, targets: List[CoverageTarget],
                       channel: ChildChannel) -> CoverageProbe:
        """Import-path setup and the probe."""
        sys.modules.pop("executable_lines", None)
        sys.path.insert(0, self.import_root)
        return CoverageProbe(targets, channel.hit, self.tracer)

    def _probe_import(self, name: str) -> Dict[str, Any]:
        entry: Dict[str, Any] = {"module": name, "file": None, "relpath": None,
                                 "in_import_root": False, "in_tree": False,
                                 "error_type": None, "error_message": None}
        try:
            module = importlib.import_module(name)
            location = getattr(module, "__file__", None)
        except BaseException as exc:  # noqa: B902 - SystemExit at import time is a finding too
            entry["error_type"] = qualified_name(type(exc))
            entry["error_message"] = self.scrub(_safe_str(exc))
            location = None
            try:
                spec = importlib.util.find_spec(name)
                location = spec.origin if spec is not None else None
            except BaseException:  # noqa: B902
                location = None
        if location and location not in ("built-in", "frozen"):
            real = os.path.realpath(location)
            entry["file"] = _clean(location)
            entry["in_import_root"] = real.startswith(self.real_import_root.rstrip("/") + "/")
            entry["in_tree"] = real.startswith(self.real_root.rstrip("/") + "/")
            if entry["in_tree"]:
                entry["relpath"] = _clean(os.path.relpath(real, self.real_root))
        elif location:
            entry["file"] = location
        return entry

    # -- supervising --------------------------------------------------------------------------

    def _supervise(self, proc: ChildProcess, timeout_s: float,
                   on_record: Callable[[bytes, bytes], Optional[float]]) -> None:
        """Drain the child's pipes until it exits, the deadline passes or output floods."""
        kill_threshold = max(16 * 1024 * 1024, 4 * proc.out.cap)
        poller = select.poll()
        for fd in proc.fds:
            poller.register(fd, select.POLLIN)
        wake_fd = proc.pidfd if proc.pidfd is not None else self._wake_r
        if wake_fd is not None:
            poller.register(wake_fd, select.POLLIN)
        open_fds = set(proc.fds)
        proc.deadline = proc.start + timeout_s
        while True:
            if self._has_exited(proc):
                break
            now = time.monotonic()
            if now >= proc.deadline:
                proc.killed_for = "time_limit"
                break
            wait = proc.deadline - now
            if wake_fd is None or not open_fds:
                wait = min(wait, 0.005 if not open_fds else 0.05)
            try:
                events = poller.poll(max(1, int(wait * 1000 + 0.999)))
            except InterruptedError:
                continue
            for fd, _ in events:
                if fd == wake_fd:
                    if fd == self._wake_r:
                        _drain_fd(fd)
                    continue
                if fd in open_fds and not self._read_from(proc, fd, on_record):
                    open_fds.discard(fd)
                    poller.unregister(fd)
            if proc.out.total > kill_threshold or proc.err.total > kill_threshold:
                proc.killed_for = "output_limit"
                break
            if proc.res_total > MAX_RESULT_PIPE_BYTES:
                proc.killed_for = "result_flood"
                break
        self._terminate(proc)
        # Everything that could write is dead now: take what is still buffered in the pipes.
        drain_until = time.monotonic() + 0.5
        for fd in list(open_fds):
            while time.monotonic() < drain_until and self._read_from(proc, fd, on_record):
                pass
        for fd in list(proc.fds) + ([proc.pidfd] if proc.pidfd is not None else []):
            try:
                os.close(fd)
            except OSError:
                pass

    def _read_from(self, proc: ChildProcess, fd: int,
                   on_record: Callable[[bytes, bytes], Optional[float]]) -> bool:
        """Read one chunk; False at EOF or when nothing more is available right now after exit."""
        try:
            chunk = os.read(fd, 1 << 20)
        except BlockingIOError:
            return proc.status is None  # after the child is reaped, "nothing now" ends draining
        except InterruptedError:
            return True
        except OSError:
            return False
        if not chunk:
            return False
        kind = proc.fds[fd]
        if kind == "out":
            proc.out.feed(chunk)
        elif kind == "err":
            proc.err.feed(chunk)
        else:
            proc.res_total += len(chunk)
            proc.res += chunk
            while True:
                newline = proc.res.find(b"\n")
                if newline < 0:
                    break
                line = bytes(proc.res[:newline])
                del proc.res[:newline + 1]
                tag, _, body = line.partition(b" ")
                try:
                    new_deadline = on_record(tag, body)
                except (ValueError, TypeError, IndexError, KeyError):
                    new_deadline = None
                if new_deadline is not None:
                    proc.deadline = new_deadline  # run_batch / check_imports: next item
        return True

    def _has_exited(self, proc: ChildProcess) -> bool:
        """True once the child is a zombie (not reaped yet, so its pid cannot be reused)."""
        try:
            info = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return True
        return info is not None and info.si_pid == proc.pid

    def _terminate(self, proc: ChildProcess) -> None:
        """Kill the child's process group and every other descendant, then reap them all."""
        for kill in (lambda: os.killpg(proc.pid, signal.SIGKILL),
                     lambda: os.kill(proc.pid, signal.SIGKILL)):
            try:
                kill()
            except OSError:
                pass
        while True:
            try:
                _, status, usage = os.wait4(proc.pid, 0)
                proc.usage = usage
                break
            except InterruptedError:
                continue
            except ChildProcessError:
                status = 0
                break
        proc.status = status
        proc.end = time.monotonic()
        self._reap_orphans()

    def _reap_orphans(self) -> None:
        """Kill and reap descendants that escaped the process group (we are their subreaper)."""
        give_up = time.monotonic() + 5.0
        while True:
            try:
                pid, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            except InterruptedError:
                continue
            if pid:
                continue
            for child in _live_children():
                try:
                    os.kill(child, signal.SIGKILL)
                except OSError:
                    pass
            if time.monotonic() > give_up:
                return
            time.sleep(0.001)

    def _outcome(self, proc: ChildProcess, record: Optional[Dict[str, Any]],
                 spec: ChildSpec) -> Dict[str, Any]:
        """The response fields that describe how the child ended."""
        response: Dict[str, Any] = {
            "status": "crashed", "exc_type": None, "exc_message": None, "traceback": None,
            "exit_code": None, "signal": None, "wall_ms": proc.wall_ms, "warnings": [],
            "aborted_reason": None,
        }
        signum = proc.exit_signal()
        if proc.killed_for == "time_limit" and record is not None and \
                not record.get("_runner_error"):
            # The result was complete; only the final os._exit missed the deadline.
            response.update(record)
        elif proc.killed_for == "time_limit":
            response["status"] = "timeout"
            response["aborted_reason"] = "time_limit"
        elif proc.killed_for in ("output_limit", "result_flood"):
            response["status"] = "killed"
            response["aborted_reason"] = proc.killed_for
            response["signal"] = signal.SIGKILL
        elif record is not None:
            record.pop("_runner_error", None)
            response.update(record)
        elif signum is not None:
            response["signal"] = signum
            if signum in _CRASH_SIGNALS:
                response["status"] = "crashed"
            else:
                response["status"] = "killed"
                if signum == getattr(signal, "SIGXCPU", -1):
                    response["aborted_reason"] = "cpu_limit"
                elif signum == getattr(signal, "SIGXFSZ", -1):
                    response["aborted_reason"] = "file_size"
        else:
            response["status"] = "exited"
            response["exit_code"] = proc.exit_code()
        response.pop("imported", None)
        response["wall_ms"] = proc.wall_ms
        if proc.usage is not None:
            response["cpu_ms"] = int((proc.usage.ru_utime + proc.usage.ru_stime) * 1000)
            response["max_rss_kb"] = int(proc.usage.ru_maxrss)
            response["page_faults"] = int(proc.usage.ru_minflt + proc.usage.ru_majflt)
        return response


def _finish_child_streams() -> None:
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


def _live_children() -> List[int]:
    me = os.getpid()
    try:
        with open("/proc/%d/task/%d/children" % (me, me)) as handle:
            return [int(pid) for pid in handle.read().split()]
    except OSError:
        pass
    children = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % name, "rb") as handle:
                stat = handle.read()
            fields = stat[stat.rindex(b")") + 2:].split()
            if int(fields[1]) == me:
                children.append(int(name))
        except (OSError, ValueError, IndexError):
            continue
    return children


def _close_inherited_fds() -> None:
    """Close descriptors the executor may have leaked to us, so children cannot inherit them."""
    try:
        names = os.listdir("/proc/self/fd")
    except OSError:
        return
    for name in names:
        fd = int(name)
        if fd > 2:
            try:
                os.close(fd)
            except OSError:
                pass


def _drain_fd(fd: int) -> None:
    try:
        while os.read(fd, 4096):
            pass
    except OSError:
        pass


def _make_private_dir(parent: str, uid: Optional[int]) -> str:
    for _ in range(100):
        path = os.path.join(parent, "difftriage-worker-%s" % os.urandom(6).hex())
        try:
            os.mkdir(path, 0o711 if uid is not None else 0o700)
            return path
        except FileExistsError:
            continue
    raise OSError(errno.EEXIST, "could not create a private directory in %s" % parent)


def _remove_tree(path: str) -> None:
    try:
        os.rmdir(path)
        return
    except FileNotFoundError:
        return
    except OSError:
        pass
    import shutil

    def on_error(func: Any, failed: str, exc_info: Any) -> None:
        try:  # a test may have taken the write or search bit away
            os.chmod(os.path.dirname(failed), 0o700)
            os.chmod(failed, 0o700)
            func(failed)
        except OSError:
            pass

    shutil.rmtree(path, onerror=on_error)


def _parse_args(argv: List[str]) -> Dict[str, Optional[str]]:
    options: Dict[str, Optional[str]] = {"root": None, "import_root": None, "drop_user": None,
                                         "tracer": None}
    names = {"--root": "root", "--import-root": "import_root", "--drop-user": "drop_user",
             "--tracer": "tracer"}
    index = 0
    while index < len(argv):
        arg = argv[index]
        key, equals, value = arg.partition("=")
        if key not in names:
            raise SystemExit("runner.py: unknown argument %r" % arg)
        if not equals:
            index += 1
            if index >= len(argv):
                raise SystemExit("runner.py: %s needs a value" % arg)
            value = argv[index]
        options[names[key]] = value
        index += 1
    if not options["root"]:
        raise SystemExit("usage: runner.py --root TREE [--import-root DIR] [--drop-user NAME] "
                         "[--tracer settrace|sys.monitoring]")
    return options


def main(argv: Optional[List[str]] = None) -> int:
    options = _parse_args(sys.argv[1:] if argv is None else argv)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # the executor may have left it ignored
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_SETMASK, set())
    sys.dont_write_bytecode = True
    _close_inherited_fds()
    worker = Worker(options["root"] or ".", options["import_root"] or ".",
                    options["drop_user"], options["tracer"])
    try:
        return worker.serve()
    finally:
        worker.cleanup()


if __name__ == "__main__":
    sys.exit(main())
