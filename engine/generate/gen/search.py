"""The candidate search: fair spread over targets, fresh and feedback-driven candidates.

For every target still uncovered, candidates come from its entry plans: first mutants of the
feedback tests that came closest to an uncovered changed line (:mod:`gen.feedback`), then fresh
candidates (:mod:`gen.strategies`), each plan's stream interleaved with the others.  The
project's own tests that reach the changed code (:mod:`gen.project_tests`) come before them, as
converted, and their mutants after them.  Targets are
served round-robin so that each gets its share; codes already tried (feedback tests) or already
emitted are skipped; an entry point that exists on one side only gets at most two candidates
over the whole run (they show ``api_change`` differences, which the pipeline groups).
"""

from __future__ import annotations

import random
from typing import Any, Dict, Iterator, List, Optional, Set, Tuple

from .feedback import feedback_stream
from .genome import derive_seed, is_genome
from .plans import EntryPlan, Target, Workspace
from .project_tests.candidates import ProjectTests, tried_codes
from .relation_plans import relation_candidates
from .snippet import render_genome
from .strategies import fresh
from .values import reset_keys

ONE_SIDED_CAP = 2
MAX_SKIPS = 600  # duplicates skipped per turn before a stream counts as exhausted


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
        if is_genome(genome):
            try:
                tried.add(render_genome(genome))
            except (KeyError, TypeError, ValueError, AttributeError):
                pass
            plan_key = ((genome.get("entry") or {}).get("plan")) or ""
            plan = plans_by_key.get(plan_key)
            if plan is not None and plan.versions != "both":
                one_sided[plan.qualname] = one_sided.get(plan.qualname, 0) + 1

    tried |= tried_codes(tests)
    # the project's own tests that reach the changed code: converted first, mutated after
    project = ProjectTests(request).round_candidates(
        seed, round_index, tried, set(uncovered_all) if uncovered_all else None)

    # targets that had the fewest tests so far go first: with more targets than candidates,
    # every round serves the ones the previous rounds could not reach
    served: Dict[str, int] = {}
    for test in tests:
        name = test.get("target")
        if isinstance(name, str):
            served[name] = served.get(name, 0) + 1
    wanted = sorted(wanted, key=lambda t: (served.get(t.qualname, 0), t.qualname))
    streams = []
    for target in wanted:
        if not target.plans:
            continue
        streams.append(_target_stream(target, seed, round_index, tests,
                                      uncovered_all.get(target.qualname), plans_by_key))
    out: List[Dict[str, Any]] = []
    seen = set(tried)

    def next_new(stream: Iterator[Tuple[Target, EntryPlan, Dict[str, Any]]]
                 ) -> Optional[Dict[str, Any]]:
        """The stream's next candidate that is new (duplicates do not cost a turn)."""
        for _attempt in range(MAX_SKIPS):
            try:
                target, plan, genome = next(stream)
            except StopIteration:
                return None
            if plan.versions != "both" and \
                    one_sided.get(plan.qualname, 0) >= ONE_SIDED_CAP:
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
            return {"target": target.qualname, "entry": plan.qualname, "genome": genome,
                    "code": code}
        return None

    active = list(streams)
    while active and len(out) < max_candidates:
        still = []
        for stream in active:
            if len(out) >= max_candidates:
                break
            candidate = next_new(stream)
            if candidate is not None:
                out.append(candidate)
                still.append(stream)
        active = still
    if round_index == 0:  # relation checks once, besides the coverage-driven candidates
        out.extend(relation_candidates(wanted, seen))
    originals = [c for c in project if not c["genome"]["mutant"]]
    return {"candidates": originals + out + [c for c in project if c["genome"]["mutant"]]}


def _target_stream(target: Target, seed: Any, round_index: int, tests: List[Dict[str, Any]],
                   uncovered: Any, plans_by_key: Dict[str, EntryPlan]
                   ) -> Iterator[Tuple[Target, EntryPlan, Dict[str, Any]]]:
    parts: List[Iterator[Tuple[Target, EntryPlan, Dict[str, Any]]]] = []
    if tests and isinstance(uncovered, dict):
        parts.append(feedback_stream(target, seed, round_index, tests, uncovered,
                                      plans_by_key))
    fresh_streams = []
    for plan in target.plans:
        rng = random.Random(derive_seed(seed, round_index, "fresh", plan.key))
        fresh_streams.append(((target, plan, g) for g in fresh(plan, rng)))
    parts.append(_round_robin(fresh_streams))
    for part in parts:
        yield from part
