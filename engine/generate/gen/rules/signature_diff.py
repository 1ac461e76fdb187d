"""``signature_diff``: calls that exercise exactly what changed in a signature.

The entry point's parameters (and its receiver's constructor's) are compared between the two
versions: parameters added or removed, a default changed, a parameter that became required or
optional, keyword-only or positional, positional parameters reordered, ``*args`` or
``**kwargs`` added or removed.  Each change gets the calls that show it:

* a parameter one side has: passed by keyword (and positionally when it is positional there),
  with its first values; the other side must reject it or ignore it;
* a changed default: each version's default passed explicitly (omitting it is the base call);
* a parameter that became required or optional: the call without it;
* a parameter that became keyword-only or positional-only, or moved: the call passing it the
  other way, and every positional parameter passed positionally in each version's order;
* ``*args`` added or removed: one positional argument more than the named ones;
* ``**kwargs`` added or removed: a keyword neither signature names (or one the body reads).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, Optional, Tuple

from pymodel.params import Param

from ..genome import make_genome
from ..plans import SIDES, EntryPlan
from ..pools import mixed
from ..registry import Context, strategy
from ..values import Value
from .common import base_receiver, default_value
from .optional import accepted_keywords

POSITIONAL = ("positional_only", "positional_or_keyword")
NAMED = POSITIONAL + ("keyword_only",)
VALUES_PER_PARAMETER = 3
UNKNOWN_KEYWORD = "unknown_option"


@dataclass
class Change:
    kind: str  # added | removed | default | required | kind | order | varargs | varkw
    name: str
    side: str  # the side whose signature accepts what the calls pass


@strategy("signature_diff", 0, rule=True)
def signature_diff(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """Calls that exercise exactly what changed in the entry point's signature (or its
    receiver's constructor's) between the versions: a parameter only one side has passed by
    keyword and positionally, each side's changed default passed explicitly, a parameter that
    became required or optional left out, one that became keyword-only or positional passed the
    other way, one positional argument or one unknown keyword more when *args or **kwargs came
    or went: what one version accepts and the other rejects, tried on purpose."""
    done = set()
    for plan in ctx.target.plans:
        source = plan.source
        if source is None or plan.qualname in done:
            continue
        done.add(plan.qualname)
        sides = source.sides
        if "old" not in sides or "new" not in sides:
            continue
        plans = {p.side: p for p in ctx.target.plans if p.qualname == plan.qualname}
        for where in ("args", "ctor") if plan.ctor is not None else ("args",):
            old = sides["old"].params if where == "args" else sides["old"].ctor_params
            new = sides["new"].params if where == "args" else sides["new"].ctor_params
            if old is None or new is None:
                continue
            for change in diff(old, new):
                side_plan = plans.get(change.side) or plan
                yield from ((side_plan, g) for g in _calls(side_plan, where, change,
                                                           {"old": old, "new": new}, plans))


def diff(old: List[Param], new: List[Param]) -> List[Change]:
    """What changed from ``old`` to ``new``, in parameter order."""
    changes: List[Change] = []
    old_named = {p.name: p for p in old if p.kind in NAMED}
    new_named = {p.name: p for p in new if p.kind in NAMED}
    for p in new:
        if p.kind in NAMED and p.name not in old_named:
            changes.append(Change("added", p.name, "new"))
    for p in old:
        if p.kind in NAMED and p.name not in new_named:
            changes.append(Change("removed", p.name, "old"))
    for name, a in old_named.items():
        b = new_named.get(name)
        if b is None:
            continue
        if _default_text(a) != _default_text(b) and a.default is not None and \
                b.default is not None:
            changes.append(Change("default", name, "new"))
        if a.required != b.required:
            changes.append(Change("required", name, "old" if a.required else "new"))
        if a.kind != b.kind:
            changes.append(Change("kind", name, "old" if a.kind in POSITIONAL else "new"))
    old_order = [p.name for p in old if p.kind in POSITIONAL and p.name in new_named]
    new_order = [p.name for p in new if p.kind in POSITIONAL and p.name in old_named]
    if old_order != new_order:
        changes.append(Change("order", "", "old"))
        changes.append(Change("order", "", "new"))
    for kind, label in (("var_positional", "varargs"), ("var_keyword", "varkw")):
        has_old = any(p.kind == kind for p in old)
        has_new = any(p.kind == kind for p in new)
        if has_old != has_new:
            changes.append(Change(label, "", "old" if has_old else "new"))
    return changes


def _default_text(param: Param) -> str:
    return ast.dump(param.default) if param.default is not None else ""


def _calls(plan: EntryPlan, where: str, change: Change, signatures: Dict[str, List[Param]],
           plans: Dict[str, EntryPlan]) -> Iterator[Dict[str, Any]]:
    params = signatures[change.side]
    other = signatures["new" if change.side == "old" else "old"]
    values = _values(plans, where)
    build = _Builder(plan, where, params, values)
    if change.kind in ("added", "removed"):
        param = next(p for p in params if p.name == change.name)
        for value in values.get(change.name, [])[:VALUES_PER_PARAMETER]:
            yield build.call(keywords={change.name: value})
            if param.kind in POSITIONAL:
                yield build.call(positional_upto=build.index(change.name) + 1,
                                 chosen={change.name: value})
    elif change.kind == "default":
        for side in SIDES:
            param = next(p for p in signatures[side] if p.name == change.name)
            value = default_value(param)
            if value is not None:
                yield build.call(keywords={change.name: value})
    elif change.kind == "required":
        yield build.call(omit=change.name)
        for value in values.get(change.name, [])[:1]:
            yield build.call(keywords={change.name: value})
    elif change.kind in ("kind", "order"):
        positional = [p for p in params if p.kind in POSITIONAL]
        yield build.call(positional_upto=len(positional))
        if change.kind == "kind":
            for value in values.get(change.name, [])[:1]:
                yield build.call(keywords={change.name: value})
    elif change.kind == "varargs":
        positional = [p for p in params if p.kind in POSITIONAL]
        for value in (mixed(None)[:2]):
            yield build.call(positional_upto=len(positional), extra=[value])
    elif change.kind == "varkw":
        names = [UNKNOWN_KEYWORD]
        source = plan.source
        var_kw = next((p for p in params if p.kind == "var_keyword"), None)
        if source is not None and source.node is not None and var_kw is not None:
            names = [n for n, _p in accepted_keywords(source.tree, source.module,
                                                      source.node, var_kw.name)
                     if n not in {p.name for p in other}][:3] or names
        for name in names:
            yield build.call(keywords={name: (values.get(name) or mixed(name))[0]})


def _values(plans: Dict[str, EntryPlan], where: str) -> Dict[str, List[Value]]:
    """Candidate values per parameter name, from the slots of either side's plan."""
    out: Dict[str, List[Value]] = {}
    for side in ("new", "old"):
        plan = plans.get(side)
        if plan is None:
            continue
        for slot in (plan.call if where == "args" else plan.ctor or []):
            out.setdefault(slot.name, [v for v in slot.values if v.get("k") != "like_obj"])
    return out


