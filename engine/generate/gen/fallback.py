"""Fallback entry points for a changed function the static call graph cannot reach.

Dynamic dispatch (``getattr(self, "_visit_" + kind)``), callbacks and registries hide callers
from the analyzer, which then reports no access path.  Rather than giving up, the generator
tries the public API around the target: the target itself when it is a module function
without an underscore that ``__all__`` leaves out, the public methods of its class (when the
class is public; a special method of a private class whose instances the module's public code
builds or stores, ``self.TRUE = _TRUE()``, on an instance built directly), then the public
functions of its module and of the package root.  Entry points whose body uses ``getattr`` or
mentions a prefix of the target's name as a string come first; when a dispatcher builds the name
(``"_visit_" + kind``), the value that selects the target (``kind = "call"`` for
``_visit_call``) is recorded in ``entry.dispatch`` and mined as a constant.  These items look
like the analyzer's ``call_path`` items, with ``"type": "fallback"``.
"""

from __future__ import annotations

import ast
from typing import Any, Dict, List, Optional, Tuple

from pymodel.project import Tree
from pymodel.syntax import FUNCTION_NODES, is_dunder, is_public_module, is_public_name


MAX_FALLBACK = 4
MAX_REEXPORTS = 12


def _score(node: Any, target_name: str) -> int:
    """Higher when the body looks like a dispatcher that could reach ``target_name``."""
    score = 0
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and \
                sub.func.id == "getattr":
            score += 2
        elif isinstance(sub, ast.Constant) and isinstance(sub.value, str) and \
                len(sub.value) >= 3 and target_name.startswith(sub.value):
            score += 5
    return score


def dispatch_values(node: Any, target_name: str) -> Dict[str, str]:
    """``"_visit_" + kind`` in a dispatcher reaching ``_visit_call``: {"kind": "call"}."""
    out: Dict[str, str] = {}
    for sub in ast.walk(node):
        prefix, name = None, None
        if isinstance(sub, ast.BinOp) and isinstance(sub.op, ast.Add) and \
                isinstance(sub.left, ast.Constant) and isinstance(sub.left.value, str):
            prefix, name = sub.left.value, sub.right
        elif isinstance(sub, ast.JoinedStr) and len(sub.values) == 2 and \
                isinstance(sub.values[0], ast.Constant) and \
                isinstance(sub.values[1], ast.FormattedValue):
            prefix, name = sub.values[0].value, sub.values[1].value
        elif isinstance(sub, ast.BinOp) and isinstance(sub.op, ast.Mod) and \
                isinstance(sub.left, ast.Constant) and isinstance(sub.left.value, str) and \
                sub.left.value.endswith("%s") and sub.left.value.count("%") == 1:
            prefix, name = sub.left.value[:-2], sub.right
        if isinstance(prefix, str) and prefix and target_name.startswith(prefix) and \
                len(target_name) > len(prefix):
            while isinstance(name, ast.Attribute):  # node.kind, self.mode
                name = name.attr  # type: ignore[assignment]
            if isinstance(name, ast.Name):
                name = name.id  # type: ignore[assignment]
            if isinstance(name, str):
                out[name] = target_name[len(prefix):]
    return out


