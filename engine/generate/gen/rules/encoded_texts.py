"""``encoded_texts``: text already in the encoded form a decoder of the target's code reads.

Code that calls ``unquote``, ``html.unescape``, ``b64decode`` or ``bytes.fromhex`` on its input
often branches on what the decoder makes of it (``if unquote(v) == v: return quote(v)``), and
only text holding a valid escape takes the other branch: no ordinary value holds ``%2F``.  For
each decoder the target calls (in its own body or on a callee's changed lines) or any changed
line of the change calls, the texts of its family (:mod:`gen.encoded_forms`: valid escapes, then
malformed ones) go to each parameter that takes strings, one at a time on the base call, and, as
values, to each mapping parameter keyed by the names the other arguments spell, one text per
leading character (``URIVariable('+x').expand({'x': 'a%2F'})``).
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Tuple

from ..plans import EntryPlan, Slot
from ..registry import Context, strategy
from ..strategies import per_plan
from ..values import vstr
from .common import base_receiver, each_value, interleave, kinds, slots
from .named_keys import keyed_streams, naming_texts, takes_mapping

STRATEGY = "encoded_texts"
SIGILS = 24  # texts keying a mapping, one per leading character


@strategy(STRATEGY, 1, rule=True)
def encoded_texts(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """For each decoder the target's code calls (unquote, html.unescape, b64decode, fromhex),
    texts already encoded in its form (valid escapes first, then malformed ones) to each string
    parameter and as the values of a mapping keyed by the names the other arguments spell:
    no ordinary value holds an escape, so a branch on what the decoder makes of it never runs."""
    texts = ctx.target.mined.encoded_forms()
    if not texts:
        return iter(())
    return per_plan(ctx, STRATEGY, lambda plan, _rng: _plan_stream(plan, texts))


def _plan_stream(plan: EntryPlan, texts: List[str]) -> Iterator[Dict[str, Any]]:
    values = [vstr(text) for text in texts]
    ctor = base_receiver(plan)
    streams = [each_value(plan, where, slot.name, values, ctor)
               for where, slot in slots(plan)
               if not takes_mapping(slot) and (not slot.values or "str" in kinds(slot))]
    streams += keyed_streams(plan, values, sigil_texts)
    return interleave(streams)


def sigil_texts(slot: Slot) -> List[str]:
    """One text per leading character among the slot's values that spell a name: a template's
    or a format's first character often picks how it treats a value (``'+x'``, ``'#x'``,
    ``'/x'``), and which one the decoder's branch is behind is not known."""
    by_lead: Dict[str, str] = {}
    for text in naming_texts(slot):
        by_lead.setdefault(text[0], text)
    return list(by_lead.values())[:SIGILS]