class _Builder:
    """Argument lists written out explicitly, in one side's signature order."""

    def __init__(self, plan: EntryPlan, where: str, params: List[Param],
                 values: Dict[str, List[Value]]) -> None:
        self.plan = plan
        self.where = where
        self.params = [p for p in params if p.kind != "var_keyword"]
        self.values = values

    def index(self, name: str) -> int:
        positional = [p.name for p in self.params if p.kind in POSITIONAL]
        return positional.index(name) if name in positional else len(positional)

    def value(self, name: str, chosen: Dict[str, Value]) -> Value:
        if name in chosen:
            return chosen[name]
        return (self.values.get(name) or mixed(name))[0]

    def call(self, keywords: Optional[Dict[str, Value]] = None, positional_upto: int = 0,
             chosen: Optional[Dict[str, Value]] = None, extra: Optional[List[Value]] = None,
             omit: str = "") -> Dict[str, Any]:
        chosen = dict(chosen or {})
        keywords = dict(keywords or {})
        args: List[Dict[str, Any]] = []
        positional = [p for p in self.params if p.kind in POSITIONAL]
        passed = set()
        for param in positional[:positional_upto]:
            args.append(_arg(param.name, self.value(param.name, chosen), "pos", param))
            passed.add(param.name)
        star = next((p for p in self.params if p.kind == "var_positional"), None)
        for value in extra or []:
            args.append({"name": star.name if star else "args", "value": value, "pass": "star",
                         "opt": True, "kind": "var_positional"})
        for param in self.params:
            if param.name in passed or param.name == omit or param.name in keywords:
                continue
            if param.required:
                mode = "kw" if param.kind != "positional_only" else "pos"
                if mode == "pos" and args and args[-1]["pass"] == "kw":
                    mode = "kw"
                args.append(_arg(param.name, self.value(param.name, chosen), mode, param))
        for name, value in keywords.items():
            args.append(_arg(name, value, "kw", None))
        genome = make_genome(self.plan, {}, base_receiver(self.plan))
        genome["args" if self.where == "args" else "ctor"] = args
        return genome


def _arg(name: str, value: Value, mode: str, param: Optional[Param]) -> Dict[str, Any]:
    return {"name": name, "value": value, "pass": mode,
            "opt": param is None or not param.required,
            "kind": param.kind if param is not None else "keyword_only"}
