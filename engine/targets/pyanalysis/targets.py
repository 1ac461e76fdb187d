"""The ``targets`` mode: changed functions of a change and their access information.

For each side (old, new) the tree is indexed on its own; changed lines are mapped to statements
with :func:`executable_lines.statement_map`, statements to functions, module-level statements to
the functions reading the names they bind; access information (DiffTestGen, Table I) is computed
on each tree and merged by content, each item tagged ``both`` / ``old_only`` / ``new_only``.

Decisions (documented in ANALYZE_SCHEMA.md):

* a changed line counts through the statement that contains it (a line inside a multi-line
  statement counts as that statement's start line); a line that belongs to no statement
  (comment, blank, docstring, ``else:``) is not executable;
* a statement belongs to the innermost function whose *body* contains it.  A ``def`` line and its
  decorators belong to the enclosing scope (they run when the enclosing code runs) and also mark
  the defined function with reason ``signature``;
* a function whose only changes are non-executable (docstring, comments) is not a target: it is
  listed under ``non_executable_changes``;
* module-level (and class-body) statements are reported in ``module_level_changes`` and mapped to
  the functions that read the names they bind (reason ``module_level``); a changed class header
  (bases, decorators) marks the class's methods and the readers of the class.  A name a changed
  ``from ... import`` statement binds exactly as the other version does (same source module and
  name, e.g. ``Decimal`` in ``from decimal import ROUND_HALF_UP, Decimal`` →
  ``from decimal import ROUND_HALF_EVEN, Decimal``) is not a changed name; a module-level name
  assigned from a changed name of its module (``_ENTRY = re.compile(PREFIX + _TIME)``) counts as
  changed too, and its readers' ``module_level_names`` hold both (:mod:`pyanalysis.derived`);
* call paths stop at the first entry point met (a longer path through a public function that
  itself reaches the target through a shorter path is not listed).
"""

from __future__ import annotations

import json
import sys
from typing import Any, Dict, Iterable, List, Optional, Sequence, Set, Tuple

from pymodel.project import SIDES
from pymodel.syntax import class_header

from . import ANALYZER_VERSION
from .abstract import is_abstract
from .class_bindings import Binding, bound_on, builtin_base_having, changed_bindings
from .constants import branch_lines, same_value
from .derived import derived_names
from .index import TreeIndex, build_index
from .model import FunctionInfo, ModuleInfo
from .public_api import is_entry_point
from .specials import trigger_for

MAX_FRONTIER = 20000
MAX_DEPTH = 12


def load_changes(path: str) -> Dict[str, Any]:
    """Read and validate CHANGES.json (``-`` reads stdin)."""
    if path == "-":
        data = json.load(sys.stdin)
    else:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    if not isinstance(data, dict) or not isinstance(data.get("files"), list):
        raise ValueError('expected an object with a "files" list')
    for index, entry in enumerate(data["files"]):
        if not isinstance(entry, dict):
            raise ValueError("files[%d] is not an object" % index)
        for side in SIDES:
            path_value = entry.get(side + "_path")
            if path_value is not None and not isinstance(path_value, str):
                raise ValueError("files[%d].%s_path must be a string or null" % (index, side))
            lines = entry.get(side + "_lines", [])
            if not isinstance(lines, list) or not all(
                    isinstance(n, int) and not isinstance(n, bool) for n in lines):
                raise ValueError("files[%d].%s_lines must be a list of integers" % (index, side))
        if entry.get("old_path") is None and entry.get("new_path") is None:
            raise ValueError("files[%d] has neither old_path nor new_path" % index)
    return data


def inherited_on(idx: TreeIndex, func: FunctionInfo) -> Optional[str]:
    """Where the other tree's class gets a method ``func`` defines there by itself: a project
    base's method, or a built-in base's (``class Markup(str)`` gains ``format_map``, which the
    old ``Markup`` inherits from ``str``); None when it has no such attribute.  Special methods
    are left out: every class inherits ``object``'s."""
    cls_qual, name = func.class_qualname, func.name
    if not cls_qual or cls_qual not in idx.classes or name.startswith("__"):
        return None
    found = idx.package.class_lookup(cls_qual, name)
    if found is not None and found[0] == "function" and found[2] != cls_qual:
        return found[1]
    base = builtin_base_having(idx, cls_qual, name)
    return base + "." + name if base is not None else None


