"""Shapes of parameters from how a function and its callees use them.

A *shape* records what the code does with a value: iterates it (and what it does with each
element), indexes it with integer or string constants, unpacks it (``for name, qty in rows``),
calls dict, list, str or number methods on it, reads attributes from it (``getattr(p, "a")``
too), unwraps it (``p = getattr(p, "a", p)``: a wrapper whose ``a`` holds what the code then
treats as ``p``), compares it with constants, or passes it on to a project function (whose
parameter's shape is merged in, two calls deep).  ``values`` (in :mod:`gen.rules.shapes`)
builds values of that shape: a list of ``(str, int)`` pairs, a dict with the keys the code
reads, an object with the attributes it reads.  One walk per function, best effort, never
executing anything.
"""

from __future__ import annotations

import ast
from typing import Any, Dict, List, Optional, Set, Tuple, Union

from pymodel.project import Tree
from pymodel.syntax import FUNCTION_NODES, dotted, subscript_slice

STR_METHODS = {"split", "rsplit", "strip", "lstrip", "rstrip", "lower", "upper", "startswith",
               "endswith", "replace", "splitlines", "casefold", "title", "capitalize",
               "isdigit", "isalpha", "isalnum", "isspace", "encode", "format", "zfill",
               "partition", "rpartition", "removeprefix", "removesuffix", "find", "rfind"}
LIST_METHODS = {"append", "extend", "insert", "sort", "reverse", "remove", "index", "count"}
MAP_METHODS = {"items", "keys", "values", "get", "setdefault", "update", "popitem", "copy"}
SEQ_FUNCTIONS = {"len", "sorted", "reversed", "list", "tuple", "set", "frozenset", "min", "max",
                 "any", "all", "enumerate", "iter", "next"}
TYPE_NAMES = {"str": "str", "int": "number", "float": "number", "bytes": "bytes",
              "list": "seq", "tuple": "seq", "dict": "map", "set": "seq", "bool": "bool"}
MAX_DEPTH = 2


class Shape:
    """What the code does with one value (and, recursively, with its parts)."""

    def __init__(self) -> None:
        self.votes: Dict[str, int] = {}
        self.element: Optional["Shape"] = None  # of an iterated value
        self.items: Dict[int, "Shape"] = {}  # indexed or unpacked by position
        self.keys: Dict[str, "Shape"] = {}  # indexed with string constants
        self.key: Optional["Shape"] = None  # of a mapping iterated with .items()/.keys()
        self.value: Optional["Shape"] = None  # of a mapping's .items()/.values()
        self.attrs: Dict[str, "Shape"] = {}
        self.unwraps: List[str] = []  # attributes the code unwraps the value through
        self.methods: Set[str] = set()  # attributes the code calls (``stream.read(n)``)
        self.length = 0  # at least this many positions are used

    def vote(self, kind: str, weight: int = 1) -> None:
        self.votes[kind] = self.votes.get(kind, 0) + weight

    def elem(self) -> "Shape":
        self.vote("seq")
        if self.element is None:
            self.element = Shape()
        return self.element

    def item(self, index: int) -> "Shape":
        self.vote("seq")
        self.length = max(self.length, index + 1 if index >= 0 else -index)
        return self.items.setdefault(index, Shape())

    def field(self, name: str) -> "Shape":
        self.vote("map", 2)
        return self.keys.setdefault(name, Shape())

    def map_key(self) -> "Shape":
        self.vote("map", 2)
        if self.key is None:
            self.key = Shape()
        return self.key

    def map_value(self) -> "Shape":
        self.vote("map", 2)
        if self.value is None:
            self.value = Shape()
        return self.value

    def attr(self, name: str) -> "Shape":
        self.vote("obj")
        return self.attrs.setdefault(name, Shape())

    def merge(self, other: "Shape", depth: int = 0) -> None:
        if depth > 6 or other is self:
            return
        for kind, weight in other.votes.items():
            self.vote(kind, weight)
        self.length = max(self.length, other.length)
        if other.element is not None:
            self.elem().merge(other.element, depth + 1)
        for index, part in other.items.items():
            self.item(index).merge(part, depth + 1)
        for name, part in other.keys.items():
            self.field(name).merge(part, depth + 1)
        if other.key is not None:
            self.map_key().merge(other.key, depth + 1)
        if other.value is not None:
            self.map_value().merge(other.value, depth + 1)
        for name, part in other.attrs.items():
            self.attr(name).merge(part, depth + 1)
        self.unwraps += [name for name in other.unwraps if name not in self.unwraps]
        self.methods |= other.methods

    def kind(self) -> str:
        """map | tuple | seq | obj | str | bytes | number | bool | any."""
        if self.keys or self.key is not None or self.value is not None:
            return "map"
        if self.items and self.element is None and not self.votes.get("map"):
            return "tuple"
        if self.attrs and not any(self.votes.get(k) for k in ("str", "seq", "map", "bytes")):
            return "obj"
        ranked = sorted((k for k in self.votes if k != "obj"),
                        key=lambda k: (-self.votes[k], k))
        return ranked[0] if ranked else "any"

    def structured(self) -> bool:
        """Whether the shape says more than a plain type: parts with shapes of their own."""
        kind = self.kind()
        if kind in ("map", "tuple", "obj"):
            return True
        if kind == "seq" and self.element is not None:
            return self.element.kind() != "any" or self.element.structured()
        return False


