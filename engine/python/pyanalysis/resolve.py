"""Package-wide resolution: names through imports, public API, class hierarchy and call graph.

Nothing is guessed.  A call is resolved only when the callee's identity follows from the code:

* names: local scopes, enclosing functions, the module namespace (imports absolute and relative,
  aliases ``import a.b as c`` / ``from .x import y as z``, star imports, simple module-level
  aliases ``f2 = f``), then builtins;
* attributes of modules, of classes and of *known instances*;
* an instance is known from ``self`` / ``cls``, a parameter annotation naming a package class
  (``Optional[...]``, ``X | None`` and string annotations included), a local or module-level name
  whose every assignment is a constructor call of one class (``x = Foo(...)``), a call to a
  function whose return annotation names a package class, ``super()``, or an instance attribute
  whose type follows from a class-level annotation or from consistent ``self.x = Foo(...)``
  assignments;
* methods are looked up along the package classes' C3 MRO (bases outside the package are
  skipped: a name they might provide is not assumed);
* ``Foo(...)`` → ``Foo.__new__`` / ``__init__`` (and ``__post_init__`` for dataclasses) found in
  the MRO; operators on known instances → special methods (``==`` → ``__eq__``, ``x + y`` →
  ``__add__`` / reflected ``__radd__``, ``len(x)`` → ``__len__``, ``x in y`` → ``__contains__``,
  iteration → ``__iter__``, ``x(...)`` → ``__call__``, ``x[k]`` → ``__getitem__``, ``with x`` →
  ``__enter__``/``__exit__``, truth tests → ``__bool__``, f-strings → ``__format__``/``__str__``,
  property reads/writes → the property's getter/setter...);
* a package function named but not called (a callback, ``key=helper``) is an edge with
  ``via: "reference"``.

Everything else is an unresolved call (kept as source text and counted per function) or an
external call (a name imported from outside the package) or a builtin call.
"""

from __future__ import annotations

import ast
import builtins
from typing import Any, Dict, Iterable, Iterator, List, NamedTuple, Optional, Set, Tuple

from .extract import dotted
from .model import Binding, CallInfo, ClassInfo, FunctionInfo, ModuleInfo, Param, Signature
from .specials import BINOPS, BUILTIN_SPECIALS, COMPARE_SYMBOLS, COMPARES, UNARY, is_dunder

_FUNC = (ast.FunctionDef, ast.AsyncFunctionDef)
BUILTIN_NAMES = frozenset(dir(builtins))
_INDEX = getattr(ast, "Index", None)


class Ref(NamedTuple):
    """What an expression denotes.

    kind: module | function | class | instance | variable | external | builtin | super.
    ``name``: the module / qualname / class qualname (for instance and super) / dotted external
    name / builtin name / variable qualname.  ``origin``: the module-level binding the value came
    from (for reads), if any.
    """

    kind: str
    name: str
    origin: Optional[str] = None


def _slice(node: ast.Subscript) -> ast.AST:
    value = node.slice
    if _INDEX is not None and isinstance(value, _INDEX):
        value = value.value  # type: ignore[attr-defined]
    return value


def _public_component(name: str) -> bool:
    return not name.startswith("_")


def base_qualname(qual: str) -> str:
    """``pkg.m.f#1`` / ``pkg.m.C.p#setter`` -> ``pkg.m.f`` / ``pkg.m.C.p``."""
    head, _, last = qual.rpartition(".")
    if "#" in last:
        last = last.split("#", 1)[0]
    return head + "." + last if head else last


