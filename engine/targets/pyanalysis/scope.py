"""Name resolution and light, flow-insensitive type inference inside one function body.

A :class:`Scope` knows a function's local, enclosing, global and builtin names, and the types of
locals that follow from the code (``self``/``cls``, annotations, constructor calls, return
annotations, ``super()``).  :func:`function_scopes` builds one per function of a package.
"""

from __future__ import annotations

import ast
import builtins
from typing import Any, Dict, Iterator, List, Optional, Set, Tuple

from .model import Binding, FunctionInfo, ModuleInfo
from .package import FUNCTION_NODES, Package, Ref

BUILTIN_NAMES = frozenset(dir(builtins))


class Scope:
    """Name resolution and light type inference for one function body (or a module's top level).

    ``owner`` is the function (None for module level); ``enclosing`` the scopes of the functions
    around it, innermost last.
    """

    def __init__(self, pkg: Package, mod: ModuleInfo, owner: Optional[FunctionInfo],
                 enclosing: List["Scope"], use_attr_types: bool = True) -> None:
        self.pkg = pkg
        self.mod = mod
        self.owner = owner
        self.enclosing = enclosing
        self.use_attr_types = use_attr_types
        self.local_names: Set[str] = set()
        self.global_names: Set[str] = set()
        self.nonlocal_names: Set[str] = set()
        self.env: Dict[str, Optional[Ref]] = {}
        self.self_name: Optional[str] = None
        self.cls_name: Optional[str] = None
        self.roots: List[ast.AST] = []
        self.nested: Dict[str, Ref] = {}
        self.skip_lambdas = mod.lambdas
        self.call_funcs: Set[int] = set()
        self._owned: Optional[List[ast.AST]] = None
        self._sources: Dict[str, List[Tuple[str, Any]]] = {}
        if owner is not None:
            self._setup_function(owner)

    # -- ownership ---------------------------------------------------------------------------
    def _setup_function(self, owner: FunctionInfo) -> None:
        node = owner.node
        if isinstance(node, ast.Lambda):
            self.roots = [node.body]
        else:
            self.roots = list(node.body)
        args = node.args
        params = list(getattr(args, "posonlyargs", [])) + list(args.args)
        all_params = params + list(args.kwonlyargs)
        if args.vararg is not None:
            all_params.append(args.vararg)
        if args.kwarg is not None:
            all_params.append(args.kwarg)
        for arg in all_params:
            self.local_names.add(arg.arg)
        first = params[0].arg if params else None
        cls = owner.class_qualname
        if cls is not None and first is not None:
            if owner.callable_kind in ("method", "property") and owner.name != "__new__":
                self.self_name = first
            elif owner.callable_kind == "classmethod" or owner.name in ("__new__",
                                                                        "__init_subclass__",
                                                                        "__class_getitem__"):
                self.cls_name = first

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

    def prepare(self) -> None:
        """Collect local names and infer local types (two rounds, flow-insensitive)."""
        if self.owner is None:
            return
        sources: Dict[str, List[Tuple[str, Any]]] = self._sources

        def add(name: str, kind: str, value: Any = None) -> None:
            sources.setdefault(name, []).append((kind, value))

        for node in self.owned():
            if isinstance(node, ast.Call):
                self.call_funcs.add(id(node.func))
            if isinstance(node, ast.Global):
                self.global_names.update(node.names)
            elif isinstance(node, ast.Nonlocal):
                self.nonlocal_names.update(node.names)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                self.local_names.add(node.id)
            elif isinstance(node, FUNCTION_NODES) or isinstance(node, ast.ClassDef):
                self.local_names.add(node.name)
                prefix = self.owner.qualname + ".<locals>." + node.name
                if isinstance(node, ast.ClassDef):
                    add(node.name, "ref", Ref("class", prefix))
                else:
                    add(node.name, "ref", Ref("function", prefix))
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for alias in node.names:
                    if alias.name == "*":
                        continue
                    if isinstance(node, ast.Import):
                        local = alias.asname or alias.name.split(".")[0]
                        target = alias.name if alias.asname else alias.name.split(".")[0]
                        add(local, "ref", self.pkg.module_ref(target))
                    else:
                        local = alias.asname or alias.name
                        binding = Binding("importfrom", node.lineno, node.module or "",
                                          alias.name, node.level)
                        add(local, "ref", self.pkg.binding_ref(self.mod, local, binding))
                    self.local_names.add(local)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                self.local_names.add(node.name)
                add(node.name, "unknown")
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        add(target.id, "expr", node.value)
                    else:
                        for sub in ast.walk(target):
                            if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                                add(sub.id, "unknown")
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                add(node.target.id, "ann", node.annotation)
            elif isinstance(node, ast.NamedExpr):
                add(node.target.id, "expr", node.value)
            elif isinstance(node, (ast.AugAssign, ast.For, ast.AsyncFor, ast.comprehension)):
                for sub in ast.walk(node.target):
                    if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                        add(sub.id, "unknown")
            elif isinstance(node, (ast.With, ast.AsyncWith)):
                for item in node.items:
                    if item.optional_vars is not None:
                        for sub in ast.walk(item.optional_vars):
                            if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                                add(sub.id, "unknown")
            else:
                for field in ("name", "rest"):  # match-statement captures
                    value = getattr(node, field, None)
                    if isinstance(value, str) and type(node).__name__.startswith("Match"):
                        self.local_names.add(value)
                        add(value, "unknown")
        self.local_names -= self.global_names
        self.local_names -= self.nonlocal_names
        # parameters
        owner = self.owner
        node = owner.node
        args = node.args
        for arg in list(getattr(args, "posonlyargs", [])) + list(args.args) + \
                list(args.kwonlyargs):
            if arg.arg == self.self_name and owner.class_qualname:
                add(arg.arg, "ref", Ref("instance", owner.class_qualname))
            elif arg.arg == self.cls_name and owner.class_qualname:
                add(arg.arg, "ref", Ref("class", owner.class_qualname))
            elif arg.annotation is not None:
                add(arg.arg, "ann", arg.annotation)
            else:
                add(arg.arg, "unknown")
        for arg in (args.vararg, args.kwarg):
            if arg is not None:
                add(arg.arg, "unknown")
        self.infer()

    def infer(self) -> None:
        """(Re)compute local types from the collected assignments."""
        owner = self.owner
        if owner is None:
            return
        sources = self._sources
        for _ in range(2):
            env: Dict[str, Optional[Ref]] = {}
            for name in sorted(sources):
                refs: List[Optional[Ref]] = []
                for kind, value in sources[name]:
                    if kind == "ref":
                        refs.append(value)
                    elif kind == "ann":
                        refs.append(self.pkg.annotation_type(value, self,
                                                             owner.class_qualname))
                    elif kind == "expr":
                        if isinstance(value, ast.Constant) and value.value is None:
                            continue  # ``x = None`` then ``x = Foo()``: Optional[Foo]
                        refs.append(self.typeof(value))
                    else:
                        refs.append(None)
                first = refs[0] if refs else None
                env[name] = first if first is not None and all(r == first for r in refs) \
                    else None
            self.env = env

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
        ref = self.pkg.module_name_lookup(self.mod.name, name)
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
                return self.pkg.return_type(func.name)
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
                return self.pkg.return_type(func.name)
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
        if base.kind == "module":
            return pkg.module_member(base.name, attr)
        if base.kind == "external":
            return Ref("external", base.name + "." + attr)
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
                    return pkg.return_type(qual)
                return Ref("function", qual)
            if kind == "class":
                return Ref("class", qual)
            return Ref("variable", qual, qual)
        return None


def function_scopes(pkg: Package, use_attr_types: bool) -> Dict[str, Scope]:
    scopes: Dict[str, Scope] = {}
    for qual in sorted(pkg.functions, key=lambda q: (q.count(".<locals>."), q)):
        func = pkg.functions[qual]
        mod = pkg.modules[func.module]
        enclosing: List[Scope] = []
        parent = func.parent_function
        chain: List[str] = []
        while parent is not None and parent in pkg.functions:
            chain.append(parent)
            parent = pkg.functions[parent].parent_function
        for p in reversed(chain):
            if p in scopes:
                enclosing.append(scopes[p])
        scope = Scope(pkg, mod, func, enclosing, use_attr_types)
        try:
            scope.prepare()
        except RecursionError:
            func.notes.append("too deeply nested to infer local types")
        scopes[qual] = scope
    return scopes
