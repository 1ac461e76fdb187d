"""Private names a converted test imports that the new version no longer has.

The tests are converted from the old tree, and a test of the internals imports private helpers
(``from pkg.parser import _unicode``).  When the change deletes such a name, every run of the
test fails to import it on the new version: a difference of the test's own imports, not of the
behaviour under review (a public name's removal stays a difference: it breaks users).  Such a
test is skipped with the reason.  Only a module-level name the new module binds nowhere counts:
a star import, or a module ``__getattr__``, may still provide it.
"""

from __future__ import annotations

import ast
from typing import Dict, List, Optional, Set

from .scope import bound_names
from .sources import TreeSources


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


class NewModules:
    """The names each module of the new tree binds at module level (None: cannot tell)."""

    def __init__(self, sources: Optional[TreeSources]) -> None:
        self.sources = sources
        self._bound: Dict[str, Optional[Set[str]]] = {}

    def bound(self, dotted: str) -> Optional[Set[str]]:
        if dotted not in self._bound:
            self._bound[dotted] = self._read(dotted)
        return self._bound[dotted]

    def _read(self, dotted: str) -> Optional[Set[str]]:
        if self.sources is None:
            return None
        relpath = self.sources.import_file(dotted)
        scope = self.sources.scope(relpath) if relpath else None
        if scope is None:
            return None
        names: Set[str] = set()
        for statement in scope.tree.body:
            if isinstance(statement, ast.ImportFrom) and \
                    any(a.name == "*" for a in statement.names):
                return None
            names |= bound_names(statement)
        return None if "__getattr__" in names else names


def removed_private_imports(code: str, modules: NewModules) -> List[str]:
    """``module.name`` for each private name ``code`` imports from a module of the new tree
    that no longer binds it."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    removed: List[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or node.level or not node.module:
            continue
        private = [a.name for a in node.names if _private(a.name)]
        bound = modules.bound(node.module) if private else None
        if bound is None:
            continue
        removed += ["%s.%s" % (node.module, name) for name in private if name not in bound and
                    modules.bound("%s.%s" % (node.module, name)) is None]
    return removed
