"""``type_variety``: more types per parameter.

A parameter's values mostly come from one type (its hint, its default, how the body uses it), so
code that branches on a type, coerces one, or formats one differently is only reached by chance.
For each parameter, one at a time on the base call:

1. the same value as another type: ``5`` as ``5.0``, ``'5'``, ``Decimal('5')`` and ``True``
   (for 0 and 1); ``2.5`` as ``'2.5'`` and ``Decimal('2.5')``, ``3.0`` as ``3``; ``'ab'`` as
   ``b'ab'``, ``bytearray(b'ab')`` and ``memoryview(b'ab')``, ``'7'`` as ``7``; ``b'ab'`` as
   ``'ab'`` and the same two buffers; a list as a tuple and a set; a tuple as a list; ``None``
   as ``''``, ``0`` and ``False``;
2. one value of each common type the parameter has not had yet: int, float, str, bytes, bool,
   None, list, tuple, dict.

The project's tests get tuples of their own scalars where a changed line formats with ``%``
(:mod:`gen.percent_formats`).
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any, Dict, Iterator, List, Tuple

from ..plans import EntryPlan, Slot
from ..registry import Context, strategy
from ..strategies import per_plan
from ..values import (Value, dedupe, key, tag, vbool, vbytes, vcall, vdecimal, vdict, vfloat,
                      vint, vnone, vseq, vstr)
from .common import base_receiver, interleave, slots, with_one

KIN_OF_TOP = 3
STRATEGY = "type_variety"


@strategy(STRATEGY, 1, rule=True)
def type_variety(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """Each parameter given other types than its usual ones, one parameter at a time: first its
    own values as another type (5 as 5.0, '5', Decimal('5'); 'ab' as b'ab'; a list as a tuple),
    then one value of each common type it has not had (int, float, str, bytes, bool, None,
    list, tuple, dict): code that branches on a type, or coerces one, changes here."""
    return per_plan(ctx, STRATEGY, lambda plan, _rng: _plan_stream(plan))


def _plan_stream(plan: EntryPlan) -> Iterator[Dict[str, Any]]:
    ctor = base_receiver(plan)
    streams = [_slot_stream(plan, where, slot, ctor) for where, slot in slots(plan)
               if slot.kind != "var_positional"]
    return interleave(streams)


def _slot_stream(plan: EntryPlan, where: str, slot: Slot, ctor: Dict[str, Value]
                 ) -> Iterator[Dict[str, Any]]:
    for value in others(slot):
        yield with_one(plan, where, slot.name, value, ctor=ctor)


def others(slot: Slot) -> List[Value]:
    """The slot's values as other types, then generic values of types it has not had."""
    known = {key(v) for v in slot.values}
    had = {tag(v) for v in slot.values[:16]}
    out: List[Value] = []
    for value in slot.values[:KIN_OF_TOP]:
        out.extend(kin(value))
    out.extend(v for v in _generic() if tag(v) not in had)
    return [v for v in dedupe(out) if key(v) not in known]


def kin(value: Value) -> List[Value]:
    """The same value written as other types."""
    kind = value.get("k")
    out: List[Value] = []
    if kind == "int":
        n = int(value["v"])
        out = [vfloat(float(n)), vstr(str(n)), vdecimal(str(n))]
        if n in (0, 1):
            out.append(vbool(bool(n)))
    elif kind == "float":
        f = float(str(value["v"]))
        if f == f and abs(f) != float("inf"):
            if f == int(f) and abs(f) < 1e15:
                out.append(vint(int(f)))
            out += [vstr(repr(f)), vdecimal(repr(f))]
    elif kind == "str":
        text = str(value["v"])
        try:
            out += [vbytes(text.encode("ascii"))] + buffers(text.encode("ascii"))
        except UnicodeEncodeError:
            pass
        number = _number(text)
        if number is not None:
            out.append(vint(int(number)) if number == int(number) else vfloat(float(number)))
    elif kind == "bytes":
        out = [vstr(str(value["v"]))] + buffers(str(value["v"]).encode("latin-1", "replace"))
    elif kind == "bool":
        out = [vint(int(bool(value["v"]))), vstr(str(bool(value["v"])))]
    elif kind == "none":
        out = [vstr(""), vint(0), vbool(False)]
    elif kind == "list":
        items = list(value.get("items") or [])
        out = [vseq("tuple", items)]
        if all(i.get("k") in ("int", "str", "float", "bool", "bytes", "none") for i in items):
            out.append(vseq("set", _unique(items)))
    elif kind in ("tuple", "set", "frozenset"):
        out = [vseq("list", list(value.get("items") or []))]
    return out


def buffers(data: bytes) -> List[Value]:
    """The other built-in objects of the buffer protocol holding ``data``: code that converts
    bytes-like values accepts them where a check for ``bytes`` does not."""
    return [vcall("bytearray", [], [vbytes(data)], obj=True),
            vcall("memoryview", [], [vbytes(data)])]


def _number(text: str) -> Any:
    try:
        number = Decimal(text.strip())
    except (InvalidOperation, ValueError):
        return None
    return number if number.is_finite() and text.strip() else None


def _unique(items: List[Value]) -> List[Value]:
    seen, out = set(), []
    for item in items:
        if key(item) not in seen:
            seen.add(key(item))
            out.append(item)
    return out


def _generic() -> List[Value]:
    return [vint(1), vfloat(2.5), vstr("abc"), vbytes(b"abc"), vbool(True), vnone(),
            vseq("list", [vint(1), vint(2)]), vseq("tuple", [vint(1), vint(2)]),
            vdict([(vstr("a"), vint(1))])]