Bound = Union[Shape, Tuple[Shape, ...]]


class _Walker(ast.NodeVisitor):
    def __init__(self, tree: Tree, module: str, cls: Optional[str], depth: int) -> None:
        self.tree = tree
        self.module = module
        self.cls = cls
        self.depth = depth
        self.env: Dict[str, Shape] = {}

    # -- what an expression denotes ----------------------------------------------------------
    def resolve(self, node: Any) -> Optional[Shape]:
        if isinstance(node, ast.Name):
            return self.env.get(node.id)
        if isinstance(node, ast.Subscript):
            base = self.resolve(node.value)
            if base is None:
                return None
            index = subscript_slice(node)
            if isinstance(index, ast.Constant) and isinstance(index.value, int) and \
                    not isinstance(index.value, bool):
                return base.item(index.value)
            if isinstance(index, ast.Constant) and isinstance(index.value, str):
                return base.field(index.value)
            if isinstance(index, ast.Slice):
                base.vote("seq")
                return base
            return base.elem()
        if isinstance(node, ast.Attribute):
            base = self.resolve(node.value)
            return base.attr(node.attr) if base is not None else None
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            base = self.resolve(node.func.value)
            if base is not None and node.func.attr in ("get", "pop", "setdefault") and \
                    node.args and isinstance(node.args[0], ast.Constant) and \
                    isinstance(node.args[0].value, str):
                return base.field(node.args[0].value)
        return None

    def iterated(self, node: Any) -> Optional[Bound]:
        """What one iteration over ``node`` yields."""
        if isinstance(node, ast.Call):
            name = dotted(node.func) or ""
            if isinstance(node.func, ast.Attribute):
                base = self.resolve(node.func.value)
                if base is not None and node.func.attr == "items":
                    return (base.map_key(), base.map_value())
                if base is not None and node.func.attr == "keys":
                    return base.map_key()
                if base is not None and node.func.attr == "values":
                    return base.map_value()
            if name in ("sorted", "reversed", "list", "tuple", "set", "iter") and node.args:
                return self.iterated(node.args[0])
            if name == "enumerate" and node.args:
                inner = self.iterated(node.args[0])
                return (Shape(), inner) if isinstance(inner, Shape) else None
            if name == "zip" and node.args:
                parts = [self.iterated(a) for a in node.args]
                if all(isinstance(p, Shape) for p in parts):
                    return tuple(parts)  # type: ignore[arg-type]
            return None
        base = self.resolve(node)
        return base.elem() if base is not None else None

    def bind(self, target: Any, bound: Optional[Bound]) -> None:
        if bound is None:
            return
        if isinstance(target, ast.Name):
            if isinstance(bound, Shape):
                self.env[target.id] = bound
        elif isinstance(target, (ast.Tuple, ast.List)):
            for index, elt in enumerate(target.elts):
                if isinstance(bound, tuple):
                    if index < len(bound):
                        self.bind(elt, bound[index])
                elif not isinstance(elt, ast.Starred):
                    self.bind(elt, bound.item(index))

    # -- statements that bind ----------------------------------------------------------------
    def visit_Assign(self, node: ast.Assign) -> None:
        self.visit(node.value)
        if len(node.targets) == 1:
            self.bind(node.targets[0], self.unwrapped(node.value) or self.resolve(node.value))

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:  # ``size: int | None = headers.get("Content-Length")``
            self.visit(node.value)
            self.bind(node.target, self.unwrapped(node.value) or self.resolve(node.value))

    def unwrapped(self, node: Any) -> Optional[Shape]:
        """``getattr(p, "a", p)``: ``p`` itself when it has no ``a`` (a forward reference's
        ``__forward_arg__``, a wrapper's ``__wrapped__``); the result stays ``p``'s shape."""
        found = unwrapping(node)
        shape = self.env.get(found[0]) if found else None
        if found is None or shape is None:
            return None
        name = found[1]
        shape.attr(name)
        if name not in shape.unwraps:
            shape.unwraps.append(name)
        return shape

    def visit_For(self, node: Any) -> None:
        self.visit(node.iter)
        self.bind(node.target, self.iterated(node.iter))
        for stmt in node.body + node.orelse:
            self.visit(stmt)

    visit_AsyncFor = visit_For

    def visit_comprehension(self, node: ast.comprehension) -> None:
        self.visit(node.iter)
        self.bind(node.target, self.iterated(node.iter))
        for cond in node.ifs:
            self.visit(cond)

    def _comprehension(self, node: Any, parts: List[Any]) -> None:
        for generator in node.generators:
            self.visit_comprehension(generator)
        for part in parts:
            self.visit(part)

    def visit_ListComp(self, node: ast.ListComp) -> None:
        self._comprehension(node, [node.elt])

    visit_SetComp = visit_ListComp
    visit_GeneratorExp = visit_ListComp

    def visit_DictComp(self, node: ast.DictComp) -> None:
        self._comprehension(node, [node.key, node.value])

    # -- uses --------------------------------------------------------------------------------
    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = dotted(func) or ""
        if isinstance(func, ast.Attribute):
            base = self.resolve(func.value)
            if base is not None:
                if func.attr in STR_METHODS:
                    base.vote("str", 3)
                elif func.attr in LIST_METHODS:
                    base.vote("seq", 3)
                elif func.attr in MAP_METHODS:
                    base.vote("map", 3)
                elif func.attr not in ("pop",):
                    base.attr(func.attr)
                    base.methods.add(func.attr)
            if func.attr == "join" and isinstance(func.value, ast.Constant) and node.args:
                joined = self.resolve(node.args[0])
                if joined is not None:
                    joined.elem().vote("str", 3)
            self.visit(func.value)
        elif name in SEQ_FUNCTIONS and node.args:
            arg = self.resolve(node.args[0])
            if arg is not None:
                arg.vote("seq")
        elif name == "sum" and node.args:
            arg = self.resolve(node.args[0])
            if arg is not None:
                arg.elem().vote("number", 2)
        elif name in ("getattr", "hasattr") and len(node.args) >= 2 and \
                _attr_name(node.args[1]):
            arg = self.resolve(node.args[0])
            if arg is not None:
                arg.attr(node.args[1].value)
        elif name == "isinstance" and len(node.args) == 2:
            arg = self.resolve(node.args[0])
            kind = TYPE_NAMES.get(dotted(node.args[1]) or "")
            if arg is not None and kind is not None:
                arg.vote(kind, 3)
        else:
            self._callee(node)
        for arg in node.args:
            self.visit(arg)
        for keyword in node.keywords:
            self.visit(keyword.value)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        self.resolve(node)
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        self.resolve(node)
        self.generic_visit(node)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        for side, other in ((node.left, node.right), (node.right, node.left)):
            shape = self.resolve(side)
            if shape is not None and isinstance(other, ast.Constant):
                if isinstance(other.value, str):
                    shape.vote("str", 2)
                elif isinstance(other.value, (int, float)) and not isinstance(other.value, bool):
                    if not (isinstance(node.op, ast.Mod) and side is node.right):
                        shape.vote("number", 2)
        self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        operands = [node.left] + list(node.comparators)
        for index, op in enumerate(node.ops):
            left, right = operands[index], operands[index + 1]
            if isinstance(op, (ast.In, ast.NotIn)):
                continue
            for side, other in ((left, right), (right, left)):
                shape = self.resolve(side)
                if shape is not None and isinstance(other, ast.Constant) and \
                        other.value is not None:
                    if isinstance(other.value, str):
                        shape.vote("str", 2)
                    elif isinstance(other.value, bool):
                        shape.vote("bool", 1)
                    elif isinstance(other.value, (int, float)):
                        shape.vote("number", 2)
        self.generic_visit(node)

    def visit_FunctionDef(self, node: Any) -> None:
        return  # nested functions have their own scope

    visit_AsyncFunctionDef = visit_FunctionDef
    visit_Lambda = visit_FunctionDef
    visit_ClassDef = visit_FunctionDef

    def _callee(self, node: ast.Call) -> None:
        """A value passed on to a project function takes that parameter's shape too."""
        if self.depth >= MAX_DEPTH:
            return
        passed = [(i, self.resolve(a)) for i, a in enumerate(node.args)]
        named = [(k.arg, self.resolve(k.value)) for k in node.keywords if k.arg]
        if not any(s for _i, s in passed) and not any(s for _n, s in named):
            return
        target = _callee_def(self.tree, self.module, self.cls, node.func)
        if target is None:
            return
        module, func, cls, drop_first = target
        args = func.args
        positional = [a.arg for a in getattr(args, "posonlyargs", []) + args.args]
        if drop_first:
            positional = positional[1:]
        for index, shape in passed:
            if shape is not None and index < len(positional):
                shape.merge(infer(self.tree, module, func, positional[index], cls,
                                  self.depth + 1))
        for name, shape in named:
            if shape is not None:
                shape.merge(infer(self.tree, module, func, str(name), cls, self.depth + 1))


