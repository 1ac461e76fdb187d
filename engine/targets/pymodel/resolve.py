"""Name resolution: what a module-level name, or a module's attribute, denotes.

One algorithm, in one of two modes.  A name's bindings decide (:mod:`pymodel.bindings`), else
the star imports of its module, else a submodule of that name:

* ``certain`` (the analyzer, which draws edges of a call graph): only what follows from the code.
  A name bound several ways means one thing when every binding agrees, else it is a variable;
  ``from p import m`` means p's global ``m`` before its submodule, as Python does; a star import
  brings only the names its module exports; an import from inside the project that leads nowhere
  means nothing; lookups are memoised and a cyclic one means nothing.
* likely (the generator, which needs a best guess): the name's :func:`~pymodel.bindings.primary`
  binding decides; ``from p import m`` means the submodule ``p.m`` when there is one; unbound
  names may be builtins; a module that cannot be read has no members; the recursion gives up
  after :data:`MAX_DEPTH` steps.

The project behind the resolver answers the questions of :class:`Resolver`'s first section.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Optional, Protocol, Sequence, Set, Tuple

from .bindings import Binding
from .modules import absolute_module
from .syntax import BUILTIN_NAMES

MAX_DEPTH = 12


@dataclass(frozen=True)
class Ref:
    """What a name or expression denotes.

    ``kind``: module | class | function | external | builtin, and for the analyzer variable |
    instance | super, for the generator value.  ``name``: the module, qualified or dotted
    external name (for instance and super: the class).  ``origin``: the module-level binding a
    value was read from.  ``node`` and ``module`` locate the definition (the def or class
    statement, a value's expression, and the module it stands in); they never make two refs
    differ.
    """

    kind: str
    name: str
    origin: Optional[str] = None
    node: Any = field(default=None, compare=False)
    module: str = field(default="", compare=False)


class ModuleView(Protocol):
    """A module as the resolver reads it."""

    name: str
    is_package: bool

    def bindings_of(self, name: str) -> Sequence[Binding]:
        """The bindings of ``name`` the mode reads (likely: the primary one), in walk order."""

    def star_sources(self) -> Sequence[str]:
        """The absolute names of the modules it star-imports, in the order they are tried."""


class Resolver:
    """Module-level names of one project; subclasses answer the questions of the first section."""

    def __init__(self, certain: bool) -> None:
        self.certain = certain
        self._memo: Dict[Tuple[str, str], Tuple[bool, Optional[Ref]]] = {}
        self._busy: Set[Tuple[str, str]] = set()

    # -- what the project answers ------------------------------------------------------------
    def module(self, name: str) -> Optional[ModuleView]:
        """The module of that name, None when the project has none (or cannot read it)."""
        raise NotImplementedError

    def is_module(self, name: str) -> bool:
        raise NotImplementedError

    def holds(self, name: str) -> bool:
        """Whether the project, not the outside world, would define dotted ``name``."""
        raise NotImplementedError

    def value_ref(self, module: ModuleView, name: str, binding: Binding) -> Optional[Ref]:
        """What an assignment, lambda or other binding of a module-level name denotes."""
        raise NotImplementedError

    def exports(self, module: str, name: str) -> bool:
        """Whether ``from module import *`` brings ``name``."""
        return True

    # -- resolution --------------------------------------------------------------------------
    def global_name(self, module: str, name: str, depth: int = 0) -> Optional[Ref]:
        """``name`` in the global namespace of ``module``: its bindings, else its star imports."""
        return self._global(module, name, depth)[1]

    def lookup(self, module: str, name: str, depth: int = 0) -> Optional[Ref]:
        """``module.name``: a global of the module, else its submodule (likely: else a builtin)."""
        if not self.certain and (depth > MAX_DEPTH or self.module(module) is None):
            return None
        bound, ref = self._global(module, name, depth)
        if bound:
            return ref
        sub = module + "." + name
        if self.is_module(sub):
            return Ref("module", sub)
        if not self.certain and name in BUILTIN_NAMES:
            return Ref("builtin", name)
        return None

    def attribute(self, base: Ref, attr: str, depth: int = 0) -> Optional[Ref]:
        """``base.attr`` for a module or an external name (None for anything else)."""
        if base.kind == "module":
            return self.lookup(base.name, attr, depth + 1)
        if base.kind == "external":
            return Ref("external", base.name + "." + attr)
        return None

    def module_ref(self, name: str) -> Optional[Ref]:
        """What ``import name`` binds: a module of the project, else an external one."""
        if self.is_module(name):
            return Ref("module", name)
        return None if self.holds(name) else Ref("external", name)

    def binding_ref(self, module: ModuleView, name: str, binding: Binding,
                    depth: int = 0) -> Optional[Ref]:
        """What one binding of ``name`` in ``module`` makes it denote."""
        origin = module.name + "." + name
        if binding.kind in ("def", "class"):
            kind = "function" if binding.kind == "def" else "class"
            return Ref(kind, origin, origin, binding.node, module.name)
        if binding.kind == "import":
            return self.module_ref(binding.module)
        if binding.kind == "importfrom":
            return self._imported(module, binding, depth)
        return self.value_ref(module, name, binding)

    # -- the steps ---------------------------------------------------------------------------
    def _global(self, module: str, name: str, depth: int) -> Tuple[bool, Optional[Ref]]:
        """(whether ``name`` is bound or star-imported in ``module``, what it denotes)."""
        if not self.certain:
            view = self.module(module)
            return self._namespace(view, name, depth) if view is not None else (False, None)
        key = (module, name)
        if key in self._memo:
            return self._memo[key]
        if key in self._busy:
            return False, None
        self._busy.add(key)
        try:
            view = self.module(module)
            found = self._namespace(view, name, depth) if view is not None else (False, None)
        finally:
            self._busy.discard(key)
        self._memo[key] = found
        return found

    def _namespace(self, view: ModuleView, name: str, depth: int) -> Tuple[bool, Optional[Ref]]:
        bindings = view.bindings_of(name)
        if bindings:
            refs = [self.binding_ref(view, name, b, depth) for b in bindings]
            first = refs[0]
            if not self.certain or (first is not None and all(r == first for r in refs)):
                return True, first
            qual = view.name + "." + name
            return True, Ref("variable", qual, qual)
        for source in view.star_sources():
            if self.holds(source) and self.exports(source, name):
                ref = self.lookup(source, name, depth + 1)
                if ref is not None:
                    return True, ref
        return False, None

    def _imported(self, module: ModuleView, binding: Binding, depth: int) -> Optional[Ref]:
        source = absolute_module(module.name, module.is_package, binding.module, binding.level)
        if source is None or (self.certain and not source):
            return None
        full = source + "." + binding.name
        if not self.certain and self.is_module(full):
            return Ref("module", full)
        if not self.holds(source):
            return Ref("external", full)
        ref = self.lookup(source, binding.name, depth + 1)
        if ref is not None and ref.kind in ("variable", "instance") and ref.origin is None:
            return Ref(ref.kind, ref.name, full)
        return ref
