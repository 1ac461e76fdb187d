"""Which of the project's test files may reach the changed code: a cheap static filter.

``find_test_files`` walks the old tree for test files (``test_files.is_test_path``:
``test_*.py``, ``tests.py``, any ``.py`` under a ``tests`` folder; never ``conftest.py``), keeps
those whose text names a changed module, function or package, and scores each with ``ast``:
importing a changed module (a relative import in a test package inside the project's package
too) counts most, then naming a changed function or class, then an entry point that reaches
one, then importing the changed package, itself or through a module of the test folders that
imports it (``find_bridges``: a test package's ``__init__.py`` saying ``import shop as store``,
a support module's helper that uses the package; imported by name, or as an attribute of the
module: ``from .. import util`` and ``util.TestCase``).  Each file lists the tests
(functions, test classes) whose own text names one of those, or that are marked to fail
(``xfail``, ``expectedFailure``; listed again in ``xfail``): the engine runs those marked to
fail first, then the others; within each, first the tests whose names share ``words`` with the
changed names and whose text shares the rarest words of the changed lines (``relevance``, per
test: ``relevance.py``).  The changed modules and their packages are offered too when their
docstrings hold ``>>>`` examples (``doctests_only``).
``reach_lines`` adds the old lines that stand in for a function changed only by added lines,
``near_lines`` those of them around the added lines (``reach.py``).  Nothing is imported or
executed; the reading is bounded.
"""

from __future__ import annotations

import ast
import os
import re
from typing import Any, Dict, List, Optional, Set, Tuple

from test_files import CONFTEST, in_test_folder, is_test_name, is_test_path

from ..callsites import SKIP_DIRS
from .reach import reach_lines
from .relevance import WORD, changed_words, scores, test_words
from .sources import TreeSources

COMMON_WORDS = {"test", "tests", "init", "self", "main", "get", "set", "new", "old", "the", "and",
                "for", "call"}
MAX_FILES_SCANNED = 600
MAX_BRIDGE_FILES = 200
MAX_TOTAL_BYTES = 8_000_000


def _is_test_file(relpath: str) -> bool:
    name = relpath.rsplit("/", 1)[-1]
    if not name.endswith(".py") or name in (CONFTEST, "__init__.py", "setup.py"):
        return False
    return is_test_path(relpath)


def _walk(root: str) -> List[str]:
    found: List[str] = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("."))
        for name in sorted(filenames):
            relpath = os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/")
            if _is_test_file(relpath):
                found.append(relpath)
                if len(found) >= MAX_FILES_SCANNED:
                    return found
    return found


class Interest:
    """What the change touches, as names a test file could mention."""

    def __init__(self, targets: Dict[str, Any]) -> None:
        self.modules: Set[str] = set()
        self.functions: Set[str] = set()
        self.entries: Set[str] = set()
        self.files: Set[str] = set()
        for function in targets.get("changed_functions") or []:
            if not isinstance(function, dict):
                continue
            # a function only the new version has: the old tests of its package may reach
            # it through the package, or mention the module it joins
            modules = function.get("modules") or {}
            module = modules.get("old") or modules.get("new")
            qualname = function.get("qualname") or ""
            if module:
                self.modules.add(module)
                rest = qualname[len(module) + 1:].split(".") if qualname.startswith(module) \
                    else []
                self.functions.update(p for p in rest if p.isidentifier())
            path = (function.get("files") or {}).get("old")
            if path:
                self.files.add(path)
        for access in targets.get("access") or []:
            for method in (access or {}).get("methods") or []:
                path = (method or {}).get("path") or []
                if path:
                    self.entries.update(p for p in path[0].split(".")[-2:] if p.isidentifier())
        self.entries -= self.functions
        self.packages = {m.split(".")[0] for m in self.modules}
        # module of the test folders -> what a test imports from it that is the changed code
        self.bridges: Dict[str, Set[str]] = {}
        self._compile()

    def _compile(self) -> None:
        # Test files that only import the package may still reach the change through its
        # public API (a registry, a subclass chosen at run time): the package's name lets them in,
        # as do the names a bridge module gives it.
        words = sorted(self.functions | self.entries | self.packages |
                       {m.split(".")[-1] for m in self.modules} |
                       {name for names in self.bridges.values() for name in names},
                       key=lambda w: (-len(w), w))
        self.pattern = re.compile(r"\b(?:%s)\b" % "|".join(map(re.escape, words))) \
            if words else None

    def add_bridges(self, bridges: Dict[str, Set[str]]) -> None:
        self.bridges.update(bridges)
        self._compile()

    def bridged(self, imported: Set[str]) -> Set[str]:
        """The bridge modules' names of the changed code that ``imported`` holds (imported
        names, and attributes of imported modules: ``_attribute_uses``)."""
        return {"%s.%s" % (module, name) for module, names in self.bridges.items()
                for name in names if "%s.%s" % (module, name) in imported}

    def name_words(self) -> List[str]:
        """The words of the changed names (``OutputHtmlFilter`` gives output, html, filter), to
        run first the tests whose names share them: tests are named after what they test."""
        found: Set[str] = set()
        for name in self.functions | self.entries | {p for m in self.modules
                                                     for p in m.split(".")}:
            found.update(w.lower() for w in WORD.findall(name))
        return sorted(w for w in found if len(w) >= 3 and w not in COMMON_WORDS and
                      w not in self.packages)


