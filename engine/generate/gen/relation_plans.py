"""Relation checks for the entry plans of changed public functions: genomes and candidates.

Each plan that calls a changed public function directly carries the relation labels that apply to
it (:func:`gen.relations.infer`, then the project's configuration) and the parameter they
transform.  The inputs are that parameter's own candidate values, so mined constants and the
project's call sites come first, as for any test.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, Tuple

from .genome import make_genome
from .plans import EntryPlan
from .registry import Context, strategy
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


@strategy("relations", 0, once=True)
def relations(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """Metamorphic relation checks of a changed public function (idempotence, normalisation,
    path agreement, additivity, permutation, token sensitivity; docs/RELATIONS.md): a relation
    that holds on one version and breaks on the other is a difference no single output shows.
    Served once, in the first round, on top of the round's candidates."""
    for plan in ctx.target.plans:
        for genome in plan_genomes(plan):
            yield plan, genome


def relation_label(genome: Dict[str, Any]) -> str:
    """``kind`` or ``kind/variant`` of a relation genome."""
    label = str(genome["relation"]["kind"])
    if genome["relation"].get("variant"):
        label += "/" + str(genome["relation"]["variant"])
    return label
