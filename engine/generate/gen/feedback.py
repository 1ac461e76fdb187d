"""Coverage feedback: the tests closest to an uncovered changed line, mutated first.

The distance of a test to a target is the smallest line distance between the lines it covered
in the target's file and the target's uncovered changed lines, on either side.  Once every
changed line of the target is covered, the tests the pipeline marked *novel* (they covered a new
line or showed a new outcome signature) are mutated instead, the latest first: behaviour
coverage takes over from line coverage.  Mutations of a genome: one argument replaced by a
neighbour (``c±1``, string variants, a container grown or shrunk), by a mined constant of its
slot or another value of its slot; optional arguments dropped or added; a set-up call added or
dropped; two mutation steps at once.
"""

from __future__ import annotations

import bisect
import copy
import random
from typing import Any, Dict, Iterator, List, Optional, Tuple

from .genome import derive_seed, genome_choices, is_genome, make_genome, make_setup
from .plans import SIDES, EntryPlan, Target
from .registry import Context, strategy
from .strategies import MAX_RANK
from .mutate import neighbours
from .values import Value, key, strip_src

CLOSEST_TESTS = 4


def covered_lines(test: Dict[str, Any], side: str, path: Optional[str]) -> List[int]:
    covered_all = test.get("covered")
    if not path or not isinstance(covered_all, dict):
        return []
    covered = covered_all.get(side)
    if not isinstance(covered, dict):
        return []
    lines = covered.get(path)
    if lines is None:
        for name in sorted(covered):
            if name.endswith("/" + path) or path.endswith("/" + name):
                lines = covered[name]
                break
    if not isinstance(lines, list):
        return []
    return sorted(x for x in lines if isinstance(x, int) and not isinstance(x, bool))


def distance(test: Dict[str, Any], target: Target, uncovered: Dict[str, List[int]]) -> float:
    best = float("inf")
    for side in SIDES:
        wanted = uncovered.get(side) if isinstance(uncovered, dict) else None
        wanted = [x for x in wanted if isinstance(x, int)] if isinstance(wanted, list) else []
        covered = covered_lines(test, side, target.files.get(side))
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
        mined = [v for v in slot.values if v.get("src") in ("mined", "const", "const-late")]
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


@strategy("coverage_feedback", 0)
def coverage_feedback(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """Mutants of the tests that came closest to an uncovered changed line (a neighbour value, a
    mined constant, an optional argument dropped or added, a set-up call, two steps at once);
    once the target is fully covered, mutants of the tests that last showed something new."""
    if not ctx.tests:
        return iter(())
    uncovered = ctx.uncovered if isinstance(ctx.uncovered, dict) else {}
    if any(uncovered.get(side) for side in SIDES):
        return feedback_stream(ctx.target, ctx.seed, ctx.round_index, ctx.tests, uncovered,
                               ctx.plans_by_key)
    return novel_stream(ctx.target, ctx.seed, ctx.round_index, ctx.tests, ctx.plans_by_key)


ABORTED = ("timeout", "killed", "crashed")


def novel_stream(target: Target, seed: Any, round_index: int, tests: List[Dict[str, Any]],
                 plans_by_key: Dict[str, EntryPlan]) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """Mutants of the target's novel tests that did not abort, the latest first."""
    chosen = []
    for test in reversed(tests):
        genome = test.get("genome")
        if not test.get("novel") or test.get("target") != target.qualname or \
                not is_genome(genome) or test.get("outcome") in ABORTED:
            continue  # an aborted test's mutants abort too, each costing a whole time limit
        plan = plans_by_key.get(str((genome.get("entry") or {}).get("plan") or ""))
        if plan is not None:
            chosen.append((str(test.get("id")), plan, genome))
        if len(chosen) >= CLOSEST_TESTS:
            break
    streams = []
    for test_id, plan, genome in chosen:
        rng = random.Random(derive_seed(seed, round_index, "novel", test_id, target.qualname))
        retargeted = _retarget(plan, target)
        streams.append(_paired(retargeted, mutants(retargeted, genome, rng)))
    return _chunked(streams, 6)


def feedback_stream(target: Target, seed: Any, round_index: int, tests: List[Dict[str, Any]],
                    uncovered: Dict[str, List[int]], plans_by_key: Dict[str, EntryPlan]
                    ) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """Mutants of the tests closest to the target's uncovered lines."""
    own = {p.qualname for p in target.plans}
    ranked = []
    for test in tests:
        genome = test.get("genome")
        if not is_genome(genome):
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
        streams.append(_paired(retargeted, mutants(retargeted, genome, rng)))
    return _chunked(streams, 6)


def _paired(plan: EntryPlan, genomes: Iterator[Dict[str, Any]]
            ) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    # a function binds ``plan`` now; a generator expression in the caller's loop would pair
    # every stream's genomes with the loop's last plan
    for genome in genomes:
        yield plan, genome


def _retarget(plan: EntryPlan, target: Target) -> EntryPlan:
    """The same plan, recorded against ``target`` (a test of another target came closest)."""
    if plan.target == target.qualname:
        return plan
    for own in target.plans:
        if own.qualname == plan.qualname and own.side == plan.side:
            return own
    clone = copy.copy(plan)
    clone.target = target.qualname
    return clone


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
