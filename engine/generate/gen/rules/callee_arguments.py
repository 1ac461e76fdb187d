"""``callee_arguments``: what the project's tests pass to a function the entry hands its
parameter to.

A changed function often passes its argument unchanged to a helper (``check_label(label)``
calls ``valid_contextj(label, pos)``), and the branch around that call matters only for the
values the helper is about (a joiner character).  The project's tests of the helper spell those
values out, but they call the helper, not the changed function, so neither its call sites nor
its converted tests reach the change.  Each such argument (:mod:`gen.forwarded`: the entry's
callees and theirs, the parameter never rebound) is given to the entry's parameter, on top of
the base call.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, Tuple

from ..plans import EntryPlan
from ..registry import Context, strategy
from ..strategies import per_plan
from .common import base_receiver, each_value, interleave

STRATEGY = "callee_arguments"


@strategy(STRATEGY, 0, rule=True)
def callee_arguments(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """Each parameter the entry hands on unchanged to another project callable takes the
    arguments the project's tests and docs give that callee there."""
    return per_plan(ctx, STRATEGY, lambda plan, _rng: _plan_stream(plan))


def _plan_stream(plan: EntryPlan) -> Iterator[Dict[str, Any]]:
    if not plan.forwarded:
        return iter(())
    ctor = base_receiver(plan)
    return interleave([each_value(plan, "call", slot.name, plan.forwarded[slot.name], ctor)
                       for slot in plan.call if plan.forwarded.get(slot.name) and
                       slot.kind != "var_positional"])
