"""What names and expressions denote in the analysed package.

:class:`Names` is the analyzer's resolver (:mod:`pymodel.resolve`, certain mode) over a
:class:`~pyanalysis.package.Package`: module-level names through their bindings and star imports,
what a module-level assignment holds, the package class an annotation names, a function's return
type.  :class:`Namespace` resolves names and infers the types of expressions in one namespace: a
module's top level here, a function body in :class:`pyanalysis.scope.Scope`.
"""

from __future__ import annotations

import ast
from typing import Dict, Iterator, List, Optional, Set, Tuple

from pymodel.bindings import Binding
from pymodel.resolve import ModuleView, Ref, Resolver
from pymodel.syntax import (BUILTIN_NAMES, FUNCTION_NODES, dotted, parse_annotation,
                            subscript_slice)

from .model import FunctionInfo, ModuleInfo
from .package import Package

_VALUE_KINDS = ("function", "class", "module", "external", "instance")


class Names(Resolver):
    """The package's module-level names, module namespaces, annotation and return types."""

    def __init__(self, pkg: Package) -> None:
        super().__init__(certain=True)
        self.pkg = pkg
        self._namespaces: Dict[str, Namespace] = {}
        self._return_cache: Dict[str, Optional[Ref]] = {}
        self._star_busy: Set[str] = set()

    # -- the resolver's questions ------------------------------------------------------------
    def module(self, name: str) -> Optional[ModuleInfo]:
        mod = self.pkg.modules.get(name)
        return mod if mod is not None and mod.error is None else None

    def is_module(self, name: str) -> bool:
        return self.pkg.is_module(name)

    def holds(self, name: str) -> bool:
        return self.pkg.is_internal(name)

    def exports(self, module: str, name: str) -> bool:
        return name in self.star_names(module)

    def value_ref(self, module: ModuleView, name: str, binding: Binding) -> Optional[Ref]:
        origin = module.name + "." + name
        if binding.kind == "lambda":
            return Ref("function", origin, origin)
        if binding.kind == "assign" and binding.value is not None:
            ref = self.module_namespace(module.name).typeof(binding.value)
            if ref is not None and ref.kind in _VALUE_KINDS:
                return Ref("instance", ref.name, origin) if ref.kind == "instance" else ref
        return Ref("variable", origin, origin)

    # -- modules -----------------------------------------------------------------------------
    def star_names(self, modname: str) -> Set[str]:
        """The names ``from modname import *`` brings: ``__all__``, else the public globals."""
        mod = self.module(modname)
        if mod is None:
            return set()
        if mod.all_names is not None:
            return set(mod.all_names)
        names = {n for n in mod.namespace if not n.startswith("_")}
        for source in mod.star_sources():
            if self.holds(source) and source != modname and source not in self._star_busy:
                self._star_busy.add(source)
                try:
                    names |= self.star_names(source)
                finally:
                    self._star_busy.discard(source)
        return names

    def module_namespace(self, modname: str) -> "Namespace":
        namespace = self._namespaces.get(modname)
        if namespace is None:
            namespace = Namespace(self, self.pkg.modules[modname], None, [])
            self._namespaces[modname] = namespace
        return namespace

    # -- annotations -------------------------------------------------------------------------
    def annotation_type(self, node: Optional[ast.AST], scope: "Namespace",
                        self_class: Optional[str]) -> Optional[Ref]:
        """Instance type named by an annotation, if it names exactly one package class."""
        if node is None:
            return None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return self.annotation_type(parse_annotation(node.value), scope, self_class)
        if isinstance(node, (ast.Name, ast.Attribute)):
            name = dotted(node) or ""
            if name.split(".")[-1] == "Self" and self_class is not None:
                return Ref("instance", self_class)
            ref = scope.typeof(node)
            if ref is not None and ref.kind == "class":
                return Ref("instance", ref.name)
            return None
        if isinstance(node, ast.Subscript):
            base = (dotted(node.value) or "").split(".")[-1]
            inner = subscript_slice(node)
            if base in ("Optional", "Annotated", "Final", "ClassVar"):
                if isinstance(inner, ast.Tuple):
                    inner = inner.elts[0] if inner.elts else None
                return self.annotation_type(inner, scope, self_class)
            if base == "Union" and isinstance(inner, ast.Tuple):
                rest = [e for e in inner.elts
                        if not (isinstance(e, ast.Constant) and e.value is None)
                        and dotted(e) != "None"]
                if len(rest) == 1:
                    return self.annotation_type(rest[0], scope, self_class)
            return None
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            sides = [s for s in (node.left, node.right)
                     if not (isinstance(s, ast.Constant) and s.value is None)]
            if len(sides) == 1:
                return self.annotation_type(sides[0], scope, self_class)
        return None

    def return_type(self, qual: str) -> Optional[Ref]:
        if qual in self._return_cache:
            return self._return_cache[qual]
        self._return_cache[qual] = None
        func = self.pkg.functions.get(qual)
        result: Optional[Ref] = None
        if func is not None and isinstance(func.node, FUNCTION_NODES) and \
                func.node.returns is not None:
            scope = self.module_namespace(func.module)
            result = self.annotation_type(func.node.returns, scope, func.class_qualname)
        self._return_cache[qual] = result
        return result


