"""Whether a package class is abstract: a base that leaves part of its work to subclasses.

Such a class is written to be subclassed: its own object stops at a hook (``raise
NotImplementedError``, an ``@abstractmethod``) or cannot even be built (an ``ABC`` with abstract
methods).  A method it defines and its concrete subclasses inherit is entered through those
subclasses first (``targets._access_classes``): on the base, every call ends at the hook before
the method's changed lines run.
"""

from __future__ import annotations

import ast
from typing import Any, Set

from .index import TreeIndex

ABSTRACT_DECORATORS = {"abstractmethod", "abc.abstractmethod", "abstractproperty",
                       "abc.abstractproperty"}


def is_abstract(idx: TreeIndex, cls_qual: str) -> bool:
    """A method the class resolves through its package MRO is a hook: abstract, or a body that
    only raises NotImplementedError."""
    cls = idx.classes.get(cls_qual)
    if cls is None:
        return False
    seen: Set[str] = set()
    for owner_qual in cls.mro or [cls_qual]:
        owner = idx.classes.get(owner_qual)
        for name, qual in sorted(owner.methods.items()) if owner is not None else ():
            if name in seen:
                continue
            seen.add(name)
            func = idx.functions.get(qual)
            if func is not None and (ABSTRACT_DECORATORS & set(func.decorators) or
                                     _only_raises_not_implemented(func.node)):
                return True
    return False


def _only_raises_not_implemented(node: Any) -> bool:
    body = list(getattr(node, "body", None) or [])
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and \
            isinstance(body[0].value.value, str):
        body = body[1:]  # the docstring
    if len(body) != 1 or not isinstance(body[0], ast.Raise) or body[0].exc is None:
        return False
    raised = body[0].exc.func if isinstance(body[0].exc, ast.Call) else body[0].exc
    return isinstance(raised, ast.Name) and raised.id == "NotImplementedError"
