"""Attributes a changed line writes: what every test of the change prints at its end.

A changed ``node.type.coord = parent.coord`` stores state that nothing a test prints may show:
the class's ``__repr__`` can leave the attribute out, and a ``__slots__`` class has no
``vars()``.  :func:`watched` finds the public attributes changed lines (either version) assign;
:mod:`gen.attribute_walk` writes the code that prints them.
"""

from __future__ import annotations

import ast
from typing import Any, Dict, List, Optional, Set, Tuple

MAX_NAMES = 8


def watched(targets_json: Dict[str, Any], trees: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    """``{"names", "packages"}``: the public attributes changed lines assign (through any
    object but the class itself) and the packages whose objects are walked; None if none."""
    lines: Dict[Tuple[str, str], Set[int]] = {}  # (side, module) -> changed lines
    for item in targets_json.get("changed_functions") or []:
        if not isinstance(item, dict) or not isinstance(item.get("changed_lines"), dict):
            continue
        for side in ("old", "new"):
            module = (item.get("modules") or {}).get(side)
            numbers = item["changed_lines"].get(side) or []
            if isinstance(module, str) and numbers:
                lines.setdefault((side, module), set()).update(numbers)
    names: List[str] = []
    for (side, module), numbers in sorted(lines.items()):
        loaded = trees[side].load(module)  # each module walked once, whatever it holds
        if loaded is not None:
            names.extend(_stored(loaded.tree, numbers))
    packages = [module.split(".")[0] for _side, module in lines]
    names = sorted(set(names))[:MAX_NAMES]
    if not names:
        return None
    return {"names": names, "packages": sorted(set(packages))}


def _stored(tree: ast.AST, numbers: Set[int]) -> List[str]:
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            continue
        if node.lineno not in numbers:
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in targets:
            for sub in ast.walk(target):
                if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store) and \
                        not sub.attr.startswith("_") and not _on_class(sub.value):
                    out.append(sub.attr)
    return out


def _on_class(value: ast.AST) -> bool:
    """``cls.x = ...`` (or ``type(self).x``) sets class state, which no instance walk shows."""
    return isinstance(value, ast.Name) and value.id == "cls" or \
        isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and \
        value.func.id == "type"
