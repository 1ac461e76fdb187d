"""The candidate search: strategies per entry plan, coverage feedback, fair spread over targets.

Per plan, fresh candidates come in this order: the *base* call (required parameters get their
first value, optional ones keep their defaults), whole literal call sites from the project's tests
and docs, one-parameter-at-a-time variations (mined boundary constants first, interleaved over
the parameters so every parameter's best values come early), cross-links (a string that the
receiver was built with, and its case variants, passed to the call; equal values for two
parameters), then seeded random combinations.

With coverage feedback, the tests that came closest to an uncovered changed line of a target
(smallest line distance between their covered lines and the uncovered lines, on either side)
are mutated first: one argument replaced by a neighbour, by another value of its slot or by a
mined constant, optional arguments dropped or added, containers grown or shrunk.

Targets are served round-robin so that every target still uncovered gets its share; entry points
that exist on one side only get at most two candidates over the whole run.
"""

from __future__ import annotations

import bisect
import hashlib
import random
from typing import Any, Dict, Iterator, List, Optional, Set, Tuple

from .plans import EntryPlan, Slot, Target, Workspace
from .snippet import render_genome
from .values import Value, key, neighbours, reset_keys, strip_src, vstr

ONE_SIDED_CAP = 2
MAX_RANK = 40
RANDOM_DRAWS = 400
CLOSEST_TESTS = 4


def derive_seed(*parts: Any) -> int:
    text = "|".join(str(p) for p in parts)
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:16], 16)


# ---------------------------------------------------------------------------------------------
# Genomes


def make_args(slots: List[Slot], chosen: Dict[str, Value]) -> List[Dict[str, Any]]:
    """Argument records for the chosen values (missing optional slots keep their defaults).

    Required parameters are passed positionally, optional ones by keyword (readable, and any
    subset can be dropped); when extra ``*args`` values are passed, every positional parameter
    before them must be passed positionally.
    """
    star = any(s.kind == "var_positional" and chosen.get(s.name) is not None for s in slots)
    args: List[Dict[str, Any]] = []
    gap = False
    for slot in slots:
        value = chosen.get(slot.name)
        if slot.kind == "var_positional":
            if value is not None and not gap:
                args.append({"name": slot.name, "value": value, "pass": "star", "opt": True,
                             "kind": slot.kind})
            star = False
            continue
        positional = slot.kind in ("positional_only", "positional_or_keyword")
        if gap and slot.kind == "positional_only":
            continue
        if value is None:
            if slot.required or (star and positional):
                value = slot.values[0] if slot.values else {"k": "none"}
            else:
                if slot.kind == "positional_only":
                    gap = True
                continue
        if positional and (slot.required or star or slot.kind == "positional_only") \
                and not gap:
            mode = "pos"
        else:
            mode = "kw"
        args.append({"name": slot.name, "value": value, "pass": mode,
                     "opt": not slot.required, "kind": slot.kind})
    return args


def make_genome(plan: EntryPlan, call: Dict[str, Value],
                ctor: Optional[Dict[str, Value]] = None,
                setup: Optional[List[Dict[str, Any]]] = None) -> Dict[str, Any]:
    genome = {"target": plan.target, "entry": plan.meta(),
              "ctor": make_args(plan.ctor, ctor or {}) if plan.ctor is not None else None,
              "args": make_args(plan.call, call)}
    if setup and plan.ctor is not None:
        genome["setup"] = setup
    return genome


def make_setup(plan: EntryPlan, method: str, chosen: Dict[str, Value]) -> Dict[str, Any]:
    for item in plan.setups:
        if item.method == method:
            return {"method": method, "args": make_args(item.slots, chosen)}
    return {"method": method, "args": []}


def _setup_calls(plan: EntryPlan, base_ctor: Dict[str, Value]) -> Iterator[Dict[str, Any]]:
    """The base call after one set-up call: its call sites, its mined values, its values."""
    for item in plan.setups:
        choices: List[Dict[str, Value]] = [{}]
        choices += [_site_choice(item.slots, site) for site in item.sites[:3]]
        for slot in item.slots:
            choices += [{slot.name: v} for v in slot.values[:6] if v.get("src") == "mined"]
            choices += [{slot.name: v} for v in slot.values[1:3]]
        for chosen in choices:
            yield make_genome(plan, {}, base_ctor, [make_setup(plan, item.method, chosen)])


