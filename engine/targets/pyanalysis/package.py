"""The package model: every module, class and function of one tree, and the class hierarchy.

:class:`Package` answers questions about classes: attributes along a class's MRO, the methods
subclasses override, special methods, and the constructor a class call reaches.  What names and
expressions denote is :mod:`pyanalysis.names`'s part.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set, Tuple

from pymodel.constructors import constructor_source
from pymodel.syntax import base_qualname

from .model import ClassInfo, FunctionInfo, ModuleInfo, Param, Signature


class Package:
    """All modules, classes and functions of one tree, and the queries about its classes."""

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
        self.notes: List[str] = []
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

    # -- constructors ------------------------------------------------------------------------
    def constructor(self, qual: str) -> Dict[str, Any]:
        cls = self.classes[qual]
        init, new = self._defined(qual, "__init__"), self._defined(qual, "__new__")
        external = [base for c in self.mro(qual) if c in self.classes
                    for base in self.classes[c].external_bases]
        source = constructor_source(init is not None, self.is_dataclass_chain(qual),
                                    new is not None, external, special_bases=False)
        if source in ("__init__", "__new__"):
            found = init if source == "__init__" else new
            assert found is not None
            return self._ctor(cls, self.functions[found[1]].signature, source, found[2])
        if source == "dataclass":
            return self._ctor(cls, Signature(self._dataclass_params(qual)), "dataclass", qual,
                              drop_first=False)
        if source == "unknown":
            return {"signature": None, "params_text": None, "source": "unknown",
                    "defined_in": None, "params": None}
        return self._ctor(cls, Signature([]), "default", None, drop_first=False)

    def _defined(self, qual: str, name: str) -> Optional[Tuple[str, str, str]]:
        """``class_lookup`` of a method the package defines (not a data attribute)."""
        found = self.class_lookup(qual, name)
        if found is not None and found[0] == "function" and found[1] in self.functions:
            return found
        return None

    def _dataclass_params(self, qual: str) -> List[Param]:
        """The generated ``__init__``'s parameters: the fields along the MRO, base classes first."""
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
        return out

    @staticmethod
    def _ctor(cls: ClassInfo, sig: Signature, source: str, defined_in: Optional[str],
              drop_first: bool = True) -> Dict[str, Any]:
        params = sig.params[1:] if drop_first and sig.params else sig.params
        text = Signature(params).params_text()
        return {"signature": "%s(%s)" % (cls.name, text), "params_text": text,
                "source": source, "defined_in": defined_in,
                "params": [p.to_json() for p in params]}
