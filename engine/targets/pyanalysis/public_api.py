"""The public API: which names users import, and the kind and import line of every item."""

from __future__ import annotations

from typing import Dict, List, Optional, Set, Tuple

from pymodel.resolve import Ref
from pymodel.syntax import base_qualname, is_dunder, is_public_module, is_public_name

from .model import FunctionInfo, ModuleInfo
from .names import Names
from .package import Package


def exported_names(names: Names, mod: ModuleInfo) -> Dict[str, Ref]:
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
        for source in mod.star_sources():
            if names.holds(source):
                candidates.extend(n for n in names.star_names(source) if not n.startswith("_"))
    for name in sorted(set(candidates)):
        ref = names.lookup(mod.name, name)
        if ref is not None:
            out[name] = ref
    return out


def assign_public_api(names: Names) -> None:
    """Kinds (public / private / special), public names and import lines."""
    pkg = names.pkg
    exposures: Dict[str, List[Tuple[str, str]]] = {}
    for modname in sorted(pkg.modules):
        mod = pkg.modules[modname]
        mod.public = mod.importable and is_public_module(modname)
        if not mod.public:
            continue
        for name, ref in exported_names(names, mod).items():
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
            if parent is not None and parent.kind == "public" and is_public_name(cls.name):
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
                if is_dunder(name) or is_public_name(name):
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