def _versions(in_old: bool, in_new: bool) -> str:
    if in_old and in_new:
        return "both"
    return "old_only" if in_old else "new_only"


class _SideChange:
    def __init__(self) -> None:
        self.lines: Set[int] = set()
        self.signature_lines: Set[int] = set()
        self.reasons: Set[str] = set()
        self.names: Set[str] = set()


class SideAnalysis:
    """Changed functions and statements of one side."""

    def __init__(self, side: str, idx: TreeIndex) -> None:
        self.side = side
        self.idx = idx
        self.changed: Dict[str, _SideChange] = {}
        self.module_level: List[Dict[str, Any]] = []
        self.changed_lines: List[Dict[str, Any]] = []
        self.non_executable: Dict[str, Set[int]] = {}
        self.ignored: List[Dict[str, Any]] = []
        self.unanalysable: Dict[str, List[int]] = {}
        self.class_headers: Set[str] = set()
        self.changed_names: Set[str] = set()
        self.imported_names: Set[str] = set()  # bound by changed import statements

    def change(self, qual: str) -> _SideChange:
        if qual not in self.changed:
            self.changed[qual] = _SideChange()
        return self.changed[qual]

    def file(self, path: Optional[str], lines: Sequence[int]) -> None:
        if path is None:
            return
        if not path.endswith(".py"):
            self.ignored.append({"side": self.side, "file": path, "reason": "not a Python file"})
            return
        mod = self.idx.by_file.get(path)
        if mod is None:
            if self.idx.excluder.excluded(path):
                reason = "excluded"
            elif any(s["file"] == path for s in self.idx.skipped):
                reason = [s["reason"] for s in self.idx.skipped if s["file"] == path][0]
            else:
                reason = "not found in the tree"
            self.ignored.append({"side": self.side, "file": path, "reason": reason})
            return
        if mod.error is not None:
            self.unanalysable[mod.file] = sorted(set(lines))
            return
        self._module(mod, sorted(set(lines)))

    def _module(self, mod: ModuleInfo, lines: List[int]) -> None:
        smap = self.idx.statement_maps.get(mod.name, {})
        funcs = [self.idx.functions[q] for q in mod.functions if q in self.idx.functions]
        defs = [f for f in funcs if f.callable_kind != "lambda"]
        lambdas = [f for f in funcs if f.callable_kind == "lambda"]
        headers: Dict[int, List[str]] = {}
        for func in defs:
            for line in func.decorator_lines + [func.def_line]:
                headers.setdefault(smap.get(line, line), []).append(func.qualname)
        statements: Dict[int, List[Any]] = {}
        for stmt in mod.statements:
            statements.setdefault(stmt.start, []).append(stmt)
        seen_statements: Set[int] = set()
        for line in lines:
            start = smap.get(line)
            owner = self._innermost(defs, start if start is not None else line,
                                    by_body=start is not None)
            self.changed_lines.append({
                "side": self.side, "file": mod.file, "line": line, "statement": start,
                "function": owner.qualname if owner is not None and start is not None else None})
            if start is None:
                holder = self._innermost(defs + lambdas, line, by_body=False)
                if holder is not None:
                    self.non_executable.setdefault(holder.qualname, set()).add(line)
                continue
            for lam in lambdas:
                if lam.start <= start <= lam.end:
                    change = self.change(lam.qualname)
                    change.lines.add(start)
                    change.reasons.add("body")
            for qual in headers.get(start, []):
                change = self.change(qual)
                change.signature_lines.add(start)
                change.reasons.add("signature")
            if owner is not None:
                change = self.change(owner.qualname)
                change.lines.add(start)
                change.reasons.add("body")
                continue
            if start in seen_statements:
                continue
            seen_statements.add(start)
            for stmt in statements.get(start, []):
                entry = stmt.to_json()
                entry.update({"side": self.side, "file": mod.file, "module": mod.name,
                              "line": stmt.start, "end_line": stmt.end})
                del entry["lines"]
                self.module_level.append(entry)
                if stmt.owner_def in self.idx.functions:
                    continue  # a function's own header (or a lambda): reasons signature/body
                if stmt.kind in ("class", "decorator") and stmt.owner_def in self.idx.classes:
                    self.class_headers.add(stmt.owner_def)
                if stmt.kind == "import" and stmt.scope == mod.name:
                    self.imported_names.update(stmt.binds)
                else:
                    self.changed_names.update(stmt.binds)

    @staticmethod
    def _innermost(funcs: Iterable[FunctionInfo], line: int, by_body: bool
                   ) -> Optional[FunctionInfo]:
        best: Optional[FunctionInfo] = None
        for func in funcs:
            lo = func.body_start if by_body else func.start
            if lo <= line <= func.end:
                if best is None or (lo, -func.end) > ((best.body_start if by_body else
                                                      best.start), -best.end):
                    best = func
        return best

    def settle_imports(self, other: TreeIndex) -> None:
        """Names bound by changed import statements count as changed unless ``other`` (the other
        version's tree) binds them the same way: only ``from`` imports, same module, name, level.
        """
        for qual in sorted(self.imported_names):
            if not _same_from_imports(self.idx, other, qual):
                self.changed_names.add(qual)

    def settle_class_headers(self, other: TreeIndex) -> None:
        """A class header rewritten without changing the class (``class A(object):`` →
        ``class A:``, a base list split over lines) is no changed header: the other version's
        class has the same bases but ``object``, keywords and decorators."""
        for qual in sorted(self.class_headers):
            mine, theirs = self.idx.classes.get(qual), other.classes.get(qual)
            if mine is not None and theirs is not None and \
                    class_header(mine.node) is not None and \
                    class_header(mine.node) == class_header(theirs.node):
                self.class_headers.discard(qual)

    def settle_constants(self, other: TreeIndex) -> None:
        """A changed name bound once to a constant that folds to the same value in ``other``
        (the other version's tree) is a rewrite, not a change (``"{0}".format(A)`` →
        ``"{}".format(A)``): its readers are no targets for it."""
        changed_starts = {(c["file"], c["statement"]) for c in self.changed_lines}
        for qual in sorted(self.changed_names):
            modname, _, name = qual.rpartition(".")
            mod = self.idx.modules.get(modname)
            kept = mod is not None and not any(
                (mod.file, line) in changed_starts for line in branch_lines(mod, name))
            if same_value(self.idx.modules, other.modules, modname, name, kept):
                self.changed_names.discard(qual)

    def propagate(self) -> None:
        """Module-level changes → the functions reading the changed names."""
        names = set(self.changed_names)
        for cls_qual in self.class_headers:
            names.add(cls_qual)
            cls = self.idx.classes.get(cls_qual)
            if cls is None:
                continue
            for qual in sorted(set(cls.methods.values())):
                change = self.change(qual)
                change.reasons.add("module_level")
                change.names.add(cls_qual)
        if not names:
            return
        derived = derived_names(self.idx, names)
        for qual in sorted(self.idx.functions):
            func = self.idx.functions[qual]
            hit = func.reads & (names | set(derived))
            if hit:
                change = self.change(qual)
                change.reasons.add("module_level")
                change.names.update(hit)
                for name in hit & set(derived):
                    change.names.update(derived[name])


