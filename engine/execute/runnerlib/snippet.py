"""Running one snippet in the current (child) process.

``SnippetRunner`` executes the test code as a fresh ``__main__`` (the value of a final expression
is reported, as in the REPL), then the tests it defines (``test*`` functions, ``Test*`` methods,
``unittest.TestCase`` methods; :mod:`collect`), and describes the outcome: status, exception, traceback without the runner's own frames, exit code,
warnings.  It never raises, except ``SystemExit`` out of a test function, which it reports too.
"""

from __future__ import annotations

import ast
import builtins
import linecache
import sys
import traceback
import types
import warnings
from typing import Any, Callable, Dict, List, Optional, Set, Tuple

from .common import (MAX_TEST_ENTRIES, MAX_WARNINGS, OWN_FILES, TEST_FILENAME, PathScrubber,
                     clean_text, qualified_name, safe_repr, safe_str)
from .cases import run_item
from .refusal import os_error_kind
from .collect import collect_items, doctest_items
from .fixtures import FixtureResolver
from .pytest_support import UsageError
from .shape import result_shape
from .suite import load_test_file

RESULT_NAME = "result"  # the variable the generators' snippets bind the call's result to


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
            if tb.tb_frame.f_code.co_filename not in OWN_FILES:
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


def _defined_in(module: types.ModuleType) -> Callable[[Any], bool]:
    """Whether an object was defined by ``module`` itself (a snippet's file is ``<test>``)."""
    filename = module.__dict__.get("__file__", TEST_FILENAME)

    def own(obj: Any) -> bool:
        code = getattr(obj, "__code__", None)
        if code is not None:
            return code.co_filename == filename
        return getattr(obj, "__module__", None) == module.__name__

    return own



SOURCE_TEXT_MESSAGES = ("invalid escape sequence", "invalid octal escape sequence")


def about_source_text(category: type, message: str) -> bool:
    """A warning the compiler gives about how a file is written (an invalid escape sequence,
    ``is`` with a literal) while importing it: it says nothing of what the code does, and a
    change that only rewrites such a string would otherwise differ in every test."""
    return isinstance(category, type) and (issubclass(category, SyntaxWarning) or (
        issubclass(category, DeprecationWarning) and message.startswith(SOURCE_TEXT_MESSAGES)))

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
        if about_source_text(category, safe_str(message)):
            return
        key = (qualified_name(category), self.scrub(safe_str(message)))
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
        result["exc_message"] = self.scrub(safe_str(exc))
        result["traceback"] = self.scrub(clean_text(_format_exception(exc)))
        kind = os_error_kind(exc)
        if kind is not None:
            result["os_error"] = kind

    @staticmethod
    def _exit_code(exc: SystemExit) -> Tuple[int, Optional[str]]:
        code = exc.code
        if code is None:
            return 0, None
        if isinstance(code, int):
            return int(code) & 0xFF, None
        message = safe_str(code)
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
            result["exc_message"] = self.scrub(safe_str(exc))
            result["traceback"] = self.scrub(clean_text(
                "".join(traceback.format_exception_only(type(exc), exc))))
            return result
        try:
            exec(body, module.__dict__)
            value = None
            if last_expr is not None:
                value = eval(last_expr, module.__dict__)
                if value is not None:
                    result["value_repr"] = self.scrub(safe_repr(value))
            if value is not None:
                result["result_shape"] = result_shape(value)
            elif RESULT_NAME in module.__dict__:
                result["result_shape"] = result_shape(module.__dict__[RESULT_NAME])
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

    def run_project_test(self, root: str, relpath: str, name: str) -> Dict[str, Any]:
        """Import a test file of the tree and run its test ``name``; never raises."""
        result: Dict[str, Any] = {"status": "ok"}
        try:
            module, namespaces = load_test_file(root, relpath)
            self._run_tests(module, result, namespaces, only=name, doctests=True)
        except SystemExit as exc:
            return self._exited(exc, result)
        except BaseException as exc:  # noqa: B902 - an import error is the test's outcome
            result["status"] = "raised"
            self._describe(exc, result)
        return result

    def collect_project_tests(self, root: str, relpath: str,
                              doctests_only: bool) -> Dict[str, Any]:
        """The names of the tests a file of the tree holds; never raises."""
        answer: Dict[str, Any] = {"tests": [], "error_type": None, "error_message": None}
        try:
            module, _namespaces = load_test_file(root, relpath)
            items = doctest_items(module) if doctests_only else \
                collect_items(module, _defined_in(module), True)
            answer["tests"] = [{"name": item.name, "line": item.line}
                               for item in items[:MAX_TEST_ENTRIES]]
        except BaseException as exc:  # noqa: B902 - SystemExit at import time too
            answer["error_type"] = qualified_name(type(exc))
            answer["error_message"] = self.scrub(safe_str(exc))
        return answer

    def _exited(self, exc: SystemExit, result: Dict[str, Any]) -> Dict[str, Any]:
        code, message = self._exit_code(exc)
        result["status"] = "exited"
        result["exit_code"] = code
        if message is not None:
            result["exc_message"] = self.scrub(message)
        return result

    def _run_tests(self, module: types.ModuleType, result: Dict[str, Any],
                   namespaces: Optional[List[Dict[str, Any]]] = None,
                   only: Optional[str] = None, doctests: bool = False) -> None:
        """Run the module's collected tests (``only``: the one of that name) into ``result``."""
        items = collect_items(module, _defined_in(module), doctests)
        if only is not None:
            items = [item for item in items if item.name == only]
            if not items:
                raise UsageError("no test named %r in this module" % only)
        if not items:
            return
        entries: List[Dict[str, Any]] = []
        result["tests"] = entries
        for item in items:
            entry: Dict[str, Any] = {"name": item.name, "status": "ok"}
            if len(entries) < MAX_TEST_ENTRIES:
                entries.append(entry)
            cleanups: List[Callable[[], None]] = []
            resolver = FixtureResolver(namespaces or [module.__dict__], self.run_dir, item.name,
                                       cleanups)
            try:
                status, detail = run_item(item, resolver)
            finally:
                for cleanup in reversed(cleanups):
                    try:
                        cleanup()
                    except Exception:
                        pass
            entry["status"] = status
            if status == "skipped":
                entry["exc_message"] = self.scrub(safe_str(detail))
            elif status == "raised":
                entry["exc_type"] = qualified_name(type(detail))
                entry["exc_message"] = self.scrub(safe_str(detail))
                if result["status"] == "ok":
                    result["status"] = "raised"
                    result["failed_test"] = item.name
                    self._describe(detail, result)
