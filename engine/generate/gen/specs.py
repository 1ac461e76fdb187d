"""Type hints → *specs*: small tuples describing what a parameter accepts.

``("int",)``, ``("str",)``, ``("decimal",)`` ... (primitives), ``("any",)``, ``("none",)``,
``("seq", "list" | "tuple" | "set" | "frozenset" | "iterator", ELEM)``, ``("tuple", [ELEMS])``,
``("dict", KEY, VALUE)``, ``("union", [MEMBERS])``, ``("literal", [VALUES], module)``,
``("callable", NARGS, RETURN)``, ``("class", QUALNAME)``, ``("type", SPEC)`` and
``("unknown", NAME)``.  Names resolve through the tree: type aliases (``Number = Union[int,
Decimal]``), ``NewType``, ``TypeVar`` bounds, forward references in strings, ``typing`` and
``collections.abc`` generics, PEP 604 unions.
"""

from __future__ import annotations

import ast
from typing import Any, Dict, List, Tuple

from pymodel.project import Tree
from pymodel.syntax import dotted, parse_annotation, subscript_slice

from .pools import EXTERNAL_KINDS

Spec = Tuple[Any, ...]
ANY: Spec = ("any",)
NONE: Spec = ("none",)
PRIMS = {"int", "float", "str", "bytes", "bool", "none", "decimal", "fraction", "date",
         "datetime", "time", "timedelta", "complex", "path", "number"}
BUILTIN_SPECS: Dict[str, Spec] = {
    "int": ("int",), "float": ("float",), "str": ("str",), "bytes": ("bytes",),
    "bytearray": ("bytes",), "bool": ("bool",), "complex": ("complex",), "object": ANY,
    "list": ("seq", "list", ANY), "tuple": ("seq", "tuple", ANY), "set": ("seq", "set", ANY),
    "frozenset": ("seq", "frozenset", ANY), "dict": ("dict", ANY, ANY), "type": ("type", ANY),
}
SEQ_NAMES = {"List": "list", "list": "list", "Sequence": "list", "MutableSequence": "list",
             "Collection": "list", "Iterable": "list", "Reversible": "list", "Container": "list",
             "Deque": "list", "deque": "list", "Set": "set", "set": "set", "MutableSet": "set",
             "AbstractSet": "set", "FrozenSet": "frozenset", "frozenset": "frozenset",
             "Iterator": "iterator", "Generator": "iterator", "AsyncIterator": "iterator",
             "KeysView": "list", "ValuesView": "list"}
DICT_NAMES = {"Dict", "dict", "Mapping", "MutableMapping", "DefaultDict", "defaultdict",
              "OrderedDict", "Counter", "ChainMap", "ItemsView"}
WRAPPERS = {"Annotated", "Final", "ClassVar", "Required", "NotRequired", "ReadOnly", "InitVar"}
TYPING_MODULES = ("typing", "typing_extensions", "collections.abc", "collections", "builtins")
SIMPLE_TYPING = {"Any": ANY, "Text": ("str",), "AnyStr": ("str",), "Hashable": ANY,
                 "Sized": ("seq", "list", ANY), "SupportsInt": ("int",),
                 "SupportsFloat": ("float",), "SupportsIndex": ("int",), "NoReturn": NONE,
                 "Never": NONE, "Callable": ("callable", -1, ANY), "LiteralString": ("str",),
                 "ByteString": ("bytes",), "Pattern": ANY, "Match": ANY}