def _same_from_imports(idx: TreeIndex, other: TreeIndex, qual: str) -> bool:
    """Whether module-level ``qual`` is bound only by ``from`` imports, identically in both trees.

    Plain ``import a.b`` is left out: its binding records ``a`` only, not the submodule loaded.
    """
    modname, _, name = qual.rpartition(".")
    keys = []
    for tree in (idx, other):
        mod = tree.modules.get(modname)
        if mod is None or mod.error is not None:
            return False
        bindings = mod.namespace.get(name) or []
        if not bindings or any(b.kind != "importfrom" for b in bindings):
            return False
        keys.append([(b.module, b.name, b.level) for b in bindings])
    return keys[0] == keys[1]


# ---------------------------------------------------------------------------------------------
# Access information


def _render_class(idx: TreeIndex, cls_qual: str) -> Dict[str, Any]:
    cls = idx.classes[cls_qual]
    ctor = cls.constructor or {}
    signature = ctor.get("signature")
    if signature is not None and cls.expr:
        signature = "%s(%s)" % (cls.expr, ctor.get("params_text") or "")
    return {"qualname": cls.qualname, "public_name": cls.public_name,
            "import_line": cls.import_line, "expr": cls.expr,
            "constructor_signature": signature,
            "constructor_source": ctor.get("source"), "docstring": cls.docstring,
            "abstract": is_abstract(idx, cls_qual)}


