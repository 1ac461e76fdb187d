"""The static check of tests a language model wrote, before anything runs them.

Usage::

    static_check.py < TESTS.json

stdin holds a JSON list of test sources; stdout gets a JSON list with, for each test, the list of
its problems (empty when it is valid): a syntax error, an import of a private module or name, a
name that resolves nowhere, a call that would end the test process (``pytest.main``,
``sys.exit``, ``os._exit``, ``os.kill``, ``os.abort``).  Only :mod:`ast` looks at the code;
nothing is imported or run.  Standard library only; Python 3.8 - 3.13.
"""

from __future__ import annotations

import ast
import builtins
import json
import sys
from typing import List, Set

BUILTINS = set(dir(builtins)) | {"__name__", "__file__", "__builtins__", "__doc__"}
EXITS = {("pytest", "main"), ("sys", "exit"), ("os", "_exit"), ("os", "kill"), ("os", "abort")}


def private(dotted: str) -> bool:
    """Whether a dotted name has a ``_private`` part (dunder names are not private)."""
    return any(part.startswith("_") and not part.startswith("__") for part in dotted.split("."))


def bound_names(tree: ast.AST) -> Set[str]:
    """Every name the code binds anywhere: assignments, definitions, parameters, imports,
    ``except ... as``, ``global`` / ``nonlocal`` and ``match`` captures."""
    names: Set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names.add(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            names.update(node.names)
        elif type(node).__name__ in ("MatchAs", "MatchStar") and getattr(node, "name", None):
            names.add(getattr(node, "name"))
        elif type(node).__name__ == "MatchMapping" and getattr(node, "rest", None):
            names.add(getattr(node, "rest"))
    return names


def problems(code: str) -> List[str]:
    """The problems of one test, one sentence each; empty when it is valid."""
    try:
        tree = ast.parse(code)
    except SyntaxError as error:
        return ["SyntaxError: %s (line %s)" % (error.msg, error.lineno)]
    found: List[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level or private(module):
                found.append("imports from the private module '%s'" % ("." * node.level + module))
            for alias in node.names:
                if alias.name != "*" and private(alias.name):
                    found.append("imports the private name '%s' from '%s'" % (alias.name, module))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if private(alias.name):
                    found.append("imports the private module '%s'" % alias.name)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and isinstance(node.func.value, ast.Name) \
                and (node.func.value.id, node.func.attr) in EXITS:
            found.append("calls %s.%s, which ends the test process"
                         % (node.func.value.id, node.func.attr))
    bound = bound_names(tree)
    missing = sorted({node.id for node in ast.walk(tree) if isinstance(node, ast.Name)
                      and isinstance(node.ctx, ast.Load) and node.id not in bound
                      and node.id not in BUILTINS})
    found.extend("name '%s' is not defined" % name for name in missing)
    return found


def main() -> int:
    tests = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    json.dump([problems(code) for code in tests], sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
