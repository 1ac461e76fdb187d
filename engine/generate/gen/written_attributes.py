"""Attributes a changed line writes, printed after every test of the change.

A changed ``node.type.coord = parent.coord`` stores state that nothing a test prints may show:
the class's ``__repr__`` can leave the attribute out, and a ``__slots__`` class has no
``vars()``.  When changed lines (either version) assign public attributes, every candidate ends
with a small, plain-Python walk over the objects the test made (breadth first, through public
attributes, lists, tuples and dicts, into the project's own classes only) that prints each
such attribute it finds with its path: ``[('tree.ext[0].type.coord', ':1:23')]``.  The walk
reads instance dicts and slots only, never properties, and is bounded (objects, findings).
"""

from __future__ import annotations

import ast
from typing import Any, Dict, List, Optional

MAX_NAMES = 8

WALK = '''
# the attributes the change writes, on the objects this test made
def _changed_attributes(roots, names=%(names)r, packages=%(packages)r):
    found, seen, queue = [], set(), list(roots)
    while queue and len(seen) < 400 and len(found) < 40:
        path, obj = queue.pop(0)
        if isinstance(obj, (str, bytes, int, float)) or id(obj) in seen:
            continue
        seen.add(id(obj))
        try:
            queue.extend(_parts(path, obj, names, packages, found))
        except Exception:  # the walk never ends a test
            continue
    return found


def _parts(path, obj, names, packages, found):
    if isinstance(obj, (list, tuple)):
        return [('%%s[%%d]' %% (path, i), v) for i, v in enumerate(obj[:50])]
    if isinstance(obj, dict):
        return [('%%s[%%r]' %% (path, k), v) for k, v in list(obj.items())[:50]
                if isinstance(k, (str, int))]
    if str(type(obj).__module__).split('.')[0] not in packages:
        return []
    state = dict(getattr(obj, '__dict__', None) or {})
    for cls in type(obj).__mro__:
        slots = cls.__dict__.get('__slots__', ())
        for slot in [slots] if isinstance(slots, str) else slots:
            if not slot.startswith('_') and slot not in state and hasattr(obj, slot):
                state[slot] = getattr(obj, slot)
    for name in (n for n in names if n in state):
        try:
            shown = repr(state[name])
        except Exception as error:  # a raising repr is shown by its exception's name
            shown = '<%%s>' %% type(error).__name__
        found.append(('%%s.%%s' %% (path, name), shown))
    return [('%%s.%%s' %% (path, k), v) for k, v in state.items() if not k.startswith('_')]


print(_changed_attributes([(k, v) for k, v in list(globals().items()) if k[0] != '_']))
'''


def watched(targets_json: Dict[str, Any], trees: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    """``{"names", "packages"}``: the public attributes changed lines assign (through any
    object but the class itself) and the packages whose objects are walked; None if none."""
    names: List[str] = []
    packages: List[str] = []
    for item in targets_json.get("changed_functions") or []:
        if not isinstance(item, dict):
            continue
        lines = item.get("changed_lines") or {}
        for side in ("old", "new"):
            module = (item.get("modules") or {}).get(side)
            numbers = set(lines.get(side) or []) if isinstance(lines, dict) else set()
            if not isinstance(module, str) or not numbers:
                continue
            packages.append(module.split(".")[0])
            loaded = trees[side].load(module)
            if loaded is not None:
                names.extend(_stored(loaded.tree, numbers))
    names = sorted(set(names))[:MAX_NAMES]
    if not names:
        return None
    return {"names": names, "packages": sorted(set(packages))}


def _stored(tree: ast.AST, numbers: set) -> List[str]:
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


def epilogue(watch: Any) -> str:
    """The walk printed at a test's end, or '' without a well-formed watch."""
    if not isinstance(watch, dict):
        return ""
    names = [n for n in watch.get("names") or [] if isinstance(n, str) and n.isidentifier()]
    packages = [p for p in watch.get("packages") or [] if isinstance(p, str) and
                p.isidentifier()]
    if not names or not packages:
        return ""
    return WALK % {"names": tuple(names), "packages": tuple(packages)}


def with_epilogues(candidates: List[Dict[str, Any]], watch: Any) -> List[Dict[str, Any]]:
    """The candidates, each with the watch in its genome and the walk at its code's end
    (command lines and relation checks keep their own output)."""
    if not isinstance(watch, dict):
        return candidates
    for candidate in candidates:
        genome = candidate.get("genome")
        if not isinstance(genome, dict) or genome.get("relation") is not None or \
                genome.get("strategy") == "command_line":
            continue
        genome["watch"] = watch
        candidate["code"] = candidate["code"].rstrip("\n") + "\n" + epilogue(watch)
    return candidates
