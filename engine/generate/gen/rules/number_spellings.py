"""``number_spellings``: numbers spelled the ways number parsers read differently.

When the target's code parses numbers from text (``int(v)``, ``float(v)``, ``Decimal(v)``,
``v.isdigit()``: :mod:`gen.number_parsers`), in its own body or on a callee's changed lines, or
any changed line of the change does, each parameter that takes strings gets a sign, a leading
zero, a space, an underscore, a fraction, an exponent and a number past 64 bits, one at a time
on the base call (its Unicode digits come from ``unicode_forms``).  A swap of one parser for
another (``try: int(port)`` for ``if port.isdigit()``) shows only for such a spelling.  The
project's tests get the first four spellings, and a superscript and an Arabic-Indic digit, in
place of each run of digits inside their strings (:mod:`gen.search`): there the parser reads the
number as part of a larger text (``'http://h:-1/'``).  When a target parses numbers anywhere
in its body, those runs are also set to the larger numbers it compares with (``int(t) >
RANGES[i][1]``: each row's bound), where a test's numbers never stand.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, Tuple

from ..number_parsers import SPELLINGS
from ..plans import EntryPlan
from ..registry import Context, strategy
from ..strategies import per_plan
from ..values import vstr
from .common import base_receiver, each_value, interleave, kinds, slots

STRATEGY = "number_spellings"


@strategy(STRATEGY, 1, rule=True)
def number_spellings(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """For a target whose code parses numbers from text, numbers spelled the ways parsers
    disagree on (``'-1'``, ``'01'``, ``' 1'``, ``'1_0'``, ``'1e3'``) to each string
    parameter: a swap of ``int()`` for ``isdigit()`` shows only for such a spelling."""
    if not ctx.target.mined.parses_numbers():
        return iter(())
    return per_plan(ctx, STRATEGY, lambda plan, _rng: _plan_stream(plan))


def _plan_stream(plan: EntryPlan) -> Iterator[Dict[str, Any]]:
    values = [vstr(text) for text in SPELLINGS]
    ctor = base_receiver(plan)
    return interleave([each_value(plan, where, slot.name, values, ctor)
                       for where, slot in slots(plan)
                       if not slot.values or "str" in kinds(slot)])
