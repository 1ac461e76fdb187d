"""Types of unannotated parameters, guessed from how the function body uses them.

``p.split(...)`` → str, ``p.decode()`` → bytes, ``p.append(...)`` → list, ``p.items()`` → dict,
``p + 1`` / ``range(p)`` → int, ``for x in p`` / ``len(p)`` → a sequence, ``p(...)`` → a
callable (so does ``callable(p)``, ``inspect.isgeneratorfunction(p)``, ``partial(p)``),
``isinstance(p, T)`` → T, ``vars(p)``, ``issubclass(p, T)``, ``p.__name__``, ``p.__mro__`` → a
class (``type``), and ``p.attr`` where a project class (the method's own class first) has an
attribute or method ``attr`` → an instance of that class.  Best effort and cheap:
one walk over the function body.
"""

from __future__ import annotations

import ast
import os
from typing import Any, Dict, List, Optional, Set

from pymodel.project import Tree
from pymodel.syntax import FUNCTION_NODES, dotted

STR_METHODS = {"split", "rsplit", "strip", "lstrip", "rstrip", "lower", "upper", "startswith",
               "endswith", "replace", "splitlines", "casefold", "title", "capitalize",
               "isdigit", "isalpha", "isalnum", "isspace", "encode", "format", "zfill",
               "partition", "rpartition", "expandtabs", "removeprefix", "removesuffix"}
BYTES_METHODS = {"decode", "hex"}
LIST_METHODS = {"append", "extend", "insert", "sort", "reverse", "remove"}
DICT_METHODS = {"items", "keys", "values", "get", "setdefault", "update", "popitem"}
SET_METHODS = {"add", "discard", "union", "intersection", "difference", "issubset",
               "issuperset"}
# functions whose first argument is a callable (inspect's, functools')
INSPECTS_CALLABLES = {"isfunction", "ismethod", "isgeneratorfunction", "iscoroutinefunction",
                      "isasyncgenfunction", "isbuiltin", "isroutine", "signature",
                      "getfullargspec", "partial", "wraps", "update_wrapper"}
# what only a class has, and functions whose first argument is a class
CLASS_ATTRIBUTES = {"__dict__", "__name__", "__qualname__", "__mro__", "__bases__",
                    "__subclasses__", "mro", "__annotations__", "__slots__"}
INSPECTS_CLASSES = {"vars", "issubclass", "isclass", "getmembers", "get_type_hints",
                    "getmro", "fields", "is_dataclass"}


def class_attributes(tree: Tree, qual: str) -> Set[str]:
    """Attribute and method names of a project class (``self.x = ...`` in any method too)."""
    model = tree.class_model(qual)
    if model is None:
        return set()
    names = set(model.methods)
    for owner in model.lineage:
        sym = tree.class_sym(owner)
        if sym is None:
            continue
        for node in ast.walk(sym.node):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and \
                    isinstance(node.value, ast.Name) and node.value.id == "self":
                names.add(node.attr)
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names.add(node.target.id)
    return names


def guess(func: Any, name: str, tree: Tree, module: str, own_class: Optional[str]
          ) -> List[str]:
    """Type guesses for parameter ``name`` of ``func``: ``str``, ``bytes``, ``int``, ``list``,
    ``dict``, ``set``, ``seq``, ``callable``, ``builtin:T`` or ``class:QUALNAME``; strongest
    first."""
    if not isinstance(func, FUNCTION_NODES + (ast.Lambda,)):
        return []
    votes: Dict[str, int] = {}
    attrs: Set[str] = set()

    def vote(kind: str, weight: int = 1) -> None:
        votes[kind] = votes.get(kind, 0) + weight

    def is_param(node: Any) -> bool:
        return isinstance(node, ast.Name) and node.id == name

    body = func.body if isinstance(func.body, list) else [func.body]
    for stmt in body:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Attribute) and is_param(node.value):
                if node.attr in CLASS_ATTRIBUTES:
                    vote("type", 3)
                elif node.attr in STR_METHODS:
                    vote("str", 3)
                elif node.attr in BYTES_METHODS:
                    vote("bytes", 3)
                elif node.attr in LIST_METHODS:
                    vote("list", 3)
                elif node.attr in DICT_METHODS:
                    vote("dict", 3)
                elif node.attr in SET_METHODS:
                    vote("set", 3)
                else:
                    attrs.add(node.attr)
            elif isinstance(node, ast.Call):
                fname = dotted(node.func) or ""
                if is_param(node.func):
                    vote("callable", 3)
                if fname == "isinstance" and len(node.args) == 2 and is_param(node.args[0]):
                    types = node.args[1].elts if isinstance(node.args[1], ast.Tuple) \
                        else [node.args[1]]
                    for t in types[:1]:
                        tname = dotted(t)
                        if tname:
                            vote("builtin:" + tname, 4)
                elif node.args and is_param(node.args[0]):
                    if fname in ("len", "sorted", "reversed", "enumerate", "sum", "min", "max",
                                 "any", "all", "list", "tuple", "set", "zip"):
                        vote("seq", 1)
                    elif fname in ("range", "chr", "bin", "hex", "oct"):
                        vote("int", 3)
                    elif fname == "ord":
                        vote("str", 2)
                    elif fname in ("open", "os.path.join", "os.path.exists", "Path"):
                        vote("path", 2)
                    elif fname == "callable" or fname.split(".")[-1] in INSPECTS_CALLABLES:
                        vote("callable", 3)
                    elif fname.split(".")[-1] in INSPECTS_CLASSES:
                        vote("type", 3)
            elif isinstance(node, (ast.For, ast.comprehension)) and is_param(node.iter):
                vote("seq", 2)
            elif isinstance(node, ast.BinOp) and (is_param(node.left) or is_param(node.right)):
                other = node.right if is_param(node.left) else node.left
                if isinstance(other, ast.Constant):
                    if isinstance(other.value, str):
                        vote("str", 2)
                    elif isinstance(other.value, (int, float)) and \
                            not isinstance(other.value, bool):
                        if isinstance(node.op, ast.Mod) and is_param(node.right):
                            continue
                        vote("int", 2)
            elif isinstance(node, ast.AugAssign) and is_param(node.target) and \
                    isinstance(node.value, ast.Constant) and \
                    isinstance(node.value.value, (int, float)):
                vote("int", 2)
            elif isinstance(node, ast.AugAssign) and is_param(node.value):
                kind = accumulator_kind(tree, own_class, node.target)
                if kind:
                    vote(kind, 3)
            elif isinstance(node, ast.Subscript) and is_param(node.value):
                vote("seq", 1)
    if attrs:
        owner = _class_with(tree, module, own_class, attrs)
        if owner is not None:
            vote("class:" + owner, 3 + len(attrs))
    return [k for k, _v in sorted(votes.items(), key=lambda kv: (-kv[1], kv[0]))]