class Package:
    """All modules, classes and functions of one tree, with resolution helpers."""

    def __init__(self, modules: Dict[str, ModuleInfo], functions: Dict[str, FunctionInfo],
                 classes: Dict[str, ClassInfo]) -> None:
        self.modules = modules
        self.functions = functions
        self.classes = classes
        self.prefixes: Set[str] = set()
        for name in modules:
            parts = name.split(".")
            for i in range(1, len(parts)):
                self.prefixes.add(".".join(parts[:i]))
        self.top_level = {name.split(".")[0] for name in modules}
        self._member_cache: Dict[Tuple[str, str], Optional[Ref]] = {}
        self._in_progress: Set[Tuple[str, str]] = set()
        self._return_cache: Dict[str, Optional[Ref]] = {}
        self.notes: List[str] = []
        self.module_ctx: Dict[str, "Scope"] = {}
        self._subclasses: Optional[Dict[str, List[str]]] = None
        # plain qualname -> earlier same-scope definitions ("f#1", ...): calls reach them too
        self.variants: Dict[str, List[str]] = {}
        for qual in sorted(functions):
            base = base_qualname(qual)
            if base != qual and "#" in qual.rsplit(".", 1)[-1] and \
                    qual.rsplit("#", 1)[-1].isdigit():
                self.variants.setdefault(base, []).append(qual)

    # -- modules -----------------------------------------------------------------------------
    def is_module(self, name: str) -> bool:
        return name in self.modules or name in self.prefixes

    def is_internal(self, name: str) -> bool:
        return name.split(".")[0] in self.top_level

    def absolute_module(self, mod: ModuleInfo, module: str, level: int) -> Optional[str]:
        if level == 0:
            return module or None
        base = mod.name.split(".")
        if not mod.is_package:
            base = base[:-1]
        drop = level - 1
        if drop > len(base):
            return None
        base = base[:len(base) - drop]
        parts = base + ([module] if module else [])
        return ".".join(parts) if parts else None

    def module_ref(self, name: str) -> Optional[Ref]:
        if self.is_internal(name):
            return Ref("module", name) if self.is_module(name) else None
        return Ref("external", name)

    def module_scope(self, modname: str) -> "Scope":
        scope = self.module_ctx.get(modname)
        if scope is None:
            scope = Scope(self, self.modules[modname], None, [])
            self.module_ctx[modname] = scope
        return scope

    # -- module members ----------------------------------------------------------------------
    def module_name_lookup(self, modname: str, name: str) -> Optional[Ref]:
        """A bare name in a module's global namespace (bindings and star imports)."""
        key = (modname, name)
        if key in self._member_cache:
            return self._member_cache[key]
        if key in self._in_progress:
            return None
        self._in_progress.add(key)
        try:
            result = self._module_name_lookup(modname, name)
        finally:
            self._in_progress.discard(key)
        self._member_cache[key] = result
        return result

    def _module_name_lookup(self, modname: str, name: str) -> Optional[Ref]:
        mod = self.modules.get(modname)
        if mod is None or mod.error is not None:
            return None
        bindings = mod.namespace.get(name)
        if bindings:
            refs = [self.binding_ref(mod, name, b) for b in bindings]
            first = refs[0]
            if first is not None and all(r == first for r in refs):
                return first
            return Ref("variable", modname + "." + name, modname + "." + name)
        for star_module, level in mod.star_imports:
            source = self.absolute_module(mod, star_module, level)
            if source is None or not self.is_internal(source):
                continue
            if name in self.star_names(source):
                ref = self.module_member(source, name)
                if ref is not None:
                    return ref
        return None

    def module_member(self, modname: str, name: str) -> Optional[Ref]:
        """``module.name``: a global of the module, else a submodule."""
        ref = self.module_name_lookup(modname, name)
        if ref is not None:
            return ref
        sub = modname + "." + name
        if self.is_module(sub):
            return Ref("module", sub)
        return None

    def star_names(self, modname: str) -> Set[str]:
        mod = self.modules.get(modname)
        if mod is None or mod.error is not None:
            return set()
        if mod.all_names is not None:
            return set(mod.all_names)
        names = {n for n in mod.namespace if not n.startswith("_")}
        for star_module, level in mod.star_imports:
            source = self.absolute_module(mod, star_module, level)
            if source and self.is_internal(source) and source != modname:
                key = ("*star*", source)
                if key in self._in_progress:
                    continue
                self._in_progress.add(key)
                try:
                    names |= self.star_names(source)
                finally:
                    self._in_progress.discard(key)
        return names

    def binding_ref(self, mod: ModuleInfo, name: str, binding: Binding) -> Optional[Ref]:
        origin = mod.name + "." + name
        if binding.kind in ("def", "lambda"):
            return Ref("function", base_qualname(binding.target or ""), origin)
        if binding.kind == "class":
            return Ref("class", base_qualname(binding.target or ""), origin)
        if binding.kind == "import":
            return self.module_ref(binding.target or "")
        if binding.kind == "importfrom":
            source = self.absolute_module(mod, binding.target or "", binding.level)
            if source is None:
                return None
            imported = binding.imported_name or ""
            if not self.is_internal(source):
                return Ref("external", source + "." + imported)
            ref = self.module_member(source, imported)
            if ref is None:
                return None
            if ref.kind in ("variable", "instance") and ref.origin is None:
                return Ref(ref.kind, ref.name, source + "." + imported)
            return ref
        if binding.kind == "assign" and binding.value is not None:
            value = binding.value
            scope = self.module_scope(mod.name)
            ref = scope.typeof(value)
            if ref is not None and ref.kind in ("function", "class", "module", "external",
                                                "instance"):
                if ref.kind == "instance":
                    return Ref("instance", ref.name, origin)
                return ref
            return Ref("variable", origin, origin)
        return Ref("variable", origin, origin)

    # -- classes -----------------------------------------------------------------------------
    def mro(self, qual: str) -> List[str]:
        cls = self.classes.get(qual)
        return cls.mro if cls is not None and cls.mro else [qual]

    def class_lookup(self, qual: str, name: str, after: Optional[str] = None
                     ) -> Optional[Tuple[str, str, str]]:
        """(kind, qualname, defining class) for ``name`` along the MRO of ``qual``.

        kind: function | class | attr.  ``after``: start after that class (``super()``).
        """
        chain = self.mro(qual)
        if after is not None:
            if after in chain:
                chain = chain[chain.index(after) + 1:]
            else:
                chain = []
        for cq in chain:
            cls = self.classes.get(cq)
            if cls is None:
                continue
            if name in cls.methods:
                return ("function", cls.methods[name], cq)
            if name in cls.nested_classes:
                return ("class", cls.nested_classes[name], cq)
            if name in cls.attributes:
                return ("attr", cq + "." + name, cq)
        return None

    def overrides(self, cls_qual: str, name: str) -> List[str]:
        """Methods named ``name`` defined by package subclasses of ``cls_qual``."""
        if self._subclasses is None:
            subs: Dict[str, Set[str]] = {}
            for qual in self.classes:
                for base in self.mro(qual)[1:]:
                    subs.setdefault(base, set()).add(qual)
            self._subclasses = {k: sorted(v) for k, v in subs.items()}
        out: List[str] = []
        for sub in self._subclasses.get(cls_qual, []):
            cls = self.classes[sub]
            if name in cls.methods:
                out.append(cls.methods[name])
        return sorted(set(out))

    def special(self, cls_qual: str, *names: str) -> Optional[str]:
        """The first of ``names`` defined as a method along the MRO (skipping ``object``)."""
        for name in names:
            found = self.class_lookup(cls_qual, name)
            if found is not None and found[0] == "function":
                return found[1]
        return None

    def is_dataclass_chain(self, qual: str) -> bool:
        return any(self.classes[c].is_dataclass for c in self.mro(qual) if c in self.classes)

    # -- annotations -------------------------------------------------------------------------
    def annotation_type(self, node: Optional[ast.AST], scope: "Scope",
                        self_class: Optional[str]) -> Optional[Ref]:
        """Instance type named by an annotation, if it names exactly one package class."""
        if node is None:
            return None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            try:
                parsed = ast.parse(node.value.strip(), mode="eval").body
            except (SyntaxError, ValueError, RecursionError):
                return None
            return self.annotation_type(parsed, scope, self_class)
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
            inner = _slice(node)
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
        func = self.functions.get(qual)
        result: Optional[Ref] = None
        if func is not None and isinstance(func.node, _FUNC) and func.node.returns is not None:
            scope = self.module_scope(func.module)
            result = self.annotation_type(func.node.returns, scope, func.class_qualname)
        self._return_cache[qual] = result
        return result

    # -- constructors ------------------------------------------------------------------------
    def constructor(self, qual: str) -> Dict[str, Any]:
        cls = self.classes[qual]
        for name in ("__init__",):
            found = self.class_lookup(qual, name)
            if found is not None and found[0] == "function" and found[1] in self.functions:
                func = self.functions[found[1]]
                return self._ctor(cls, func.signature, "__init__", found[2])
        if self.is_dataclass_chain(qual):
            params: List[Param] = []
            for cq in reversed(self.mro(qual)):
                base = self.classes.get(cq)
                if base is None or not base.is_dataclass:
                    continue
                for field_param in base.fields:
                    params = [p for p in params if p.name != field_param.name or
                              field_param.kind == "kw_only_marker"]
                    params.append(field_param)
            out: List[Param] = []
            kw_only = False
            for p in params:
                if p.kind == "kw_only_marker":
                    kw_only = True
                    continue
                out.append(Param(p.name, "keyword_only" if kw_only else p.kind, p.annotation,
                                 p.default))
            return self._ctor(cls, Signature(out), "dataclass", qual, drop_first=False)
        found = self.class_lookup(qual, "__new__")
        if found is not None and found[0] == "function" and found[1] in self.functions:
            return self._ctor(cls, self.functions[found[1]].signature, "__new__", found[2])
        if any(self.classes[c].external_bases for c in self.mro(qual) if c in self.classes):
            return {"signature": None, "params_text": None, "source": "unknown",
                    "defined_in": None, "params": None}
        return self._ctor(cls, Signature([]), "default", None, drop_first=False)

    @staticmethod
    def _ctor(cls: ClassInfo, sig: Signature, source: str, defined_in: Optional[str],
              drop_first: bool = True) -> Dict[str, Any]:
        params = sig.params[1:] if drop_first and sig.params else sig.params
        text = Signature(params).params_text()
        return {"signature": "%s(%s)" % (cls.name, text), "params_text": text,
                "source": source, "defined_in": defined_in,
                "params": [p.to_json() for p in params]}


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
            if isinstance(node, _FUNC):
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
            elif isinstance(node, _FUNC) or isinstance(node, ast.ClassDef):
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


