"""``repeated_calls``: the call under test after earlier calls naming the same first argument.

State kept per key (a cache, a registry, an ordered map, a counter) takes another branch when
the key is already there: an update, a move to the end, a replacement.  Set-up calls draw their
arguments apart from the call's, so they rarely name the call's key, and never first with a
falsy value (``if self.cache.get(key):`` mistakes a stored ``0`` for a missing key).  On a
method's receiver, with the call's first argument ``a`` and another of its values ``b``:

1. the method itself called first with ``a`` and each falsy value of another parameter (``0``,
   ``''``, ``None``, ``False``, an empty container), then with ``a`` again, with a call naming
   ``b`` between and without;
2. the same with the first call's values plain and the last call's falsy;
3. each other public mutator whose first parameter has the method's first parameter's name
   called with ``a`` first (``set(key, 0)`` before ``get(key)``).
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Tuple

from ..genome import make_args, make_genome
from ..plans import EntryPlan, Slot
from ..registry import Context, strategy
from ..strategies import per_plan
from ..values import Value, dedupe, key, tag, vint, vnone, vstr
from .common import base_receiver, interleave

STRATEGY = "repeated_calls"
MAX_FALSY = 3
ITEM_DUNDERS = ("__setitem__", "__getitem__", "__delitem__", "__contains__")
POSITIONAL = ("positional_only", "positional_or_keyword")


@strategy(STRATEGY, 1, rule=True)
def repeated_calls(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """The call after earlier calls on the same receiver naming its first argument: the method
    itself first with a falsy other argument (another key between or not), then with a plain
    one and a falsy last; other mutators taking a parameter of the same name first. State kept
    per key takes another branch when the key is already there."""
    return per_plan(ctx, STRATEGY, lambda plan, _rng: _plan_stream(plan))


def _plan_stream(plan: EntryPlan) -> Iterator[Dict[str, Any]]:
    first = _first_slot(plan)
    if first is None:
        return iter(())
    keys = _two_keys(first)
    if keys is None:
        return iter(())
    ctor = base_receiver(plan)
    return interleave([_own_calls(plan, ctor, first, keys), _mutator_calls(plan, ctor, first,
                                                                           keys[0])])


def _first_slot(plan: EntryPlan) -> Optional[Slot]:
    """The call's first positional slot, when the plan calls a method on a receiver."""
    if plan.ctor is None or plan.is_async or not plan.method:
        return None
    if plan.op != "method" and not (plan.op == "special" and plan.dunder in ITEM_DUNDERS):
        return None
    return next((s for s in plan.call if s.kind in POSITIONAL and s.values), None)


def _two_keys(slot: Slot) -> Optional[Tuple[Value, Value]]:
    """The slot's first value and another of the same kind (another key)."""
    a = slot.values[0]
    b = next((v for v in slot.values[1:12] if tag(v) == tag(a) and key(v) != key(a)), None)
    return (a, b) if b is not None else None


def _own_calls(plan: EntryPlan, ctor: Dict[str, Value], first: Slot,
               keys: Tuple[Value, Value]) -> Iterator[Dict[str, Any]]:
    a, b = keys
    rest = [s for s in plan.call if s is not first and
            s.kind not in ("var_positional", "var_keyword")]
    plain = {s.name: s.values[0] for s in rest if s.required and s.values}
    lows: List[Dict[str, Value]] = [dict(plain, **{s.name: v}) for s in rest
                                    for v in falsy_values(s)] or [dict(plain)]
    between = _own(plan, dict(plain, **{first.name: b}))
    last = dict(plain, **{first.name: a})
    early = _own(plan, last)
    for low in lows:
        early_low = _own(plan, dict(low, **{first.name: a}))
        yield make_genome(plan, last, ctor, [early_low, between])
        yield make_genome(plan, last, ctor, [early_low])
        if low != plain:  # else the same genome as the first
            yield make_genome(plan, dict(low, **{first.name: a}), ctor, [early, between])


def _mutator_calls(plan: EntryPlan, ctor: Dict[str, Value], first: Slot,
                   a: Value) -> Iterator[Dict[str, Any]]:
    call = {first.name: a}
    for item in plan.setups:
        shared = next((s for s in item.slots if s.kind in POSITIONAL), None)
        if shared is None or shared.name != first.name:
            continue
        others = [s for s in item.slots if s is not shared and s.required and s.values]
        plain = {s.name: s.values[0] for s in others}
        lows = [dict(plain, **{s.name: v}) for s in others for v in falsy_values(s)]
        for chosen in lows + [plain]:
            setup = {"method": item.method,
                     "args": make_args(item.slots, dict(chosen, **{first.name: a}))}
            yield make_genome(plan, call, ctor, [setup])


def _own(plan: EntryPlan, chosen: Dict[str, Value]) -> Dict[str, Any]:
    """A set-up call of the method under test itself."""
    return {"method": plan.method, "args": make_args(plan.call, chosen)}


def falsy_values(slot: Slot) -> List[Value]:
    """The slot's falsy values (its own first), else ``0``, ``''`` and ``None``."""
    own = [v for v in slot.values[:16] if _is_falsy(v)]
    return dedupe(own + [vint(0), vstr(""), vnone()])[:MAX_FALSY]


def _is_falsy(value: Value) -> bool:
    kind = value.get("k")
    if kind in ("none",):
        return True
    if kind in ("int", "bool", "str", "bytes"):
        return not value.get("v")
    if kind == "float":
        return value.get("v") in ("0.0", "-0.0")
    return kind in ("list", "tuple", "set", "frozenset", "dict") and not value.get("items")
