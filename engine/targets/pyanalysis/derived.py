"""Module-level names computed from changed ones.

``_ENTRY = re.compile(r"(\\w+) at " + _TIME)`` changes when ``_TIME`` does, although its own line
is untouched: the functions reading ``_ENTRY`` see the change.  Within each module holding a
changed name, a module-level assignment whose value reads a changed (or already derived) name of
its module makes the names it binds derived from it, to a fixpoint.
"""

from __future__ import annotations

import ast
from typing import Dict, Iterator, Set, Tuple

from .index import TreeIndex

MAX_PASSES = 8  # chains of derived names longer than this are not followed


def derived_names(idx: TreeIndex, changed: Set[str]) -> Dict[str, Set[str]]:
    """Each derived name and the changed names it is computed from."""
    derived: Dict[str, Set[str]] = {}
    assignments = list(_assignments(idx, {name.rpartition(".")[0] for name in changed}))
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


def _assignments(idx: TreeIndex, modules: Set[str]) -> Iterator[Tuple[Set[str], Set[str]]]:
    """(names bound, same-module names read) of each module-level assignment of ``modules``."""
    for name in sorted(modules):
        mod = idx.modules.get(name)
        if mod is None or mod.tree is None:
            continue
        nodes = {node.lineno: node for node in mod.tree.body
                 if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign))}
        for stmt in mod.statements:
            node = nodes.get(stmt.start)
            if stmt.kind != "assign" or stmt.scope != name or node is None or node.value is None:
                continue
            reads = {"%s.%s" % (name, sub.id) for sub in ast.walk(node.value)
                     if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load)}
            yield set(stmt.binds), reads