ITERATING = ("enumerate", "reversed", "sorted", "iter", "list", "tuple")


def element_names(func: Any, name: str) -> List[str]:
    """The names the body gives the items of parameter ``name``: loop variables over it
    (``for x in p``, ``for i, x in enumerate(p)``, comprehensions) and names assigned one
    item (``x = p[i]``)."""
    if not isinstance(func, FUNCTION_NODES + (ast.Lambda,)):
        return []
    out: List[str] = []
    body = func.body if isinstance(func.body, list) else [func.body]
    for node in (n for stmt in body for n in ast.walk(stmt)):
        if isinstance(node, (ast.For, ast.comprehension)):
            source, target = node.iter, node.target
            if isinstance(source, ast.Call) and dotted(source.func) in ITERATING and \
                    source.args:
                if dotted(source.func) == "enumerate" and isinstance(target, ast.Tuple) and \
                        len(target.elts) == 2:
                    target = target.elts[1]
                source = source.args[0]
            if isinstance(source, ast.Name) and source.id == name and \
                    isinstance(target, ast.Name):
                out.append(target.id)
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Subscript) and \
                isinstance(node.value.value, ast.Name) and node.value.value.id == name and \
                not isinstance(node.value.slice, ast.Slice):
            out += [t.id for t in node.targets if isinstance(t, ast.Name)]
    return list(dict.fromkeys(out))


ACCUMULATORS = {"bytearray": "bytes", "bytes": "bytes", "str": "str", "list": "list"}


def accumulator_kind(tree: Tree, own_class: Optional[str], target: Any) -> Optional[str]:
    """What ``self.attr += p`` adds to, from what the class's ``__init__`` starts it as
    (``self._data = bytearray()``): the parameter is of the same kind."""
    if not own_class or not isinstance(target, ast.Attribute) or dotted(target.value) != "self":
        return None
    model = tree.class_model(own_class)
    found = model.methods.get("__init__") if model is not None else None
    for node in ast.walk(found[1]) if found else []:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Attribute) and t.attr == target.attr and
                dotted(t.value) == "self" for t in node.targets):
            value = node.value
            if isinstance(value, ast.Constant) and isinstance(value.value, (bytes, str)):
                return "bytes" if isinstance(value.value, bytes) else "str"
            if isinstance(value, ast.List):
                return "list"
            if isinstance(value, ast.Call):
                return ACCUMULATORS.get(dotted(value.func) or "")
    return None


def _class_with(tree: Tree, module: str, own_class: Optional[str], attrs: Set[str]
                ) -> Optional[str]:
    """A project class having all of ``attrs``: the method's own class first, then the
    classes of the function's module, then those of the other modules of its package (duck
    typing: a reader takes the package's buffer class without importing it)."""
    candidates: List[str] = []
    if own_class:
        candidates.append(own_class)
    for name in [module] + _sibling_modules(tree, module):
        mod = tree.load(name)
        if mod is not None:
            candidates.extend(name + "." + b for b in sorted(mod.bindings)
                              if mod.bindings[b].kind == "class")
    for qual in candidates:
        if attrs <= class_attributes(tree, qual):
            return qual
    return None


def _sibling_modules(tree: Tree, module: str, limit: int = 60) -> List[str]:
    """The other modules of ``module``'s package (files beside it), by name."""
    package = module.rpartition(".")[0]
    found = tree.module_file(package) if package else None
    if not found or not found[1]:
        return []
    folder = os.path.dirname(found[0])
    try:
        files = sorted(os.listdir(folder))
    except OSError:
        return []
    names = [package + "." + f[:-3] for f in files
             if f.endswith(".py") and f != "__init__.py" and f[:-3].isidentifier()]
    return [n for n in names if n != module][:limit]