class CallCollector:
    """Walks one scope and records call edges, unresolved calls and module-level reads."""

    def __init__(self, scope: Scope, calls: CallInfo, reads: Set[str]) -> None:
        self.scope = scope
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
                member = pkg.module_member(base.name, node.attr)
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


# ---------------------------------------------------------------------------------------------
# Whole-package passes


def _c3(pkg: Package, qual: str, stack: Set[str]) -> List[str]:
    cls = pkg.classes[qual]
    if cls.mro:
        return cls.mro
    if qual in stack:
        return [qual]
    stack.add(qual)
    seqs = [list(_c3(pkg, b, stack)) for b in cls.resolved_bases if b in pkg.classes]
    seqs.append(list(cls.resolved_bases))
    result = [qual]
    seqs = [s for s in seqs if s]
    while seqs:
        candidate = None
        for seq in seqs:
            head = seq[0]
            if not any(head in s[1:] for s in seqs):
                candidate = head
                break
        if candidate is None:  # inconsistent hierarchy: fall back to depth-first order
            for seq in seqs:
                for item in seq:
                    if item not in result:
                        result.append(item)
            break
        result.append(candidate)
        seqs = [[x for x in s if x != candidate] for s in seqs]
        seqs = [s for s in seqs if s]
    stack.discard(qual)
    cls.mro = result
    return result