class Namespace:
    """Name resolution and light type inference in one namespace: a module's top level, or (with
    ``owner``, see :class:`pyanalysis.scope.Scope`) a function body.

    ``owner`` is the function (None for module level); ``enclosing`` the scopes of the functions
    around it, innermost last.
    """

    def __init__(self, names: Names, mod: ModuleInfo, owner: Optional[FunctionInfo],
                 enclosing: List["Namespace"], use_attr_types: bool = True) -> None:
        self.names = names
        self.pkg = names.pkg
        self.mod = mod
        self.owner = owner
        self.enclosing = enclosing
        self.use_attr_types = use_attr_types
        self.local_names: Set[str] = set()
        self.global_names: Set[str] = set()
        self.env: Dict[str, Optional[Ref]] = {}
        self.self_name: Optional[str] = None
        self.cls_name: Optional[str] = None
        self.roots: List[ast.AST] = []
        self.skip_lambdas = mod.lambdas
        self._owned: Optional[List[ast.AST]] = None

    # -- ownership ---------------------------------------------------------------------------
    def owned(self) -> List[ast.AST]:
        """Every AST node evaluated in this scope (nested function bodies excluded), cached."""
        if self._owned is None:
            self._owned = list(self._walk_owned())
        return self._owned

    def _walk_owned(self) -> Iterator[ast.AST]:
        if self.owner is None:
            stack: List[ast.AST] = list(reversed(self.mod.tree.body)) if self.mod.tree else []
        else:
            stack = list(reversed(self.roots))
        while stack:
            node = stack.pop()
            yield node
            if isinstance(node, FUNCTION_NODES):
                children: List[ast.AST] = list(node.decorator_list) + list(node.args.defaults)
                children += [d for d in node.args.kw_defaults if d is not None]
            elif isinstance(node, ast.Lambda) and id(node) in self.skip_lambdas:
                children = list(node.args.defaults)
                children += [d for d in node.args.kw_defaults if d is not None]
            elif isinstance(node, ast.ClassDef):
                children = list(node.decorator_list) + list(node.bases)
                children += [k.value for k in node.keywords] + list(node.body)
            else:
                children = list(ast.iter_child_nodes(node))
            stack.extend(reversed(children))

    # -- names -------------------------------------------------------------------------------
    def lookup(self, name: str) -> Tuple[Optional[Ref], str]:
        """(ref, where) with where in local | enclosing | global | builtin | unknown."""
        if self.owner is not None:
            if name in self.local_names:
                return self.env.get(name), "local"
            if name not in self.global_names:
                for scope in reversed(self.enclosing):
                    if name in scope.local_names:
                        return scope.env.get(name), "enclosing"
        ref = self.names.global_name(self.mod.name, name)
        if ref is not None or name in self.mod.namespace:
            return ref, "global"
        if name in BUILTIN_NAMES:
            return Ref("builtin", name), "builtin"
        return None, "unknown"

    def typeof(self, node: ast.AST) -> Optional[Ref]:
        if isinstance(node, ast.Name):
            return self.lookup(node.id)[0]
        if isinstance(node, ast.Attribute):
            base = self.typeof(node.value)
            if base is None:
                return None
            return self.member(base, node.attr)
        if isinstance(node, ast.Call):
            func = self.typeof(node.func)
            if func is None:
                return None
            if func.kind == "class":
                return Ref("instance", func.name)
            if func.kind == "function":
                target = self.pkg.functions.get(func.name)
                if target is not None and target.is_async:
                    return None
                return self.names.return_type(func.name)
            if func.kind == "builtin":
                if func.name == "super":
                    return self._super_ref(node)
                if func.name == "type" and len(node.args) == 1:
                    arg = self.typeof(node.args[0])
                    if arg is not None and arg.kind == "instance":
                        return Ref("class", arg.name)
            return None
        if isinstance(node, ast.Await) and isinstance(node.value, ast.Call):
            func = self.typeof(node.value.func)
            if func is not None and func.kind == "function":
                return self.names.return_type(func.name)
            return None
        if isinstance(node, ast.NamedExpr):
            return self.typeof(node.value)
        if isinstance(node, ast.Subscript):
            base = self.typeof(node.value)
            if base is not None and base.kind == "class":
                return base  # Generic[T] / Foo[int]
            return None
        return None

    def _super_ref(self, node: ast.Call) -> Optional[Ref]:
        owner = self.owner
        if owner is None or owner.class_qualname is None:
            return None
        if not node.args:
            return Ref("super", owner.class_qualname)
        if len(node.args) == 2:
            first = self.typeof(node.args[0])
            if first is not None and first.kind == "class":
                return Ref("super", first.name)
        return None

    def member(self, base: Ref, attr: str) -> Optional[Ref]:
        pkg = self.pkg
        if base.kind in ("module", "external"):
            return self.names.attribute(base, attr)
        if base.kind == "instance" and attr == "__class__":
            return Ref("class", base.name)
        if base.kind in ("class", "instance", "super"):
            if base.kind == "instance" and self.use_attr_types:
                for cq in pkg.mro(base.name):
                    cls = pkg.classes.get(cq)
                    if cls is not None and attr in cls.attr_types:
                        typed = cls.attr_types[attr]
                        if typed is not None:
                            return typed
                        break
            after = base.name if base.kind == "super" else None
            start = base.name
            found = pkg.class_lookup(start, attr, after=after)
            if found is None:
                return None
            kind, qual, _ = found
            if kind == "function":
                func = pkg.functions.get(qual)
                if func is not None and func.callable_kind == "property" and \
                        base.kind in ("instance", "super"):
                    return self.names.return_type(qual)
                return Ref("function", qual)
            if kind == "class":
                return Ref("class", qual)
            return Ref("variable", qual, qual)
        return None
