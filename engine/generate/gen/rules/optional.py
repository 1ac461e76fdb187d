"""``optional_params``: every optional and keyword-only parameter set, flags both ways, and the
keywords a ``**kwargs`` parameter takes.

One parameter at a time leaves most optional parameters at their defaults, so code that only
runs when several are given together, or when a flag is given either way, stays dark; and a
``**kwargs`` parameter is never given anything at all.  This rule makes:

1. the richest call: every optional parameter set to its first non-default value, flags on;
2. that call with each optional parameter left out in turn;
3. each flag (a boolean parameter: annotated ``bool`` or ``Optional[bool]``, a
   ``True``/``False`` default or a flag-like name) passed ``True`` and ``False`` explicitly,
   on the plain and on the richest call, and every pair of flags in all four combinations;
4. the richest call with each optional parameter's next values;
5. keywords passed through ``**kwargs``: the names the body reads from it
   (``options.get("precision")``, ``options["x"]``, ``options.pop("x", 1)``, ``"x" in
   options``), the keyword parameters of the callee it is forwarded to (``helper(**kw)``),
   the keywords a helper reads from the dict passed to it (``helper(config, kw)``) and the
   fields of a named tuple it replaces (``config._replace(**kw)``), in either version's body,
   each with values for its name, one at a time, then all together.
"""

from __future__ import annotations

import ast
import itertools
from typing import Any, Dict, Iterator, List, Optional, Tuple

from pymodel.params import Param, params_of
from pymodel.syntax import FUNCTION_NODES, dotted, subscript_slice

from ..plans import EntryPlan, Slot
from ..pools import mixed, name_tokens
from ..registry import Context, strategy
from ..strategies import per_plan
from ..values import Value, from_python, key, vbool
from .common import base_receiver, bool_annotated, call_with, default_value, param_of

MAX_FLAGS = 6
MAX_KEYWORDS = 12
KW_READS = {"get", "pop", "setdefault"}


