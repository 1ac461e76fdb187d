"""Module-level names computed from changed ones.

``_ENTRY = re.compile(r"(\\w+) at " + _TIME)`` changes when ``_TIME`` does, although its own line
is untouched: the functions reading ``_ENTRY`` see the change.  A module-level assignment whose
value reads a changed (or already derived) name makes the names it binds derived from it, to a
fixpoint.  The names read are those of its own module and those of other package modules, read
through an import (``from .grammar import PATH``, ``grammar.PATH``): a grammar module's pieces
are joined and compiled in another module, whose patterns the functions use.
"""

from __future__ import annotations

import ast
from typing import Dict, Iterator, Optional, Set, Tuple

from pymodel.modules import absolute_module

from .index import TreeIndex
from .model import ModuleInfo

MAX_PASSES = 8  # chains of derived names longer than this are not followed


def derived_names(idx: TreeIndex, changed: Set[str]) -> Dict[str, Set[str]]:
    """Each derived name and the changed names it is computed from."""
    derived: Dict[str, Set[str]] = {}
    assignments = list(_assignments(idx))
    for _ in range(MAX_PASSES):
        grew = False
        for binds, reads in assignments:
            sources: Set[str] = set()
            for name in reads:
                if name in changed:
                    sources.add(name)
                sources |= derived.get(name, set())
            for bound in binds - changed:
                if sources - derived.get(bound, set()):
                    derived.setdefault(bound, set()).update(sources)
                    grew = True
        if not grew:
            break
    return derived


def _assignments(idx: TreeIndex) -> Iterator[Tuple[Set[str], Set[str]]]:
    """(names bound, module-level names read) of each module-level assignment of the tree."""
    for name in sorted(idx.modules):
        mod = idx.modules[name]
        if mod.error is not None or mod.tree is None:
            continue
        nodes = {node.lineno: node for node in mod.tree.body
                 if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign))}
        for stmt in mod.statements:
            node = nodes.get(stmt.start)
            if stmt.kind != "assign" or stmt.scope != name or node is None or node.value is None:
                continue
            yield set(stmt.binds), _reads(idx, mod, node.value)


def _reads(idx: TreeIndex, mod: ModuleInfo, value: ast.AST) -> Set[str]:
    """The module-level names an expression reads: ``NAME`` of its module, or of the module it
    was imported from, and ``module.NAME`` through an imported package module."""
    reads: Set[str] = set()
    for sub in ast.walk(value):
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load):
            reads.add(_origin(idx, mod, sub.id) or "%s.%s" % (mod.name, sub.id))
        elif isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name):
            module = _origin(idx, mod, sub.value.id)
            if module in idx.modules:
                reads.add("%s.%s" % (module, sub.attr))
    return reads


def _origin(idx: TreeIndex, mod: ModuleInfo, name: str) -> Optional[str]:
    """What an imported name of ``mod`` stands for: ``module.NAME`` for ``from module import
    NAME``, the module itself for ``import module`` or ``from package import module``."""
    for binding in mod.bindings_of(name):
        if binding.kind == "importfrom":
            source = absolute_module(mod.name, mod.is_package, binding.module, binding.level)
            if source:
                return "%s.%s" % (source, binding.name)
        elif binding.kind == "import" and binding.module in idx.modules:
            return binding.module
    return None
