"""Observed checks for test helpers a snippet imports rather than inlines.

A test class often inherits its helpers from a base class of the suite's own importable module
(``from tests.common import RuleTestCase``, whose ``check(source, conf, **expected)`` ends in
``self.assertEqual(problems, expected)``).  The snippet keeps that import, so
:func:`assemble.observe_helpers` cannot rewrite the helper; a mutant of the test's input then
fails its expectation on both versions alike, and the AssertionError hides what each version
computed.  The snippet's own test class instead overrides the unittest checks the imported
helpers call, printing their operands as the test's own checks do::

    def assertEqual(self, first, second, *rest, **options):
        print(repr(first))
        print(repr(second))

Only value checks are overridden (never ``assertRaises`` and the other context managers).
"""

from __future__ import annotations

import ast
from typing import Dict, List, Optional, Set

from .observe import INSTANCE, MESSAGE_CHECKS, ONE_OPERAND, RAISES, UNITTEST_CHECKS, WARNS
from .scope import decorator_name
from .sources import TreeSources

NOT_VALUES = RAISES | WARNS | MESSAGE_CHECKS | {"assertLogs", "assertNoLogs"}
MAX_DEPTH = 3  # base classes followed through the helper modules


def check_overrides(cls: ast.ClassDef, imports: List[ast.stmt],
                    sources: TreeSources) -> List[ast.stmt]:
    """The override of each value check that the imported bases of ``cls`` call on self."""
    imported = _imported_names(imports)
    checks: Set[str] = set()
    for base in cls.bases:
        name = decorator_name(base)
        if name in imported:
            checks |= _checks_of(sources, imported[name], MAX_DEPTH)
    own = {s.name for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return [_override(check) for check in sorted(checks - own)]


def _imported_names(imports: List[ast.stmt]) -> Dict[str, str]:
    """name -> the module ``from module import name`` takes it from (absolute imports)."""
    out: Dict[str, str] = {}
    for statement in imports:
        if isinstance(statement, ast.ImportFrom) and statement.module and not statement.level:
            for alias in statement.names:
                out[alias.asname or alias.name] = "%s.%s" % (statement.module, alias.name)
    return out


def _checks_of(sources: TreeSources, qualified: str, depth: int) -> Set[str]:
    """The value checks class ``qualified`` (module.Class) and its bases in its module call on
    self."""
    module, _, class_name = qualified.rpartition(".")
    relpath = sources.import_file(module) if module else None
    scope = sources.scope(relpath) if relpath else None
    cls = _class_in(scope.tree, class_name) if scope is not None else None
    if cls is None or depth <= 0:
        return set()
    found: Set[str] = set()
    for node in ast.walk(cls):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                isinstance(node.func.value, ast.Name) and node.func.value.id == "self" and \
                node.func.attr in UNITTEST_CHECKS and node.func.attr not in NOT_VALUES:
            found.add(node.func.attr)
    local = {s.name for s in scope.tree.body if isinstance(s, ast.ClassDef)}
    imported = _imported_names(scope.tree.body)
    for base in cls.bases:
        base_name = decorator_name(base)
        if base_name in local:
            found |= _checks_of(sources, "%s.%s" % (module, base_name), depth - 1)
        elif base_name in imported:
            found |= _checks_of(sources, imported[base_name], depth - 1)
    return found


def _class_in(tree: ast.Module, name: str) -> Optional[ast.ClassDef]:
    return next((s for s in tree.body if isinstance(s, ast.ClassDef) and s.name == name), None)


def _override(check: str) -> ast.stmt:
    if check in INSTANCE:
        prints = "print(repr(isinstance(first, second)))"
    elif check in ONE_OPERAND:
        prints = "print(repr(first))"
    else:
        prints = "print(repr(first))\n    print(repr(second))"
    params = "first" if check in ONE_OPERAND else "first, second"
    return ast.parse("def %s(self, %s, *rest, **options):\n    %s\n" %
                     (check, params, prints)).body[0]
