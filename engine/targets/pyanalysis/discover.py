"""Finding a tree's Python files, applying exclude globs, choosing import roots, naming modules.

Exclude globs: a pattern without ``/`` is matched (fnmatch, case-sensitive) against every path
component, so ``tests`` excludes any ``tests`` directory and ``test_*.py`` any such file; a pattern
with ``/`` is matched against the whole path relative to the tree root (``**`` crosses
directories), and excluding a directory excludes everything below it.

Import roots: ``src`` when ``<root>/src`` holds Python files (the ``src/`` layout), else the tree
root; callers can override.  Files outside every import root are skipped (reported).
"""

from __future__ import annotations

import fnmatch
import keyword
import os
import re
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

DEFAULT_EXCLUDES: Tuple[str, ...] = (
    "tests", "test", "test_*.py", "*_test.py", "tests.py", "*_tests.py", "conftest.py",
    "docs", "doc", "examples", "example", "setup.py",
    "noxfile.py", "fabfile.py", "dodo.py",  # task runners' files: the maintainers' tools
    "build", "dist", "*.egg-info", "__pycache__", ".*",
    "venv", "site-packages", "node_modules",
)


def _glob_to_regex(pattern: str) -> "re.Pattern[str]":
    out = ""
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if pattern.startswith("**/", i):
            out += "(?:.*/)?"
            i += 3
            continue
        if pattern.startswith("**", i):
            out += ".*"
            i += 2
            continue
        if ch == "*":
            out += "[^/]*"
        elif ch == "?":
            out += "[^/]"
        else:
            out += re.escape(ch)
        i += 1
    return re.compile("^" + out + "$")


class Excluder:
    """Decides whether a relative path (posix separators) is excluded."""

    def __init__(self, patterns: Iterable[str]) -> None:
        self.patterns = sorted(set(p.strip().rstrip("/") for p in patterns if p.strip()))
        self._component = [p for p in self.patterns if "/" not in p]
        self._path = [_glob_to_regex(p.lstrip("/")) for p in self.patterns if "/" in p]

    def excluded(self, relpath: str) -> bool:
        parts = [p for p in relpath.split("/") if p]
        for part in parts:
            for pattern in self._component:
                if fnmatch.fnmatchcase(part, pattern):
                    return True
        for index in range(1, len(parts) + 1):
            prefix = "/".join(parts[:index])
            for regex in self._path:
                if regex.match(prefix):
                    return True
        return False


def make_excluder(extra: Sequence[str] = (), use_defaults: bool = True) -> Excluder:
    patterns: List[str] = list(DEFAULT_EXCLUDES) if use_defaults else []
    patterns.extend(extra)
    return Excluder(patterns)


def list_python_files(root: str, excluder: Excluder) -> Tuple[List[str], List[str]]:
    """(included, excluded) .py files under ``root`` as sorted relative posix paths."""
    included: List[str] = []
    excluded: List[str] = []
    root = os.path.abspath(root)
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        rel_dir = os.path.relpath(dirpath, root).replace(os.sep, "/")
        rel_dir = "" if rel_dir == "." else rel_dir
        keep: List[str] = []
        for name in sorted(dirnames):
            rel = (rel_dir + "/" + name) if rel_dir else name
            if excluder.excluded(rel):
                continue
            keep.append(name)
        dirnames[:] = keep
        for name in sorted(filenames):
            if not name.endswith(".py"):
                continue
            rel = (rel_dir + "/" + name) if rel_dir else name
            (excluded if excluder.excluded(rel) else included).append(rel)
    return sorted(included), sorted(excluded)


def detect_import_roots(root: str, files: Sequence[str]) -> List[str]:
    """``["src"]`` for a src/ layout (Python files under ``<root>/src``), else ``["."]``."""
    if os.path.isdir(os.path.join(root, "src")) and any(f.startswith("src/") for f in files):
        return ["src"]
    return ["."]


def normalise_roots(roots: Sequence[str]) -> List[str]:
    out: List[str] = []
    for r in roots:
        r = r.replace(os.sep, "/").strip("/")
        r = "." if r in ("", ".") else r
        if r.startswith("./"):
            r = r[2:]
        if r not in out:
            out.append(r)
    return sorted(out)


def module_name_for(relpath: str, import_roots: Sequence[str]) -> Optional[Tuple[str, bool, str]]:
    """(dotted name, is_package, import root) for ``relpath``, None if outside every root."""
    best: Optional[str] = None
    for root in import_roots:
        if root == ".":
            if best is None:
                best = root
        elif relpath.startswith(root + "/"):
            if best is None or best == "." or len(root) > len(best):
                best = root
    if best is None:
        return None
    inner = relpath if best == "." else relpath[len(best) + 1:]
    parts = inner[:-3].split("/")
    is_package = parts[-1] == "__init__"
    if is_package:
        parts = parts[:-1]
    if not parts:
        return None
    return ".".join(parts), is_package, best


def is_importable(name: str) -> bool:
    return all(p.isidentifier() and not keyword.iskeyword(p) for p in name.split("."))


def discover(root: str, import_roots: Optional[Sequence[str]], excludes: Sequence[str],
             use_default_excludes: bool = True) -> Dict[str, object]:
    """Files to analyse: {"modules": [(relpath, name, is_package)], "import_roots", "skipped"}."""
    excluder = make_excluder(excludes, use_default_excludes)
    files, excluded = list_python_files(root, excluder)
    roots = normalise_roots(import_roots) if import_roots else detect_import_roots(root, files)
    modules: List[Tuple[str, str, bool]] = []
    skipped: List[Dict[str, str]] = []
    seen: Dict[str, str] = {}
    for rel in files:
        named = module_name_for(rel, roots)
        if named is None:
            skipped.append({"file": rel, "reason": "outside import roots"})
            continue
        name, is_package, _ = named
        if name in seen:
            skipped.append({"file": rel, "reason": "duplicate module name %s (kept %s)"
                            % (name, seen[name])})
            continue
        seen[name] = rel
        modules.append((rel, name, is_package))
    return {"modules": modules, "import_roots": roots, "skipped": skipped,
            "excluded": excluded, "excluder": excluder}