def _imports(tree: ast.Module, relpath: str, sources: TreeSources) -> Set[str]:
    """The dotted names a test file imports; a relative import (a test package inside the
    project's package: ``from .._readers import X``) is resolved against the file's package."""
    names: Set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module if not node.level else \
                _relative_module(relpath, node.level, node.module, sources)
            if module:
                names.add(module)
                names.update("%s.%s" % (module, a.name) for a in node.names)
    return names


def _attribute_uses(tree: ast.Module, relpath: str, sources: TreeSources) -> Set[str]:
    """``module.name`` for each ``alias.name`` the file writes where ``alias`` is a module it
    imported: ``from .. import util`` and ``util.TestCase`` give ``tests.util.TestCase``."""
    bound: Dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            bound.update((a.asname, a.name) if a.asname else (a.name.split(".")[0],) * 2
                         for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module if not node.level else \
                _relative_module(relpath, node.level, node.module, sources)
            if module:
                bound.update((a.asname or a.name, "%s.%s" % (module, a.name))
                             for a in node.names)
    return {"%s.%s" % (bound[n.value.id], n.attr) for n in ast.walk(tree)
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and
            n.value.id in bound}


def _module_name(relpath: str, sources: TreeSources) -> Optional[str]:
    """A file's dotted name under an import root or, for a test package outside them, under
    the folder pytest puts on ``sys.path`` for it."""
    name = sources.module_name(relpath)
    if name or not sources.exists(relpath):
        return name
    parts = os.path.relpath(sources.path(relpath), sources.test_base(relpath))[:-3].split(os.sep)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts) if parts and all(p.isidentifier() for p in parts) else None


def _relative_module(relpath: str, level: int, module: Optional[str],
                     sources: TreeSources) -> Optional[str]:
    folder = os.path.dirname(relpath)
    for _ in range(level - 1):
        folder = os.path.dirname(folder)
    package = _module_name(folder + "/__init__.py", sources) if folder else None
    if not package:
        return None
    return "%s.%s" % (package, module) if module else package


def _bridge_files(root: str) -> List[str]:
    """The modules of the test folders that are not tests themselves: a test package's
    ``__init__.py``, ``conftest.py`` files, helpers."""
    found: List[str] = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("."))
        for name in sorted(filenames):
            relpath = os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/")
            folders = relpath.split("/")[:-1]
            if name.endswith(".py") and in_test_folder(folders) and not is_test_name(name):
                found.append(relpath)
                if len(found) >= MAX_BRIDGE_FILES:
                    return found
    return found


def find_bridges(interest: Interest, sources: TreeSources) -> Dict[str, Set[str]]:
    """Modules of the test folders that import the changed package and the names they bind it
    to: a test package's ``__init__.py`` saying ``import shop as store`` lets its tests write
    ``from . import store`` and never name the package; with the module's functions and
    classes that use those names (a support module's ``errors_from_src``)."""
    bridges: Dict[str, Set[str]] = {}
    for relpath in _bridge_files(sources.root):
        text = sources.text(relpath)
        module = _module_name(relpath, sources)
        if not text or not module or not any(p in text for p in interest.packages):
            continue
        scope = sources.scope(relpath)
        if scope is None:
            continue
        names: Set[str] = set()
        for node in scope.tree.body:
            if isinstance(node, ast.Import):
                names.update((a.asname or a.name).split(".")[0] for a in node.names
                             if a.name.split(".")[0] in interest.packages)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module and \
                    node.module.split(".")[0] in interest.packages:
                names.update(a.asname or a.name for a in node.names if a.name != "*")
        # its own helpers that use them too (``errors_from_src(src)`` building a StyleGuide):
        # tests call those and never name the package
        names |= {node.name for node in scope.tree.body
                  if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                  and names & _mentions(node)} if names else set()
        # as pytest imports it, and from the tree's root (``python -m pytest`` puts the root
        # on sys.path: ``from testing.support import ...``)
        rooted = relpath[:-3].replace("/", ".")
        for name in {module, rooted[:-len(".__init__")] if rooted.endswith(".__init__")
                     else rooted} if names else ():
            if all(part.isidentifier() for part in name.split(".")):
                bridges[name] = names
    return bridges