def _access_classes(idx: TreeIndex, func: FunctionInfo, limit: int) -> List[str]:
    """The public classes to enter ``func`` through: its own class when it is public, else
    those inheriting it, by name.  An abstract own class (``is_abstract``) comes after up to
    ``limit - 1`` concrete subclasses that inherit the method (all of ``limit`` when it must be
    one): on the base alone every call stops at a hook it leaves to them."""
    if not func.access_classes:
        return []
    ordered = sorted(set(func.access_classes),
                     key=lambda c: (idx.classes[c].public_name or "", c))
    own = func.class_qualname
    if own not in func.access_classes:
        return ordered[:limit]
    if not is_abstract(idx, own):  # type: ignore[arg-type]
        return [own]  # type: ignore[list-item]
    concrete = [c for c in ordered if c != own and not is_abstract(idx, c)]
    if limit <= 1:
        return concrete[:1] or [own]  # type: ignore[list-item]
    return concrete[:limit - 1] + [own]  # type: ignore[list-item]


def _dispatching_class(idx: TreeIndex, path: List[str]) -> Optional[str]:
    """The class a call path must be entered on when a method reaches the target through
    ``self.m()`` dispatching to an override: an inherited method entered on its own (public)
    base class never runs the subclass's code, or raises NotImplementedError."""
    entry = idx.functions[path[0]]
    for caller, callee in zip(path, path[1:]):
        func = idx.functions.get(caller)
        if func is None or func.class_qualname is None:
            return None
        if (callee, "override") in func.calls.edges:
            cls = idx.functions[callee].class_qualname
            return cls if cls in entry.access_classes else None
    return None


def _render_entry(idx: TreeIndex, func: FunctionInfo, via: Optional[str]) -> Dict[str, Any]:
    entry: Dict[str, Any] = {
        "qualname": func.qualname, "kind": func.kind, "callable_kind": func.callable_kind,
        "is_async": func.is_async, "signature": func.signature_text(),
        "decorators": list(func.decorators),
        "docstring": func.docstring, "public_name": func.public_name,
        "import_line": func.import_line, "expr": func.expr, "class": None,
        "trigger": trigger_for(func.name) if func.kind == "special" else None,
    }
    if via is not None and via in idx.classes:
        cls = idx.classes[via]
        entry["class"] = _render_class(idx, via)
        short = func.qualname.rsplit(".", 1)[-1].split("#", 1)[0]
        entry["public_name"] = (cls.public_name or "") + "." + short
        entry["import_line"] = cls.import_line
        entry["expr"] = (cls.expr or "") + "." + short
    return entry


def reverse_graph(idx: TreeIndex) -> Dict[str, List[str]]:
    rev: Dict[str, Set[str]] = {}
    for qual, func in idx.functions.items():
        for callee, _via in func.calls.edges:
            if callee != qual:
                rev.setdefault(callee, set()).add(qual)
    return {k: sorted(v) for k, v in rev.items()}


def shortest_paths(idx: TreeIndex, rev: Dict[str, List[str]], target: str, k: int
                   ) -> Tuple[List[List[str]], bool]:
    """Up to ``k`` shortest cycle-free call paths entry → ... → target, and a truncation flag.

    Breadth-first over the reverse call graph, one length at a time; a path ends at the first
    entry point it meets.  Ties are broken by the path's names, so the result is deterministic.
    """
    found: List[List[str]] = []
    frontier: List[Tuple[str, ...]] = [(target,)]
    truncated = False
    depth = 0
    while frontier and len(found) < k and depth < MAX_DEPTH:
        depth += 1
        level_found: List[Tuple[str, ...]] = []
        nxt: List[Tuple[str, ...]] = []
        for path in frontier:
            for caller in rev.get(path[0], ()):
                if caller in path:
                    continue
                new_path = (caller,) + path
                func = idx.functions.get(caller)
                if func is not None and is_entry_point(idx.package, func):
                    level_found.append(new_path)
                else:
                    nxt.append(new_path)
        level_found.sort()
        found.extend(list(p) for p in level_found[:k - len(found)])
        if len(nxt) > MAX_FRONTIER:
            nxt.sort()
            nxt = nxt[:MAX_FRONTIER]
            truncated = True
        frontier = nxt
    if frontier and depth >= MAX_DEPTH and len(found) < k:
        truncated = True
    return found, truncated


