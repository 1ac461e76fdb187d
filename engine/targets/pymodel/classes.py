"""Project classes as the generator builds objects of them: lineage, kind, constructor.

:func:`build_class` turns a class definition into a :class:`ClassModel`: its lineage of project
classes (depth-first, :func:`pymodel.lineage.linearise`), external bases, whether it is a
dataclass / enum / exception / abstract, whether it has a repr of its own (else snippets print
``vars()``), its enum members and the parameters of its constructor (``__init__`` up the lineage,
dataclass or NamedTuple fields, ``__new__``, TypedDict keys; ``None`` when an external base hides
it).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Protocol, Tuple

from .constructors import (ENUM_BASES, FieldRules, constructor_source, dataclass_fields,
                           has_dataclass_decorator)
from .lineage import linearise
from .params import Param, params_of
from .resolve import Ref
from .syntax import BUILTIN_NAMES, FUNCTION_NODES, decorator_names, dotted


@dataclass
class ClassModel:
    """What a generator needs to know about a project class."""

    qual: str
    module: str
    node: ast.ClassDef
    lineage: List[str]
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


class ClassSource(Protocol):
    """The tree a class model is built from."""

    def resolve(self, modname: str, node: Any, depth: int = 0) -> Optional[Ref]: ...

    def class_model(self, qual: str, depth: int = 0) -> Optional[ClassModel]: ...

    def split(self, qual: str) -> Optional[Tuple[str, List[str]]]: ...


def _last(node: Any) -> str:
    return (dotted(node) or "").split(".")[-1]


def _is_classvar(node: ast.expr) -> bool:
    return _last(node.value if isinstance(node, ast.Subscript) else node) == "ClassVar"


FIELDS = FieldRules(classvar=_is_classvar, kw_only_marker=lambda node: _last(node) == "KW_ONLY",
                    field_call=lambda func: _last(func) == "field", nested=False, lambdas=True)


def build_class(tree: ClassSource, sym: Ref, depth: int) -> ClassModel:
    node: ast.ClassDef = sym.node
    external: List[str] = []
    base_models: List[ClassModel] = []
    for base in node.bases:
        target = base.value if isinstance(base, ast.Subscript) else base
        ref = tree.resolve(sym.module, target)
        if ref is None:
            external.append(dotted(target) or "?")
        elif ref.kind == "class":
            model = tree.class_model(ref.name, depth + 1)
            if model is not None:
                base_models.append(model)
                external.extend(e for e in model.external_bases if e not in external)
        elif ref.kind in ("external", "builtin"):
            if ref.name not in ("object", "typing.Generic", "typing.Protocol"):
                external.append(ref.name)
    lineage = linearise(sym.name, [model.lineage for model in base_models], c3=False)
    own_dc = has_dataclass_decorator(node)
    dc_repr = own_dc and _deco_flag(node, "dataclass", "repr", True)
    is_dataclass = own_dc or any(b.is_dataclass for b in base_models)
    is_enum = any(e in ENUM_BASES for e in external) or any(b.is_enum for b in base_models)
    is_exception = any(e in BUILTIN_NAMES and e.endswith(("Error", "Exception", "Warning"))
                       or e in ("Exception", "BaseException") for e in external) or \
        any(b.is_exception for b in base_models)
    methods: Dict[str, Tuple[str, Any]] = {}
    for model in reversed(base_models):
        methods.update(model.methods)
    for stmt in node.body:
        if isinstance(stmt, FUNCTION_NODES):
            methods[stmt.name] = (sym.name, stmt)
    abstract = any("abstractmethod" in decorator_names(f)
                   for _q, f in methods.values()) or "abc.ABC" in external
    own_repr = any(isinstance(s, FUNCTION_NODES) and s.name == "__repr__" for s in node.body)
    has_repr = own_repr or dc_repr or any(b.has_repr for b in base_models) or \
        any(not _reprless_base(e) for e in external)
    slots = any(isinstance(s, ast.Assign) and any(isinstance(t, ast.Name) and
                                                  t.id == "__slots__" for t in s.targets)
                for s in node.body) or any(b.has_slots for b in base_models)
    members = _enum_members(node) if is_enum else []
    ctor, source = _constructor(tree, sym, methods, is_dataclass, external, base_models)
    return ClassModel(sym.name, sym.module, node, lineage, external, is_dataclass, is_enum,
                      is_exception, abstract, has_repr, slots, members, ctor, source, methods)


def _enum_members(node: ast.ClassDef) -> List[str]:
    members: List[str] = []
    for stmt in node.body:
        targets: List[Any] = []
        if isinstance(stmt, ast.Assign):
            targets = stmt.targets
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            targets = [stmt.target]
        for target in targets:
            if isinstance(target, ast.Name) and not target.id.startswith("_"):
                members.append(target.id)
    return members


def _constructor(tree: ClassSource, sym: Ref, methods: Dict[str, Tuple[str, Any]],
                 is_dataclass: bool, external: List[str], bases: List[ClassModel]
                 ) -> Tuple[Optional[List[Param]], str]:
    node: ast.ClassDef = sym.node
    init, new = methods.get("__init__"), methods.get("__new__")
    init_ok = init is not None and isinstance(init[1], FUNCTION_NODES)
    new_ok = new is not None and isinstance(new[1], FUNCTION_NODES)
    source = constructor_source(init_ok, is_dataclass, new_ok, external, special_bases=True)
    if source in ("__init__", "__new__"):
        owner, definition = init if source == "__init__" else new  # type: ignore[misc]
        owner_mod = tree.split(owner)
        return params_of(definition, owner_mod[0] if owner_mod else sym.module, True,
                         owner), source
    if source == "dataclass":
        return _dataclass_params(sym, node, bases), source
    if source == "namedtuple":
        return _plain_fields(sym, node), source
    if source == "typeddict":
        return [Param(p.name, "keyword_only", p.annotation, None, p.module)
                for p in _plain_fields(sym, node)], source
    if source == "exception":
        return [Param("message", "var_positional", None, None, sym.module)], source
    if source == "unknown":
        return None, source
    return [], source


def _plain_fields(sym: Ref, node: ast.ClassDef) -> List[Param]:
    out = []
    for stmt in node.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and \
                not _is_classvar(stmt.annotation):
            out.append(Param(stmt.target.id, "positional_or_keyword", stmt.annotation,
                             stmt.value, sym.module))
    return out


def _dataclass_params(sym: Ref, node: ast.ClassDef, bases: List[ClassModel]) -> List[Param]:
    params: List[Param] = []
    for base in reversed(bases):
        if base.is_dataclass and base.ctor is not None and base.ctor_source == "dataclass":
            for p in base.ctor:
                params = [q for q in params if q.name != p.name] + [p]
    kw_only = _deco_flag(node, "dataclass", "kw_only", False)
    for field in dataclass_fields(node.body, FIELDS):
        if field.marker:
            kw_only = True
            continue
        default = field.default
        if field.factory and default is not None:
            default = ast.Call(func=default, args=[], keywords=[])
        own_kw = field.kw_only if field.kw_only is not None else kw_only
        param = Param(field.name, "keyword_only" if own_kw else "positional_or_keyword",
                      field.stmt.annotation, default, sym.module)
        params = [q for q in params if q.name != param.name] + [param]
    positional = [p for p in params if p.kind != "keyword_only"]
    return positional + [p for p in params if p.kind == "keyword_only"]


def _deco_flag(node: ast.ClassDef, deco: str, flag: str, default: bool) -> bool:
    for d in node.decorator_list:
        if isinstance(d, ast.Call) and _last(d.func) == deco:
            for kw in d.keywords:
                if kw.arg == flag and isinstance(kw.value, ast.Constant):
                    return bool(kw.value.value)
    return default


# The abstract bases whose objects keep object's own repr (``<pkg.Cache object at 0x..>``):
# a class built on one alone shows its state through ``vars``.
REPRLESS_PREFIXES = ("abc.", "collections.abc.")
REPRLESS_TYPING = {"Generic", "Protocol", "Hashable", "Sized", "Container", "Iterable",
                   "Iterator", "Collection", "Mapping", "MutableMapping", "Sequence",
                   "MutableSequence", "Set", "AbstractSet", "MutableSet"}


def _reprless_base(name: str) -> bool:
    if name == "object" or name.startswith(REPRLESS_PREFIXES):
        return not name.endswith("View")  # a mapping view has a repr of its own
    module, _, last = name.rpartition(".")
    return module in ("typing", "typing_extensions") and last in REPRLESS_TYPING
