"""``changed_constants``: a public module constant whose literal data changed, printed.

A changed table entry or default (``'null': ('None',)`` → ``('NoneType',)``) is read by the
target, but the target may be reachable only through objects no generated call builds (a
subclass the library's metaclass collects, a function registered by a decorator).  The
constant itself is public interface: a caller reads it, and printing it shows the change
whatever the target's reach (:mod:`gen.changed_constants` says which names qualify).
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, Tuple

from ..plans import EntryPlan
from ..registry import Context, strategy
from .common import class_probe

STRATEGY = "changed_constants"
PROBE = "constant"


@strategy(STRATEGY, 0, rule=True)
def changed_constants(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """For each public module constant the target reads whose literal data differ between
    the versions (a table entry, a default, a list of names): a test printing it, since the
    target itself may be reachable only through objects no generated call builds."""
    plan = ctx.target.plans[0] if ctx.target.plans else None
    for qual in ctx.target.constants if plan is not None else []:
        genome = class_probe(plan, PROBE)
        genome["entry"]["constant"] = qual
        yield plan, genome
