"""Where an entry point hands a parameter on, unchanged, to another project callable.

``check_label(label)`` calling ``valid_contextj(label, pos)`` passes its own ``label`` as the
callee's first argument.  The project's tests of the callee then hold exactly the values that
matter to the part of the caller around that call (a joiner character for a joiner check), and
those values are worth offering to the caller's parameter (rule ``callee_arguments``).

A *forward* names the caller's parameter and where the callee takes it: the call-site keys the
callee's sites are stored under (:mod:`gen.callsites`), its positional index there and its
parameter name.  Forwards are followed one callee further (``f(x) -> g(x) -> h(x)``).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Set, Tuple

from pymodel.params import Param, params_of
from pymodel.project import Tree
from pymodel.syntax import FUNCTION_NODES

MAX_DEPTH = 2  # the entry's callees, and theirs
MAX_FORWARDS = 12


@dataclass(frozen=True)
class Forward:
    param: str  # the entry's parameter
    site_keys: Tuple[str, ...]  # where the callee's sites are stored
    index: Optional[int]  # the callee's positional index of the argument (no receiver)
    name: str  # the callee's parameter name
    callee: str  # the callee's qualified name


def forwards(tree: Tree, module: str, node: Any, params: List[Param],
             class_qual: Optional[str]) -> List[Forward]:
    """The callees ``node`` hands one of ``params`` to unchanged, one level further too."""
    if not isinstance(node, FUNCTION_NODES):
        return []
    names = {p.name for p in params if p.kind not in ("var_positional", "var_keyword")}
    out: List[Forward] = []
    seen: Set[Tuple[str, str, str]] = set()
    todo: List[Tuple[str, Any, str, Dict[str, str], Optional[str], int]] = [
        (module, node, "", {n: n for n in names}, class_qual, 1)]
    while todo and len(out) < MAX_FORWARDS:
        mod, fn, qual, carried, owner, depth = todo.pop(0)
        for call_node, arg_name, index, keyword in _handed_on(fn, set(carried)):
            callee = callee_of(tree, mod, call_node.func, owner)
            if callee is None or callee[0] == qual:
                continue
            callee_qual, callee_params, site_keys, callee_node, callee_owner = callee
            positional = [p for p in callee_params
                          if p.kind in ("positional_only", "positional_or_keyword")]
            if keyword is not None:
                target = next((p for p in callee_params if p.name == keyword), None)
            else:
                target = positional[index] if index is not None and index < len(positional) \
                    else None
            if target is None or target.kind in ("var_positional", "var_keyword"):
                continue
            mark = (carried[arg_name], callee_qual, target.name)
            if mark in seen:
                continue
            seen.add(mark)
            at = positional.index(target) if target in positional else None
            out.append(Forward(carried[arg_name], site_keys, at, target.name, callee_qual))
            if depth < MAX_DEPTH and callee_node is not None:
                callee_mod = (tree.split(callee_qual) or (mod, []))[0]
                todo.append((callee_mod, callee_node, callee_qual,
                             {target.name: carried[arg_name]}, callee_owner, depth + 1))
    return out[:MAX_FORWARDS]


def _handed_on(fn: Any, names: Set[str]) -> List[Tuple[ast.Call, str, Optional[int],
                                                        Optional[str]]]:
    """(call, parameter, positional index, keyword) for each plain use of a parameter as an
    argument of a call in the function's body.  A parameter the function rebinds to something
    else is no longer the caller's value; one it normalises (``label = label.decode()``,
    ``x = str(x)``) still is."""
    rebound: Set[str] = set()
    for sub in ast.walk(fn):
        if isinstance(sub, ast.For):
            rebound.update(_names(sub.target))
        elif isinstance(sub, (ast.Assign, ast.AnnAssign)) and sub.value is not None:
            uses = _names(sub.value)
            for target in _targets(sub):
                rebound.update(_names(target) - uses)
    live = names - rebound
    out: List[Tuple[ast.Call, str, Optional[int], Optional[str]]] = []
    for sub in ast.walk(fn):
        if not isinstance(sub, ast.Call):
            continue
        for index, arg in enumerate(sub.args):
            if isinstance(arg, ast.Starred):
                break
            if isinstance(arg, ast.Name) and arg.id in live:
                out.append((sub, arg.id, index, None))
        for kw in sub.keywords:
            if kw.arg and isinstance(kw.value, ast.Name) and kw.value.id in live:
                out.append((sub, kw.value.id, None, kw.arg))
    return out


def _targets(node: Any) -> List[Any]:
    return list(node.targets) if isinstance(node, ast.Assign) else [node.target]


def _names(node: Any) -> Set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def callee_of(tree: Tree, module: str, func: Any, owner: Optional[str]
            ) -> Optional[Tuple[str, List[Param], Tuple[str, ...], Any, Optional[str]]]:
    """(qualified name, parameters without the receiver, site keys, def node, class) of a
    project function, class or method of the caller's own class (``self.name``)."""
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and \
            func.value.id in ("self", "cls") and owner:
        model = tree.class_model(owner)
        if model is None or func.attr not in model.methods:
            return None
        defining, node = model.methods[func.attr]
        if not isinstance(node, FUNCTION_NODES):
            return None
        static = any(isinstance(d, ast.Name) and d.id == "staticmethod"
                     for d in node.decorator_list)
        params = params_of(node, module, not static, defining)
        qual = defining + "." + func.attr
        return qual, params, (qual, "method:" + func.attr), node, defining
    try:
        ref = tree.resolve(module, func)
    except (RecursionError, ValueError):
        return None
    if ref is None:
        return None
    if ref.kind == "function" and isinstance(ref.node, FUNCTION_NODES):
        split = tree.split(ref.name)
        in_class = bool(split and len(split[1]) > 1)
        params = params_of(ref.node, ref.module or module, in_class, None)
        return ref.name, params, (ref.name,), ref.node, None
    if ref.kind == "class":
        model = tree.class_model(ref.name)
        if model is None or model.ctor is None or model.is_exception:
            return None
        return ref.name, list(model.ctor), (ref.name,), None, None
    return None
