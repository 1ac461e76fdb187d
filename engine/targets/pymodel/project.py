"""A lazy, read-only model of one source tree: modules, name resolution, classes, definitions.

Only the modules a request needs are parsed (on first use), so a generator request stays fast on
large projects.  Names resolve in the resolver's *likely* mode (:mod:`pymodel.resolve`): imports
absolute and relative, module-level assignments, class bodies and star imports; everything
outside the tree is an *external* dotted name (``decimal.Decimal``, ``typing.Optional``).
"""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass, field
from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Tuple

from .bindings import Binding, ModuleBindings, collect_bindings, primary
from .classes import ClassModel, build_class
from .definitions import find_in_body
from .modules import absolute_module, module_file
from .public import public_ref
from .resolve import ModuleView, Ref, Resolver
from .source import read_source
from .syntax import FUNCTION_NODES, dotted

SIDES = ("old", "new")  # the two trees of a change, in the order reports list them

_PARSED: Dict[Tuple[str, bool, str], "Module"] = {}  # (module, is_package, source) -> parsed


@dataclass
class Module:
    """One parsed module: the bindings a reader meets first, and its star imports in order."""

    name: str
    path: str
    source: str
    tree: ast.Module
    is_package: bool
    bindings: Dict[str, Binding] = field(default_factory=dict)  # name -> primary binding
    stars: List[str] = field(default_factory=list)  # absolute module names
    all_names: Optional[FrozenSet[str]] = None  # a literal ``__all__``
    all_dynamic: bool = False  # ``__all__`` built in a way not read here: anything may be in it

    def exports(self, name: str) -> bool:
        """Whether ``from module import *`` brings ``name``."""
        if self.all_names is not None:
            return name in self.all_names
        return self.all_dynamic or not name.startswith("_")

    def bindings_of(self, name: str) -> Sequence[Binding]:
        binding = self.bindings.get(name)
        return [binding] if binding is not None else []

    def star_sources(self) -> Sequence[str]:
        return self.stars

    def read(self, found: ModuleBindings) -> None:
        """Keep what a reader sees: no loops, ``match`` statements, ``if TYPE_CHECKING:``
        blocks or impossible imports."""
        candidates: Dict[str, List[Binding]] = {}
        for name, bindings in found.names.items():
            for binding in bindings:
                if binding.loop_or_match or binding.type_only or binding.kind == "other" or \
                        binding.kind == "importfrom" and self._source(binding) is None:
                    continue
                candidates.setdefault(name, []).append(binding)
        self.bindings = {name: primary(seen) for name, seen in candidates.items()}
        stars = sorted((s for s in found.stars if not s.loop_or_match and not s.type_only),
                       key=lambda s: (s.line, s.col))
        absolute = [absolute_module(self.name, self.is_package, s.module, s.level) for s in stars]
        self.stars = [source for source in absolute if source is not None]
        self.all_names, self.all_dynamic = literal_all(self.tree.body)

    def _source(self, binding: Binding) -> Optional[str]:
        return absolute_module(self.name, self.is_package, binding.module, binding.level)


def literal_all(body: List[ast.stmt]) -> Tuple[Optional[FrozenSet[str]], bool]:
    """(the names of a module's ``__all__`` when its top level spells them as string literals,
    whether it builds ``__all__`` otherwise)."""
    names: Optional[List[str]] = None
    for stmt in body:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and \
                isinstance(stmt.value.func, ast.Attribute) and \
                dotted(stmt.value.func.value) == "__all__":
            return None, True  # ``__all__.extend(...)``
        target = stmt.targets[0] if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 \
            else getattr(stmt, "target", None) if isinstance(stmt, (ast.AnnAssign,
                                                                     ast.AugAssign)) else None
        if not (isinstance(target, ast.Name) and target.id == "__all__"):
            continue
        value = stmt.value
        listed = [e.value for e in value.elts if isinstance(e, ast.Constant) and
                  isinstance(e.value, str)] if isinstance(value, (ast.List, ast.Tuple)) else None
        if listed is None or len(listed) != len(value.elts) or \
                (isinstance(stmt, ast.AugAssign) and names is None):
            return None, True
        names = (names or []) + listed if isinstance(stmt, ast.AugAssign) else listed
    return (frozenset(names) if names is not None else None), False


