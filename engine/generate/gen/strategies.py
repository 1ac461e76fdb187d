"""The direct strategies: fresh candidates aimed straight at the changed code.

Each is registered in :mod:`gen.registry` and serves every entry plan of its target in turn:

* ``base`` - the base call (required parameters get their first value, optional ones keep
  their defaults), alone and on a realistic receiver;
* ``call_sites`` - the whole literal call sites of the project's tests and docs, and the
  receivers its tests build;
* ``boundaries`` - the mined boundary values of the parameters the changed code depends on
  most, one parameter at a time;
* ``one_at_a_time`` - every parameter's values, one parameter at a time, interleaved by rank,
  on the realistic receiver and then on other receivers;
* ``cross_links`` - values the receiver was built with passed to the call, equal values for two
  parameters;
* ``setup_calls`` - public mutators of the receiver called before the call under test;
* ``random_combinations`` (broad) - seeded random combinations, containers composed from
  element values, values stepped off the known ones: a stream that never runs dry.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Dict, Iterator, List, Set, Tuple

from .genome import make_genome, make_setup, site_choice
from .mutate import neighbours
from .plans import EntryPlan, Slot
from .registry import Context, strategy
from .values import Value, key, vstr

MAX_RANK = 40
MINED = ("mined", "const")
RANDOM_DRAWS = 400

PlanStream = Callable[[EntryPlan, random.Random], Iterator[Dict[str, Any]]]


def per_plan(ctx: Context, name: str, fn: PlanStream) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """``fn``'s genomes for every plan of the target, the plans taking turns."""
    streams = [((plan, g) for g in fn(plan, ctx.rng(name, plan.key))) for plan in ctx.target.plans]
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


def receivers(plan: EntryPlan) -> Tuple[Dict[str, Value], List[Dict[str, Value]], List[Dict[str, Value]]]:
    """(the receiver the call's arguments vary on, the constructor call sites, other receivers).

    The realistic receiver is a constructor call site from the project's tests/docs when there
    is one (a non-empty object), else one whose optional container parameters are non-empty.
    """
    ctor_slots = plan.ctor or []
    site_ctors = [c for c in (site_choice(ctor_slots, site) for site in plan.ctor_sites[:12])
                  if c][:8]
    rich = rich_ctor(ctor_slots)
    base_ctor = site_ctors[0] if site_ctors else rich
    others = ([rich] if site_ctors and rich else []) + ([{}] if base_ctor else [])
    return base_ctor, site_ctors, others


