"""The static call graph: call edges, unresolved calls and module-level reads of every scope.

:class:`CallCollector` walks one scope's AST and turns calls, operators on known instances,
property accesses and callbacks into edges (``via`` says how); :func:`build_call_graph` runs it
over every function (parameter defaults included) and every module's top level.
"""

from __future__ import annotations

import ast
from typing import Dict, Optional, Set, Tuple

from pymodel.resolve import Ref
from pymodel.syntax import dotted

from .model import CallInfo
from .names import Names, Namespace
from .scope import Scope
from .specials import BINOPS, BUILTIN_SPECIALS, COMPARE_SYMBOLS, COMPARES, UNARY


class CallCollector:
    """Walks one scope and records call edges, unresolved calls and module-level reads."""

    def __init__(self, scope: Namespace, calls: CallInfo, reads: Set[str]) -> None:
        self.scope = scope
        self.names = scope.names
        self.pkg = scope.pkg
        self.calls = calls
        self.reads = reads
        self.call_funcs: Set[int] = set()

    def edge(self, callee: Optional[str], via: str, node: ast.AST) -> None:
        if callee is not None and callee in self.pkg.functions:
            line = getattr(node, "lineno", 0)
            self.calls.add_edge(callee, via, line)
            for variant in self.pkg.variants.get(callee, ()):
                self.calls.add_edge(variant, via, line)

    def special_edge(self, value: Optional[ast.AST], via: str, node: ast.AST,
                     *names: str) -> None:
        if value is None:
            return
        ref = self.scope.typeof(value)
        if ref is not None and ref.kind == "instance":
            self.edge(self.pkg.special(ref.name, *names), via, node)

    def read(self, binding: Optional[str], ref: Optional[Ref]) -> None:
        if binding is not None:
            self.reads.add(binding)
        if ref is None:
            return
        if ref.origin is not None:
            self.reads.add(ref.origin)
        if ref.kind in ("variable", "function", "class"):
            self.reads.add(ref.name)

    def run(self) -> None:
        scope = self.scope
        nodes = list(scope.owned())
        for node in nodes:
            if isinstance(node, ast.Call):
                self.call_funcs.add(id(node.func))
        for node in nodes:
            try:
                self.visit(node)
            except RecursionError:
                self.calls.unresolved["<expression too deeply nested>"] = \
                    self.calls.unresolved.get("<expression too deeply nested>", 0) + 1

    def _self_dispatch(self, node: ast.Call) -> bool:
        """``self.m()`` / ``cls.m()``: edges to overrides of ``m`` in package subclasses."""
        func = node.func
        scope = self.scope
        owner = scope.owner
        if owner is None or owner.class_qualname is None:
            return False
        if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
                and func.value.id in (scope.self_name, scope.cls_name)
                and func.value.id in scope.local_names):
            return False
        found = False
        for qual in self.pkg.overrides(owner.class_qualname, func.attr):
            self.edge(qual, "override", node)
            found = True
        return found

    def call_text(self, node: ast.Call) -> str:
        name = dotted(node.func)
        if name is None:
            name = "<%s>(...)" % type(node.func).__name__.lower()
        return name[:120]

    def visit(self, node: ast.AST) -> None:
        scope = self.scope
        pkg = self.pkg
        if isinstance(node, ast.Call):
            ref = scope.typeof(node.func)
            if self._self_dispatch(node) and ref is None:
                self.calls.resolved_count += 1
                return
            if ref is None:
                text = self.call_text(node)
                self.calls.unresolved[text] = self.calls.unresolved.get(text, 0) + 1
                return
            if ref.kind == "function":
                self.calls.resolved_count += 1
                self.edge(ref.name, "call", node)
            elif ref.kind == "class":
                self.calls.resolved_count += 1
                for name in ("__new__", "__init__"):
                    self.edge(pkg.special(ref.name, name), "constructor", node)
                if pkg.is_dataclass_chain(ref.name):
                    self.edge(pkg.special(ref.name, "__post_init__"), "constructor", node)
            elif ref.kind == "instance":
                target = pkg.special(ref.name, "__call__")
                if target is not None:
                    self.calls.resolved_count += 1
                    self.edge(target, "obj(...)", node)
                else:
                    text = self.call_text(node)
                    self.calls.unresolved[text] = self.calls.unresolved.get(text, 0) + 1
            elif ref.kind == "external":
                self.calls.external[ref.name] = self.calls.external.get(ref.name, 0) + 1
            elif ref.kind == "builtin":
                self.calls.builtin[ref.name] = self.calls.builtin.get(ref.name, 0) + 1
                specials = BUILTIN_SPECIALS.get(ref.name)
                if specials and node.args:
                    via = ref.name + "()"
                    self.special_edge(node.args[0], via, node, *specials)
                    if ref.name == "print":
                        for arg in node.args[1:]:
                            self.special_edge(arg, via, node, *specials)
            else:
                text = self.call_text(node)
                self.calls.unresolved[text] = self.calls.unresolved.get(text, 0) + 1
            return
        if isinstance(node, ast.Name):
            if not isinstance(node.ctx, ast.Load):
                return
            ref, where = scope.lookup(node.id)
            if where == "global":
                self.read(self.scope.mod.name + "." + node.id, ref)
            if ref is not None and ref.kind == "function" and id(node) not in self.call_funcs \
                    and where in ("global", "enclosing", "local"):
                self.edge(ref.name, "reference", node)
            return
        if isinstance(node, ast.Attribute):
            base = scope.typeof(node.value)
            if base is None:
                return
            if base.kind == "module":
                member = self.names.lookup(base.name, node.attr)
                if member is not None:
                    self.read(base.name + "." + node.attr, member)
                    if member.kind == "function" and id(node) not in self.call_funcs and \
                            isinstance(node.ctx, ast.Load):
                        self.edge(member.name, "reference", node)
                return
            if base.kind in ("instance", "class", "super"):
                after = base.name if base.kind == "super" else None
                found = pkg.class_lookup(base.name, node.attr, after=after)
                if found is None:
                    if base.kind == "instance":
                        if isinstance(node.ctx, ast.Load):
                            self.edge(pkg.special(base.name, "__getattr__"), "attribute access",
                                      node)
                        elif isinstance(node.ctx, ast.Store):
                            self.edge(pkg.special(base.name, "__setattr__"),
                                      "attribute assignment", node)
                    return
                kind, qual, defining = found
                if kind == "attr":
                    self.reads.add(qual)
                    if base.kind == "instance" and isinstance(node.ctx, ast.Store):
                        self.edge(pkg.special(base.name, "__setattr__"), "attribute assignment",
                                  node)
                    return
                if kind != "function":
                    return
                func = pkg.functions.get(qual)
                if func is not None and func.callable_kind == "property" and \
                        base.kind != "class":
                    cls = pkg.classes.get(defining)
                    accessor = {ast.Load: None, ast.Store: "setter", ast.Del: "deleter"}.get(
                        type(node.ctx))
                    target = qual if accessor is None else qual + "#" + accessor
                    if target not in pkg.functions and cls is not None:
                        target = qual
                    self.edge(target, "property", node)
                    return
                if id(node) not in self.call_funcs and isinstance(node.ctx, ast.Load):
                    self.edge(qual, "reference", node)
            return
        if isinstance(node, ast.BinOp):
            op = BINOPS.get(type(node.op))
            if op is not None:
                symbol = {"add": "+", "sub": "-", "mul": "*", "matmul": "@", "truediv": "/",
                          "floordiv": "//", "mod": "%", "pow": "**", "lshift": "<<",
                          "rshift": ">>", "or": "|", "xor": "^", "and": "&"}[op]
                self.special_edge(node.left, symbol, node, "__%s__" % op)
                self.special_edge(node.right, symbol, node, "__r%s__" % op)
            return
        if isinstance(node, ast.AugAssign):
            op = BINOPS.get(type(node.op))
            if op is not None:
                target = node.target
                value = ast.Name(id=target.id, ctx=ast.Load()) if isinstance(target, ast.Name) \
                    else target
                symbol = "op="
                self.special_edge(value, symbol, node, "__i%s__" % op, "__%s__" % op)
            return
        if isinstance(node, ast.Compare):
            left = node.left
            for op, right in zip(node.ops, node.comparators):
                if type(op) in COMPARES:
                    mine, reflected = COMPARES[type(op)]
                    symbol = COMPARE_SYMBOLS[type(op)]
                    names = (mine, "__eq__") if mine == "__ne__" else (mine,)
                    self.special_edge(left, symbol, node, *names)
                    rnames = (reflected, "__eq__") if reflected == "__ne__" else (reflected,)
                    self.special_edge(right, symbol, node, *rnames)
                elif isinstance(op, (ast.In, ast.NotIn)):
                    self.special_edge(right, "in", node, "__contains__", "__iter__",
                                      "__getitem__")
                left = right
            return
        if isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.Not):
                self.special_edge(node.operand, "not", node, "__bool__", "__len__")
            elif type(node.op) in UNARY:
                self.special_edge(node.operand, "unary", node, UNARY[type(node.op)])
            return
        if isinstance(node, ast.Subscript):
            base = scope.typeof(node.value)
            if base is None:
                return
            if base.kind == "instance":
                name = {ast.Load: "__getitem__", ast.Store: "__setitem__",
                        ast.Del: "__delitem__"}.get(type(node.ctx), "__getitem__")
                self.edge(pkg.special(base.name, name), "[]", node)
            elif base.kind == "class":
                self.edge(pkg.special(base.name, "__class_getitem__"), "Cls[...]", node)
            return
        if isinstance(node, (ast.For, ast.comprehension)):
            self._iteration(node.iter, node, asynchronous=bool(getattr(node, "is_async", 0)))
            return
        if isinstance(node, ast.AsyncFor):
            self._iteration(node.iter, node, asynchronous=True)
            return
        if isinstance(node, (ast.With, ast.AsyncWith)):
            names = ("__aenter__", "__aexit__") if isinstance(node, ast.AsyncWith) else \
                ("__enter__", "__exit__")
            for item in node.items:
                for name in names:
                    self.special_edge(item.context_expr, "with", node, name)
            return
        if isinstance(node, ast.Await):
            if not isinstance(node.value, ast.Call):
                self.special_edge(node.value, "await", node, "__await__")
            return
        if isinstance(node, ast.FormattedValue):
            names: Tuple[str, ...] = ("__format__", "__str__", "__repr__")
            if node.conversion == ord("r"):
                names = ("__repr__",)
            elif node.conversion == ord("s"):
                names = ("__str__", "__repr__")
            self.special_edge(node.value, "f-string", node, *names)
            return
        if isinstance(node, (ast.If, ast.While, ast.IfExp, ast.Assert)):
            self.special_edge(node.test, "bool()", node, "__bool__", "__len__")
            return
        if isinstance(node, ast.BoolOp):
            for value in node.values:
                self.special_edge(value, "bool()", node, "__bool__", "__len__")
            return
        if isinstance(node, ast.Starred) and isinstance(node.ctx, ast.Load):
            self.special_edge(node.value, "iteration", node, "__iter__", "__getitem__")
            return

    def _iteration(self, iterable: ast.AST, node: ast.AST, asynchronous: bool) -> None:
        ref = self.scope.typeof(iterable)
        if ref is None or ref.kind != "instance":
            return
        if asynchronous:
            self.edge(self.pkg.special(ref.name, "__aiter__"), "async iteration", node)
            self.edge(self.pkg.special(ref.name, "__anext__"), "async iteration", node)
            return
        self.edge(self.pkg.special(ref.name, "__iter__", "__getitem__"), "iteration", node)
        self.edge(self.pkg.special(ref.name, "__next__"), "iteration", node)