def genome_choices(genome: Dict[str, Any]) -> Tuple[Dict[str, Value], Dict[str, Value]]:
    call = {a["name"]: a["value"] for a in genome.get("args") or []}
    ctor = {a["name"]: a["value"] for a in genome.get("ctor") or []}
    return call, ctor


def _site_choice(slots: List[Slot], site: Any) -> Dict[str, Value]:
    chosen: Dict[str, Value] = {}
    positional = [s for s in slots if s.kind in ("positional_only", "positional_or_keyword")]
    for slot, value in zip(positional, site.args):
        chosen[slot.name] = value
    names = {s.name for s in slots}
    for name, value in site.kwargs:
        if name in names:
            chosen[name] = value
    return chosen


# ---------------------------------------------------------------------------------------------
# Fresh candidates for one plan


def fresh(plan: EntryPlan, rng: random.Random) -> Iterator[Dict[str, Any]]:
    ctor_slots = plan.ctor or []
    site_ctors = [c for c in (_site_choice(ctor_slots, site) for site in plan.ctor_sites[:12])
                  if c][:8]
    # the receiver used while the call's arguments vary: a constructor call site from the
    # project's tests/docs when there is one (a realistic, non-empty object), else the default
    rich = _rich_ctor(ctor_slots)
    base_ctor = site_ctors[0] if site_ctors else rich
    others = ([rich] if site_ctors and rich else []) + ([{}] if base_ctor else [])
    yield make_genome(plan, {}, {})
    if base_ctor:
        yield make_genome(plan, {}, base_ctor)
    for site in plan.sites[:12]:
        yield make_genome(plan, _site_choice(plan.call, site), base_ctor)
    for ctor_choice in site_ctors[1:]:
        yield make_genome(plan, {}, ctor_choice)
    yield from _variations(plan, base_ctor, ranks=6)
    yield from _setup_calls(plan, base_ctor)
    yield from _variations(plan, base_ctor, ranks=MAX_RANK)
    yield from _cross_links(plan)
    # the same variations on other receivers: the default one, a non-empty one, other sites
    for ctor_choice in others + site_ctors[1:3]:
        yield from _variations(plan, ctor_choice, ranks=4, ctor_too=not ctor_choice)
    # seeded random combinations
    for _ in range(RANDOM_DRAWS):
        ctor_choice = _random_choice(ctor_slots, rng)
        if site_ctors and rng.random() < 0.4:
            ctor_choice = dict(site_ctors[rng.randrange(len(site_ctors))])
        setup: List[Dict[str, Any]] = []
        if plan.setups and rng.random() < 0.3:
            for _n in range(rng.choice((1, 1, 2))):
                item = plan.setups[rng.randrange(len(plan.setups))]
                setup.append(make_setup(plan, item.method, _random_choice(item.slots, rng)))
        yield make_genome(plan, _random_choice(plan.call, rng), ctor_choice, setup)


def _rich_ctor(slots: List[Slot]) -> Dict[str, Value]:
    """Optional container parameters of the constructor given a non-empty value: an empty
    receiver (``SortedList()``) short-circuits most methods."""
    chosen: Dict[str, Value] = {}
    for slot in slots:
        if slot.required or slot.kind == "var_positional":
            continue
        for value in slot.values[:12]:
            if value.get("k") in ("list", "tuple", "set", "frozenset", "dict") and \
                    len(value.get("items") or []) >= 2:
                chosen[slot.name] = value
                break
    return chosen


