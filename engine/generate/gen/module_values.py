"""Module-level values the mining reads beyond a name's own assignment.

A class attribute (``RE = re.compile(...)`` in a class body) is a changed name as much as a
module constant; a table built by a call and then set item by item (``NAMES = _reversed(...)``,
``NAMES['#a9a9a9'] = 'darkgray'``) changes in its item assignments.
"""

from __future__ import annotations

import ast
from types import SimpleNamespace
from typing import Any, Dict

from pymodel.project import Tree
from pymodel.syntax import subscript_slice


def class_attribute(tree: Tree, owner: str, name: str) -> Any:
    """A class attribute's value as a reference (``RE = re.compile(...)`` in a class body,
    ``owner`` the class), or None."""
    module, _, cls = owner.rpartition(".")
    ref = tree.lookup(module, cls) if module else None
    if ref is None or ref.kind != "class" or not isinstance(ref.node, ast.ClassDef):
        return None
    for node in ref.node.body:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) and node.value is not None else []
        if any(isinstance(t, ast.Name) and t.id == name for t in targets):
            return SimpleNamespace(kind="value", node=node.value, module=ref.module or module)
    return None


def item_assignments(tree: Tree, module: str, name: str, miner: Any
                     ) -> Dict[Any, str]:
    """``NAME[key] = value`` statements at the top level of ``module``: each constant key with
    its value's source form."""
    found = tree.module(module)
    out: Dict[Any, str] = {}
    for node in getattr(getattr(found, "tree", None), "body", []):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) and \
                    target.value.id == name:
                ok, key = miner.const(subscript_slice(target))
                if ok and isinstance(key, (str, bytes, int)) and not isinstance(key, bool):
                    out[key] = ast.dump(node.value)
    return out