def resolve_classes(pkg: Package) -> None:
    """Bases (package / external) and MRO of every class."""
    for qual in sorted(pkg.classes):
        cls = pkg.classes[qual]
        scope = pkg.module_scope(cls.module)
        for base_node, text in zip(cls.base_nodes, cls.bases):
            node = base_node
            if isinstance(node, ast.Subscript):
                node = node.value
            ref = None
            if cls.parent_class is not None and isinstance(node, ast.Name):
                # a base named after a sibling nested class
                parent = pkg.classes.get(cls.parent_class)
                if parent is not None and node.id in parent.nested_classes:
                    ref = Ref("class", parent.nested_classes[node.id])
            if ref is None and cls.parent_function is None:
                ref = scope.typeof(node)
            elif ref is None and isinstance(node, ast.Name):
                ref, _ = scope.lookup(node.id)
            if ref is not None and ref.kind == "class" and ref.name in pkg.classes and \
                    ref.name != qual:
                cls.resolved_bases.append(ref.name)
            elif text not in ("object",):
                cls.external_bases.append(text)
    for qual in sorted(pkg.classes):
        _c3(pkg, qual, set())


def _scopes_for(pkg: Package, use_attr_types: bool) -> Dict[str, Scope]:
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


def infer_attribute_types(pkg: Package, scopes: Dict[str, Scope]) -> None:
    """Instance attribute types from class annotations and consistent ``self.x = ...``."""
    for qual in sorted(pkg.classes):
        cls = pkg.classes[qual]
        scope = pkg.module_scope(cls.module)
        for stmt in cls.node.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                ref = pkg.annotation_type(stmt.annotation, scope, qual)
                cls.attr_types[stmt.target.id] = ref
    candidates: Dict[Tuple[str, str], List[Optional[Ref]]] = {}
    annotated: Set[Tuple[str, str]] = {(q, a) for q, c in pkg.classes.items()
                                       for a in c.attr_types}
    for qual in sorted(scopes):
        scope = scopes[qual]
        func = pkg.functions[qual]
        if scope.self_name is None or func.class_qualname is None:
            continue
        cls_qual = func.class_qualname
        for node in scope.owned():
            targets: List[Tuple[ast.AST, Optional[ast.AST], Optional[ast.AST]]] = []
            if isinstance(node, ast.Assign):
                targets = [(t, node.value, None) for t in node.targets]
            elif isinstance(node, ast.AnnAssign):
                targets = [(node.target, node.value, node.annotation)]
            for target, value, annotation in targets:
                if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                        and target.value.id == scope.self_name):
                    continue
                key = (cls_qual, target.attr)
                if key in annotated:
                    continue
                try:
                    if annotation is not None:
                        ref = pkg.annotation_type(annotation, scope, cls_qual)
                    elif isinstance(value, ast.Constant) and value.value is None:
                        continue
                    else:
                        ref = scope.typeof(value) if value is not None else None
                except RecursionError:
                    ref = None
                if ref is not None and ref.kind != "instance":
                    ref = None
                candidates.setdefault(key, []).append(ref)
    for (cls_qual, attr), refs in sorted(candidates.items()):
        first = refs[0]
        pkg.classes[cls_qual].attr_types[attr] = first if first is not None and all(
            r == first for r in refs) else None