def build_call_graph(names: Names, scopes: Dict[str, Scope]) -> None:
    """Fill ``calls`` and ``reads`` of every function and module."""
    pkg = names.pkg
    for qual in sorted(scopes):  # local types again, now that attribute types are known
        scope = scopes[qual]
        scope.use_attr_types = True
        try:
            scope.infer()
        except RecursionError:
            pkg.functions[qual].notes.append("too deeply nested to infer local types")
    for qual in sorted(scopes):
        func = pkg.functions[qual]
        collector = CallCollector(scopes[qual], func.calls, func.reads)
        collector.run()
    # Default values are evaluated in the enclosing scope, but they are part of the function's
    # behaviour: the names they read count as the function's reads.
    for qual in sorted(pkg.functions):
        func = pkg.functions[qual]
        args = func.node.args
        defaults = list(args.defaults) + [d for d in args.kw_defaults if d is not None]
        if not defaults:
            continue
        parent = func.parent_function
        outer: Namespace = scopes[parent] if parent in scopes else \
            names.module_namespace(func.module)
        collector = CallCollector(outer, CallInfo(), func.reads)
        for default in defaults:
            for sub in ast.walk(default):
                try:
                    collector.visit(sub)
                except RecursionError:
                    break
    for name in sorted(pkg.modules):
        mod = pkg.modules[name]
        if mod.error is not None or mod.tree is None:
            continue
        collector = CallCollector(names.module_namespace(name), mod.calls, set())
        try:
            collector.run()
        except RecursionError:
            mod.notes.append("module level too deeply nested for the call graph")
