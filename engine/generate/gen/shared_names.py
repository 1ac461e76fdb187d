"""The import of a target that one version binds under another name too.

A rename that keeps the old name as an alias (``class New: ...`` and ``Old = New``) leaves the
old version without ``New``: a test that imports it shows only that import failing on the old
version, which says nothing of behaviour.  ``from m import Old as New`` runs the same test on the
old class and on the new one.
"""

from __future__ import annotations

import ast
import re
from typing import Optional

from pymodel.project import Tree
from pymodel.resolve import Ref

IMPORT = re.compile(r"from ([\w.]+) import (\w+)\Z")
MAX_HOPS = 3  # ``Old = New`` chains followed


def _denoted(tree: Tree, module: str, name: str) -> Optional[Ref]:
    """The class or function ``module.name`` stands for, through plain aliases."""
    ref = tree.lookup(module, name)
    for _ in range(MAX_HOPS):
        if ref is None or ref.kind != "value" or \
                not isinstance(ref.node, (ast.Name, ast.Attribute)):
            break
        ref = tree.resolve(ref.module or module, ref.node)
    return ref if ref is not None and ref.kind in ("class", "function") else None


def shared_import(line: str, tree: Tree, other: Tree) -> str:
    """``line`` (``from m import New``) as ``from m import Old as New`` when ``other`` lacks
    ``m.New`` but binds ``m.Old``, which this version binds to the same definition."""
    found = IMPORT.match(line)
    if found is None:
        return line
    module, name = found.groups()
    if other.lookup(module, name) is not None:
        return line
    target = _denoted(tree, module, name)
    mod = tree.module(module)
    if target is None or mod is None:
        return line
    for alias in sorted(mod.bindings):
        if alias == name:
            continue
        same = _denoted(tree, module, alias)
        theirs = _denoted(other, module, alias)
        if same is not None and same.name == target.name and theirs is not None and \
                theirs.kind == target.kind:
            return "from %s import %s as %s" % (module, alias, name)
    return line