def build_call_graph(pkg: Package, scopes: Dict[str, Scope]) -> None:
    """Fill ``calls`` and ``reads`` of every function and module."""
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
        outer = scopes[parent] if parent in scopes else pkg.module_scope(func.module)
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
        collector = CallCollector(pkg.module_scope(name), mod.calls, set())
        try:
            collector.run()
        except RecursionError:
            mod.notes.append("module level too deeply nested for the call graph")


# ---------------------------------------------------------------------------------------------
# Public API


def module_is_public(name: str) -> bool:
    return all(_public_component(part) for part in name.split("."))


def exported_names(pkg: Package, mod: ModuleInfo) -> Dict[str, Ref]:
    """Names a user imports from ``mod`` as its public API (re-exports included).

    With ``__all__``: exactly the names listed.  Without: every non-underscore name the module
    defines; imported names only in a package ``__init__`` (the re-export convention) or when
    they come from a star import.
    """
    out: Dict[str, Ref] = {}
    if mod.error is not None:
        return out
    if mod.all_names is not None:
        candidates = list(mod.all_names)
    else:
        candidates = []
        for name, bindings in mod.namespace.items():
            if name.startswith("_"):
                continue
            if any(b.kind in ("import", "importfrom") for b in bindings) and not mod.is_package:
                continue
            candidates.append(name)
        for star_module, level in mod.star_imports:
            source = pkg.absolute_module(mod, star_module, level)
            if source and pkg.is_internal(source):
                candidates.extend(n for n in pkg.star_names(source) if not n.startswith("_"))
    for name in sorted(set(candidates)):
        ref = pkg.module_member(mod.name, name)
        if ref is not None:
            out[name] = ref
    return out