def side_access(idx: TreeIndex, rev: Dict[str, List[str]], qual: str, k: int
                ) -> Tuple[List[Dict[str, Any]], List[str]]:
    func = idx.functions[qual]
    items: List[Dict[str, Any]] = []
    notes: List[str] = []
    if func.kind == "public" and func.class_qualname is None:
        items.append({"type": "function", "entry": _render_entry(idx, func, None),
                      "path": [qual]})
        return items, notes
    classes = _access_classes(idx, func, k)
    if classes and func.kind in ("public", "special"):
        kind = "special" if func.kind == "special" else "method"
        for cls in classes:
            items.append({"type": kind, "entry": _render_entry(idx, func, cls), "path": [qual]})
        return items, notes
    paths, truncated = shortest_paths(idx, rev, qual, k)
    if truncated:
        notes.append("call path search truncated")
    for path in paths:
        entry_func = idx.functions[path[0]]
        dispatching = _dispatching_class(idx, path)
        via = [dispatching] if dispatching else _access_classes(idx, entry_func, 1)
        items.append({"type": "call_path",
                      "entry": _render_entry(idx, entry_func, via[0] if via else None),
                      "path": path})
    return items, notes


def _identity(item: Dict[str, Any]) -> str:
    """What makes two items "the same way in": type, path and the class it goes through."""
    cls = item["entry"].get("class")
    return json.dumps([item["type"], item["path"], cls["qualname"] if cls else None])


def _rendering(entry: Dict[str, Any]) -> str:
    return json.dumps(entry, sort_keys=True)


_VERSION_RANK = {"both": 0, "old_only": 1, "new_only": 2}
_TYPE_RANK = {"function": 0, "method": 1, "special": 2, "call_path": 3}


def _abstract_entry(item: Dict[str, Any]) -> bool:
    """Entered on an abstract class: after the concrete ones (see ``_access_classes``)."""
    cls = item["entry"].get("class")
    return bool(cls and cls.get("abstract"))


def merge_items(per_side: Dict[str, List[Dict[str, Any]]]) -> List[Dict[str, Any]]:
    """Merge the two sides' items by identity (type + path + class), tagging versions.

    When an item exists in both versions but its entry renders differently (a changed signature,
    docstring, decorator or constructor), ``entry`` is the new rendering and ``entry_old`` the old
    one; otherwise ``entry_old`` is null.
    """
    by_side: Dict[str, Dict[str, Dict[str, Any]]] = {}
    for side in SIDES:
        by_side[side] = {}
        for item in per_side.get(side, []):
            by_side[side].setdefault(_identity(item), item)
    out: List[Dict[str, Any]] = []
    for key in sorted(set(by_side["old"]) | set(by_side["new"])):
        old, new = by_side["old"].get(key), by_side["new"].get(key)
        merged = dict(new if new is not None else old)  # type: ignore[arg-type]
        merged["versions"] = _versions(old is not None, new is not None)
        merged["entry_old"] = None
        if old is not None and new is not None and \
                _rendering(old["entry"]) != _rendering(new["entry"]):
            merged["entry_old"] = old["entry"]
        out.append(merged)
    out.sort(key=lambda i: (_VERSION_RANK[i["versions"]], _TYPE_RANK[i["type"]], len(i["path"]),
                            i["path"], _abstract_entry(i), _identity(i)))
    return out


# ---------------------------------------------------------------------------------------------


def _summary(idx: TreeIndex) -> Dict[str, Any]:
    return {"root": idx.root, "import_roots": list(idx.import_roots),
            "modules": len(idx.modules), "classes": len(idx.classes),
            "functions": len(idx.functions), "entry_points": len(idx.entry_points())}


