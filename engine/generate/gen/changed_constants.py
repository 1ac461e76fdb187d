"""Public module constants whose literal value differs between the versions.

A public name of a public module is part of a library's interface as much as its functions
(``REVERSE_TYPES_MAP['null']``, ``DEFAULT_FORMATS``): callers read it, extend it, pass it on.
When both versions bind it to plain data (a literal: numbers, strings, and lists, tuples, sets
and dicts of them) and the data differ, printing it shows the change even when every function
that reads it is out of reach of generated calls.  Names spelling a version are left out: a
release bumps them without changing behaviour.
"""

from __future__ import annotations

import ast
from typing import Any, Dict, List

from pymodel.project import SIDES, Tree
from pymodel.syntax import is_public_module, is_public_name

_NOT_DATA = object()


def changed_constants(trees: Dict[str, Tree], names: List[str]) -> List[str]:
    """The qualified names among ``names`` (``pkg.mod.NAME``) that are public, bound to
    literal data on both versions and whose data differ."""
    out = []
    for qual in names:
        module, _, name = qual.rpartition(".")
        if not module or not is_public(module, name):
            continue
        texts = [_data_repr(trees.get(side), module, name) for side in SIDES]
        if None not in texts and texts[0] != texts[1]:
            out.append(qual)
    return out


def is_public(module: str, name: str) -> bool:
    """A name without a leading underscore, in a module none of whose parts has one, that
    does not spell a version."""
    return is_public_name(name) and "version" not in name.lower() and is_public_module(module)


def _data_repr(tree: Any, module: str, name: str) -> Any:
    """The repr of the literal data ``module.name`` is bound to, or None."""
    sym = tree.lookup(module, name) if tree is not None else None
    if sym is None or sym.kind != "value" or sym.node is None:
        return None
    value = _literal(sym.node)
    return None if value is _NOT_DATA else repr(value)


def _literal(node: Any) -> Any:
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return _NOT_DATA
