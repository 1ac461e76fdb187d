"""What the generator's rule tests share: a genome calling a scratch function, a one-module
project tree, a target reading one tree on both sides, and what a snippet prints."""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

from helpers_dir import HELPERS

if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))


def scratch_call(monkeypatch: pytest.MonkeyPatch, function: Any,
                 args: List[Tuple[str, Dict[str, Any]]], **entry: Any) -> Dict[str, Any]:
    """A genome calling ``function`` from a scratch module registered in ``sys.modules``."""
    import types
    name = function.__name__
    module = types.ModuleType("scratch_" + name)
    setattr(module, name, function)
    monkeypatch.setitem(sys.modules, module.__name__, module)
    qualname = "%s.%s" % (module.__name__, name)
    return {"target": qualname,
            "entry": dict({"qualname": qualname, "op": "call", "expr": name,
                           "import": "from %s import %s" % (module.__name__, name),
                           "versions": "both", "show_result": "repr"}, **entry),
            "ctor": None,
            "args": [{"name": arg, "value": value, "pass": "pos"} for arg, value in args]}


def module_defs(root: Path, name: str, source: str) -> Tuple[Any, Dict[str, Any]]:
    """A one-module project tree written under ``root``, and its functions' def nodes by name."""
    from pymodel.project import Tree
    (root / (name + ".py")).write_text(source)
    defs = {node.name: node for node in ast.parse(source).body
            if isinstance(node, ast.FunctionDef)}
    return Tree(str(root)), defs


def target_in(root: Path, qualname: str, **changed: List[int]) -> Any:
    """A target whose one plan reads both versions from the project tree at ``root``."""
    import types
    from pymodel.project import Tree
    raw = types.SimpleNamespace(tree=Tree(str(root)))
    plan = types.SimpleNamespace(source=types.SimpleNamespace(sides={"old": raw, "new": raw}))
    return types.SimpleNamespace(qualname=qualname, plans=[plan], changed=changed)


def printed_by(code: str) -> str:
    """What a snippet prints, run in this process."""
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<snippet>", "exec"), {})
    return out.getvalue()


def core_project(root: Path, core: str, tests: str) -> Any:
    """A project tree of one module ``pkg/core.py`` and one test file ``tests/test_core.py``."""
    import textwrap
    from pymodel.project import Tree
    (root / "pkg").mkdir()
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "core.py").write_text(textwrap.dedent(core))
    (root / "tests").mkdir()
    (root / "tests" / "test_core.py").write_text(textwrap.dedent(tests))
    return Tree(str(root))
