"""Project objects built in steps: the constructor, then one mutator call with a value.

A class whose constructor takes nothing and whose data arrives through a mutator (``buf +=
data``, ``parser.feed(text)``, ``stack.push(item)``) is only ever empty when it is built from its
constructor alone, so code that reads it meets nothing but the empty case.  ``filled`` values
build such an object and hand it one value through its mutator first.  The helper is written
into the snippet, so the test stays ordinary Python.
"""

from __future__ import annotations

import ast
from typing import Any, List, Tuple

from pymodel.params import Param, params_of

# Methods that add data to the object they are called on, in the order they are tried.
MUTATORS = ("__iadd__", "feed", "write", "append", "extend", "add", "update", "push", "put")

FILLED = '''def filled(obj, method, *values):
    # an object built in steps: its constructor, then one mutator call per value
    for value in values:
        getattr(obj, method)(value)
    return obj'''


def mutators(model: Any) -> List[Tuple[str, Param]]:
    """(method name, its one required parameter) for each mutator the class has."""
    out: List[Tuple[str, Param]] = []
    for name in MUTATORS:
        found = model.methods.get(name)
        node = found[1] if found else None
        if not isinstance(node, ast.FunctionDef):
            continue
        params = params_of(node, model.module, True, found[0])
        required = [p for p in params if p.required]
        if len(required) == 1 and required[0].kind in ("positional_only",
                                                       "positional_or_keyword"):
            out.append((name, required[0]))
    return out