class Tree(Resolver):
    """One tree (old or new) under its import roots."""

    def __init__(self, root: str, import_roots: Optional[List[str]] = None) -> None:
        super().__init__(certain=False)
        self.root = os.path.abspath(root)
        roots = [os.path.join(self.root, r) for r in (import_roots or []) if r]
        self.import_roots = [os.path.abspath(r) for r in roots] or [self.root]
        self.import_root = self.import_roots[0]
        self.loaded: Dict[str, Optional[Module]] = {}
        self._files: Dict[str, Optional[Tuple[str, bool]]] = {}
        self._classes: Dict[str, Optional[ClassModel]] = {}
        self._public: Dict[str, Tuple[str, str]] = {}

    # -- modules -----------------------------------------------------------------------------
    def module_file(self, name: str) -> Optional[Tuple[str, bool]]:
        if name not in self._files:
            self._files[name] = module_file(self.import_roots, name)
        return self._files[name]

    def is_module(self, name: str) -> bool:
        """Whether ``name`` is a module of the tree (a file exists; nothing is parsed)."""
        return self.module_file(name) is not None

    def load(self, name: str) -> Optional[Module]:
        if name in self.loaded:
            return self.loaded[name]
        self.loaded[name] = None
        found = self.module_file(name)
        if found is None:
            return None
        path, is_package = found
        try:
            source = read_source(path, lenient=True)
        except (OSError, SyntaxError, ValueError, LookupError):
            return None
        # the old and new trees share most files: parse each distinct text once per process
        cache_key = (name, is_package, source)
        cached = _PARSED.get(cache_key)
        if cached is None:
            try:
                tree = ast.parse(source)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                return None
            mod = Module(name, path, source, tree, is_package)
            mod.read(collect_bindings(tree.body))
            if len(_PARSED) > 2000:
                _PARSED.clear()
            _PARSED[cache_key] = mod
        else:
            mod = Module(name, path, source, cached.tree, is_package, cached.bindings,
                         cached.stars, cached.all_names, cached.all_dynamic)
        self.loaded[name] = mod
        return mod

    # -- the resolver's questions ------------------------------------------------------------
    def module(self, name: str) -> Optional[Module]:
        return self.load(name)

    def holds(self, name: str) -> bool:
        return self.is_module(name)

    def exports(self, module: str, name: str) -> bool:
        mod = self.load(module)
        return mod.exports(name) if mod is not None else True

    def value_ref(self, module: ModuleView, name: str, binding: Binding) -> Optional[Ref]:
        return Ref("value", module.name + "." + name, node=binding.value, module=module.name)

    # -- expressions -------------------------------------------------------------------------
    def resolve(self, modname: str, node: Any, depth: int = 0) -> Optional[Ref]:
        """Resolve a Name/Attribute expression at module level."""
        if isinstance(node, ast.Name):
            return self.lookup(modname, node.id, depth)
        if isinstance(node, ast.Attribute):
            base = self.resolve(modname, node.value, depth + 1)
            if base is None:
                return None
            return self.member(base, node.attr, depth + 1)
        return None

    def member(self, base: Ref, attr: str, depth: int = 0) -> Optional[Ref]:
        """``base.attr``: a module's or external name's attribute, or a class body's name."""
        if base.kind != "class" or not isinstance(base.node, ast.ClassDef):
            return self.attribute(base, attr, depth)
        for stmt in base.node.body:
            qual = base.name + "." + attr
            if isinstance(stmt, ast.ClassDef) and stmt.name == attr:
                return Ref("class", qual, node=stmt, module=base.module)
            if isinstance(stmt, FUNCTION_NODES) and stmt.name == attr:
                return Ref("function", qual, node=stmt, module=base.module)
            if isinstance(stmt, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == attr for t in stmt.targets):
                return Ref("value", qual, node=stmt.value, module=base.module)
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and \
                    stmt.target.id == attr and stmt.value is not None:
                return Ref("value", qual, node=stmt.value, module=base.module)
        return None

    # -- definitions -------------------------------------------------------------------------
    def split(self, qual: str) -> Optional[Tuple[str, List[str]]]:
        """(module, the rest of the name) for a qualified name."""
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
            node = find_in_body(body, name, suffix)
            if node is None:
                return None
            if index < len(rest) - 1:
                if not isinstance(node, ast.ClassDef):
                    return None
                classes.append(node)
                body = node.body
        return modname, node, classes

    def find_local_def(self, qual: str) -> Optional[Tuple[str, Any, List[ast.ClassDef]]]:
        """``find_def``, also for a def nested in a function (``f.<locals>.g``, a closure a
        function builds and returns); a nested def has no enclosing classes: it is no method."""
        outer, marker, inner = qual.rpartition(".<locals>.")
        if not marker:
            return self.find_def(qual)
        found = self.find_local_def(outer)
        if found is None or not inner:
            return None
        name, _, _suffix = inner.split(".")[0].partition("#")
        node = next((sub for sub in ast.walk(found[1]) if sub is not found[1] and
                     isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and
                     sub.name == name), None)
        if node is None or "." in inner:
            return None
        return found[0], node, []

    def class_sym(self, qual: str) -> Optional[Ref]:
        found = self.find_def(qual)
        if found is None or not isinstance(found[1], ast.ClassDef):
            return None
        return Ref("class", qual, node=found[1], module=found[0])

    def class_model(self, qual: str, depth: int = 0) -> Optional[ClassModel]:
        if qual in self._classes:
            return self._classes[qual]
        self._classes[qual] = None
        sym = self.class_sym(qual)
        if sym is None or depth > 10:
            return None
        model = build_class(self, sym, depth)
        self._classes[qual] = model
        return model

    def public_ref(self, qual: str) -> Tuple[str, str]:
        """(import line, expression) a user would write for a class or function."""
        if qual not in self._public:
            self._public[qual] = public_ref(self, qual)
        return self._public[qual]
