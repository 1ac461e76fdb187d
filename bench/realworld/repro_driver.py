"""Runs one test file with plain Python and writes how it ended as JSON; no DiffTriage code.

Usage: python3 repro_driver.py TEST.py RESULT.json

The test runs as `__main__` from the current directory. Like a REPL (and like DiffTriage's
snippets), the `repr` of a final expression statement's value is kept when it is not None. Then
pytest-style tests the file defines run in order: top-level `test*` functions and `test*` methods
of `Test*` classes, with the fixtures `tmp_path` and `monkeypatch`; the first failure ends the run.
The result: `status` (ok, raised, exited), `exc_type` (`module.QualName`, builtins bare),
`exit_code`, `value_repr` and `warnings` ([category, message] pairs); stdout is the process's own.
"""

from __future__ import annotations

import ast
import inspect
import json
import sys
import tempfile
import warnings
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional


def type_name(error: BaseException) -> str:
    cls = type(error)
    if cls.__module__ == "builtins":
        return cls.__qualname__
    return f"{cls.__module__}.{cls.__qualname__}"


def call_with_fixtures(function: Callable[..., Any], cleanups: List[Callable[[], None]]) -> None:
    kwargs: Dict[str, Any] = {}
    for name in inspect.signature(function).parameters:
        if name == "tmp_path":
            kwargs[name] = Path(tempfile.mkdtemp(prefix="repro-"))
        elif name == "monkeypatch":
            import pytest
            patch = pytest.MonkeyPatch()
            cleanups.append(patch.undo)
            kwargs[name] = patch
        elif name == "self":
            continue
        else:
            raise RuntimeError(f"fixture {name} is not supported by the reproduction")
    function(**kwargs)


def test_functions(namespace: Dict[str, Any]) -> List[Callable[..., Any]]:
    found: List[Callable[..., Any]] = []
    for name, value in list(namespace.items()):
        if name.startswith("test") and inspect.isfunction(value) and \
                value.__module__ == "__main__":
            found.append(value)
        elif name.startswith("Test") and inspect.isclass(value) and "__init__" not in vars(value):
            instance = value()
            found += [getattr(instance, m) for m in vars(value)
                      if m.startswith("test") and callable(getattr(instance, m))]
    return found


def run(source: str) -> Dict[str, Any]:
    tree = ast.parse(source)
    last: Optional[ast.expr] = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = tree.body[-1].value
        tree.body.pop()
    namespace: Dict[str, Any] = {"__name__": "__main__", "__builtins__": __builtins__}
    result: Dict[str, Any] = {"status": "ok", "exc_type": None, "exit_code": None,
                              "value_repr": None}
    cleanups: List[Callable[[], None]] = []
    try:
        exec(compile(tree, "<test>", "exec"), namespace)
        if last is not None:
            value = eval(compile(ast.Expression(last), "<test>", "eval"), namespace)
            if value is not None:
                result["value_repr"] = repr(value)
        for function in test_functions(namespace):
            call_with_fixtures(function, cleanups)
    except SystemExit as stop:
        code = stop.code
        result.update(status="exited", exit_code=code if isinstance(code, int) else
                      (0 if code is None else 1))
    except BaseException as error:  # noqa: BLE001 - the test's own outcome
        result.update(status="raised", exc_type=type_name(error))
    finally:
        for undo in cleanups:
            undo()
    return result


def main() -> int:
    test, out = sys.argv[1], sys.argv[2]
    source = Path(test).read_text(encoding="utf-8")
    sys.argv = ["<test>"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = run(source)
    seen: List[List[str]] = []
    for w in caught:
        pair = [w.category.__name__, str(w.message)]
        if pair not in seen:
            seen.append(pair)
    result["warnings"] = seen
    sys.stdout.flush()
    Path(out).write_text(json.dumps(result), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
