"""``value_relations``: deliberate relations among the values of one call.

Independent draws rarely make two arguments the same object, or put them in a chosen order, so
code that compares, merges or mutates its inputs is reached by chance only.  For the call's
parameters, on the base call:

1. one object passed as two arguments (``move(items, items)``), and the receiver passed to its
   own method (``box.merge(box)``);
2. two parameters equal: the same value written twice, so equal but distinct objects;
3. two numbers or two strings in both orders and equal (``a < b``, ``a > b``, ``a == b``);
4. one container with its elements sorted, reversed, all the same, and with one repeated.
"""

from __future__ import annotations

import itertools
from decimal import Decimal
from typing import Any, Dict, Iterator, List, Optional, Tuple

from ..plans import EntryPlan, Slot
from ..registry import Context, strategy
from ..strategies import per_plan
from ..values import Value, dedupe, is_mutable, key, python_number, tag, valias, vseq
from .common import base_receiver, call_with, interleave

ORDERED = ("int", "float", "str", "bytes", "call:Decimal")


@strategy("value_relations", 1, rule=True)
def value_relations(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """Deliberate relations among one call's values: one object passed as two arguments (or the
    receiver to its own method), two parameters equal but distinct, two numbers or strings in
    both orders, a container sorted, reversed, all alike or with a repeat: code that compares,
    merges or mutates its inputs behaves differently here."""
    return per_plan(ctx, "value_relations", lambda plan, _rng: _plan_stream(plan))


def _plan_stream(plan: EntryPlan) -> Iterator[Dict[str, Any]]:
    ctor = base_receiver(plan)
    return interleave([_aliases(plan, ctor), _pairs(plan, ctor), _orders(plan, ctor)])


def _aliases(plan: EntryPlan, ctor: Dict[str, Value]) -> Iterator[Dict[str, Any]]:
    call = [s for s in plan.call if s.kind != "var_positional"]
    for a, b in itertools.combinations(call, 2):
        shared = _mutable_in_common(a, b)
        if shared is not None:
            yield call_with(plan, {a.name: shared, b.name: valias(a.name)}, ctor)
    if plan.ctor is not None and plan.op in ("method", "special"):
        for slot in call:
            if any(v.get("k") == "like_obj" or (v.get("k") == "call" and v.get("fn") ==
                                                 plan.expr.split(".")[-1])
                   for v in slot.values[:12]):
                yield call_with(plan, {slot.name: valias("")}, ctor)


def _mutable_in_common(a: Slot, b: Slot) -> Optional[Value]:
    """A mutable value ``a`` takes whose kind ``b`` takes too (the object both will share)."""
    b_tags = {tag(v) for v in b.values[:16]}
    untyped_b = len(b_tags) >= 4
    for value in a.values[:16]:
        if is_mutable(value) and value.get("k") != "like_obj" and \
                (tag(value) in b_tags or untyped_b):
            return value
    return None


def _pairs(plan: EntryPlan, ctor: Dict[str, Value]) -> Iterator[Dict[str, Any]]:
    """Equal values for two parameters of the same kind (distinct objects when mutable)."""
    call = [s for s in plan.call if s.kind != "var_positional"]
    for a, b in itertools.combinations(call, 2):
        b_tags = {tag(v) for v in b.values[:16]}
        for value in a.values[:6]:
            if tag(value) in b_tags and value.get("k") != "like_obj":
                yield call_with(plan, {a.name: value, b.name: value}, ctor)


def _orders(plan: EntryPlan, ctor: Dict[str, Value]) -> Iterator[Dict[str, Any]]:
    call = [s for s in plan.call if s.kind != "var_positional"]
    for a, b in itertools.combinations(call, 2):
        low_high = _low_high(a, b)
        if low_high is not None:
            low, high = low_high
            for x, y in ((low, high), (high, low), (high, high), (low, low)):
                yield call_with(plan, {a.name: x, b.name: y}, ctor)
    for slot in call:
        for value in slot.values[:8]:
            for variant in arrangements(value):
                yield call_with(plan, {slot.name: variant}, ctor)


def _low_high(a: Slot, b: Slot) -> Optional[Tuple[Value, Value]]:
    """Two distinct values of one ordered kind both parameters take, the lower first."""
    for kind in ORDERED:
        pool = dedupe([v for v in a.values[:12] + b.values[:12] if tag(v) == kind])
        if kind in {tag(v) for v in a.values[:12]} and kind in {tag(v) for v in b.values[:12]} \
                and len(pool) >= 2:
            ranked = sorted(pool[:6], key=_order_key)
            if key(ranked[0]) != key(ranked[-1]):
                return ranked[0], ranked[-1]
    return None


def _order_key(value: Value) -> Any:
    number = python_number(value)
    if number is not None:
        exact = Decimal(str(number)) if not isinstance(number, Decimal) else number
        if exact.is_finite():
            return (0, exact, "")
        return (2, Decimal(0), str(number))
    return (1, Decimal(0), str(value.get("v", "")))


def arrangements(value: Value) -> List[Value]:
    """A list or tuple of orderable elements sorted, reversed, all alike and with a repeat."""
    kind = value.get("k")
    items = list(value.get("items") or [])
    if kind not in ("list", "tuple") or len(items) < 2:
        return []
    tags = {tag(i) for i in items}
    if len(tags) != 1 or next(iter(tags)) not in ORDERED:
        return []
    ranked = sorted(items, key=_order_key)
    out = [vseq(kind, ranked), vseq(kind, list(reversed(ranked))), vseq(kind, [items[0]] * 3),
           vseq(kind, items + [items[0]])]
    return [v for v in dedupe(out) if key(v) != key(value)]