class SpecResolver:
    """Annotation → spec for one tree."""

    def __init__(self, tree: Tree) -> None:
        self.tree = tree

    def spec(self, node: Any, module: str, depth: int = 0) -> Spec:
        if node is None or depth > 10:
            return ANY
        if isinstance(node, ast.Constant):
            if node.value is None:
                return NONE
            if isinstance(node.value, str):
                parsed = parse_annotation(node.value)
                return ANY if parsed is None else self.spec(parsed, module, depth + 1)
            return ANY
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            return _union([self.spec(node.left, module, depth + 1),
                           self.spec(node.right, module, depth + 1)])
        if isinstance(node, (ast.Name, ast.Attribute)):
            return self._named(node, module, depth)
        if isinstance(node, ast.Subscript):
            return self._subscript(node, module, depth)
        return ANY

    def _base_name(self, node: Any, module: str) -> Tuple[str, Any]:
        """(short typing-ish name, resolved symbol) of a Name/Attribute."""
        sym = self.tree.resolve(module, node)
        text = dotted(node) or ""
        if sym is None:
            return text.split(".")[-1], None
        if sym.kind in ("external", "builtin"):
            full = sym.name
            for prefix in TYPING_MODULES:
                if full.startswith(prefix + ".") and full.count(".") == prefix.count(".") + 1:
                    return full.split(".")[-1], sym
            if sym.kind == "builtin":
                return full, sym
            return full, sym
        return text.split(".")[-1], sym

    def _named(self, node: Any, module: str, depth: int) -> Spec:
        short, sym = self._base_name(node, module)
        if sym is not None and sym.kind == "class":
            return ("class", sym.name)
        if sym is not None and sym.kind == "value":
            value = sym.node
            if isinstance(value, ast.Call):
                fname = (dotted(value.func) or "").split(".")[-1]
                if fname == "NewType" and len(value.args) == 2:
                    return self.spec(value.args[1], sym.module, depth + 1)
                if fname == "TypeVar":
                    for kw in value.keywords:
                        if kw.arg == "bound":
                            return self.spec(kw.value, sym.module, depth + 1)
                    if len(value.args) > 1:
                        return _union([self.spec(a, sym.module, depth + 1)
                                       for a in value.args[1:]])
                    return ANY
                return ANY
            return self.spec(value, sym.module, depth + 1)
        if sym is not None and sym.kind == "external" and short in EXTERNAL_KINDS:
            kind = EXTERNAL_KINDS[short]
            return _union([("int",), ("float",), ("decimal",)]) if kind == "number" else (kind,)
        if short in BUILTIN_SPECS and (sym is None or sym.kind in ("builtin", "external")):
            return BUILTIN_SPECS[short]
        if short in SIMPLE_TYPING:
            return SIMPLE_TYPING[short]
        if short in SEQ_NAMES:
            return ("seq", SEQ_NAMES[short], ANY)
        if short in DICT_NAMES:
            return ("dict", ANY, ANY)
        if short == "None":
            return NONE
        if short in EXTERNAL_KINDS:
            kind = EXTERNAL_KINDS[short]
            return (kind,) if kind != "number" else _union([("int",), ("float",)])
        for full, kind in EXTERNAL_KINDS.items():
            if full.split(".")[-1] == short and kind != "number":
                return (kind,)
        return ("unknown", short)

    def _subscript(self, node: ast.Subscript, module: str, depth: int) -> Spec:
        short, sym = self._base_name(node.value, module)
        inner = subscript_slice(node)
        args = list(inner.elts) if isinstance(inner, ast.Tuple) else [inner]
        sub = [self.spec(a, module, depth + 1) for a in args]
        if sym is not None and sym.kind == "class":
            return ("class", sym.name)
        if short == "Optional":
            return _union([sub[0], NONE])
        if short == "Union":
            return _union(sub)
        if short in WRAPPERS:
            return sub[0]
        if short == "Literal":
            values = []
            for a in args:
                if isinstance(a, ast.Constant):
                    values.append(a.value)
                elif isinstance(a, ast.Attribute):  # Literal[Color.RED]
                    values.append(("expr", a))
            return ("literal", values, module)
        if short in ("Tuple", "tuple"):
            if len(args) == 2 and isinstance(args[1], ast.Constant) and args[1].value is ...:
                return ("seq", "tuple", sub[0])
            if len(args) == 1 and isinstance(args[0], ast.Tuple) and not args[0].elts:
                return ("tuple", [])
            return ("tuple", sub)
        if short in SEQ_NAMES:
            return ("seq", SEQ_NAMES[short], sub[0])
        if short in DICT_NAMES:
            if short == "Counter":
                return ("dict", sub[0], ("int",))
            return ("dict", sub[0], sub[1] if len(sub) > 1 else ANY)
        if short in ("Type", "type"):
            return ("type", sub[0])
        if short == "Callable":
            nargs = -1
            ret = sub[-1] if len(sub) > 1 else ANY
            if args and isinstance(args[0], ast.List):
                nargs = len(args[0].elts)
            return ("callable", nargs, ret)
        return self._named(node.value, module, depth)

    # -- parameters --------------------------------------------------------------------------

def _union(specs: List[Spec]) -> Spec:
    flat: List[Spec] = []
    for s in specs:
        for m in (s[1] if s[0] == "union" else [s]):
            if m not in flat:
                flat.append(m)
    if len(flat) == 1:
        return flat[0]
    if ANY in flat:
        flat = [m for m in flat if m != ANY] + [ANY]
    return ("union", flat)


def _flatten(spec: Spec) -> List[Spec]:
    return list(spec[1]) if spec[0] == "union" else [spec]


def _has_none(spec: Spec) -> bool:
    return any(s[0] == "none" for s in _flatten(spec)) or spec[0] == "any"


def _spec_of_python(value: Any) -> Spec:
    if isinstance(value, bool):
        return ("bool",)
    if isinstance(value, int):
        return ("int",)
    if isinstance(value, float):
        return ("float",)
    if isinstance(value, str):
        return ("str",)
    if isinstance(value, bytes):
        return ("bytes",)
    return ANY