def assign_public_api(pkg: Package) -> None:
    """Kinds (public / private / special), public names and import lines."""
    exposures: Dict[str, List[Tuple[str, str]]] = {}
    for modname in sorted(pkg.modules):
        mod = pkg.modules[modname]
        mod.public = mod.importable and module_is_public(modname)
        if not mod.public:
            continue
        for name, ref in exported_names(pkg, mod).items():
            if ref.kind in ("function", "class") and (ref.name in pkg.functions or
                                                      ref.name in pkg.classes):
                exposures.setdefault(ref.name, []).append((modname, name))

    def best(qual: str, defining: str) -> Optional[Tuple[str, str]]:
        options = exposures.get(qual)
        if not options:
            return None
        return sorted(options, key=lambda o: (o[0].count("."), o[0] != defining, o[0], o[1]))[0]

    # top-level classes, then nested classes
    public_classes: List[str] = []
    for qual in sorted(pkg.classes, key=lambda q: (q.count("."), q)):
        cls = pkg.classes[qual]
        if cls.parent_function is not None:
            continue
        if cls.parent_class is None:
            chosen = best(qual, cls.module)
            if chosen is not None:
                cls.kind = "public"
                cls.public_name = chosen[0] + "." + chosen[1]
                cls.import_line = "from %s import %s" % chosen
                cls.expr = chosen[1]
        else:
            parent = pkg.classes.get(cls.parent_class)
            if parent is not None and parent.kind == "public" and _public_component(cls.name):
                cls.kind = "public"
                cls.public_name = (parent.public_name or "") + "." + cls.name
                cls.import_line = parent.import_line
                cls.expr = (parent.expr or "") + "." + cls.name
        if cls.kind == "public":
            public_classes.append(qual)
    for qual in pkg.classes:
        cls = pkg.classes[qual]
        try:
            cls.constructor = pkg.constructor(qual)
        except RecursionError:
            cls.constructor = {"signature": None, "params_text": None, "source": "unknown",
                               "defined_in": None, "params": None}

    # methods reachable through public classes (inherited ones included)
    for cq in sorted(public_classes, key=lambda q: (pkg.classes[q].public_name or "", q)):
        seen: Set[str] = set()
        for owner_q in pkg.mro(cq):
            owner = pkg.classes.get(owner_q)
            if owner is None:
                continue
            for name in sorted(owner.methods):
                if name in seen:
                    continue
                seen.add(name)
                func = pkg.functions.get(owner.methods[name])
                if func is None:
                    continue
                if is_dunder(name) or _public_component(name):
                    func.access_classes.append(cq)

    for qual in sorted(pkg.functions):
        func = pkg.functions[qual]
        plain = func.name
        if is_dunder(plain):
            func.kind = "special"
        if func.parent_function is not None:
            if func.kind != "special":
                func.kind = "private"
            continue
        if func.class_qualname is None:
            chosen = best(qual, func.module)
            if chosen is not None:
                if func.kind != "special":
                    func.kind = "public"
                func.public_name = chosen[0] + "." + chosen[1]
                func.import_line = "from %s import %s" % chosen
                func.expr = chosen[1]
            continue
        if func.access_classes:
            own = func.class_qualname if func.class_qualname in func.access_classes else None
            via = own or sorted(func.access_classes,
                                key=lambda c: (pkg.classes[c].public_name or "", c))[0]
            cls = pkg.classes[via]
            if func.kind != "special" and "#" not in qual.rsplit(".", 1)[-1]:
                func.kind = "public"
            func.public_name = (cls.public_name or "") + "." + plain
            func.import_line = cls.import_line
            func.expr = (cls.expr or "") + "." + plain

    # property accessors and shadowed same-scope variants share their plain name's access
    for qual in sorted(pkg.functions):
        base = base_qualname(qual)
        if base == qual or base not in pkg.functions:
            continue
        func, plain_func = pkg.functions[qual], pkg.functions[base]
        if func.kind != "special":
            func.kind = plain_func.kind
        func.public_name = plain_func.public_name
        func.import_line = plain_func.import_line
        func.expr = plain_func.expr
        func.access_classes = list(plain_func.access_classes)


def is_entry_point(pkg: Package, func: FunctionInfo) -> bool:
    """Public functions, public methods of public classes, special methods of public classes."""
    if func.kind == "public":
        return True
    if func.kind == "special" and func.access_classes:
        return True
    return False


def analyse_package(pkg: Package) -> None:
    """All package-wide passes in order."""
    resolve_classes(pkg)
    scopes = _scopes_for(pkg, use_attr_types=False)
    infer_attribute_types(pkg, scopes)
    build_call_graph(pkg, scopes)
    assign_public_api(pkg)


def sorted_unique(values: Iterable[str]) -> List[str]:
    return sorted(set(values))

