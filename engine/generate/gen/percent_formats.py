"""Whether a change formats a value with ``%``: a value that is a tuple then reads otherwise.

``"Key '%s' error" % key`` takes a tuple ``key`` for its argument list (a 1-tuple prints its
item, a 2-tuple raises ``TypeError``), and ``% (key,)`` does not; a change between the two, or
any change to such a line, shows only for a tuple.  The project's tests pass strings and
numbers, so their literal mutants (:func:`gen.project_tests.literals.mutants`) also offer each
scalar as a 1-tuple and a 2-tuple of itself when a changed line formats with ``%``.
"""

from __future__ import annotations

import ast
from typing import Any, Dict, List

from pymodel.project import Tree
from pymodel.syntax import FUNCTION_NODES


def _formats(node: ast.AST) -> bool:
    return isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and \
        isinstance(node.left, ast.Constant) and isinstance(node.left.value, (str, bytes))


def _formats_on(func: Any, lines: List[int]) -> bool:
    wanted = set(lines)
    return any(isinstance(statement, ast.stmt) and statement.lineno in wanted and
               not isinstance(statement, FUNCTION_NODES + (ast.ClassDef,)) and
               any(_formats(node) for node in ast.walk(statement))
               for statement in (ast.walk(func) if isinstance(func, FUNCTION_NODES) else []))


def formats_with_percent(trees: Dict[str, Tree], qualname: str,
                         changed: Dict[str, List[int]]) -> bool:
    """Whether a changed line of the target, old or new, formats a literal with ``%``."""
    for side, tree in trees.items():
        found = tree.find_local_def(qualname)
        if found is not None and _formats_on(found[1], changed.get(side) or []):
            return True
    return False
