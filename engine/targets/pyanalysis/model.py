"""Records describing one analysed tree: modules, classes, functions and module-level statements.

The AST nodes are kept on the records (``node``) for the resolution pass; they are never
serialised.  Everything that is serialised goes through the ``to_json`` methods, which only emit
plain, deterministic values (sorted lists, no sets).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

from pymodel.bindings import Binding, StarImport
from pymodel.modules import absolute_module

DOCSTRING_LIMIT = 400


def truncate_docstring(doc: Optional[str], limit: int = DOCSTRING_LIMIT) -> Optional[str]:
    """Cleaned docstring cut to ``limit`` characters, an ellipsis marking the cut."""
    if doc is None:
        return None
    if len(doc) <= limit:
        return doc
    return doc[:limit].rstrip() + "..."


@dataclass
class Param:
    """One parameter; annotation and default are source text (line breaks folded)."""

    name: str
    # positional_only | positional_or_keyword | var_positional | keyword_only | var_keyword
    kind: str
    annotation: Optional[str] = None
    default: Optional[str] = None

    def text(self) -> str:
        prefix = {"var_positional": "*", "var_keyword": "**"}.get(self.kind, "")
        out = prefix + self.name
        if self.annotation is not None:
            out += ": " + self.annotation
        if self.default is not None:
            out += (" = " if self.annotation is not None else "=") + self.default
        return out

    def to_json(self) -> Dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "annotation": self.annotation,
                "default": self.default}


@dataclass
class Signature:
    """Parameters and return annotation of a callable."""

    params: List[Param] = field(default_factory=list)
    returns: Optional[str] = None

    def params_text(self, drop_first: bool = False) -> str:
        params = self.params[1:] if drop_first and self.params else self.params
        parts: List[str] = []
        seen_kw_marker = False
        posonly_done = False
        for index, param in enumerate(params):
            if param.kind != "positional_only" and not posonly_done:
                if index > 0 and params[index - 1].kind == "positional_only":
                    parts.append("/")
                posonly_done = True
            if param.kind == "keyword_only" and not seen_kw_marker:
                if not any(p.kind == "var_positional" for p in params):
                    parts.append("*")
                seen_kw_marker = True
            if param.kind == "var_positional":
                seen_kw_marker = True
            parts.append(param.text())
        if params and params[-1].kind == "positional_only":
            parts.append("/")
        return ", ".join(parts)

    def to_json(self) -> Dict[str, Any]:
        return {"params": [p.to_json() for p in self.params], "returns": self.returns}


@dataclass
class Statement:
    """A module-level (or class-body-level) executable statement and the names it binds.

    ``binds`` holds qualified names: ``pkg.mod.NAME`` for module scope, ``pkg.mod.Cls.attr`` for a
    class body.  ``kind`` is one of import, assign, def, class, decorator, compound, other.
    """

    start: int
    end: int
    kind: str
    scope: str
    binds: List[str] = field(default_factory=list)
    owner_def: Optional[str] = None  # for def/class headers and decorators: the defined qualname

    def to_json(self) -> Dict[str, Any]:
        return {"lines": [self.start, self.end], "kind": self.kind, "scope": self.scope,
                "binds": sorted(set(self.binds)), "defines": self.owner_def}


@dataclass
class CallInfo:
    """Resolved and unresolved calls made by one function (or a module's top level)."""

    edges: Dict[Tuple[str, str], int] = field(default_factory=dict)  # (callee, via) -> first line
    unresolved: Dict[str, int] = field(default_factory=dict)  # call text -> count
    external: Dict[str, int] = field(default_factory=dict)  # dotted external name -> count
    builtin: Dict[str, int] = field(default_factory=dict)
    resolved_count: int = 0

    def add_edge(self, callee: str, via: str, line: int) -> None:
        key = (callee, via)
        if key not in self.edges or line < self.edges[key]:
            self.edges[key] = line

    def to_json(self) -> Dict[str, Any]:
        unresolved_total = sum(self.unresolved.values())
        return {
            "calls": [{"callee": c, "via": v, "line": line}
                      for (c, v), line in sorted(self.edges.items())],
            "unresolved_calls": sorted(self.unresolved)[:100],
            "call_counts": {"resolved": self.resolved_count,
                            "external": sum(self.external.values()),
                            "builtin": sum(self.builtin.values()),
                            "unresolved": unresolved_total},
            "external_calls": sorted(self.external)[:100],
        }


@dataclass
class FunctionInfo:
    """A function, method or lambda bound to a name."""

    qualname: str
    name: str
    module: str
    file: str
    start: int  # first decorator line, else the def line
    def_line: int
    end: int
    body_start: int
    signature: Signature
    docstring: Optional[str]
    decorators: List[str]
    decorator_lines: List[int]
    is_async: bool
    callable_kind: str  # function | method | staticmethod | classmethod | property | lambda
    class_qualname: Optional[str]
    parent_function: Optional[str]
    node: Any = None
    # filled by resolution
    kind: str = "private"  # public | private | special
    public_name: Optional[str] = None
    import_line: Optional[str] = None
    expr: Optional[str] = None
    access_classes: List[str] = field(default_factory=list)  # public classes exposing this method
    calls: CallInfo = field(default_factory=CallInfo)
    reads: Set[str] = field(default_factory=set)
    notes: List[str] = field(default_factory=list)

    def signature_text(self) -> str:
        if self.callable_kind == "lambda":
            return "%s = lambda %s" % (self.name, self.signature.params_text())
        text = "%sdef %s(%s)" % ("async " if self.is_async else "", self.name,
                                 self.signature.params_text())
        if self.signature.returns is not None:
            text += " -> " + self.signature.returns
        return text

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {
            "qualname": self.qualname, "name": self.name, "module": self.module,
            "file": self.file, "lines": [self.start, self.end], "def_line": self.def_line,
            "body_start": self.body_start, "signature": self.signature.to_json(),
            "signature_text": self.signature_text(), "docstring": self.docstring,
            "decorators": list(self.decorators), "is_async": self.is_async,
            "callable_kind": self.callable_kind, "class": self.class_qualname,
            "parent_function": self.parent_function, "kind": self.kind,
            "public_name": self.public_name, "import_line": self.import_line, "expr": self.expr,
            "access_classes": sorted(self.access_classes), "reads": sorted(self.reads),
            "notes": sorted(self.notes),
        }
        out.update(self.calls.to_json())
        return out


@dataclass
class ClassInfo:
    """A class definition."""

    qualname: str
    name: str
    module: str
    file: str
    start: int
    def_line: int
    end: int
    bases: List[str]
    base_nodes: List[ast.expr]
    decorators: List[str]
    decorator_lines: List[int]
    docstring: Optional[str]
    is_dataclass: bool
    parent_class: Optional[str]
    parent_function: Optional[str]
    node: Any = None
    methods: Dict[str, str] = field(default_factory=dict)  # name -> qualname bound at runtime
    nested_classes: Dict[str, str] = field(default_factory=dict)
    attributes: Dict[str, int] = field(default_factory=dict)  # class-level data names -> line
    fields: List[Param] = field(default_factory=list)  # dataclass fields, in order
    # filled by resolution
    resolved_bases: List[str] = field(default_factory=list)  # package classes
    external_bases: List[str] = field(default_factory=list)
    mro: List[str] = field(default_factory=list)  # package classes only
    kind: str = "private"
    public_name: Optional[str] = None
    import_line: Optional[str] = None
    expr: Optional[str] = None
    constructor: Optional[Dict[str, Any]] = None
    attr_types: Dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> Dict[str, Any]:
        return {
            "qualname": self.qualname, "name": self.name, "module": self.module,
            "file": self.file, "lines": [self.start, self.end], "def_line": self.def_line,
            "bases": list(self.bases), "resolved_bases": list(self.resolved_bases),
            "external_bases": list(self.external_bases), "mro": list(self.mro),
            "decorators": list(self.decorators), "docstring": self.docstring,
            "is_dataclass": self.is_dataclass, "parent_class": self.parent_class,
            "parent_function": self.parent_function,
            "methods": sorted(self.methods.values()),
            "attributes": sorted(self.attributes), "kind": self.kind,
            "public_name": self.public_name, "import_line": self.import_line, "expr": self.expr,
            "constructor": self.constructor,
        }


@dataclass
class ModuleInfo:
    """One analysed (or unanalysable) file."""

    name: str
    file: str  # relative to the tree root, posix separators
    path: str  # absolute path on disk
    is_package: bool
    importable: bool
    source: str = ""
    tree: Optional[ast.Module] = None
    error: Optional[Dict[str, Any]] = None
    docstring: Optional[str] = None
    all_names: Optional[List[str]] = None
    all_dynamic: bool = False
    namespace: Dict[str, List[Binding]] = field(default_factory=dict)  # without ``__all__ = ...``
    star_imports: List[StarImport] = field(default_factory=list)
    statements: List[Statement] = field(default_factory=list)
    functions: List[str] = field(default_factory=list)
    classes: List[str] = field(default_factory=list)
    lambdas: Set[int] = field(default_factory=set)  # id() of Lambda nodes that are functions
    calls: CallInfo = field(default_factory=CallInfo)
    notes: List[str] = field(default_factory=list)
    public: bool = False

    def bindings_of(self, name: str) -> Sequence[Binding]:
        return self.namespace.get(name) or []

    def star_sources(self) -> List[str]:
        """The star-imported modules, absolute, in walk order (impossible imports left out)."""
        sources = [absolute_module(self.name, self.is_package, star.module, star.level)
                   for star in self.star_imports]
        return [source for source in sources if source]

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {
            "name": self.name, "file": self.file, "is_package": self.is_package,
            "importable": self.importable, "public": self.public,
            "docstring": self.docstring,
            "all": sorted(self.all_names) if self.all_names is not None else None,
            "all_dynamic": self.all_dynamic,
            "statements": [s.to_json() for s in sorted(
                self.statements, key=lambda s: (s.start, s.end, s.kind, s.scope))],
            "functions": sorted(self.functions), "classes": sorted(self.classes),
            "notes": sorted(self.notes),
        }
        calls = self.calls.to_json()
        out["calls"] = calls["calls"]
        out["unresolved_calls"] = calls["unresolved_calls"]
        return out