def _variations(plan: EntryPlan, base_ctor: Dict[str, Value], ranks: int,
                ctor_too: bool = True) -> Iterator[Dict[str, Any]]:
    """One parameter at a time: mined boundary values of the parameters the changed code
    depends on most first, then every parameter's values interleaved by rank."""
    slots: List[Tuple[str, Slot]] = [("call", s) for s in plan.call]
    if ctor_too:
        slots += [("ctor", s) for s in plan.ctor or []]

    def one(where: str, slot: Slot, value: Value) -> Dict[str, Any]:
        if where == "call":
            return make_genome(plan, {slot.name: value}, base_ctor)
        ctor = dict(base_ctor)
        ctor[slot.name] = value
        return make_genome(plan, {}, ctor)

    ranked = sorted(range(len(slots)), key=lambda i: (-slots[i][1].relevance, i))
    for index in ranked:
        where, slot = slots[index]
        for value in [v for v in slot.values if v.get("src") == "mined"][:9]:
            yield one(where, slot, value)
    for rank in range(0, ranks):
        for where, slot in slots:
            if rank >= len(slot.values) or (rank == 0 and slot.required):
                continue
            yield one(where, slot, slot.values[rank])
        if rank == 2:
            yield from _cross_links(plan)


def _random_choice(slots: List[Slot], rng: random.Random) -> Dict[str, Value]:
    chosen: Dict[str, Value] = {}
    for slot in slots:
        if not slot.values:
            continue
        if not slot.required and rng.random() < 0.5:
            continue
        if slot.kind == "var_positional" and rng.random() < 0.5:
            continue
        if slot.elements and rng.random() < 0.5:
            count = rng.choice((1, 1, 2, 3))
            items = [slot.elements[rng.randrange(len(slot.elements))] for _ in range(count)]
            if slot.container in ("set", "frozenset"):
                items = [v for i, v in enumerate(items) if key(v) not in
                         {key(w) for w in items[:i]}]
            chosen[slot.name] = {"k": slot.container or "list", "items": items}
            continue
        top = min(len(slot.values), 8)
        index = rng.randrange(top) if rng.random() < 0.6 else rng.randrange(len(slot.values))
        chosen[slot.name] = slot.values[index]
    return chosen


def _string_leaves(value: Any, out: List[str]) -> None:
    if isinstance(value, dict):
        if value.get("k") == "str" and isinstance(value.get("v"), str) and value["v"]:
            out.append(value["v"])
        for item in value.values():
            if isinstance(item, (list, dict)):
                _string_leaves(item, out)
    elif isinstance(value, list):
        for item in value:
            _string_leaves(item, out)


def _accepts_str(slot: Slot) -> bool:
    return any(v.get("k") == "str" for v in slot.values[:12]) or not slot.values


def _cross_links(plan: EntryPlan) -> Iterator[Dict[str, Any]]:
    """Strings the receiver was built with (and case variants) passed to the call; equal
    values for two parameters of the same kind."""
    str_slots = [s for s in plan.call if _accepts_str(s)]
    if plan.ctor and str_slots:
        sources = [_site_choice(plan.ctor, site) for site in plan.ctor_sites[:3]] + [{}]
        for ctor_choice in sources:
            genome = make_genome(plan, {}, ctor_choice)
            leaves: List[str] = []
            _string_leaves(genome["ctor"], leaves)
            seen: Set[str] = set()
            for leaf in leaves[:6]:
                for variant in (leaf, leaf.lower(), leaf.upper(), leaf.swapcase()):
                    if variant in seen:
                        continue
                    seen.add(variant)
                    for slot in str_slots[:2]:
                        yield make_genome(plan, {slot.name: vstr(variant)}, ctor_choice)
    for i, a in enumerate(plan.call):
        for b in plan.call[i + 1:]:
            shared = [v for v in a.values[:8] if key(v) in {key(x) for x in b.values}]
            for value in shared[:3]:
                yield make_genome(plan, {a.name: value, b.name: value}, {})


# ---------------------------------------------------------------------------------------------
# Feedback


def _covered_lines(test: Dict[str, Any], side: str, path: Optional[str]) -> List[int]:
    if not path:
        return []
    covered = ((test.get("covered") or {}).get(side) or {})
    lines = covered.get(path)
    if lines is None:
        for name in sorted(covered):
            if name.endswith("/" + path) or path.endswith("/" + name):
                lines = covered[name]
                break
    return sorted(int(x) for x in lines or [] if isinstance(x, int))