def binding_targets(indexes: Dict[str, TreeIndex], sides: Dict[str, SideAnalysis],
                    taken: Set[str]) -> List[Tuple[Dict[str, Any], Dict[str, Any]]]:
    """A changed_functions row and an access item for each method a changed class-body
    assignment binds (:mod:`pyanalysis.class_bindings`); reason ``class_binding``."""
    found: Dict[str, Dict[str, Binding]] = {}
    for side in SIDES:
        for binding in changed_bindings(indexes[side], sides[side].module_level):
            if binding.qualname not in taken:
                found.setdefault(binding.qualname, {})[side] = binding
    out = []
    for qual in sorted(found):
        per_side = found[qual]
        first = next(iter(per_side.values()))
        present = {side: side in per_side or bound_on(indexes[side], first.class_qualname,
                                                      first.name) for side in SIDES}
        kind = "special" if first.name.startswith("__") and first.name.endswith("__") else \
            ("private" if first.name.startswith("_") else "public")
        row = {"qualname": qual, "name": first.name,
               "versions": _versions(present["old"], present["new"]), "kind": kind,
               "kinds": {side: kind if present[side] else None for side in SIDES},
               "callable_kind": "method", "class": first.class_qualname,
               "files": {s: per_side[s].file if s in per_side else None for s in SIDES},
               "modules": {s: indexes[s].classes[first.class_qualname].module
                           if s in per_side else None for s in SIDES},
               "lines": {s: [per_side[s].line, per_side[s].end] if s in per_side else None
                         for s in SIDES},
               "changed_lines": {s: [per_side[s].line] if s in per_side else [] for s in SIDES},
               "signature_lines": {s: [] for s in SIDES}, "reasons": ["class_binding"],
               "module_level_names": [], "notes": []}
        items: Dict[str, List[Dict[str, Any]]] = {}
        for side, binding in per_side.items():
            cls = indexes[side].classes[binding.class_qualname]
            if kind == "private" or not cls.public_name:
                continue
            entry = {"qualname": qual, "kind": kind, "callable_kind": "method",
                     "is_async": False, "signature": binding.signature, "decorators": [],
                     "docstring": None, "public_name": cls.public_name + "." + binding.name,
                     "import_line": cls.import_line, "expr": (cls.expr or "") + "." + binding.name,
                     "class": _render_class(indexes[side], binding.class_qualname),
                     "trigger": trigger_for(binding.name) if kind == "special" else None}
            items[side] = [{"type": "special" if kind == "special" else "method",
                            "entry": entry, "path": [qual]}]
        for side in SIDES:  # inherited on the other side: reached the same way
            if side not in items and present[side] and items:
                items[side] = next(iter(items.values()))
        out.append((row, {"target": qual, "kind": kind, "versions": row["versions"],
                          "trigger": trigger_for(first.name) if kind == "special" else None,
                          "reachable": {s: bool(items.get(s)) if present[s] else None
                                        for s in SIDES},
                          "methods": merge_items(items), "notes": []}))
    return out


