"""Finding a definition by its qualified-name part: ``name``, ``name#N`` or ``name#setter``.

The analyzer names the definitions of one scope (see ``pyanalysis.extract``): the one bound at
run time keeps the plain name, earlier ones of the same name get ``#1``, ``#2``..., property
accessors other than the getter ``#setter`` / ``#deleter`` / ``#getter``.
"""

from __future__ import annotations

import ast
from typing import Any, List

from .syntax import FUNCTION_NODES, decorator_names


def find_in_body(body: List[ast.stmt], name: str, suffix: str) -> Any:
    """The def/class/lambda named ``name`` in a scope body, for the ``#suffix`` variant."""
    found: List[Any] = []
    stack = [body]
    while stack:
        block = stack.pop(0)
        for stmt in block:
            if isinstance(stmt, FUNCTION_NODES + (ast.ClassDef,)) and stmt.name == name:
                found.append(stmt)
            elif isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Lambda) and any(
                    isinstance(t, ast.Name) and t.id == name for t in stmt.targets):
                found.append(stmt.value)
            elif isinstance(stmt, (ast.If, ast.Try, ast.With)):
                for attr in ("body", "orelse", "finalbody"):
                    stack.append(getattr(stmt, attr, []))
                for handler in getattr(stmt, "handlers", []):
                    stack.append(handler.body)
    if not found:
        return None
    found.sort(key=lambda n: (n.lineno, n.col_offset))
    if suffix in ("setter", "deleter", "getter"):
        for node in found:
            if any(d.endswith("." + suffix) for d in decorator_names(node)):
                return node
        return None
    plain = [n for n in found if not any(d.endswith((".setter", ".deleter"))
                                         for d in decorator_names(n))]
    if suffix.isdigit():
        index = int(suffix) - 1
        return plain[index] if 0 <= index < len(plain) else None
    return plain[-1] if plain else found[-1]
