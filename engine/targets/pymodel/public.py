"""Public import paths: the ``from ... import ...`` line a user writes for a definition.

The shortest public package on the way to the defining module that binds the definition wins
(``pkg.sub._impl.Klass`` → ``from pkg import Klass``); else, for a private module, a public
sibling module that imports it (``dateutil._common.weekday`` → ``from dateutil.relativedelta
import weekday``); else the defining module itself.
"""

from __future__ import annotations

import os
from typing import Any, List, Mapping, Optional, Protocol, Sequence, Tuple

from .resolve import Ref
from .syntax import is_public_module, is_public_name

MAX_SIBLINGS = 200


class PublicSource(Protocol):
    """The tree the paths are searched in."""

    @property
    def import_roots(self) -> Sequence[str]: ...

    @property
    def loaded(self) -> Mapping[str, Any]: ...

    def split(self, qual: str) -> Optional[Tuple[str, List[str]]]: ...

    def lookup(self, module: str, name: str, depth: int = 0) -> Optional[Ref]: ...

    def module_file(self, name: str) -> Optional[Tuple[str, bool]]: ...


def public_ref(tree: PublicSource, qual: str) -> Tuple[str, str]:
    """(import line, expression) a user would write for a class or function."""
    found = tree.split(qual)
    if found is None:
        return "", qual.rsplit(".", 1)[-1]
    modname, rest = found
    top = rest[0].partition("#")[0] if rest else ""
    expr = ".".join(r.partition("#")[0] for r in rest)
    parts = modname.split(".")
    for cut in range(1, len(parts) + 1):
        candidate = ".".join(parts[:cut])
        if not is_public_module(candidate) and cut < len(parts):
            continue
        if _binds(tree, candidate, top, modname + "." + top):
            return "from %s import %s" % (candidate, top), expr
    if not is_public_module(modname):
        sibling = _public_sibling(tree, parts, top, modname + "." + top)
        if sibling is not None:
            return "from %s import %s" % (sibling, top), expr
    return "from %s import %s" % (modname, top), expr


def _binds(tree: PublicSource, modname: str, name: str, qual: str) -> bool:
    ref = tree.lookup(modname, name)
    return ref is not None and ref.kind in ("class", "function") and ref.name == qual


def _public_sibling(tree: PublicSource, parts: List[str], name: str, qual: str
                    ) -> Optional[str]:
    """A public module of the same package (or a parent) that imports the definition of a
    private module (``dateutil._common.weekday`` → ``dateutil.relativedelta``)."""
    for depth in range(len(parts) - 1, 0, -1):
        package = parts[:depth]
        if not is_public_module(".".join(package)):
            continue
        for root in tree.import_roots:
            folder = os.path.join(root, *package)
            try:
                entries = sorted(os.listdir(folder))
            except OSError:
                continue
            for entry in entries[:MAX_SIBLINGS]:
                stem = entry[:-3] if entry.endswith(".py") else entry
                if not is_public_name(stem) or not stem.isidentifier() or \
                        (not entry.endswith(".py") and
                         not os.path.isfile(os.path.join(folder, entry, "__init__.py"))):
                    continue
                candidate = ".".join(package + [stem])
                found = tree.module_file(candidate)
                if found is None or candidate not in tree.loaded and \
                        not _mentions(found[0], name):
                    continue  # cheap text check before parsing a module
                if _binds(tree, candidate, name, qual):
                    return candidate
    return None


def _mentions(path: str, name: str) -> bool:
    try:
        with open(path, "rb") as handle:
            return name.encode("utf-8") in handle.read(2_000_000)
    except OSError:
        return False
