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

from .command_line.candidates import is_command_genome
from .genome import is_genome
from .project_tests.candidates import is_project_genome
from .project_tests.shrink import shrink_candidates
from .plans import EntryPlan, Workspace
from .snippet import render_genome
from .attribute_walk import with_walks
from .mutate import simpler, simpler_than
from .relations import label_of, relation_of
from .values import Value, key, python_number, reset_keys, size

MAX_VARIANTS = 80


def _mined_for(plan: Optional[EntryPlan], where: str, name: str) -> List[Value]:
    if plan is None:
        return []
    slots = plan.call if where == "args" else (plan.ctor or [])
    for slot in slots:
        if slot.name == name:
            return [v for v in slot.values if v.get("src") in ("mined", "const", "const-late")]
    return []


def _plans_of(request: Dict[str, Any], genomes: List[Dict[str, Any]]) -> Dict[str, EntryPlan]:
    """The entry plans of the genomes' targets by key, the workspace built once for all."""
    targets = {g.get("target") for g in genomes if isinstance(g.get("target"), str)}
    if not request.get("targets") or not targets:
        return {}
    try:
        built = Workspace(request).build(targets)
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return {}
    return {plan.key: plan for t in built for plan in t.plans}  # keys name their target


def _plan_for(plans: Dict[str, EntryPlan], genome: Dict[str, Any]) -> Optional[EntryPlan]:
    plan_key = (genome.get("entry") or {}).get("plan")
    return plans.get(plan_key) if isinstance(plan_key, str) else None


def value_candidates(value: Value, mined: List[Value]) -> List[Value]:
    """Simpler values for one argument: big jumps, then (numbers) the mined constants closest
    to the value, then small steps; for other kinds the mined constants come last."""
    generic = simpler(value)
    big = generic[:3]
    rest = generic[3:]
    kind = value.get("k")
    kept = [m for m in mined if m.get("k") == kind and key(m) != key(value)
            and simpler_than(m, value)]
    number = python_number(value)
    if number is not None:
        def closeness(m: Value) -> Any:
            other = python_number(m)
            try:
                return abs(other - number) if other is not None else 0  # type: ignore
            except TypeError:
                return 0
        kept.sort(key=lambda m: (closeness(m), key(m)))
        return big + kept + rest  # a boundary (100 for ``x <= 100``) before small steps
    kept.sort(key=lambda m: (size(m), key(m)))
    return big + rest + kept[:3]


def variants(genome: Dict[str, Any], plan: Optional[EntryPlan]) -> List[Dict[str, Any]]:
    """Simpler genomes, best first.  The pipeline tries only the first few variants of each
    step, so structural cuts come first and then the arguments take turns: every argument's
    boldest simplification, then every argument's next one, and so on."""
    structural: List[Dict[str, Any]] = []
    groups = [w for w in ("args", "ctor") if isinstance(genome.get(w), list)]

    def clone() -> Dict[str, Any]:
        return copy.deepcopy(genome)

    setup = genome.get("setup") or []
    if setup:
        g = clone()
        g.pop("setup", None)
        structural.append(g)
        for index in range(len(setup)) if len(setup) > 1 else []:
            g = clone()
            del g["setup"][index]
            structural.append(g)
    optional = [(w, i) for w in groups for i, a in enumerate(genome[w]) if a.get("opt")]
    if len(optional) > 1:
        g_all: Optional[Dict[str, Any]] = clone()
        for w, index in reversed(optional):
            g_all = _drop(g_all, w, index) if g_all is not None else None
        if g_all is not None:
            structural.append(g_all)
    per_arg: List[List[Dict[str, Any]]] = []
    for w in groups:
        for index, arg in enumerate(genome[w]):
            options: List[Dict[str, Any]] = []
            if arg.get("opt"):
                dropped = _drop(clone(), w, index)
                if dropped is not None:
                    options.append(dropped)
            for alt in value_candidates(arg["value"], _mined_for(plan, w, arg.get("name", ""))):
                g = clone()
                g[w][index]["value"] = alt
                options.append(g)
            per_arg.append(options)
    interleaved: List[Dict[str, Any]] = []
    for rank in range(max((len(o) for o in per_arg), default=0)):
        interleaved.extend(o[rank] for o in per_arg if rank < len(o))
    return structural + interleaved


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
    """One genome's variants ({"candidates"}), or with "genomes" each one's ({"variants"}): a
    batch builds the targets' plans once, where one call per genome would rebuild them."""
    reset_keys()
    genomes = request.get("genomes")
    if isinstance(genomes, list):
        plans = _plans_of(request, [g for g in genomes if is_genome(g)])
        return {"variants": [_variants_of(g, plans) for g in genomes]}
    genome = request.get("genome")
    if not is_genome(genome) and not is_project_genome(genome) and \
            not is_command_genome(genome):
        raise ValueError("shrink needs a well-formed genome object")
    plans = _plans_of(request, [genome]) if is_genome(genome) else {}
    return {"candidates": _variants_of(genome, plans)}


def _variants_of(genome: Dict[str, Any], plans: Dict[str, EntryPlan]) -> List[Dict[str, Any]]:
    # A variant still prints what the change writes, as its genome did (gen.attribute_walk);
    # the test without that walk comes first, kept where it still shows the difference.
    watch = genome.get("watch")
    variants = with_walks(_simpler(genome, plans), watch)
    if watch is None or is_command_genome(genome):
        return variants
    bare = {k: v for k, v in genome.items() if k != "watch"}
    try:
        code = bare["code"] if is_project_genome(bare) else render_genome(bare)
    except (KeyError, TypeError, ValueError, AttributeError):
        return variants
    entry = (bare.get("origin") or {}).get("test") if is_project_genome(bare) else \
        (bare.get("entry") or {}).get("qualname")
    return [{"target": bare.get("target"), "entry": entry, "genome": bare, "code": code}] + \
        variants


def _simpler(genome: Dict[str, Any], plans: Dict[str, EntryPlan]) -> List[Dict[str, Any]]:
    if is_command_genome(genome):  # a command line is as short as its arguments already
        return []
    if is_project_genome(genome):
        return shrink_candidates(genome, genome["code"])
    plan = _plan_for(plans, genome)
    original = render_genome(genome)
    seen: Set[str] = {original}
    out: List[Dict[str, Any]] = []
    for variant in variants(genome, plan):
        try:
            code = render_genome(variant)
        except (KeyError, TypeError, ValueError, AttributeError):
            continue
        if code in seen or len(code) >= len(original):  # a shorter test, or no progress
            continue
        seen.add(code)
        item = {"target": genome.get("target"),
                "entry": (genome.get("entry") or {}).get("qualname"),
                "genome": variant, "code": code}
        relation = relation_of(variant)
        if relation is not None:  # still the same relation check, on a simpler input
            item["relation"] = label_of(relation)
        out.append(item)
        if len(out) >= MAX_VARIANTS:
            break
    return out
