"""A lazy, read-only model of one source tree: modules, name resolution, classes and constructors.

Only the modules a request needs are parsed (on first use), so a generator request stays fast on
large projects.  Resolution is static and best effort: ``from .x import y``, ``import a.b as c``,
module-level assignments, class bodies and star imports; everything outside the tree is an
*external* dotted name (``decimal.Decimal``, ``typing.Optional``).
"""

from __future__ import annotations

import ast
import builtins
import io
import os
import tokenize
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

FUNC = (ast.FunctionDef, ast.AsyncFunctionDef)
ENUM_BASES = {"enum.Enum", "enum.IntEnum", "enum.StrEnum", "enum.Flag", "enum.IntFlag"}
BUILTIN_NAMES = frozenset(dir(builtins))


@dataclass
class Param:
    """One parameter of a callable; ``module`` is where its annotation's names resolve."""

    name: str
    kind: str  # positional_only | positional_or_keyword | var_positional | keyword_only | var_keyword
    annotation: Optional[ast.expr]
    default: Optional[ast.expr]
    module: str

    @property
    def required(self) -> bool:
        return self.default is None and self.kind not in ("var_positional", "var_keyword")


@dataclass
class Sym:
    """What a name resolves to."""

    kind: str  # module | class | function | value | external | builtin
    name: str  # qualified / dotted name
    node: Any = None
    module: str = ""


@dataclass
class Mod:
    name: str
    path: str
    source: str
    tree: ast.Module
    is_package: bool
    bindings: Dict[str, Tuple[Any, ...]] = field(default_factory=dict)
    stars: List[str] = field(default_factory=list)


@dataclass
class ClassModel:
    """What a generator needs to know about a project class."""

    qual: str
    module: str
    node: ast.ClassDef
    mro: List[str]
    external_bases: List[str]
    is_dataclass: bool
    is_enum: bool
    is_exception: bool
    is_abstract: bool
    has_repr: bool
    has_slots: bool
    enum_members: List[str]
    ctor: Optional[List[Param]]  # None: unknown (external base without a visible constructor)
    ctor_source: str
    methods: Dict[str, Tuple[str, Any]]  # name -> (defining class qual, def node)


def read_source(path: str) -> str:
    with open(path, "rb") as handle:
        data = handle.read()
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError:
        encoding = "utf-8"
    text = data.decode(encoding, "replace")
    return text[1:] if text.startswith("\ufeff") else text


def params_of(node: Any, module: str, drop_first: bool) -> List[Param]:
    """Parameters of a def or lambda node (``self``/``cls`` dropped when ``drop_first``)."""
    args = node.args
    out: List[Param] = []
    positional = list(getattr(args, "posonlyargs", [])) + list(args.args)
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    n_posonly = len(getattr(args, "posonlyargs", []))
    for index, (arg, default) in enumerate(zip(positional, defaults)):
        kind = "positional_only" if index < n_posonly else "positional_or_keyword"
        out.append(Param(arg.arg, kind, arg.annotation, default, module))
    if args.vararg is not None:
        out.append(Param(args.vararg.arg, "var_positional", args.vararg.annotation, None, module))
    for arg, default in zip(args.kwonlyargs, args.kw_defaults):
        out.append(Param(arg.arg, "keyword_only", arg.annotation, default, module))
    if args.kwarg is not None:
        out.append(Param(args.kwarg.arg, "var_keyword", args.kwarg.annotation, None, module))
    if drop_first and out and out[0].kind in ("positional_only", "positional_or_keyword"):
        out = out[1:]
    return out


def decorator_names(node: Any) -> List[str]:
    out = []
    for deco in getattr(node, "decorator_list", []):
        target = deco.func if isinstance(deco, ast.Call) else deco
        out.append(dotted(target) or "")
    return out


def dotted(node: Any) -> Optional[str]:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = dotted(node.value)
        return base + "." + node.attr if base else None
    return None