def _mentions(node: ast.AST) -> Set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | \
        {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}


def score_file(tree: ast.Module, interest: Interest, relpath: str,
               sources: TreeSources) -> Tuple[int, List[str]]:
    """(score, names of the tests that mention a changed or entry name or are expected to
    fail)."""
    imported = _imports(tree, relpath, sources)
    mentioned = _mentions(tree)
    score = 4 * len(imported & interest.modules)
    packages = {i.split(".")[0] for i in imported} & interest.packages
    if not packages and interest.bridged(imported | _attribute_uses(tree, relpath, sources)):
        packages = set(interest.packages)  # through a module of the test folders
    score += 2 * len(packages)
    score += 3 * len(mentioned & interest.functions) + len(mentioned & interest.entries)
    if score and not imported & interest.modules and not packages:
        score = score // 2  # names alone may be a coincidence
    hot = interest.functions | interest.entries
    prefer = [node.name for node in tree.body
              if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
              and (_mentions(node) & hot or _expected_to_fail(node))]
    return score, prefer


def expected_to_fail(tree: ast.Module) -> List[str]:
    """The file's tests (functions, classes) marked to fail."""
    return [node.name for node in tree.body
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and _expected_to_fail(node)]


def _expected_to_fail(node: ast.AST) -> bool:
    """Marked ``xfail`` or ``expectedFailure``, itself or in one of its parametrised cases
    (``pytest.param("wbr", marks=pytest.mark.xfail)``): behaviour the project knows the old
    version gets wrong, which a change in the code it exercises is likely to alter."""
    for decorator in getattr(node, "decorator_list", []):
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = _last_name(target)
        if name in ("xfail", "expectedFailure"):
            return True
        if name == "parametrize" and isinstance(decorator, ast.Call) and any(
                isinstance(case, ast.Call) and _last_name(case.func) == "param" and any(
                    k.arg == "marks" and any(_last_name(m) == "xfail" for m in ast.walk(k.value))
                    for k in case.keywords)
                for case in ast.walk(decorator)):
            return True
    return False


def _last_name(node: ast.AST) -> str:
    return node.attr if isinstance(node, ast.Attribute) else \
        node.id if isinstance(node, ast.Name) else ""


def find_test_files(request: Dict[str, Any], sources: TreeSources,
                    max_files: int) -> Dict[str, Any]:
    interest = Interest(request.get("targets") or {})
    if interest.packages:
        interest.add_bridges(find_bridges(interest, sources))
    files: List[Dict[str, Any]] = []
    read = 0
    words: Dict[str, Dict[str, Set[str]]] = {}
    if interest.pattern is not None:
        for relpath in _walk(sources.root):
            text = sources.text(relpath)
            if text is None or read > MAX_TOTAL_BYTES:
                continue
            read += len(text)
            if not interest.pattern.search(text):
                continue
            scope = sources.scope(relpath)
            if scope is None:
                continue
            score, prefer = score_file(scope.tree, interest, relpath, sources)
            if score > 0:
                files.append({"file": relpath, "score": score, "prefer": prefer,
                              "xfail": expected_to_fail(scope.tree), "doctests_only": False})
                words[relpath] = test_words(scope.tree, text)
    relevance = scores(words, changed_words(request, sources))
    for item in files:
        item["relevance"] = relevance.get(item["file"], {})
    for relpath in sorted(_doctest_modules(interest, sources)):
        files.append({"file": relpath, "score": 3, "prefer": [], "xfail": [],
                      "doctests_only": True})
    files.sort(key=lambda f: (-f["score"], f["file"]))
    stand_ins, near = reach_lines(request.get("targets") or {}, sources)
    return {"files": files[:max(0, max_files)], "words": interest.name_words(),
            "reach_lines": stand_ins, "near_lines": near}


def _doctest_modules(interest: Interest, sources: TreeSources) -> Set[str]:
    found: Set[str] = set()
    for relpath in interest.files:
        folder: Optional[str] = relpath
        candidates = [relpath]
        while folder and "/" in folder:
            folder = folder.rsplit("/", 1)[0]
            candidates.append(folder + "/__init__.py")
        for candidate in candidates:
            text = sources.text(candidate) if sources.exists(candidate) else None
            if text and ">>>" in text and sources.module_name(candidate):
                found.add(candidate)
    return found
