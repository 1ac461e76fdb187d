"""pytest-style tests without pytest: fixtures, marks and helpers for SnippetRunner.

The fixtures ``tmp_path``, ``tmpdir`` (the same folder as a ``py.path.local``), ``monkeypatch``
(pytest's own when pytest is importable, else ``_MonkeyPatch``) and ``capsys``;
``parametrize``/``skip``/``skipif`` marks; ``pytest.skip``; ``async def`` tests.  pytest is
never imported here: it is used only when the test imported it.
The class names are the ones tests see (``type(capsys).__name__``), so they are kept as they were.
"""

from __future__ import annotations

import importlib
import io
import os
import sys
from typing import Any, Callable, Dict, List, Optional, Tuple


class UsageError(Exception):
    """A test the runner cannot run as written (e.g. an unknown fixture)."""


UsageError.__module__ = "difftriage"


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


def make_fixture(name: str, test_name: str, run_dir: str,
                 cleanups: List[Callable[[], None]]) -> Any:
    """The value of fixture ``name`` for test ``test_name``; its teardown goes to ``cleanups``."""
    if name == "tmp_path":
        import pathlib

        safe = "".join(ch if ch.isalnum() or ch in "_-." else "_" for ch in test_name)
        path = pathlib.Path(run_dir, "tmp_path", safe[:60] or "test")
        path.mkdir(parents=True, exist_ok=True)
        return path
    if name == "tmpdir":  # the same folder as pytest's legacy py.path object
        local = _legacy_path()
        if local is not None:
            return local(str(make_fixture("tmp_path", test_name, run_dir, cleanups)))
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
                     "tmp_path, tmpdir, monkeypatch, capsys)" % name)


def _legacy_path() -> Optional[Callable[[str], Any]]:
    """``py.path.local``, pytest's own copy of it, or None."""
    for module, attribute in (("py", "path"), ("_pytest._py.path", "LocalPath")):
        try:
            found = getattr(importlib.import_module(module), attribute)
        except (ImportError, AttributeError):
            continue
        return getattr(found, "local", found)
    return None


def is_awaitable(value: Any) -> bool:
    return type(value).__name__ == "coroutine" and hasattr(value, "send")


def is_skip(exc: BaseException) -> bool:
    pytest_module = sys.modules.get("pytest")
    if pytest_module is None:
        return False
    skip_exc = getattr(getattr(pytest_module, "skip", None), "Exception", None)
    return skip_exc is not None and isinstance(exc, skip_exc)


def required_arguments(func: Callable[..., Any], skip_self: bool) -> List[str]:
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


def expand_marks(name: str, func: Callable[..., Any]
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
            # pytest wraps each value only for one name given as a string; a tuple or list of
            # names, even of one, takes each value as the sequence of its arguments
            single = isinstance(names, str)
            if isinstance(names, str):
                names = [part.strip() for part in names.split(",") if part.strip()]
            names = list(names)
            single = single and len(names) == 1
            expanded: List[Tuple[str, Dict[str, Any]]] = []
            for case_name, params in cases:
                for position, value in enumerate(args[1]):
                    if type(value).__name__ == "ParameterSet":
                        value = value.values
                        values = list(value)
                    elif single:
                        values = [value]
                    else:
                        values = list(value)
                    merged = dict(params)
                    merged.update(zip(names, values))
                    expanded.append(("%s[%d]" % (case_name, position), merged))
            cases = expanded
    return [(case_name, params, skip) for case_name, params in cases]
