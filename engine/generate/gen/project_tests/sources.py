"""The old tree's Python files as the conversion reads them: parsed once, never imported.

``TreeSources`` parses files on demand (bounded in size), lists the ``conftest.py`` files that
apply to a test file (tree root first), names the module a file is under an import root, and
tells what an import statement of a test file refers to: something a snippet imports as it is
(the project, the standard library, installed packages), a module of the test suite whose
definitions can be inlined (``from helpers import make_order``, ``from .util import build``), or
neither.
"""

from __future__ import annotations

import ast
import os
from typing import Dict, List, Optional, Tuple

from pymodel.source import read_source

from .scope import ModuleScope

MAX_FILE_BYTES = 400_000


class TreeSources:
    def __init__(self, root: str, import_roots: List[str]) -> None:
        self.root = os.path.abspath(root)
        self.import_roots = [os.path.abspath(os.path.join(self.root, r)) for r in import_roots] \
            or [self.root]
        self._scopes: Dict[str, Optional[ModuleScope]] = {}
        self._texts: Dict[str, Optional[str]] = {}

    def path(self, relpath: str) -> str:
        return os.path.normpath(os.path.join(self.root, relpath))

    def exists(self, relpath: str) -> bool:
        return os.path.isfile(self.path(relpath))

    def text(self, relpath: str) -> Optional[str]:
        if relpath not in self._texts:
            full = self.path(relpath)
            try:
                inside = full.startswith(self.root + os.sep)
                too_big = os.path.getsize(full) > MAX_FILE_BYTES
                self._texts[relpath] = None if not inside or too_big else \
                    read_source(full, lenient=True)
            except OSError:
                self._texts[relpath] = None
        return self._texts[relpath]

    def scope(self, relpath: str) -> Optional[ModuleScope]:
        if relpath not in self._scopes:
            text = self.text(relpath)
            try:
                tree = ast.parse(text, relpath) if text is not None else None
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                tree = None
            self._scopes[relpath] = ModuleScope(tree, relpath) if tree is not None else None
        return self._scopes[relpath]

    def conftests(self, relpath: str) -> List[str]:
        """The conftest.py files that apply to a test file, from the tree root down."""
        parts = relpath.split("/")[:-1]
        found = []
        for depth in range(len(parts) + 1):
            candidate = "/".join(parts[:depth] + ["conftest.py"])
            if candidate != relpath and self.exists(candidate):
                found.append(candidate)
        return found

    def module_file(self, folder: str, dotted: str) -> Optional[str]:
        """The relpath of module ``dotted`` under ``folder`` (a module or a package), or None."""
        base = os.path.join(folder, *dotted.split("."))
        for candidate in (base + ".py", os.path.join(base, "__init__.py")):
            if os.path.isfile(candidate):
                return os.path.relpath(candidate, self.root).replace(os.sep, "/")
        return None

    def module_name(self, relpath: str) -> Optional[str]:
        """The dotted name a file has under an import root, or None."""
        full = self.path(relpath)
        for root in self.import_roots:
            if full.startswith(root.rstrip(os.sep) + os.sep):
                parts = os.path.relpath(full, root)[:-3].split(os.sep)
                if parts[-1] == "__init__":
                    parts = parts[:-1]
                if parts and all(p.isidentifier() for p in parts):
                    return ".".join(parts)
        return None

    def import_file(self, dotted: str) -> Optional[str]:
        """The relpath of module ``dotted`` under the first import root that has it, or None."""
        for root in self.import_roots:
            found = self.module_file(root, dotted)
            if found:
                return found
        return None

    def importable(self, dotted: str) -> bool:
        return any(self.module_file(root, dotted) or
                   os.path.isdir(os.path.join(root, dotted.split(".")[0]))
                   for root in self.import_roots)

    def test_base(self, relpath: str) -> str:
        """The folder pytest puts on sys.path for a test file: the first one above it that is
        not a package."""
        folder = os.path.dirname(self.path(relpath))
        while folder.startswith(self.root + os.sep) and \
                os.path.isfile(os.path.join(folder, "__init__.py")):
            folder = os.path.dirname(folder)
        return folder

    def submodule(self, init: str, name: str) -> Optional[str]:
        """The relpath of module ``name`` of the package whose ``__init__.py`` is ``init``."""
        if not init.endswith("__init__.py"):
            return None
        folder = os.path.dirname(init)
        for candidate in (name + ".py", name + "/__init__.py"):
            relpath = (folder + "/" if folder else "") + candidate
            if self.exists(relpath):
                return relpath
        return None

    def resolve_import(self, relpath: str, node: ast.ImportFrom) -> Tuple[str, str]:
        """What ``from X import ...`` in the file at ``relpath`` refers to: ("keep", ""),
        ("absolute", dotted name to import instead) or ("local", relpath of the module whose
        definitions are inlined)."""
        module = node.module or ""
        if node.level:
            folder = os.path.dirname(self.path(relpath))
            for _ in range(node.level - 1):
                folder = os.path.dirname(folder)
            if not module:
                package = self.module_name(os.path.relpath(
                    os.path.join(folder, "__init__.py"), self.root).replace(os.sep, "/"))
                if package and node.names and node.names[0].name == "*":
                    return "absolute", package  # ``from .. import *`` in a test package
                # ``from . import store`` where the test package's ``__init__.py`` binds it
                # (``import shop as store``): its definition is inlined like a helper's
                init = os.path.relpath(os.path.join(folder, "__init__.py"),
                                       self.root).replace(os.sep, "/")
                # ... and ``from . import helpers``, a module of the package: the definitions
                # the tests use from it are inlined and bound to a namespace of its name
                scope = self.scope(init) if self.exists(init) else None
                if scope is not None and all(scope.binds(a.name) or self.submodule(init, a.name)
                                             for a in node.names):
                    return "local", init
                return "local", ""
            found = self.module_file(folder, module)
            if found is None:
                return "local", ""
            name = self.module_name(found)
            return ("absolute", name) if name else ("local", found)
        top = module.split(".")[0]
        if self.importable(top):
            return "keep", ""
        local = self.module_file(self.test_base(relpath), module)
        return ("local", local) if local else ("keep", "")
