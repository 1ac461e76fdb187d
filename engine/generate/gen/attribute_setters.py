"""The constructor parameters that set the attributes a changed condition reads of an object.

``if getattr(key, "_error", None) is not None:`` decides on an attribute that a project class
stores from its constructor (``self._error = error``).  The project's tests build such objects
(``And(str)`` as a schema's key) but leave the parameter at its default, so the condition never
holds for them.  For :mod:`gen.rules.flag_settings`, each such class of the target's module
gives its constructor's signature, under the name a test calls it by, and the parameter a value
to set it to: what the changed lines compare the attribute with, else a text naming it and
True (an option most often holds a message or a switch).
"""

from __future__ import annotations

import ast
from typing import Any, Dict, List, Sequence, Tuple

from pymodel.project import Tree

Signature = List[Tuple[str, str]]  # (parameter, kind) in order, without self
MAX_CLASSES = 8


def attribute_setters(trees: Sequence[Tree], qual: str, attributes: Sequence[str],
                      flags: Dict[str, List[Any]]
                      ) -> Tuple[Dict[str, Signature], Dict[str, List[Any]]]:
    """(signatures by class name, values by parameter) for the classes of the target's module
    whose constructor stores a parameter in one of ``attributes``."""
    signatures: Dict[str, Signature] = {}
    values: Dict[str, List[Any]] = {}
    if not attributes:
        return signatures, values
    for tree in trees:
        split = tree.split(qual)
        module = tree.load(split[0]) if split else None
        if module is None:
            continue
        for node in module.tree.body:
            if not isinstance(node, ast.ClassDef) or node.name in signatures or \
                    len(signatures) >= MAX_CLASSES:
                continue
            stored = _stored(node, attributes)
            model = tree.class_model(split[0] + "." + node.name) if stored else None
            if model is None or model.ctor is None or model.is_exception:
                continue
            params = [(p.name, p.kind) for p in model.ctor]
            if not any(name in stored.values() for name, _kind in params):
                continue
            signatures[node.name] = params
            for attribute, param in stored.items():
                values.setdefault(param, _values(attribute, param, flags))
    return signatures, values


def _stored(cls: ast.ClassDef, attributes: Sequence[str]) -> Dict[str, str]:
    """attribute -> the ``__init__`` parameter assigned to ``self.<attribute>``."""
    init = next((s for s in cls.body if isinstance(s, ast.FunctionDef) and
                 s.name == "__init__"), None)
    if init is None:
        return {}
    params = {a.arg for a in init.args.args[1:] + init.args.kwonlyargs}
    out: Dict[str, str] = {}
    for stmt in ast.walk(init):
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and \
                isinstance(stmt.value, ast.Name) and stmt.value.id in params:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                        and target.value.id == "self" and target.attr in attributes:
                    out.setdefault(target.attr, stmt.value.id)
    return out


def _values(attribute: str, param: str, flags: Dict[str, List[Any]]) -> List[Any]:
    compared = flags.get(attribute) or flags.get(attribute.lstrip("_")) or []
    return compared or ["custom " + param.replace("_", " "), True]
