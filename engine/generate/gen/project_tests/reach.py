"""Which old-version lines a project test must run to count as reaching the change.

Normally the changed lines of the old version, and the headers of the ``if``/``elif`` arms beside
them (a test that takes a neighbouring arm is one setting away from the changed one; such tests
come after those that ran a changed line).  A function changed only by added lines has none
there, so no test of the old version could ever reach it: for such a function the first
statements of its old body stand in (never its ``def`` line or decorators, which run at import,
nor a docstring, which never runs), and so do the old statements just before and just after each
run of added lines (found by aligning the function's old and new text): a test that runs those
comes nearest to the new lines, and the runner reports which of its statements did first.
"""

from __future__ import annotations

import ast
import difflib
import os
from typing import Any, Dict, List, Optional, Set, Tuple

from .sources import TreeSources

FunctionNode = (ast.FunctionDef, ast.AsyncFunctionDef)


def _docstring(body: Any) -> Optional[ast.stmt]:
    """The docstring statement opening ``body`` (which never runs), if any."""
    if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and \
            isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
        return body[0]
    return None


def _body_lines(node: ast.AST) -> List[int]:
    body = list(getattr(node, "body", []))
    return [statement.lineno for statement in body if statement is not _docstring(body)]


def _function_at(tree: ast.AST, name: str, first: int, last: int) -> Optional[ast.AST]:
    for node in ast.walk(tree):
        if isinstance(node, FunctionNode) and node.name == name and \
                first <= node.lineno <= last:
            return node
    return None


def _statement_lines(function: ast.AST) -> List[int]:
    """The start lines of the statements inside ``function``, in order."""
    docstrings = {id(_docstring(getattr(node, "body", None))) for node in ast.walk(function)}
    return sorted({node.lineno for node in ast.walk(function) if isinstance(node, ast.stmt)
                   and node is not function and id(node) not in docstrings})


def _new_text(targets: Dict[str, Any], function: Dict[str, Any]) -> Optional[List[str]]:
    root = (targets.get("new") or {}).get("root")
    relpath = (function.get("files") or {}).get("new")
    span = (function.get("lines") or {}).get("new") or []
    if not isinstance(root, str) or not isinstance(relpath, str) or len(span) != 2:
        return None
    try:
        with open(os.path.join(root, relpath), encoding="utf-8", errors="replace") as handle:
            return handle.read().splitlines()[span[0] - 1:span[1]]
    except OSError:
        return None


def _around_insertions(node: ast.AST, old_text: List[str], new_text: List[str]) -> Set[int]:
    """The old statements just before and after each run of lines the new version added."""
    first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
    old = old_text[first - 1:node.end_lineno]
    statements = _statement_lines(node)
    found: Set[int] = set()
    matcher = difflib.SequenceMatcher(None, [line.strip() for line in old],
                                      [line.strip() for line in new_text], autojunk=False)
    for tag, i1, _i2, _j1, _j2 in matcher.get_opcodes():
        if tag != "insert":
            continue
        gap = first + i1  # the added lines stand before this old line
        before = [line for line in statements if line < gap]
        after = [line for line in statements if line >= gap]
        found.update(before[-1:] + after[:1])
    return found


def _arm_lines(function: ast.AST, changed: Set[int]) -> Set[int]:
    """The lines of the ``if``/``elif`` arms of each chain in ``function`` that holds a
    changed line, but the changed ones."""
    found: Set[int] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.If) and any(node.lineno <= line <= (node.end_lineno or 0)
                                            for line in changed):
            arm = node
            while True:
                found.add(arm.lineno)
                if len(arm.orelse) != 1 or not isinstance(arm.orelse[0], ast.If):
                    break
                arm = arm.orelse[0]
    return found - changed


def beside_lines(targets: Dict[str, Any], sources: TreeSources) -> Dict[str, Set[int]]:
    """{file: lines} of the arms beside the changed lines: the header of each arm of an
    ``if``/``elif`` chain holding an old changed line.  A test that takes another arm of the
    chain (``elif self.extra == ALLOW`` above a changed ``elif error``) ran the decision the
    change is about, with its inputs one setting away from the changed arm."""
    found: Dict[str, Set[int]] = {}
    for function in targets.get("changed_functions") or []:
        if not isinstance(function, dict) or function.get("versions") == "new_only":
            continue
        changed = {n for n in (function.get("changed_lines") or {}).get("old") or []
                   if isinstance(n, int)}
        relpath = (function.get("files") or {}).get("old")
        span = (function.get("lines") or {}).get("old") or []
        name = function.get("name")
        if not changed or not relpath or len(span) != 2 or not isinstance(name, str):
            continue
        scope = sources.scope(relpath)
        node = _function_at(scope.tree, name, span[0], span[1]) if scope is not None else None
        if node is not None:
            found.setdefault(relpath, set()).update(_arm_lines(node, changed))
    return found


def reach_lines(targets: Dict[str, Any], sources: TreeSources
                ) -> Tuple[Dict[str, List[int]], Dict[str, List[int]]]:
    """{file: [lines]} to measure besides the old changed lines: for functions without any,
    all the stand-ins, and those around the added lines alone; for the others, the arms beside
    their changed lines."""
    found: Dict[str, Set[int]] = beside_lines(targets, sources)
    near: Dict[str, Set[int]] = {}
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
            lines = found.setdefault(relpath, set())
            lines.update(_body_lines(node))
            new_text = _new_text(targets, function)
            text = sources.text(relpath)
            if new_text and text is not None:
                around = _around_insertions(node, text.splitlines(), new_text)
                lines.update(around)
                near.setdefault(relpath, set()).update(around)
    return _listed(found), _listed(near)


def _listed(lines: Dict[str, Set[int]]) -> Dict[str, List[int]]:
    return {relpath: sorted(numbers) for relpath, numbers in sorted(lines.items()) if numbers}
