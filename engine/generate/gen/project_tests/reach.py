"""Which old-version lines a project test must run to count as reaching the change.

Normally the changed lines of the old version.  A function changed only by added lines has none
there, so no test of the old version could ever reach it: for such a function the first
statements of its old body stand in (never its ``def`` line or decorators, which run at import,
nor a docstring, which never runs).
"""

from __future__ import annotations

import ast
from typing import Any, Dict, List, Optional, Set

from .sources import TreeSources

FunctionNode = (ast.FunctionDef, ast.AsyncFunctionDef)


def _body_lines(node: ast.AST) -> List[int]:
    body = list(getattr(node, "body", []))
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
    return [statement.lineno for statement in body]


def _function_at(tree: ast.AST, name: str, first: int, last: int) -> Optional[ast.AST]:
    for node in ast.walk(tree):
        if isinstance(node, FunctionNode) and node.name == name and \
                first <= node.lineno <= last:
            return node
    return None


def reach_lines(targets: Dict[str, Any], sources: TreeSources) -> Dict[str, List[int]]:
    """{file: [lines]} to measure besides the old changed lines, for functions without any."""
    found: Dict[str, Set[int]] = {}
    for function in targets.get("changed_functions") or []:
        if not isinstance(function, dict) or function.get("versions") == "new_only":
            continue
        if ((function.get("changed_lines") or {}).get("old") or []):
            continue
        relpath = (function.get("files") or {}).get("old")
        span = (function.get("lines") or {}).get("old") or []
        name = function.get("name")
        if not relpath or len(span) != 2 or not isinstance(name, str):
            continue
        scope = sources.scope(relpath)
        node = _function_at(scope.tree, name, span[0], span[1]) if scope is not None else None
        if node is not None:
            found.setdefault(relpath, set()).update(_body_lines(node))
    return {relpath: sorted(lines) for relpath, lines in sorted(found.items()) if lines}