def distance(test: Dict[str, Any], target: Target, uncovered: Dict[str, List[int]]) -> float:
    best = float("inf")
    for side in ("old", "new"):
        wanted = uncovered.get(side) or []
        covered = _covered_lines(test, side, target.files.get(side))
        if not wanted or not covered:
            continue
        for line in wanted:
            index = bisect.bisect_left(covered, line)
            for j in (index - 1, index):
                if 0 <= j < len(covered):
                    best = min(best, abs(covered[j] - line))
    return best


def mutants(plan: EntryPlan, genome: Dict[str, Any], rng: random.Random
            ) -> Iterator[Dict[str, Any]]:
    call, ctor = genome_choices(genome)
    slots = [("call", s) for s in plan.call] + [("ctor", s) for s in plan.ctor or []]
    current = {"call": call, "ctor": ctor}
    setup = genome.get("setup") or []

    def variant(where: str, name: str, value: Optional[Value]) -> Dict[str, Any]:
        new_call, new_ctor = dict(call), dict(ctor)
        target = new_call if where == "call" else new_ctor
        if value is None:
            target.pop(name, None)
        else:
            target[name] = value
        return make_genome(plan, new_call, new_ctor, setup)

    # 1. neighbours of each present argument
    for where, slot in slots:
        value = current[where].get(slot.name)
        if value is not None:
            for alt in neighbours(strip_src(value))[:4]:
                yield variant(where, slot.name, alt)
    # 2. mined constants of the slot, then other values of the slot (seeded order)
    for where, slot in slots:
        value = current[where].get(slot.name)
        mined = [v for v in slot.values if v.get("src") == "mined"]
        for alt in mined[:6]:
            if value is None or key(alt) != key(value):
                yield variant(where, slot.name, alt)
    for where, slot in slots:
        others = list(slot.values[:MAX_RANK])
        rng.shuffle(others)
        for alt in others[:4]:
            yield variant(where, slot.name, alt)
    # 3. drop / add optional arguments
    for where, slot in slots:
        if not slot.required:
            if slot.name in current[where]:
                yield variant(where, slot.name, None)
            elif slot.values:
                yield variant(where, slot.name, slot.values[0])
    # 4. a set-up call added (or the set-up calls dropped)
    if setup:
        yield make_genome(plan, call, ctor, [])
    for item in plan.setups:
        yield make_genome(plan, call, ctor, setup + [make_setup(plan, item.method, {})])
    # 5. deeper neighbours (second step) of each argument
    for where, slot in slots:
        value = current[where].get(slot.name)
        if value is not None:
            for alt in neighbours(strip_src(value))[:3]:
                for alt2 in neighbours(alt)[:3]:
                    yield variant(where, slot.name, alt2)


# ---------------------------------------------------------------------------------------------


def _round_robin(streams: List[Iterator[Any]]) -> Iterator[Any]:
    active = list(streams)
    while active:
        still = []
        for stream in active:
            try:
                yield next(stream)
            except StopIteration:
                continue
            still.append(stream)
        active = still


def _chunked(streams: List[Iterator[Any]], size: int) -> Iterator[Any]:
    """Round-robin, ``size`` items from each stream per turn."""
    active = list(streams)
    while active:
        still = []
        for stream in active:
            alive = True
            for _ in range(size):
                try:
                    yield next(stream)
                except StopIteration:
                    alive = False
                    break
            if alive:
                still.append(stream)
        active = still


