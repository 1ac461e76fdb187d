"""The package model used for resolution: modules, their members, classes and annotations.

:class:`Package` holds every module, class and function of one tree and answers what a name
denotes (a :class:`Ref`): a module's globals through its bindings and star imports, attributes
along a class's MRO, the package class an annotation names, a function's return type, and the
constructor a class call reaches.  Function bodies are resolved by :mod:`pyanalysis.scope`.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any, Dict, List, NamedTuple, Optional, Set, Tuple

from .extract import dotted
from .model import Binding, ClassInfo, FunctionInfo, ModuleInfo, Param, Signature

if TYPE_CHECKING:
    from .scope import Scope

FUNCTION_NODES = (ast.FunctionDef, ast.AsyncFunctionDef)
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


def public_component(name: str) -> bool:
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
            from .scope import Scope  # scope.py builds on this module
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
        if func is not None and isinstance(func.node, FUNCTION_NODES) and \
                func.node.returns is not None:
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