def compute_targets(old_root: str, new_root: str, changes: Dict[str, Any], k: int = 5,
                    import_roots: Optional[Sequence[str]] = None, excludes: Sequence[str] = (),
                    use_default_excludes: bool = True) -> Dict[str, Any]:
    indexes = {"old": build_index(old_root, import_roots, excludes, use_default_excludes),
               "new": build_index(new_root, import_roots, excludes, use_default_excludes)}
    sides = {side: SideAnalysis(side, indexes[side]) for side in SIDES}
    for entry in changes.get("files", []):
        for side in SIDES:
            sides[side].file(entry.get(side + "_path"), entry.get(side + "_lines") or [])
    for side in SIDES:
        sides[side].settle_imports(indexes["new" if side == "old" else "old"])
        sides[side].settle_constants(indexes["new" if side == "old" else "old"])
        sides[side].settle_class_headers(indexes["new" if side == "old" else "old"])
    for side in SIDES:
        sides[side].propagate()

    changed_quals = sorted(set(sides["old"].changed) | set(sides["new"].changed))
    changed_functions: List[Dict[str, Any]] = []
    access: List[Dict[str, Any]] = []
    revs = {side: reverse_graph(indexes[side]) for side in SIDES}
    for qual in changed_quals:
        funcs = {side: indexes[side].functions.get(qual) for side in SIDES}
        changes_by_side = {side: sides[side].changed.get(qual) for side in SIDES}
        versions = _versions(funcs["old"] is not None, funcs["new"] is not None)
        # a method a class now defines over one it inherited is called alike on both versions
        inherited = inherited_on(indexes["old"], funcs["new"]) \
            if versions == "new_only" and funcs["new"] is not None else None
        if inherited is not None:
            versions = "both"
        primary = funcs["new"] or funcs["old"]
        assert primary is not None
        reasons: Set[str] = set()
        names: Set[str] = set()
        for change in changes_by_side.values():
            if change is not None:
                reasons |= change.reasons
                names |= change.names
        notes: List[str] = []
        if inherited is not None:
            notes.append("the old version inherits it (%s)" % inherited)
        for side in SIDES:
            other = "new" if side == "old" else "old"
            func = funcs[side]
            if func is not None and funcs[other] is None:
                other_mod = indexes[other].by_file.get(func.file)
                if other_mod is not None and other_mod.error is not None:
                    notes.append("the %s version of %s is not analysable (%s); the function "
                                 "may exist there" % (other, func.file,
                                                      other_mod.error.get("message")))
        changed_functions.append({
            "qualname": qual,
            "name": primary.name,
            "versions": versions,
            "kind": primary.kind,
            "kinds": {side: (funcs[side].kind if funcs[side] else None) for side in SIDES},
            "callable_kind": primary.callable_kind,
            "class": primary.class_qualname,
            "files": {side: (funcs[side].file if funcs[side] else None) for side in SIDES},
            "modules": {side: (funcs[side].module if funcs[side] else None) for side in SIDES},
            "lines": {side: ([funcs[side].start, funcs[side].end] if funcs[side] else None)
                      for side in SIDES},
            "changed_lines": {side: sorted(changes_by_side[side].lines)
                              if changes_by_side[side] else [] for side in SIDES},
            "signature_lines": {side: sorted(changes_by_side[side].signature_lines)
                                if changes_by_side[side] else [] for side in SIDES},
            "reasons": sorted(reasons),
            "module_level_names": sorted(names),
            "notes": sorted(notes),
        })
        per_side: Dict[str, List[Dict[str, Any]]] = {}
        access_notes: List[str] = []
        reachable: Dict[str, Optional[bool]] = {}
        for side in SIDES:
            if funcs[side] is None:
                reachable[side] = None
                continue
            items, side_notes = side_access(indexes[side], revs[side], qual, k)
            per_side[side] = items
            reachable[side] = bool(items)
            access_notes.extend("%s: %s" % (side, n) for n in side_notes)
        if inherited is not None:  # reached the same way: through the class's objects
            per_side["old"], reachable["old"] = per_side.get("new", []), reachable["new"]
        access.append({
            "target": qual, "kind": primary.kind, "versions": versions,
            "trigger": trigger_for(primary.name) if primary.kind == "special" else None,
            "reachable": reachable, "methods": merge_items(per_side),
            "notes": sorted(access_notes),
        })

    for row, item in binding_targets(indexes, sides, set(changed_quals)):
        changed_functions.append(row)
        access.append(item)

    non_executable: List[Dict[str, Any]] = []
    for side in SIDES:
        for qual, lines in sorted(sides[side].non_executable.items()):
            if qual in sides[side].changed:
                continue
            func = indexes[side].functions[qual]
            non_executable.append({"qualname": qual, "side": side, "file": func.file,
                                   "lines": sorted(lines)})
    not_analysable: Dict[str, List[Dict[str, Any]]] = {}
    for side in SIDES:
        rows = []
        for row in indexes[side].not_analysable():
            row = dict(row)
            changed = sides[side].unanalysable.get(row["file"])
            row["changed"] = changed is not None
            row["changed_lines"] = changed or []
            rows.append(row)
        not_analysable[side] = rows

    def sort_rows(rows: List[Dict[str, Any]], *keys: str) -> List[Dict[str, Any]]:
        return sorted(rows, key=lambda r: tuple(
            (r.get(k) is None, r.get(k) if not isinstance(r.get(k), list) else str(r.get(k)))
            for k in keys) + (json.dumps(r, sort_keys=True),))

    notes = sorted(set(indexes["old"].notes) | set(indexes["new"].notes))
    return {
        "analyzer_version": ANALYZER_VERSION,
        "mode": "targets",
        "k": k,
        "old": _summary(indexes["old"]),
        "new": _summary(indexes["new"]),
        "changed_functions": changed_functions,
        "access": access,
        "module_level_changes": sort_rows(
            sides["old"].module_level + sides["new"].module_level, "side", "file", "line",
            "kind"),
        "changed_lines": sort_rows(sides["old"].changed_lines + sides["new"].changed_lines,
                                   "side", "file", "line"),
        "non_executable_changes": sort_rows(non_executable, "qualname", "side"),
        "not_analysable": not_analysable,
        "ignored_files": sort_rows(sides["old"].ignored + sides["new"].ignored, "side", "file"),
        "notes": notes,
    }