def unwrapping(node: Any) -> Optional[Tuple[str, str]]:
    """(``p``, ``a``) for ``getattr(p, "a", p)``, else None."""
    if isinstance(node, ast.Call) and dotted(node.func) == "getattr" and len(node.args) == 3 \
            and _attr_name(node.args[1]) and isinstance(node.args[0], ast.Name) and \
            isinstance(node.args[2], ast.Name) and node.args[0].id == node.args[2].id:
        return node.args[0].id, node.args[1].value
    return None


def unwrapped_on(func: Any, lines: List[int]) -> List[str]:
    """The attributes ``func`` unwraps a value through in its statements starting on
    ``lines`` (its changed lines)."""
    wanted = set(lines)
    out: List[str] = []
    for statement in ast.walk(func) if isinstance(func, FUNCTION_NODES) else []:
        if isinstance(statement, ast.stmt) and statement.lineno in wanted and \
                not isinstance(statement, FUNCTION_NODES + (ast.ClassDef,)):
            for node in ast.walk(statement):
                found = unwrapping(node)
                if found and found[1] not in out:
                    out.append(found[1])
    return out


def _attr_name(node: Any) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and \
        node.value.isidentifier()


def _callee_def(tree: Tree, module: str, cls: Optional[str], func: Any
                ) -> Optional[Tuple[str, Any, Optional[str], bool]]:
    """(module, def node, class, drops self) of the project function a call goes to."""
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and \
            func.value.id in ("self", "cls") and cls:
        model = tree.class_model(cls)
        if model is None or func.attr not in model.methods:
            return None
        owner, node = model.methods[func.attr]
        found = tree.split(owner)
        return ((found[0] if found else module), node, owner, True) \
            if isinstance(node, FUNCTION_NODES) else None
    if not isinstance(func, (ast.Name, ast.Attribute)):
        return None
    sym = tree.resolve(module, func)
    if sym is None or sym.kind != "function" or not isinstance(sym.node, FUNCTION_NODES):
        return None
    return sym.module or module, sym.node, None, False


def infer(tree: Tree, module: str, func: Any, name: str, cls: Optional[str] = None,
          depth: int = 0) -> Shape:
    """The shape of parameter ``name`` of ``func`` (a def node of ``module``)."""
    root = Shape()
    if not isinstance(func, FUNCTION_NODES):
        return root
    walker = _Walker(tree, module, cls, depth)
    walker.env[name] = root
    for stmt in func.body:
        try:
            walker.visit(stmt)
        except RecursionError:  # pragma: no cover - pathological nesting
            break
    return root