def generate(request: Dict[str, Any]) -> Dict[str, Any]:
    """Answer one ``generate`` request (see generate.py / GENERATE_PROTOCOL.md)."""
    reset_keys()
    seed = request.get("seed", 0)
    round_index = int(request.get("round") or 0)
    max_candidates = max(0, int(request.get("max_candidates", 50) or 0))
    feedback = request.get("feedback") or {}
    tests = [t for t in feedback.get("tests") or [] if isinstance(t, dict)]
    uncovered_all = feedback.get("uncovered")
    workspace = Workspace(request)
    targets = workspace.build()
    if isinstance(uncovered_all, dict) and uncovered_all:
        wanted = [t for t in targets if t.qualname in uncovered_all]
    else:
        wanted = targets
        uncovered_all = {}
    plans_by_key: Dict[str, EntryPlan] = {}
    for target in targets:
        for plan in target.plans:
            plans_by_key.setdefault(plan.key, plan)
            plans_by_key.setdefault("%s|%s" % (plan.qualname, plan.side), plan)

    tried: Set[str] = set()
    one_sided: Dict[str, int] = {}
    for test in tests:
        genome = test.get("genome")
        if isinstance(genome, dict):
            try:
                tried.add(render_genome(genome))
            except (KeyError, TypeError, ValueError, AttributeError):
                pass
            plan_key = ((genome.get("entry") or {}).get("plan")) or ""
            plan = plans_by_key.get(plan_key)
            if plan is not None and plan.versions != "both":
                one_sided[plan.qualname] = one_sided.get(plan.qualname, 0) + 1

    streams = []
    for target in wanted:
        if not target.plans:
            continue
        streams.append(_target_stream(target, seed, round_index, tests,
                                      uncovered_all.get(target.qualname), plans_by_key))
    out: List[Dict[str, Any]] = []
    seen = set(tried)
    for target, plan, genome in _round_robin(streams):
        if len(out) >= max_candidates:
            break
        if plan.versions != "both":
            if one_sided.get(plan.qualname, 0) >= ONE_SIDED_CAP:
                continue
        try:
            code = render_genome(genome)
        except (KeyError, TypeError, ValueError, AttributeError):
            continue
        if code in seen:
            continue
        seen.add(code)
        if plan.versions != "both":
            one_sided[plan.qualname] = one_sided.get(plan.qualname, 0) + 1
        out.append({"target": target.qualname, "entry": plan.qualname, "genome": genome,
                    "code": code})
    return {"candidates": out}


def _target_stream(target: Target, seed: Any, round_index: int, tests: List[Dict[str, Any]],
                   uncovered: Any, plans_by_key: Dict[str, EntryPlan]
                   ) -> Iterator[Tuple[Target, EntryPlan, Dict[str, Any]]]:
    parts: List[Iterator[Tuple[Target, EntryPlan, Dict[str, Any]]]] = []
    if tests and isinstance(uncovered, dict):
        parts.append(_feedback_stream(target, seed, round_index, tests, uncovered,
                                      plans_by_key))
    fresh_streams = []
    for plan in target.plans:
        rng = random.Random(derive_seed(seed, round_index, "fresh", plan.key))
        fresh_streams.append(((target, plan, g) for g in fresh(plan, rng)))
    parts.append(_round_robin(fresh_streams))
    for part in parts:
        yield from part


def _feedback_stream(target: Target, seed: Any, round_index: int, tests: List[Dict[str, Any]],
                     uncovered: Dict[str, List[int]], plans_by_key: Dict[str, EntryPlan]
                     ) -> Iterator[Tuple[Target, EntryPlan, Dict[str, Any]]]:
    own = {p.qualname for p in target.plans}
    ranked = []
    for test in tests:
        genome = test.get("genome")
        if not isinstance(genome, dict):
            continue
        entry = genome.get("entry") or {}
        plan = plans_by_key.get(str(entry.get("plan") or ""))
        if plan is None:
            continue
        d = distance(test, target, uncovered)
        if d == float("inf") and test.get("target") != target.qualname:
            continue
        ranked.append((d, test.get("target") != target.qualname, plan.qualname not in own,
                       test.get("outcome") != "ok", str(test.get("id")), plan, genome))
    ranked.sort(key=lambda r: r[:5])
    streams = []
    for row in ranked[:CLOSEST_TESTS]:
        plan, genome = row[5], row[6]
        rng = random.Random(derive_seed(seed, round_index, "mutate", row[4], target.qualname))
        retargeted = _retarget(plan, target)
        streams.append(((target, retargeted, g) for g in mutants(retargeted, genome, rng)))
    return _chunked(streams, 6)


def _retarget(plan: EntryPlan, target: Target) -> EntryPlan:
    """The same plan, recorded against ``target`` (a test of another target came closest)."""
    if plan.target == target.qualname:
        return plan
    for own in target.plans:
        if own.qualname == plan.qualname and own.side == plan.side:
            return own
    import copy
    clone = copy.copy(plan)
    clone.target = target.qualname
    return clone