@strategy("base", 0)
def base(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """The plainest call: required parameters take their first value, optional ones their
    defaults; then the same call on a realistic receiver.  The reference every other candidate
    varies."""
    def one(plan: EntryPlan, _rng: random.Random) -> Iterator[Dict[str, Any]]:
        base_ctor = receivers(plan)[0]
        yield make_genome(plan, {}, {})
        if base_ctor:
            yield make_genome(plan, {}, base_ctor)
    return per_plan(ctx, "base", one)


@strategy("call_sites", 0)
def call_sites(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """The literal calls of the entry point in the project's own tests, docs and doctests, whole,
    and the receivers those tests build: inputs the authors thought meaningful."""
    def one(plan: EntryPlan, _rng: random.Random) -> Iterator[Dict[str, Any]]:
        base_ctor, site_ctors, _others = receivers(plan)
        for site in plan.sites[:12]:
            own = _own_receiver(plan, site)
            if own:
                yield make_genome(plan, site_choice(plan.call, site), own)
            if not own or own != base_ctor:
                yield make_genome(plan, site_choice(plan.call, site), base_ctor)
        for ctor_choice in site_ctors[1:]:
            yield make_genome(plan, {}, ctor_choice)
    return per_plan(ctx, "call_sites", one)


def _own_receiver(plan: EntryPlan, site: Any) -> Dict[str, Any]:
    """The construction a method site was called on in the test, when it builds the entry's
    own class: a receiver and arguments the authors chose together."""
    if site.receiver is None or plan.ctor is None or plan.op == "static":
        return {}
    class_qual, construction = site.receiver
    if class_qual != plan.qualname.rsplit(".", 1)[0]:
        return {}
    return site_choice(plan.ctor, construction)


@strategy("boundaries", 0)
def boundaries(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """The constants the changed code compares against, with their neighbours (``c-1, c, c+1``),
    given to the parameters the changed code depends on most, one parameter at a time:
    behaviour changes at boundaries."""
    def one(plan: EntryPlan, _rng: random.Random) -> Iterator[Dict[str, Any]]:
        base_ctor = receivers(plan)[0]
        for where, slot in _ranked_slots(plan, True):
            for value in [v for v in slot.values if v.get("src") in MINED][:12]:
                yield _one(plan, base_ctor, where, slot, value)
    return per_plan(ctx, "boundaries", one)


@strategy("one_at_a_time", 0)
def one_at_a_time(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """Every parameter's candidate values, one parameter at a time, interleaved by rank (each
    parameter's best value first), on the realistic receiver, then on other receivers."""
    def one(plan: EntryPlan, _rng: random.Random) -> Iterator[Dict[str, Any]]:
        base_ctor, site_ctors, others = receivers(plan)
        yield from _variations(plan, base_ctor, MAX_RANK)
        for ctor_choice in others + site_ctors[1:3]:
            yield from _variations(plan, ctor_choice, 4, ctor_too=not ctor_choice)
    return per_plan(ctx, "one_at_a_time", one)


@strategy("cross_links", 0)
def cross_links(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """Values the receiver was built with, passed to the call (``x in obj``, ``obj.index(x)``),
    strings also with case variants; equal values for two parameters of the same kind."""
    return per_plan(ctx, "cross_links", lambda plan, _rng: _cross_links(plan))


@strategy("setup_calls", 0)
def setup_calls(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """The base call after one set-up call on the receiver (a public mutator, those storing
    attributes the changed code reads first): many objects get their state from methods."""
    def one(plan: EntryPlan, _rng: random.Random) -> Iterator[Dict[str, Any]]:
        base_ctor = receivers(plan)[0]
        for item in plan.setups:
            choices: List[Dict[str, Value]] = [{}]
            choices += [site_choice(item.slots, site) for site in item.sites[:3]]
            for slot in item.slots:
                choices += [{slot.name: v} for v in slot.values[:6] if v.get("src") in MINED]
                choices += [{slot.name: v} for v in slot.values[1:3]]
            for chosen in choices:
                yield make_genome(plan, {}, base_ctor, [make_setup(plan, item.method, chosen)])
    return per_plan(ctx, "setup_calls", one)


@strategy("random_combinations", 2)
def random_combinations(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """Seeded random combinations of every parameter's values (optional ones set half the
    time), containers composed from element values, values stepped off the known ones, set-up
    calls sometimes added: the broad stream that never runs dry."""
    def one(plan: EntryPlan, rng: random.Random) -> Iterator[Dict[str, Any]]:
        ctor_slots = plan.ctor or []
        site_ctors = receivers(plan)[1]
        for _ in range(RANDOM_DRAWS):
            ctor_choice = random_choice(ctor_slots, rng)
            if site_ctors and rng.random() < 0.4:
                ctor_choice = dict(site_ctors[rng.randrange(len(site_ctors))])
            setup: List[Dict[str, Any]] = []
            if plan.setups and rng.random() < 0.3:
                for _n in range(rng.choice((1, 1, 2))):
                    item = plan.setups[rng.randrange(len(plan.setups))]
                    setup.append(make_setup(plan, item.method, random_choice(item.slots, rng)))
            yield make_genome(plan, random_choice(plan.call, rng), ctor_choice, setup)
    return per_plan(ctx, "random_combinations", one)


def rich_ctor(slots: List[Slot]) -> Dict[str, Value]:
    """Optional container parameters of the constructor given a non-empty value: an empty
    receiver (``SortedList()``) short-circuits most methods."""
    chosen: Dict[str, Value] = {}
    for slot in slots:
        if slot.required or slot.kind == "var_positional":
            continue
        typed = [v for v in slot.values[:8] if v.get("src") not in ("mined", "const")][:3]
        if not slot.container and not (typed and all(
                v.get("k") in ("list", "tuple", "set", "frozenset", "dict") for v in typed)):
            continue  # an untyped slot's pool holds lists too: not a reason to use them
        for value in slot.values[:12]:
            if value.get("k") in ("list", "tuple", "set", "frozenset", "dict") and \
                    len(value.get("items") or []) >= 2:
                chosen[slot.name] = value
                break
    return chosen


def _ranked_slots(plan: EntryPlan, ctor_too: bool) -> List[Tuple[str, Slot]]:
    """The call's (and the receiver's) slots, those the changed code depends on most first."""
    slots: List[Tuple[str, Slot]] = [("call", s) for s in plan.call]
    if ctor_too:
        slots += [("ctor", s) for s in plan.ctor or []]
    ranked = sorted(range(len(slots)), key=lambda i: (-slots[i][1].relevance, i))
    return [slots[i] for i in ranked]


def _one(plan: EntryPlan, base_ctor: Dict[str, Value], where: str, slot: Slot, value: Value
         ) -> Dict[str, Any]:
    """The base call with one parameter (of the call or of the receiver) set to ``value``."""
    if where == "call":
        return make_genome(plan, {slot.name: value}, base_ctor)
    ctor = dict(base_ctor)
    ctor[slot.name] = value
    return make_genome(plan, {}, ctor)


def _variations(plan: EntryPlan, base_ctor: Dict[str, Value], ranks: int,
                ctor_too: bool = True) -> Iterator[Dict[str, Any]]:
    """One parameter at a time, every parameter's values interleaved by rank."""
    slots: List[Tuple[str, Slot]] = [("call", s) for s in plan.call]
    if ctor_too:
        slots += [("ctor", s) for s in plan.ctor or []]
    for rank in range(0, ranks):
        for where, slot in slots:
            if rank >= len(slot.values) or (rank == 0 and slot.required):
                continue
            yield _one(plan, base_ctor, where, slot, slot.values[rank])


def random_choice(slots: List[Slot], rng: random.Random) -> Dict[str, Value]:
    """A random value for each slot (optional slots left out half the time)."""
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
        value = slot.values[index]
        if rng.random() < 0.25:  # a step off the known values keeps the stream fresh
            steps = neighbours(value)
            if steps:
                value = steps[rng.randrange(len(steps))]
        chosen[slot.name] = value
    return chosen


def _leaves(value: Any, out: List[Tuple[int, Value]], depth: int = 0) -> None:
    """(depth, value) of the primitive values (non-empty strings, ints, floats) nested in a
    genome part."""
    if isinstance(value, dict):
        kind = value.get("k")
        if (kind == "str" and value.get("v")) or kind in ("int", "float"):
            out.append((depth, {"k": kind, "v": value["v"]}))
        for item in value.values():
            if isinstance(item, (list, dict)):
                _leaves(item, out, depth + 1)
    elif isinstance(value, list):
        for item in value:
            _leaves(item, out, depth + 1)


def _accepts(slot: Slot, kind: str) -> bool:
    kinds = {v.get("k") for v in slot.values[:16]}
    return kind in kinds or not slot.values or len(kinds) >= 4  # untyped: a mixed pool


def _cross_links(plan: EntryPlan) -> Iterator[Dict[str, Any]]:
    if plan.ctor and plan.call:
        sources = [c for c in (site_choice(plan.ctor, site) for site in plan.ctor_sites[:3])
                   if c] + [rich_ctor(plan.ctor), {}]
        seen_sources: Set[str] = set()
        for ctor_choice in sources:
            genome = make_genome(plan, {}, ctor_choice)
            text = key({"c": genome["ctor"]})
            if text in seen_sources:
                continue
            seen_sources.add(text)
            found: List[Tuple[int, Value]] = []
            _leaves(genome["ctor"], found)
            # elements of containers first: what ``x in obj`` / ``obj.index(x)`` look for
            order = sorted(range(len(found)), key=lambda i: (-found[i][0], i))
            leaves = [found[i][1] for i in order]
            seen: Set[str] = set()
            for leaf in leaves[:8]:
                variants = [leaf]
                if leaf["k"] == "str":
                    s = str(leaf["v"])
                    variants = [vstr(x) for x in (s, s.lower(), s.upper(), s.swapcase())]
                for variant in variants:
                    if key(variant) in seen:
                        continue
                    seen.add(key(variant))
                    for slot in [s for s in plan.call if _accepts(s, variant["k"])][:2]:
                        yield make_genome(plan, {slot.name: variant}, ctor_choice)
    for i, a in enumerate(plan.call):
        for b in plan.call[i + 1:]:
            shared = [v for v in a.values[:8] if key(v) in {key(x) for x in b.values}]
            for value in shared[:3]:
                yield make_genome(plan, {a.name: value, b.name: value}, {})
