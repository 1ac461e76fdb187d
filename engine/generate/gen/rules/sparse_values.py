"""``sparse_values``: every parameter None but one.

A record of several optional parts (a URL's scheme, authority, path, query and fragment; an
address; a request) is often absent in all but one part in real use, and code that assembles
it takes other branches then: ``about:`` has a scheme and nothing else.  Random combinations
fill every part, so the all-but-one shapes come up by chance only.  For the receiver's
constructor and for the call, when either has two parameters or more:

* every parameter None;
* every parameter None but one, which takes each of its first values in turn.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Tuple

from ..plans import EntryPlan, Slot
from ..registry import Context, strategy
from ..strategies import per_plan
from ..values import Value, vnone
from .common import base_receiver, call_with, interleave

STRATEGY = "sparse_values"
VALUES_PER_SLOT = 4


@strategy(STRATEGY, 1, rule=True)
def sparse_values(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """Every parameter of the receiver's constructor, then of the call, None but one, which
    takes each of its first values in turn (and every one None): a record of optional parts
    is often absent in all but one (a URL that is only a scheme), a shape random combinations
    reach by chance only."""
    return per_plan(ctx, STRATEGY, lambda plan, _rng: _plan_stream(plan))


def _plan_stream(plan: EntryPlan) -> Iterator[Dict[str, Any]]:
    ctor = base_receiver(plan)
    streams = []
    ctor_slots = _sparse_slots(plan.ctor or [])
    if len(ctor_slots) >= 2:
        streams.append(_ctor_stream(plan, ctor_slots, ctor))
    call_slots = _sparse_slots(plan.call)
    if len(call_slots) >= 2:
        streams.append(_call_stream(plan, call_slots, ctor))
    return interleave(streams)


def _sparse_slots(slots: List[Slot]) -> List[Slot]:
    return [s for s in slots if s.kind not in ("var_positional", "var_keyword")]


def _variants(slots: List[Slot]) -> Iterator[Dict[str, Value]]:
    """All None, then each slot's first values with the others None, the slots taking turns."""
    empty = {slot.name: vnone() for slot in slots}
    yield dict(empty)
    for rank in range(VALUES_PER_SLOT):
        for slot in slots:
            own = [v for v in slot.values if v.get("k") != "none"]
            if rank < len(own):
                yield dict(empty, **{slot.name: own[rank]})


def _ctor_stream(plan: EntryPlan, slots: List[Slot], base: Dict[str, Value]
                 ) -> Iterator[Dict[str, Any]]:
    for receiver in _variants(slots):
        yield call_with(plan, {}, dict(base, **receiver))


def _call_stream(plan: EntryPlan, slots: List[Slot], base: Dict[str, Value]
                 ) -> Iterator[Dict[str, Any]]:
    for call in _variants(slots):
        yield call_with(plan, call, base)
