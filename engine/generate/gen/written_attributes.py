"""Attributes a changed line writes: what every test of the change prints at its end.

A changed ``node.type.coord = parent.coord`` stores state that nothing a test prints may show:
the class's ``__repr__`` can leave the attribute out, and a ``__slots__`` class has no
``vars()``.  :func:`watched` finds the public attributes changed lines (either version) assign,
those whose contents they change (``self.symtable.pop(name, None)``, ``del self.cache[key]``),
those a function stores a local in that its changed lines assign (the changed value of
``name = unicodedata.normalize("NFC", name)`` ends up in ``ret.name = name``), and those a
class's constructor stores the arguments in that a changed call of it passes (a changed
``Token(self.type, self.value, end_pos=self.end_pos)`` in ``__deepcopy__`` ends up in
``inst.end_pos = end_pos``); :mod:`gen.attribute_walk` writes the code that prints them.
"""

from __future__ import annotations

import ast
from typing import Any, Dict, List, Optional, Set, Tuple

from pymodel.project import SIDES

MAX_NAMES = 8


def watched(targets_json: Dict[str, Any], trees: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    """``{"names", "packages"}``: the public attributes changed lines assign (through any
    object but the class itself), those a changed local is stored in, and the packages whose
    objects are walked; None if none."""
    lines: Dict[Tuple[str, str], Set[int]] = {}  # (side, module) -> changed lines
    for item in targets_json.get("changed_functions") or []:
        if not isinstance(item, dict) or not isinstance(item.get("changed_lines"), dict):
            continue
        for side in SIDES:
            module = (item.get("modules") or {}).get(side)
            numbers = item["changed_lines"].get(side) or []
            if isinstance(module, str) and numbers:
                lines.setdefault((side, module), set()).update(numbers)
    direct: List[str] = []
    flowed: List[str] = []
    built: List[str] = []
    for (side, module), numbers in sorted(lines.items()):
        loaded = trees[side].load(module)  # each module walked once, whatever it holds
        if loaded is not None:
            stored, flowing = _stored(loaded.tree, numbers)
            direct += stored + _mutated(loaded.tree, numbers)
            flowed += flowing
            built += _constructed(loaded.tree, numbers)
    packages = [module.split(".")[0] for _side, module in lines]
    names = sorted(list(dict.fromkeys(direct + flowed + built))[:MAX_NAMES])
    if not names:
        return None
    return {"names": names, "packages": sorted(set(packages))}


ASSIGNMENTS = (ast.Assign, ast.AugAssign, ast.AnnAssign)


def _stored(tree: ast.AST, numbers: Set[int]) -> Tuple[List[str], List[str]]:
    """The public attributes the changed lines store, then those a function stores a local
    in that its changed lines assign (``name = normalize(name)`` changed, then ``ret.name =
    name`` as before): the changed value ends up there."""
    direct = [attr for node in ast.walk(tree) if isinstance(node, ASSIGNMENTS) and
              node.lineno in numbers for attr in _attributes_set(node)]
    out: List[str] = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        locals_set = {sub.id for node in ast.walk(function) if isinstance(node, ASSIGNMENTS) and
                      node.lineno in numbers for target in _targets(node)
                      for sub in ast.walk(target) if isinstance(sub, ast.Name)}
        if not locals_set:
            continue
        for node in ast.walk(function):
            if isinstance(node, ASSIGNMENTS) and node.value is not None and any(
                    isinstance(sub, ast.Name) and sub.id in locals_set
                    for sub in ast.walk(node.value)):
                out.extend(_attributes_set(node))
    return direct, out


MUTATORS = {"append", "extend", "insert", "remove", "pop", "popitem", "clear", "update",
            "setdefault", "add", "discard", "sort", "reverse", "appendleft", "extendleft",
            "popleft", "move_to_end", "difference_update", "intersection_update"}


def _mutated(tree: ast.AST, numbers: Set[int]) -> List[str]:
    """The public attributes whose contents the changed lines change: an item stored or
    deleted (``obj.table[k] = v``, ``del obj.table[k]``) or a mutating method called
    (``obj.table.pop(k)``); the object's own repr rarely shows such a container."""
    out: List[str] = []
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) not in numbers:
            continue
        held = None
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, (ast.Store, ast.Del)):
            held = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in MUTATORS:
            held = node.func.value
        if isinstance(held, ast.Attribute) and not held.attr.startswith("_") and \
                not _on_class(held.value):
            out.append(held.attr)
    return out


def _constructed(tree: ast.Module, numbers: Set[int]) -> List[str]:
    """The public attributes a module's class stores the arguments in that a changed call of
    it passes (by its name, or in its own methods as ``cls(...)``, ``type(self)(...)``,
    ``self.__class__(...)``): the values the change passes end up there."""
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    out: List[str] = []
    for owner in [None] + list(classes.values()):
        for call in ast.walk(owner if owner is not None else tree):
            if not isinstance(call, ast.Call) or call.lineno not in numbers:
                continue
            if isinstance(call.func, ast.Name) and call.func.id in classes and owner is None:
                out += _stored_arguments(classes[call.func.id], call)
            elif owner is not None and _own_class(call.func):
                out += _stored_arguments(owner, call)
    return out


def _own_class(func: ast.expr) -> bool:
    """``cls``, ``type(self)`` or ``self.__class__``: the class a method belongs to."""
    return isinstance(func, ast.Name) and func.id == "cls" or _on_class(func) or \
        isinstance(func, ast.Attribute) and func.attr == "__class__" and \
        isinstance(func.value, ast.Name) and func.value.id == "self"


def _stored_arguments(cls: ast.ClassDef, call: ast.Call) -> List[str]:
    """The public attributes ``cls``'s ``__new__`` and ``__init__`` store the parameters in
    that ``call`` passes."""
    spread = any(isinstance(a, ast.Starred) for a in call.args) or \
        any(k.arg is None for k in call.keywords)
    out: List[str] = []
    for method in cls.body:
        if not isinstance(method, ast.FunctionDef) or method.name not in ("__new__", "__init__"):
            continue
        params = [a.arg for a in method.args.posonlyargs + method.args.args][1:]
        passed = set(params if spread else params[:len(call.args)]) | \
            {k.arg for k in call.keywords if k.arg}
        for node in ast.walk(method):
            if isinstance(node, ASSIGNMENTS) and node.value is not None and any(
                    isinstance(sub, ast.Name) and sub.id in passed
                    for sub in ast.walk(node.value)):
                out.extend(_attributes_set(node))
    return out


def _targets(node: ast.AST) -> List[ast.expr]:
    return node.targets if isinstance(node, ast.Assign) else [node.target]  # type: ignore


def _attributes_set(node: ast.AST) -> List[str]:
    return [sub.attr for target in _targets(node) for sub in ast.walk(target)
            if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store) and
            not sub.attr.startswith("_") and not _on_class(sub.value)]


def _on_class(value: ast.AST) -> bool:
    """``cls.x = ...`` (or ``type(self).x``) sets class state, which no instance walk shows."""
    return isinstance(value, ast.Name) and value.id == "cls" or \
        isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and \
        value.func.id == "type"