def fallback_items(tree: Tree, target: str, versions: str) -> List[Dict[str, Any]]:
    found = tree.find_def(target)
    if found is None:
        return []
    module, node, classes = found
    target_name = target.rsplit(".", 1)[-1].split("#")[0]
    ranked: List[Tuple[int, int, str, Dict[str, Any]]] = []
    if not classes and target_name in ("__getattr__", "__dir__"):  # PEP 562 module hooks
        entry = _function_entry(target, node, "import " + module, module, "special")
        ranked.append((-100, 0, target, entry))
    if not classes and is_public_name(target_name) and is_public_module(module) and \
            isinstance(node, FUNCTION_NODES):
        # a module function without an underscore that ``__all__`` leaves out is still the
        # module's to call: ``from pkg.mod import name``
        imp, expr = tree.public_ref(target)
        if imp:
            ranked.append((0, 0, target, _function_entry(target, node, imp, expr)))
    if classes:
        cls_qual = target.rsplit(".", 1)[0]
        imp, expr = tree.public_ref(cls_qual)
        model = tree.class_model(cls_qual)
        # a private class whose instances public code hands out (``self.TRUE = _TRUE()``):
        # only the target itself, on an instance built directly
        private = bool(imp) and model is not None and not is_public_module(expr) and \
            is_dunder(target_name) and handed_out(tree, module, cls_qual.rsplit(".", 1)[-1])
        if imp and model is not None and (is_public_module(expr) or private) and \
                not model.is_abstract:
            for name in sorted(model.methods):
                owner, fnode = model.methods[name]
                dunder = is_dunder(name)
                if not isinstance(fnode, FUNCTION_NODES) or not (is_public_name(name) or (
                        dunder and name == target_name)) or (private and name != target_name):
                    continue
                kind = "method"
                decos = {getattr(d, "id", getattr(d, "attr", "")) for d in fnode.decorator_list}
                if "staticmethod" in decos:
                    kind = "staticmethod"
                elif "classmethod" in decos:
                    kind = "classmethod"
                elif "property" in decos:
                    kind = "property"
                entry = {"qualname": owner + "." + name, "callable_kind": kind,
                         "kind": "special" if dunder else "public",
                         "is_async": isinstance(fnode, ast.AsyncFunctionDef),
                         "import_line": imp, "expr": expr + "." + name,
                         "class": {"qualname": cls_qual, "import_line": imp, "expr": expr}}
                own = 0 if name == target_name else 1  # the target itself, when reachable
                entry["dispatch"] = dispatch_values(fnode, target_name)
                ranked.append((-_score(fnode, target_name), own, entry["qualname"], entry))
    top = module.split(".")[0]
    for modname, weight in ((module, 1), (top, 2)):
        mod = tree.load(modname)
        if mod is None:
            continue
        names = [n for n in sorted(mod.bindings) if is_public_name(n) and
                 mod.bindings[n].kind in ("def", "importfrom")]
        # a module's own functions first; re-exports cost a parse each, so only a few
        names = [n for n in names if mod.bindings[n].kind == "def"] + \
            [n for n in names if mod.bindings[n].kind == "importfrom"][:MAX_REEXPORTS]
        for name in names:
            sym = tree.lookup(modname, name)
            if sym is None or sym.kind != "function" or not isinstance(sym.node, FUNCTION_NODES):
                continue
            imp, expr = tree.public_ref(sym.name)
            if not imp or sym.name == target:
                continue
            entry = _function_entry(sym.name, sym.node, imp, expr)
            entry["dispatch"] = dispatch_values(sym.node, target_name)
            ranked.append((-_score(sym.node, target_name), weight, sym.name, entry))
    ranked.sort(key=lambda r: (r[1] != 0, r[0], r[1], r[2]))
    if any(r[0] < 0 for r in ranked):  # likely dispatchers found: only those, and the target
        ranked = [r for r in ranked if r[0] < 0 or r[1] == 0]
    out: List[Dict[str, Any]] = []
    seen = set()
    for _s, _w, qual, entry in ranked:
        if qual in seen:
            continue
        seen.add(qual)
        out.append({"type": "fallback", "entry": entry, "path": [qual, target],
                    "versions": versions})
        if len(out) >= MAX_FALLBACK:
            break
    return out


def handed_out(tree: Tree, module: str, cls_name: str) -> bool:
    """Whether the module's public code names the private class ``cls_name``: a public class
    or function that builds or stores it, or a public module-level name bound to it."""
    found = tree.module(module)
    for stmt in getattr(getattr(found, "tree", None), "body", []):
        if isinstance(stmt, (ast.ClassDef,) + FUNCTION_NODES):
            public = is_public_name(stmt.name) and stmt.name != cls_name
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            public = any(isinstance(t, ast.Name) and is_public_name(t.id) for t in targets)
        else:
            continue
        if public and any(isinstance(n, ast.Name) and n.id == cls_name and
                          isinstance(n.ctx, ast.Load) for n in ast.walk(stmt)):
            return True
    return False


def _function_entry(qualname: str, node: Any, import_line: str, expr: str,
                    kind: str = "public") -> Dict[str, Any]:
    """The entry of a module-level function (or a module hook, kind ``special``)."""
    return {"qualname": qualname, "callable_kind": "function", "kind": kind,
            "is_async": isinstance(node, ast.AsyncFunctionDef), "import_line": import_line,
            "expr": expr, "class": None}


def side_versions(in_old: bool, in_new: bool) -> Optional[str]:
    if in_old and in_new:
        return "both"
    if in_old:
        return "old_only"
    if in_new:
        return "new_only"
    return None
