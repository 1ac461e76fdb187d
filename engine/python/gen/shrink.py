"""Simpler variants of a genome, in order of preference.

First structural simplifications (all optional arguments dropped, then each optional argument,
extra ``*args`` values), then per argument (the call's first, then the receiver's constructor)
simpler values of the same type: ``0``/``1``/half for numbers, then the mined constants that are
simpler than the current value (so a boundary such as ``100`` survives shrinking), then one step
toward zero; shorter strings; fewer container elements; simpler constructor arguments.  Every
variant is strictly simpler than the genome, so repeated shrinking terminates.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List, Optional, Set

from .plans import EntryPlan, Workspace
from .snippet import render_genome
from .values import Value, _simpler_than, key, python_number, reset_keys, simpler, size

MAX_VARIANTS = 80


def _mined_for(plan: Optional[EntryPlan], where: str, name: str) -> List[Value]:
    if plan is None:
        return []
    slots = plan.call if where == "args" else (plan.ctor or [])
    for slot in slots:
        if slot.name == name:
            return [v for v in slot.values if v.get("src") == "mined"]
    return []


def _find_plan(request: Dict[str, Any], genome: Dict[str, Any]) -> Optional[EntryPlan]:
    target = genome.get("target")
    if not request.get("targets") or not isinstance(target, str):
        return None
    try:
        workspace = Workspace(request)
        targets = workspace.build({target})
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None
    plan_key = (genome.get("entry") or {}).get("plan")
    for t in targets:
        for plan in t.plans:
            if plan.key == plan_key:
                return plan
    return None


def value_candidates(value: Value, mined: List[Value]) -> List[Value]:
    """Simpler values for one argument: big jumps, then mined constants, then small steps."""
    generic = simpler(value)
    big = generic[:3]
    rest = generic[3:]
    kind = value.get("k")
    kept = [m for m in mined if m.get("k") == kind and key(m) != key(value)
            and _simpler_than(m, value)]
    number = python_number(value)
    if number is not None:
        def closeness(m: Value) -> Any:
            other = python_number(m)
            try:
                return abs(other - number) if other is not None else 0  # type: ignore
            except TypeError:
                return 0
        kept.sort(key=lambda m: (closeness(m), key(m)))
    else:
        kept.sort(key=lambda m: (size(m), key(m)))
    return big + kept + rest


def variants(genome: Dict[str, Any], plan: Optional[EntryPlan]) -> List[Dict[str, Any]]:
    out: List[Dict[str, Any]] = []
    groups = [w for w in ("args", "ctor") if isinstance(genome.get(w), list)]

    def clone() -> Dict[str, Any]:
        return copy.deepcopy(genome)

    setup = genome.get("setup") or []
    if setup:
        g = clone()
        g.pop("setup", None)
        out.append(g)
        for index in range(len(setup)) if len(setup) > 1 else []:
            g = clone()
            del g["setup"][index]
            out.append(g)
    optional = [(w, i) for w in groups for i, a in enumerate(genome[w]) if a.get("opt")]
    if len(optional) > 1:
        g: Optional[Dict[str, Any]] = clone()
        for w, index in reversed(optional):
            g = _drop(g, w, index) if g is not None else None
        if g is not None:
            out.append(g)
    for w, index in optional:
        g = _drop(clone(), w, index)
        if g is not None:
            out.append(g)
    for w in groups:
        for index, arg in enumerate(genome[w]):
            for alt in value_candidates(arg["value"], _mined_for(plan, w, arg.get("name", ""))):
                g = clone()
                g[w][index]["value"] = alt
                out.append(g)
    return out


def _drop(genome: Dict[str, Any], where: str, index: int) -> Optional[Dict[str, Any]]:
    """Remove one argument; later positional arguments switch to keywords (None if invalid)."""
    args = genome[where]
    dropped = args.pop(index)
    if dropped.get("pass") == "pos":
        kept = []
        for position, arg in enumerate(args):
            if position >= index and arg.get("pass") == "star":
                continue
            if position >= index and arg.get("pass") == "pos":
                if arg.get("kind") == "positional_only":
                    return None
                arg["pass"] = "kw"
            kept.append(arg)
        genome[where] = kept
    return genome


def shrink(request: Dict[str, Any]) -> Dict[str, Any]:
    reset_keys()
    genome = request.get("genome")
    if not isinstance(genome, dict):
        raise ValueError("shrink needs a genome object")
    plan = _find_plan(request, genome)
    original = render_genome(genome)
    seen: Set[str] = {original}
    out = []
    for variant in variants(genome, plan):
        try:
            code = render_genome(variant)
        except (KeyError, TypeError, ValueError, AttributeError):
            continue
        if code in seen:
            continue
        seen.add(code)
        out.append({"target": genome.get("target"),
                    "entry": (genome.get("entry") or {}).get("qualname"),
                    "genome": variant, "code": code})
        if len(out) >= MAX_VARIANTS:
            break
    return {"candidates": out}
