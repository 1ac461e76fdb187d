"""Set-up calls: public methods that change a receiver's state before the call under test.

Many objects get their state from methods rather than from their constructor
(``box = Box(); box.add("x")``).  A *mutator* is a public method of the receiver's class whose
body stores into ``self`` (``self.x = ...``, ``self.items.append(...)``, ``self.d[k] = ...``);
mutators storing attributes the changed code reads come first.
"""

from __future__ import annotations

import ast
from typing import Any, List, Optional, Set, Tuple

from pymodel.project import Tree
from pymodel.syntax import FUNCTION_NODES, decorator_names

from .mined import Mined

MUTATING_CALLS = {"append", "extend", "insert", "add", "update", "setdefault", "pop",
                  "remove", "discard", "clear", "appendleft", "push", "put", "__setitem__"}
MAX_SETUPS = 3


def _stores(node: Any) -> Set[str]:
    """Attributes of ``self`` a method body writes or mutates."""
    out: Set[str] = set()

    def self_attr(target: Any) -> Optional[str]:
        while isinstance(target, ast.Subscript):
            target = target.value
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and \
                target.value.id == "self":
            return target.attr
        return None

    for sub in ast.walk(node):
        targets: List[Any] = []
        if isinstance(sub, ast.Assign):
            targets = list(sub.targets)
        elif isinstance(sub, (ast.AugAssign, ast.AnnAssign)):
            targets = [sub.target]
        elif isinstance(sub, ast.Delete):
            targets = list(sub.targets)
        elif isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and \
                sub.func.attr in MUTATING_CALLS:
            targets = [sub.func.value]
        for target in targets:
            name = self_attr(target)
            if name is not None:
                out.add(name)
    return out


def mutators(tree: Tree, class_qual: str, mined: Mined, exclude: Optional[str] = None
             ) -> List[Tuple[str, str, Any]]:
    """(method name, defining class, def node) of up to three mutators, most relevant first."""
    model = tree.class_model(class_qual)
    if model is None:
        return []
    ranked: List[Tuple[int, str, str, Any]] = []
    for name in sorted(model.methods):
        if name.startswith("_") or name == exclude:
            continue
        owner, node = model.methods[name]
        if not isinstance(node, FUNCTION_NODES) or isinstance(node, ast.AsyncFunctionDef):
            continue
        lasts = {d.split(".")[-1] for d in decorator_names(node)}
        if lasts & {"property", "staticmethod", "classmethod", "setter", "deleter",
                    "abstractmethod"}:
            continue
        stores = _stores(node)
        if not stores:
            continue
        score = sum(mined.relevance(attr) for attr in stores) + \
            sum(mined.relevance(attr.lstrip("_")) for attr in stores)
        ranked.append((-score, name, owner, node))
    ranked.sort(key=lambda r: (r[0], r[1]))
    return [(name, owner, node) for _s, name, owner, node in ranked[:MAX_SETUPS]]