@strategy("optional_params", 1, rule=True)
def optional_params(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """Every optional and keyword-only parameter set at once (the richest call) and each left
    out in turn, each flag passed True and False explicitly and every pair of flags both ways,
    and the keywords a **kwargs parameter takes (read from it in the body, or the keyword
    parameters of the callee it is forwarded to): code that runs only when several options are
    given together, or when a keyword hides in **kwargs."""
    return per_plan(ctx, "optional_params", lambda plan, _rng: _plan_stream(plan))


def _plan_stream(plan: EntryPlan) -> Iterator[Dict[str, Any]]:
    ctor = base_receiver(plan)
    for where, group in (("call", plan.call), ("ctor", plan.ctor or [])):
        optional = [s for s in group if not s.required and s.kind != "var_positional"]
        flags = [s for s in optional if _is_flag(s, param_of(plan, where, s.name))][:MAX_FLAGS]
        others = [s for s in optional if s not in flags and s.values]
        richest = {s.name: s.values[0] for s in others}
        richest.update({s.name: vbool(True) for s in flags})

        def call(chosen: Dict[str, Value]) -> Dict[str, Any]:
            if where == "call":
                return call_with(plan, chosen, ctor)
            merged = dict(ctor)
            merged.update(chosen)
            return call_with(plan, {}, merged)

        if len(richest) > 1:
            yield call(richest)
            for name in richest:
                yield call({n: v for n, v in richest.items() if n != name})
        for flag in flags:
            for state in (True, False):
                yield call({flag.name: vbool(state)})
                yield call(dict(richest, **{flag.name: vbool(state)}))
        for a, b in itertools.combinations(flags, 2):
            for x, y in itertools.product((True, False), repeat=2):
                yield call({a.name: vbool(x), b.name: vbool(y)})
        for rank in range(1, 4):
            for slot in others:
                if rank < len(slot.values):
                    yield call(dict(richest, **{slot.name: slot.values[rank]}))
    yield from _keywords(plan, ctor)


def _is_flag(slot: Slot, param: Optional[Param]) -> bool:
    if param is not None:
        if bool_annotated(param):  # bool, Optional[bool]
            return True
        default = default_value(param)
        if default is not None and default.get("k") == "bool":
            return True
    if "flag" in name_tokens(slot.name)[:1]:
        return True
    return bool(slot.values) and all(v.get("k") == "bool" for v in slot.values[:4])


def _keywords(plan: EntryPlan, ctor: Dict[str, Value]) -> Iterator[Dict[str, Any]]:
    """Keywords taken by the call's **kwargs parameter, with values for each."""
    source = plan.source
    if source is None or source.node is None:
        return
    var_kw = next((p for p in source.params if p.kind == "var_keyword"), None)
    if var_kw is None:
        return
    named = {s.name for s in plan.call}
    found: List[Tuple[str, Optional[Param]]] = []
    compared: Dict[str, List[Any]] = {}
    # Both versions' bodies: a keyword only one of them accepts is a difference itself.
    for side in sorted(source.sides):
        raw = source.sides[side]
        if raw.node is None:
            continue
        for name, param in accepted_keywords(raw.tree, raw.module, raw.node, var_kw.name):
            if name not in [n for n, _p in found] and len(found) < MAX_KEYWORDS:
                found.append((name, param))
        for name, values in compared_keywords(raw.node, var_kw.name).items():
            compared.setdefault(name, []).extend(
                v for v in values if v not in compared.get(name, []))
    columns: List[Tuple[str, List[Value]]] = []
    for name, param in found:
        if name in named:
            continue
        values = [v for v in (from_python(c, "mined") for c in compared.get(name, []))
                  if v is not None]
        values += source.hints.param_values(param, limit=6) if param is not None else []
        if not values or param is None:
            mined = [from_python(v, "mined") for v in source.hints.mined.linked(name)]
            values += [v for v in mined if v is not None] + mixed(name)[:5]
        seen, unique = set(), []
        for value in values:
            if key(value) not in seen:
                seen.add(key(value))
                unique.append(value)
        columns.append((name, unique[:6]))
    for rank in range(6):
        for name, values in columns:
            if rank < len(values):
                yield call_with(plan, {name: values[rank]}, ctor)
    if len(columns) > 1:
        yield call_with(plan, {name: values[0] for name, values in columns if values}, ctor)


def accepted_keywords(tree: Any, module: str, node: Any, var_kw: str, depth: int = 0
                      ) -> List[Tuple[str, Optional[Param]]]:
    """(keyword, the callee's parameter or None) a ``**var_kw`` parameter is read for or passed
    on with, in the order the body mentions them; also, one call deep, the keywords a project
    helper reads from the dict passed to it as an argument (``_from_kwargs(config, kwargs)``),
    and the fields of a named tuple it replaces (``config._replace(**kwargs)``)."""
    out: List[Tuple[str, Optional[Param]]] = []

    def add(name: Any, param: Optional[Param] = None) -> None:
        if isinstance(name, str) and name.isidentifier() and \
                name not in [n for n, _p in out] and len(out) < MAX_KEYWORDS:
            out.append((name, param))

    def is_kw(expr: Any) -> bool:
        return isinstance(expr, ast.Name) and expr.id == var_kw

    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and \
                is_kw(sub.func.value) and sub.func.attr in KW_READS and sub.args and \
                isinstance(sub.args[0], ast.Constant):
            add(sub.args[0].value)
        elif isinstance(sub, ast.Subscript) and is_kw(sub.value):
            index = subscript_slice(sub)
            if isinstance(index, ast.Constant):
                add(index.value)
        elif isinstance(sub, ast.Compare) and len(sub.ops) == 1 and \
                isinstance(sub.ops[0], (ast.In, ast.NotIn)) and is_kw(sub.comparators[0]) and \
                isinstance(sub.left, ast.Constant):
            add(sub.left.value)
        elif isinstance(sub, ast.Call) and any(k.arg is None and is_kw(k.value)
                                               for k in sub.keywords):
            for param in _callee_params(tree, module, sub.func) or \
                    _replaced_fields(tree, module, node, sub.func):
                if param.kind in ("positional_or_keyword", "keyword_only"):
                    add(param.name, param)
        elif isinstance(sub, ast.Call) and depth == 0:
            for name, param in _passed_on(tree, module, sub, var_kw):
                add(name, param)
    return out


def _passed_on(tree: Any, module: str, call: ast.Call, var_kw: str
               ) -> List[Tuple[str, Optional[Param]]]:
    """The keywords a project function reads from the kwargs dict passed to it as a plain
    argument: its parameter at that position (or of that keyword) is searched like a
    ``**kwargs``."""
    positions = [i for i, a in enumerate(call.args)
                 if isinstance(a, ast.Name) and a.id == var_kw]
    keywords = [k.arg for k in call.keywords
                if k.arg is not None and isinstance(k.value, ast.Name) and k.value.id == var_kw]
    if not positions and not keywords:
        return []
    sym = tree.resolve(module, call.func) if isinstance(call.func, (ast.Name, ast.Attribute)) \
        else None
    if sym is None or sym.kind != "function" or not isinstance(sym.node, FUNCTION_NODES):
        return []
    names = [a.arg for a in sym.node.args.posonlyargs + sym.node.args.args]
    targets = [names[i] for i in positions if i < len(names)] + keywords
    out: List[Tuple[str, Optional[Param]]] = []
    for name in targets:
        out += accepted_keywords(tree, sym.module or module, sym.node, name, depth=1)
    return out


def _unquoted(annotation: Any) -> Any:
    """A string annotation (``'Config'``) parsed, others as they are."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            return ast.parse(annotation.value, mode="eval").body
        except SyntaxError:
            return annotation
    return annotation


def _replaced_fields(tree: Any, module: str, node: Any, func: Any) -> List[Param]:
    """``recv._replace(**kw)``: the constructor parameters (the fields) of the project class
    ``recv`` is built as in the function (``recv = Config()``) or annotated with."""
    if not (isinstance(func, ast.Attribute) and func.attr == "_replace" and
            isinstance(func.value, ast.Name)):
        return []
    name = func.value.id
    classes: List[Any] = []
    for sub in ast.walk(node):
        if isinstance(sub, ast.Assign) and isinstance(sub.value, ast.Call) and any(
                isinstance(t, ast.Name) and t.id == name for t in sub.targets):
            classes.append(sub.value.func)
    args = node.args.posonlyargs + node.args.args + node.args.kwonlyargs \
        if isinstance(node, FUNCTION_NODES) else []
    for arg in args:
        if arg.arg == name and arg.annotation is not None:
            classes += [n for n in ast.walk(_unquoted(arg.annotation))
                        if isinstance(n, (ast.Name, ast.Attribute))]
    for cls in classes:
        params = _callee_params(tree, module, cls)
        if params:
            return params
    return []


def compared_keywords(node: Any, var_kw: str) -> Dict[str, List[Any]]:
    """keyword -> the constants the body compares its value with (``kw.get("mode") == "loud"``,
    ``kw["unit"] in ("s", "ms")``): the values that select its branches."""
    out: Dict[str, List[Any]] = {}

    def read(expr: Any) -> Optional[str]:
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and \
                isinstance(expr.func.value, ast.Name) and expr.func.value.id == var_kw and \
                expr.func.attr in KW_READS and expr.args and \
                isinstance(expr.args[0], ast.Constant) and isinstance(expr.args[0].value, str):
            return expr.args[0].value
        if isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Name) and \
                expr.value.id == var_kw:
            index = subscript_slice(expr)
            if isinstance(index, ast.Constant) and isinstance(index.value, str):
                return index.value
        return None

    def constants(expr: Any) -> List[Any]:
        if isinstance(expr, ast.Constant):
            return [expr.value]
        if isinstance(expr, (ast.Tuple, ast.List, ast.Set)):
            return [e.value for e in expr.elts if isinstance(e, ast.Constant)]
        return []

    for sub in ast.walk(node):
        if not isinstance(sub, ast.Compare):
            continue
        sides = [sub.left] + list(sub.comparators)
        for index, side in enumerate(sides):
            name = read(side)
            if name is None:
                continue
            for other in sides[:index] + sides[index + 1:]:
                for value in constants(other):
                    if value not in out.setdefault(name, []):
                        out[name].append(value)
    return out


def _callee_params(tree: Any, module: str, func: Any) -> List[Param]:
    """The parameters of the project function or class a call goes to (best effort)."""
    if not isinstance(func, (ast.Name, ast.Attribute)) or dotted(func) is None:
        return []
    sym = tree.resolve(module, func)
    if sym is None:
        return []
    if sym.kind == "class":
        model = tree.class_model(sym.name)
        return list(model.ctor or []) if model is not None else []
    if sym.kind != "function" or not isinstance(sym.node, FUNCTION_NODES):
        return []
    return params_of(sym.node, sym.module or module, False)
