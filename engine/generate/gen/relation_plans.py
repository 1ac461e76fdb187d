"""Relation checks for the entry plans of changed public functions: genomes and candidates.

Each plan that calls a changed public function directly carries the relation labels that apply to
it (:func:`gen.relations.infer`, then the project's configuration) and the parameter they
transform.  The inputs are that parameter's own candidate values, so mined constants and the
project's call sites come first, as for any test.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, Iterator, List, Set

from .genome import make_genome
from .plans import EntryPlan, Target
from .relation_snippet import render_relation
from .relations import inputs, parse_label, path_contents, sample

PER_TARGET = 24
PER_REQUEST = 72


def plan_genomes(plan: EntryPlan) -> Iterator[Dict[str, Any]]:
    slot = next((s for s in plan.call if s.name == plan.subject), None)
    if slot is None or not plan.relations:
        return
    pairs = []
    for label in plan.relations:
        values = path_contents(slot.values) if label == "path_agreement" else slot.values
        pairs.extend((label, value) for value in inputs(label, values))
    for label, value in sample(pairs, PER_TARGET):
        genome = make_genome(plan, {slot.name: value})
        genome["relation"] = parse_label(label, slot.name)
        yield genome


def relation_candidates(targets: List[Target], seen: Set[str]) -> List[Dict[str, Any]]:
    """Relation checks for every target, up to the caps, skipping codes already tried."""
    out: List[Dict[str, Any]] = []
    for target in targets:
        count = 0
        for plan in target.plans:
            for genome in plan_genomes(plan):
                if count >= PER_TARGET or len(out) >= PER_REQUEST:
                    break
                try:
                    code = render_relation(genome)
                except (KeyError, TypeError, ValueError, AttributeError):
                    continue
                if code in seen:
                    continue
                seen.add(code)
                count += 1
                out.append(candidate(target.qualname, plan.qualname, genome, code))
    return out


def candidate(target: str, entry: str, genome: Dict[str, Any], code: str) -> Dict[str, Any]:
    label = genome["relation"]["kind"]
    if genome["relation"].get("variant"):
        label += "/" + genome["relation"]["variant"]
    return {"target": target, "entry": entry, "genome": copy.deepcopy(genome), "code": code,
            "relation": label}
