"""A snippet's statements as readable Python: ``ast.unparse`` per statement, laid out like the
other candidates (the imports, a blank line, then the code; blank lines around definitions)."""

from __future__ import annotations

import ast
from typing import List

DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def render_module(body: List[ast.stmt]) -> str:
    """The source of a module made of ``body``; raises ValueError when a node cannot render."""
    lines: List[str] = []
    previous = None
    for statement in body:
        ast.fix_missing_locations(statement)
        text = ast.unparse(statement).strip("\n")
        is_import = isinstance(statement, (ast.Import, ast.ImportFrom))
        if previous is not None and (
                isinstance(statement, DEFINITIONS) or isinstance(previous, DEFINITIONS) or
                isinstance(previous, (ast.Import, ast.ImportFrom)) and not is_import):
            lines.append("")
        lines.append(text)
        previous = statement
    return "\n".join(lines) + "\n"