class Tree:
    """One tree (old or new) under its import root."""

    def __init__(self, root: str, import_roots: Optional[List[str]] = None) -> None:
        self.root = os.path.abspath(root)
        roots = [os.path.join(self.root, r) for r in (import_roots or []) if r]
        self.import_roots = [os.path.abspath(r) for r in roots] or [self.root]
        self.import_root = self.import_roots[0]
        self._mods: Dict[str, Optional[Mod]] = {}
        self._classes: Dict[str, Optional[ClassModel]] = {}
        self._public: Dict[str, Tuple[str, str]] = {}

    # -- modules -----------------------------------------------------------------------------
    def module_file(self, name: str) -> Optional[Tuple[str, bool]]:
        if not name or any(not p.isidentifier() for p in name.split(".")):
            return None
        for root in self.import_roots:
            base = os.path.join(root, *name.split("."))
            init = os.path.join(base, "__init__.py")
            if os.path.isfile(init):
                return init, True
            if os.path.isfile(base + ".py"):
                return base + ".py", False
        return None

    def is_module(self, name: str) -> bool:
        return self.load(name) is not None

    def load(self, name: str) -> Optional[Mod]:
        if name in self._mods:
            return self._mods[name]
        self._mods[name] = None
        found = self.module_file(name)
        if found is None:
            return None
        path, is_package = found
        try:
            source = read_source(path)
            tree = ast.parse(source)
        except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
            return None
        mod = Mod(name, path, source, tree, is_package)
        self._collect(mod, tree.body, in_handler=False)
        self._mods[name] = mod
        return mod

    def relpath(self, mod: Mod) -> str:
        return os.path.relpath(mod.path, self.root).replace(os.sep, "/")

    def _collect(self, mod: Mod, body: List[ast.stmt], in_handler: bool) -> None:
        def bind(name: str, record: Tuple[Any, ...]) -> None:
            if in_handler and name in mod.bindings:
                return
            mod.bindings[name] = record

        for stmt in body:
            if isinstance(stmt, FUNC):
                bind(stmt.name, ("def", stmt))
            elif isinstance(stmt, ast.ClassDef):
                bind(stmt.name, ("class", stmt))
            elif isinstance(stmt, ast.Assign):
                for target in stmt.targets:
                    if isinstance(target, ast.Name):
                        bind(target.id, ("value", stmt.value))
            elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                if stmt.value is not None:
                    bind(stmt.target.id, ("value", stmt.value))
            elif isinstance(stmt, ast.Import):
                for alias in stmt.names:
                    if alias.asname:
                        bind(alias.asname, ("import", alias.name))
                    else:
                        top = alias.name.split(".")[0]
                        bind(top, ("import", top))
            elif isinstance(stmt, ast.ImportFrom):
                source = self._absolute(mod, stmt.module, stmt.level)
                if source is None:
                    continue
                for alias in stmt.names:
                    if alias.name == "*":
                        mod.stars.append(source)
                    else:
                        bind(alias.asname or alias.name, ("from", source, alias.name))
            elif isinstance(stmt, ast.If):
                self._collect(mod, stmt.body, in_handler)
                self._collect(mod, stmt.orelse, True)
            elif isinstance(stmt, ast.Try) or type(stmt).__name__ == "TryStar":
                self._collect(mod, stmt.body, in_handler)  # type: ignore[attr-defined]
                for handler in stmt.handlers:  # type: ignore[attr-defined]
                    self._collect(mod, handler.body, True)
                self._collect(mod, stmt.orelse, in_handler)  # type: ignore[attr-defined]
                self._collect(mod, stmt.finalbody, in_handler)  # type: ignore[attr-defined]
            elif isinstance(stmt, (ast.With, ast.AsyncWith)):
                self._collect(mod, stmt.body, in_handler)

    @staticmethod
    def _absolute(mod: Mod, module: Optional[str], level: int) -> Optional[str]:
        if level == 0:
            return module
        parts = mod.name.split(".")
        if not mod.is_package:
            parts = parts[:-1]
        if level - 1 > len(parts):
            return None
        base = parts[: len(parts) - (level - 1)]
        if module:
            base = base + module.split(".")
        return ".".join(base)

    # -- resolution --------------------------------------------------------------------------
    def lookup(self, modname: str, name: str, depth: int = 0) -> Optional[Sym]:
        """What ``name`` means at the top level of module ``modname``."""
        if depth > 12:
            return None
        mod = self.load(modname)
        if mod is None:
            return None
        record = mod.bindings.get(name)
        if record is None:
            for star in mod.stars:
                if self.is_module(star):
                    found = self.lookup(star, name, depth + 1)
                    if found is not None:
                        return found
            if self.is_module(modname + "." + name):
                return Sym("module", modname + "." + name)
            if name in BUILTIN_NAMES:
                return Sym("builtin", name)
            return None
        kind = record[0]
        qual = modname + "." + name
        if kind == "def":
            return Sym("function", qual, record[1], modname)
        if kind == "class":
            return Sym("class", qual, record[1], modname)
        if kind == "value":
            return Sym("value", qual, record[1], modname)
        if kind == "import":
            target = record[1]
            return Sym("module", target) if self.is_module(target) else Sym("external", target)
        if kind == "from":
            source, orig = record[1], record[2]
            if self.is_module(source + "." + orig):
                return Sym("module", source + "." + orig)
            if self.is_module(source):
                return self.lookup(source, orig, depth + 1)
            return Sym("external", source + "." + orig)
        return None

    def resolve(self, modname: str, node: Any, depth: int = 0) -> Optional[Sym]:
        """Resolve a Name/Attribute expression at module level."""
        if isinstance(node, ast.Name):
            return self.lookup(modname, node.id, depth)
        if isinstance(node, ast.Attribute):
            base = self.resolve(modname, node.value, depth + 1)
            if base is None:
                return None
            return self.member(base, node.attr, depth + 1)
        return None

    def member(self, base: Sym, attr: str, depth: int = 0) -> Optional[Sym]:
        if base.kind == "module":
            return self.lookup(base.name, attr, depth + 1)
        if base.kind == "external":
            return Sym("external", base.name + "." + attr)
        if base.kind == "class" and isinstance(base.node, ast.ClassDef):
            for stmt in base.node.body:
                if isinstance(stmt, ast.ClassDef) and stmt.name == attr:
                    return Sym("class", base.name + "." + attr, stmt, base.module)
                if isinstance(stmt, FUNC) and stmt.name == attr:
                    return Sym("function", base.name + "." + attr, stmt, base.module)
                if isinstance(stmt, ast.Assign) and any(
                        isinstance(t, ast.Name) and t.id == attr for t in stmt.targets):
                    return Sym("value", base.name + "." + attr, stmt.value, base.module)
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and \
                        stmt.target.id == attr and stmt.value is not None:
                    return Sym("value", base.name + "." + attr, stmt.value, base.module)
        return None

    def class_sym(self, qual: str) -> Optional[Sym]:
        found = self.find_def(qual)
        if found is None or not isinstance(found[1], ast.ClassDef):
            return None
        return Sym("class", qual, found[1], found[0])

    # -- definitions -------------------------------------------------------------------------
    def split(self, qual: str) -> Optional[Tuple[str, List[str]]]:
        parts = qual.split(".")
        for cut in range(len(parts), 0, -1):
            name = ".".join(parts[:cut])
            if self.module_file(name) is not None:
                return name, parts[cut:]
        return None

    def find_def(self, qual: str) -> Optional[Tuple[str, Any, List[ast.ClassDef]]]:
        """(module, def/class/lambda node, enclosing classes) for a qualified name."""
        found = self.split(qual)
        if found is None:
            return None
        modname, rest = found
        mod = self.load(modname)
        if mod is None or not rest:
            return None
        body: List[ast.stmt] = mod.tree.body
        classes: List[ast.ClassDef] = []
        node: Any = None
        for index, part in enumerate(rest):
            name, _, suffix = part.partition("#")
            node = _find_in_body(body, name, suffix)
            if node is None:
                return None
            if index < len(rest) - 1:
                if not isinstance(node, ast.ClassDef):
                    return None
                classes.append(node)
                body = node.body
        return modname, node, classes

    # -- classes -----------------------------------------------------------------------------
    def class_model(self, qual: str, depth: int = 0) -> Optional[ClassModel]:
        if qual in self._classes:
            return self._classes[qual]
        self._classes[qual] = None
        sym = self.class_sym(qual)
        if sym is None or depth > 10:
            return None
        model = self._build_class(sym, depth)
        self._classes[qual] = model
        return model

    def _build_class(self, sym: Sym, depth: int) -> ClassModel:
        node: ast.ClassDef = sym.node
        mro: List[str] = [sym.name]
        external: List[str] = []
        base_models: List[ClassModel] = []
        for base in node.bases:
            target = base.value if isinstance(base, ast.Subscript) else base
            ref = self.resolve(sym.module, target)
            if ref is None:
                external.append(dotted(target) or "?")
            elif ref.kind == "class":
                model = self.class_model(ref.name, depth + 1)
                if model is not None:
                    base_models.append(model)
                    for q in model.mro:
                        if q not in mro:
                            mro.append(q)
                    external.extend(e for e in model.external_bases if e not in external)
            elif ref.kind in ("external", "builtin"):
                if ref.name not in ("object", "typing.Generic", "typing.Protocol"):
                    external.append(ref.name)
        decos = decorator_names(node)
        own_dc = any(d.split(".")[-1] == "dataclass" for d in decos)
        dc_repr = own_dc and not _deco_flag(node, "dataclass", "repr", False)
        is_dataclass = own_dc or any(b.is_dataclass for b in base_models)
        is_enum = any(e in ENUM_BASES for e in external) or any(b.is_enum for b in base_models)
        is_exception = any(e in BUILTIN_NAMES and e.endswith(("Error", "Exception", "Warning"))
                           or e in ("Exception", "BaseException") for e in external) or \
            any(b.is_exception for b in base_models)
        methods: Dict[str, Tuple[str, Any]] = {}
        for model in reversed(base_models):
            methods.update(model.methods)
        for stmt in node.body:
            if isinstance(stmt, FUNC):
                methods[stmt.name] = (sym.name, stmt)
        abstract = any("abstractmethod" in decorator_names(f)
                       for _q, f in methods.values()) or "abc.ABC" in external
        own_repr = any(isinstance(s, FUNC) and s.name == "__repr__" for s in node.body)
        has_repr = own_repr or dc_repr or any(b.has_repr for b in base_models) or \
            any(not e.startswith(("abc.", "typing.")) for e in external)
        slots = any(isinstance(s, ast.Assign) and any(isinstance(t, ast.Name) and
                                                      t.id == "__slots__" for t in s.targets)
                    for s in node.body) or any(b.has_slots for b in base_models)
        members: List[str] = []
        if is_enum:
            for stmt in node.body:
                targets: List[Any] = []
                if isinstance(stmt, ast.Assign):
                    targets = stmt.targets
                elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
                    targets = [stmt.target]
                for target in targets:
                    if isinstance(target, ast.Name) and not target.id.startswith("_"):
                        members.append(target.id)
        ctor, source = self._constructor(sym, node, methods, is_dataclass, external, base_models)
        return ClassModel(sym.name, sym.module, node, mro, external, is_dataclass, is_enum,
                          is_exception, abstract, has_repr, slots, members, ctor, source, methods)

    def _constructor(self, sym: Sym, node: ast.ClassDef, methods: Dict[str, Tuple[str, Any]],
                     is_dataclass: bool, external: List[str], bases: List[ClassModel]
                     ) -> Tuple[Optional[List[Param]], str]:
        init = methods.get("__init__")
        if init is not None and isinstance(init[1], FUNC):
            owner_mod = self.split(init[0])
            return params_of(init[1], owner_mod[0] if owner_mod else sym.module, True), "__init__"
        if is_dataclass:
            return self._dataclass_fields(sym, node, bases), "dataclass"
        if any(e.split(".")[-1] == "NamedTuple" for e in external):
            return self._plain_fields(sym, node), "namedtuple"
        new = methods.get("__new__")
        if new is not None and isinstance(new[1], FUNC):
            owner_mod = self.split(new[0])
            return params_of(new[1], owner_mod[0] if owner_mod else sym.module, True), "__new__"
        if any(e.split(".")[-1] == "TypedDict" for e in external):
            fields = self._plain_fields(sym, node)
            return [Param(p.name, "keyword_only", p.annotation, None, p.module)
                    for p in fields], "typeddict"
        if external and not all(e in ENUM_BASES or e.startswith("abc.") for e in external):
            if all(e.split(".")[-1] in ("Exception", "BaseException") or
                   e.endswith(("Error", "Warning")) for e in external):
                return [Param("message", "var_positional", None, None, sym.module)], "exception"
            return None, "unknown"
        return [], "default"

    def _plain_fields(self, sym: Sym, node: ast.ClassDef) -> List[Param]:
        out = []
        for stmt in node.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and \
                    not _is_classvar(stmt.annotation):
                out.append(Param(stmt.target.id, "positional_or_keyword", stmt.annotation,
                                 stmt.value, sym.module))
        return out

    def _dataclass_fields(self, sym: Sym, node: ast.ClassDef, bases: List[ClassModel]
                          ) -> List[Param]:
        params: List[Param] = []
        for base in reversed(bases):
            if base.is_dataclass and base.ctor is not None and base.ctor_source == "dataclass":
                for p in base.ctor:
                    params = [q for q in params if q.name != p.name] + [p]
        kw_only = _deco_flag(node, "dataclass", "kw_only", False)
        for stmt in node.body:
            if not (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)):
                continue
            if _is_classvar(stmt.annotation):
                continue
            ann_name = dotted(stmt.annotation) or ""
            if ann_name.split(".")[-1] == "KW_ONLY":
                kw_only = True
                continue
            default = stmt.value
            field_kw = None
            if isinstance(default, ast.Call) and (dotted(default.func) or "").split(".")[-1] \
                    == "field":
                init = True
                new_default: Optional[ast.expr] = None
                for kw in default.keywords:
                    if kw.arg == "init" and isinstance(kw.value, ast.Constant) and \
                            kw.value.value is False:
                        init = False
                    elif kw.arg == "default":
                        new_default = kw.value
                    elif kw.arg == "default_factory":
                        new_default = ast.Call(func=kw.value, args=[], keywords=[])
                    elif kw.arg == "kw_only" and isinstance(kw.value, ast.Constant):
                        field_kw = bool(kw.value.value)
                if not init:
                    continue
                default = new_default
            kind = "keyword_only" if (field_kw if field_kw is not None else kw_only) \
                else "positional_or_keyword"
            param = Param(stmt.target.id, kind, stmt.annotation, default, sym.module)
            params = [q for q in params if q.name != param.name] + [param]
        positional = [p for p in params if p.kind != "keyword_only"]
        return positional + [p for p in params if p.kind == "keyword_only"]

    # -- public import paths ------------------------------------------------------------------
    def public_ref(self, qual: str) -> Tuple[str, str]:
        """(import line, expression) a user would write for a class or function."""
        if qual in self._public:
            return self._public[qual]
        found = self.split(qual)
        if found is None:
            result = ("", qual.rsplit(".", 1)[-1])
        else:
            modname, rest = found
            top = rest[0].partition("#")[0] if rest else ""
            result = ("from %s import %s" % (modname, top), ".".join(
                r.partition("#")[0] for r in rest))
            parts = modname.split(".")
            for cut in range(1, len(parts) + 1):
                candidate = ".".join(parts[:cut])
                if any(p.startswith("_") for p in parts[:cut]) and cut < len(parts):
                    continue
                ref = self.lookup(candidate, top)
                if ref is not None and ref.kind in ("class", "function") and \
                        ref.name == modname + "." + top:
                    result = ("from %s import %s" % (candidate, top), result[1])
                    break
        self._public[qual] = result
        return result


