"""Project classes: inheritance (within the tree), dataclass fields, enums, constructors.

:func:`build_class` turns a class definition into a :class:`ClassModel`: its lineage of project
classes, external bases, whether it is a dataclass / enum / exception / abstract, whether it has
a repr of its own (else snippets print ``vars()``), its enum members and the parameters of its
constructor (``__init__`` up the lineage, dataclass or NamedTuple fields, ``__new__``,
TypedDict keys; ``None`` when an external base hides it).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from .project import BUILTIN_NAMES, ENUM_BASES, FUNC, Param, Sym, decorator_names, dotted, \
    params_of

if TYPE_CHECKING:  # pragma: no cover
    from .project import Tree


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


def build_class(tree: "Tree", sym: Sym, depth: int) -> ClassModel:
    node: ast.ClassDef = sym.node
    mro: List[str] = [sym.name]
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
                for q in model.lineage:
                    if q not in mro:
                        mro.append(q)
                external.extend(e for e in model.external_bases if e not in external)
        elif ref.kind in ("external", "builtin"):
            if ref.name not in ("object", "typing.Generic", "typing.Protocol"):
                external.append(ref.name)
    decos = decorator_names(node)
    own_dc = any(d.split(".")[-1] == "dataclass" for d in decos)
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
        if isinstance(stmt, FUNC):
            methods[stmt.name] = (sym.name, stmt)
    abstract = any("abstractmethod" in decorator_names(f)
                   for _q, f in methods.values()) or "abc.ABC" in external
    own_repr = any(isinstance(s, FUNC) and s.name == "__repr__" for s in node.body)
    has_repr = own_repr or dc_repr or any(b.has_repr for b in base_models) or \
        any(not (e.startswith("abc.") or e in ("typing.Generic", "typing.Protocol",
                                              "typing_extensions.Protocol", "object"))
            for e in external)
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
    ctor, source = _constructor(tree, sym, node, methods, is_dataclass, external, base_models)
    return ClassModel(sym.name, sym.module, node, mro, external, is_dataclass, is_enum,
                      is_exception, abstract, has_repr, slots, members, ctor, source, methods)

def _constructor(tree: "Tree", sym: Sym, node: ast.ClassDef, methods: Dict[str, Tuple[str, Any]],
                 is_dataclass: bool, external: List[str], bases: List[ClassModel]
                 ) -> Tuple[Optional[List[Param]], str]:
    init = methods.get("__init__")
    if init is not None and isinstance(init[1], FUNC):
        owner_mod = tree.split(init[0])
        return params_of(init[1], owner_mod[0] if owner_mod else sym.module, True,
                         init[0]), "__init__"
    if is_dataclass:
        return _dataclass_fields(sym, node, bases), "dataclass"
    if any(e.split(".")[-1] == "NamedTuple" for e in external):
        return _plain_fields(sym, node), "namedtuple"
    new = methods.get("__new__")
    if new is not None and isinstance(new[1], FUNC):
        owner_mod = tree.split(new[0])
        return params_of(new[1], owner_mod[0] if owner_mod else sym.module, True,
                         new[0]), "__new__"
    if any(e.split(".")[-1] == "TypedDict" for e in external):
        fields = _plain_fields(sym, node)
        return [Param(p.name, "keyword_only", p.annotation, None, p.module)
                for p in fields], "typeddict"
    if external and not all(e in ENUM_BASES or e.startswith("abc.") for e in external):
        if all(e.split(".")[-1] in ("Exception", "BaseException") or
               e.endswith(("Error", "Warning")) for e in external):
            return [Param("message", "var_positional", None, None, sym.module)], "exception"
        return None, "unknown"
    return [], "default"

def _plain_fields(sym: Sym, node: ast.ClassDef) -> List[Param]:
    out = []
    for stmt in node.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and \
                not _is_classvar(stmt.annotation):
            out.append(Param(stmt.target.id, "positional_or_keyword", stmt.annotation,
                             stmt.value, sym.module))
    return out

def _dataclass_fields(sym: Sym, node: ast.ClassDef, bases: List[ClassModel]
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
