"""``sizes``: sizes and values just below, at and above the constants the code compares against.

Mined boundaries reach a parameter only when the comparison names it (``len(items) > 3``,
``amount <= 100``).  Code compares derived values as often: ``len(text.split()) > 5``,
``len(rows) >= LIMIT`` on a list built from the argument, ``int(port) < 1024`` on a string.  For
every integer constant the target's code (and its callees and call paths) compares against,
``c - 1``, ``c`` and ``c + 1``, each parameter gets, one at a time on the base call:

* a string: ``c`` characters, ``c`` words (joined by the separators the code splits on, a
  space by default), ``c`` lines, and the number itself as text;
* a list, tuple, set or dict: ``c`` elements (its own elements repeated, or 1, 2, 3 ...);
* a number: the constant itself, and halfway steps around it for floats.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Dict, Iterator, List, Tuple

from ..plans import EntryPlan, Slot
from ..registry import Context, strategy
from ..strategies import per_plan
from ..values import Value, dedupe, key, vdecimal, vdict, vfloat, vint, vseq, vstr
from .common import base_receiver, interleave, kinds, slots, with_one

MAX_SIZE = 64
MAX_CONSTANTS = 8
WORDS = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"]


@strategy("sizes", 1, rule=True)
def sizes(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """For every integer constant the code compares against, c-1, c and c+1 given to each
    parameter in its own form, one at a time: strings of that many characters, words or lines
    (split on the separators the code uses) and the number as text; containers of that many
    elements; the number itself: derived values (len(text.split()) > 5) cross their boundary."""
    constants = _constants(ctx.target.mined)
    separators = _separators(ctx.target.mined)
    if not constants:
        return iter(())
    return per_plan(ctx, "sizes",
                    lambda plan, _rng: _plan_stream(plan, constants, separators))


def _constants(mined: Any) -> List[int]:
    found: List[int] = []
    for constant in sorted(mined.items.values(), key=lambda c: (-c.weight, c.order)):
        value = constant.value
        if isinstance(value, Decimal) and value == value.to_integral_value():
            value = int(value)
        if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_SIZE \
                and value not in found:
            found.append(value)
    return found[:MAX_CONSTANTS]


def _separators(mined: Any) -> List[str]:
    out = [c.value for c in mined.items.values()
           if isinstance(c.value, str) and len(c.value) == 1 and not c.value.isalnum()]
    return sorted(set(out))[:3] or [" "]


def _plan_stream(plan: EntryPlan, constants: List[int], separators: List[str]
                 ) -> Iterator[Dict[str, Any]]:
    ctor = base_receiver(plan)
    streams = []
    for where, slot in slots(plan):
        if slot.kind == "var_positional":
            continue
        values = dedupe([v for c in constants for n in (c, c - 1, c + 1) if n >= 0
                         for v in sized(slot, n, separators)])
        streams.append(_one_at_a_time(plan, where, slot, values, ctor))
    return interleave(streams)


def _one_at_a_time(plan: EntryPlan, where: str, slot: Slot, values: List[Value],
                   ctor: Dict[str, Value]) -> Iterator[Dict[str, Any]]:
    known = {key(v) for v in slot.values}
    for value in values:
        if key(value) not in known:
            yield with_one(plan, where, slot.name, value, ctor=ctor)


def sized(slot: Slot, n: int, separators: List[str]) -> List[Value]:
    """Values of size (or value) ``n`` in the forms the slot takes."""
    taken = kinds(slot)
    untyped = len(taken) >= 4 or not taken
    out: List[Value] = []
    if "str" in taken or untyped:
        out.append(vstr(("abcdefghij" * 7)[:n]))
        for sep in separators:
            out.append(vstr(sep.join((WORDS * 9)[:n])))
        out.append(vstr("".join("line %d\n" % (i + 1) for i in range(n))))
        out.append(vstr(str(n)))
    for kind in ("list", "tuple", "set", "frozenset"):
        if kind in taken or (untyped and kind == "list"):
            out.append(vseq(kind, _elements(slot, n, unique=kind in ("set", "frozenset"))))
    if "dict" in taken:
        out.append(vdict([(vstr("k%d" % i), vint(i)) for i in range(n)]))
    if "int" in taken or untyped:
        out.append(vint(n))
    if "float" in taken:
        out += [vfloat(float(n)), vfloat(n - 0.5), vfloat(n + 0.5)]
    if "call:Decimal" in taken:
        out.append(vdecimal(str(n)))
    return out


def _elements(slot: Slot, n: int, unique: bool) -> List[Value]:
    own = slot.elements or [i for v in slot.values[:8] for i in (v.get("items") or [])
                            if isinstance(i, dict) and i.get("k") in ("int", "str", "float")]
    if unique or not own:
        return [vint(i + 1) for i in range(n)]
    return [own[i % len(own)] for i in range(n)]