def _find_in_body(body: List[ast.stmt], name: str, suffix: str) -> Any:
    """The def/class/lambda named ``name`` in a scope body (``#N`` / ``#setter`` variants)."""
    found: List[Any] = []
    stack = [body]
    while stack:
        block = stack.pop(0)
        for stmt in block:
            if isinstance(stmt, FUNC + (ast.ClassDef,)) and stmt.name == name:
                found.append(stmt)
            elif isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Lambda) and any(
                    isinstance(t, ast.Name) and t.id == name for t in stmt.targets):
                found.append(stmt.value)
            elif isinstance(stmt, (ast.If, ast.Try, ast.With)):
                for attr in ("body", "orelse", "finalbody"):
                    stack.append(getattr(stmt, attr, []))
                for handler in getattr(stmt, "handlers", []):
                    stack.append(handler.body)
    if not found:
        return None
    found.sort(key=lambda n: (n.lineno, n.col_offset))
    if suffix in ("setter", "deleter", "getter"):
        for node in found:
            if any(d.endswith("." + suffix) for d in decorator_names(node)):
                return node
        return None
    plain = [n for n in found if not any(d.endswith((".setter", ".deleter"))
                                         for d in decorator_names(n))]
    if suffix.isdigit():
        index = int(suffix) - 1
        return plain[index] if 0 <= index < len(plain) else None
    return plain[-1] if plain else found[-1]


def _is_classvar(node: Any) -> bool:
    target = node.value if isinstance(node, ast.Subscript) else node
    return (dotted(target) or "").split(".")[-1] == "ClassVar"


def _deco_flag(node: ast.ClassDef, deco: str, flag: str, default: bool) -> bool:
    for d in node.decorator_list:
        if isinstance(d, ast.Call) and (dotted(d.func) or "").split(".")[-1] == deco:
            for kw in d.keywords:
                if kw.arg == flag and isinstance(kw.value, ast.Constant):
                    return bool(kw.value.value)
    return default
