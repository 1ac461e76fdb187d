"""The ``index`` mode: analyse every module of one tree and emit the package model as JSON."""

from __future__ import annotations

import ast
import os
import tokenize
from typing import Any, Dict, List, Optional, Sequence

import executable_lines
from pymodel.source import read_source

from . import ANALYZER_VERSION
from .discover import discover, is_importable
from .extract import extract
from .model import ClassInfo, FunctionInfo, ModuleInfo
from .package import Package
from .public_api import is_entry_point
from .resolve import analyse_package


class TreeIndex:
    """The analysed model of one tree."""

    def __init__(self, root: str, import_roots: List[str], modules: Dict[str, ModuleInfo],
                 functions: Dict[str, FunctionInfo], classes: Dict[str, ClassInfo],
                 package: Package, skipped: List[Dict[str, str]], excluded: List[str],
                 statement_maps: Dict[str, Dict[int, int]], notes: List[str],
                 excluder: Any) -> None:
        self.root = root
        self.import_roots = import_roots
        self.modules = modules
        self.functions = functions
        self.classes = classes
        self.package = package
        self.skipped = skipped
        self.excluded = excluded
        self.statement_maps = statement_maps  # module name -> statement_map
        self.notes = notes
        self.excluder = excluder
        self.by_file: Dict[str, ModuleInfo] = {m.file: m for m in modules.values()}

    def not_analysable(self) -> List[Dict[str, Any]]:
        out = []
        for mod in sorted(self.modules.values(), key=lambda m: m.file):
            if mod.error is not None:
                entry = {"file": mod.file, "module": mod.name}
                entry.update(mod.error)
                out.append(entry)
        return out

    def entry_points(self) -> List[str]:
        return sorted(q for q, f in self.functions.items() if is_entry_point(self.package, f))

    def to_json(self) -> Dict[str, Any]:
        return {
            "analyzer_version": ANALYZER_VERSION,
            "mode": "index",
            "root": self.root,
            "import_roots": list(self.import_roots),
            "modules": [self.modules[n].to_json() for n in sorted(self.modules)
                        if self.modules[n].error is None],
            "classes": [self.classes[q].to_json() for q in sorted(self.classes)],
            "functions": [self.functions[q].to_json() for q in sorted(self.functions)],
            "entry_points": self.entry_points(),
            "not_analysable": self.not_analysable(),
            "skipped_files": sorted(self.skipped, key=lambda s: (s["file"], s["reason"])),
            "excluded_files": sorted(self.excluded),
            "notes": sorted(set(self.notes)),
        }


def _load_module(root: str, rel: str, name: str, is_package: bool) -> ModuleInfo:
    mod = ModuleInfo(name=name, file=rel, path=os.path.join(root, rel), is_package=is_package,
                     importable=is_importable(name))
    try:
        mod.source = read_source(mod.path)
    except (OSError, UnicodeDecodeError, SyntaxError, LookupError) as exc:
        mod.error = {"kind": "unreadable", "message": str(exc), "line": None, "offset": None}
        return mod
    try:
        mod.tree = ast.parse(mod.source, filename=rel)
    except SyntaxError as exc:
        mod.error = {"kind": "syntax_error", "message": "%s: %s" % (type(exc).__name__, exc.msg),
                     "line": exc.lineno, "offset": exc.offset}
    except (RecursionError, MemoryError) as exc:
        mod.error = {"kind": "too_complex", "message": "%s while parsing (file too large or too "
                     "deeply nested)" % type(exc).__name__, "line": None, "offset": None}
    except ValueError as exc:
        mod.error = {"kind": "syntax_error", "message": "ValueError: %s" % exc, "line": None,
                     "offset": None}
    return mod


def build_index(root: str, import_roots: Optional[Sequence[str]] = None,
                excludes: Sequence[str] = (), use_default_excludes: bool = True) -> TreeIndex:
    """Discover, parse, extract and resolve a whole tree."""
    root = os.path.abspath(root)
    found = discover(root, import_roots, excludes, use_default_excludes)
    modules: Dict[str, ModuleInfo] = {}
    functions: Dict[str, FunctionInfo] = {}
    classes: Dict[str, ClassInfo] = {}
    smaps: Dict[str, Dict[int, int]] = {}
    notes: List[str] = []
    for rel, name, is_package in found["modules"]:  # type: ignore[union-attr]
        mod = _load_module(root, rel, name, is_package)
        modules[name] = mod
        if mod.error is not None and mod.error.get("kind") == "too_complex":
            notes.append("%s: not analysed: %s" % (rel, mod.error["message"]))
        if mod.error is not None or mod.tree is None:
            continue
        try:
            executable, smap = executable_lines.analyse_parsed(mod.tree, mod.source)
        except (RecursionError, MemoryError, SyntaxError, tokenize.TokenError) as exc:
            executable, smap = set(), {}
            mod.notes.append("executable lines unavailable: %s" % type(exc).__name__)
            notes.append("%s: executable lines unavailable (%s)" % (rel, type(exc).__name__))
        smaps[name] = smap
        try:
            funcs, klasses = extract(mod, executable, smap)
        except RecursionError:
            mod.error = {"kind": "too_complex", "message": "RecursionError while analysing "
                         "(too deeply nested)", "line": None, "offset": None}
            notes.append("%s: too deeply nested to analyse" % rel)
            continue
        for func in funcs:
            functions[func.qualname] = func
        for cls in klasses:
            classes[cls.qualname] = cls
    package = Package(modules, functions, classes)
    try:
        analyse_package(package)
    except RecursionError:  # pragma: no cover - every pass guards its own deep spots
        notes.append("package analysis incomplete: RecursionError")
    notes.extend(package.notes)
    for mod in modules.values():
        if mod.all_dynamic:
            mod.notes.append("__all__ is computed dynamically; it is not honoured")
    return TreeIndex(root, list(found["import_roots"]), modules, functions,  # type: ignore
                     classes, package, list(found["skipped"]),  # type: ignore[arg-type]
                     list(found["excluded"]), smaps, notes, found["excluder"])  # type: ignore
