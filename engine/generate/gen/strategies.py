"""Fresh candidates for one entry plan, in order of expected value.

1. the *base* call (required parameters get their first value, optional ones keep their
   defaults) and the whole literal call sites of the project's tests and docs;
2. the mined boundary values of the parameters the changed code depends on most, then every
   parameter varied one at a time, interleaved by rank, on a realistic receiver (a constructor
   call site, else one with non-empty containers);
3. set-up calls on the receiver (public mutators);
4. cross-links: values the receiver was built with, passed to the call (strings also with case
   variants); equal values for two parameters;
5. the same variations on other receivers;
6. seeded random combinations (containers also composed from element values).
"""

from __future__ import annotations

import random
from typing import Any, Dict, Iterator, List, Set, Tuple

from .genome import make_genome, make_setup, site_choice
from .mutate import neighbours
from .plans import EntryPlan, Slot
from .values import Value, key, vstr

MAX_RANK = 40
MINED = ("mined", "const")
RANDOM_DRAWS = 400


def _setup_calls(plan: EntryPlan, base_ctor: Dict[str, Value]) -> Iterator[Dict[str, Any]]:
    """The base call after one set-up call: its call sites, its mined values, its values."""
    for item in plan.setups:
        choices: List[Dict[str, Value]] = [{}]
        choices += [site_choice(item.slots, site) for site in item.sites[:3]]
        for slot in item.slots:
            choices += [{slot.name: v} for v in slot.values[:6] if v.get("src") in MINED]
            choices += [{slot.name: v} for v in slot.values[1:3]]
        for chosen in choices:
            yield make_genome(plan, {}, base_ctor, [make_setup(plan, item.method, chosen)])


def fresh(plan: EntryPlan, rng: random.Random) -> Iterator[Dict[str, Any]]:
    ctor_slots = plan.ctor or []
    site_ctors = [c for c in (site_choice(ctor_slots, site) for site in plan.ctor_sites[:12])
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
        yield make_genome(plan, site_choice(plan.call, site), base_ctor)
    for ctor_choice in site_ctors[1:]:
        yield make_genome(plan, {}, ctor_choice)
    yield from _variations(plan, base_ctor, ranks=3)
    yield from _cross_links(plan)
    yield from _setup_calls(plan, base_ctor)
    yield from _variations(plan, base_ctor, ranks=MAX_RANK)
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
        for value in [v for v in slot.values if v.get("src") in ("mined", "const")][:12]:
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
    """Values the receiver was built with passed to the call (``x in obj``, ``obj.index(x)``),
    strings with case variants; equal values for two parameters of the same kind."""
    if plan.ctor and plan.call:
        sources = [c for c in (site_choice(plan.ctor, site) for site in plan.ctor_sites[:3])
                   if c] + [_rich_ctor(plan.ctor), {}]
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
