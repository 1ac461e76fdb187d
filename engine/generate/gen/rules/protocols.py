"""``protocol_objects``: protocols implemented in unusual but legal ways.

Duck-typed code promises to accept any iterable, any mapping, any number, any string; the values
it gets are the obvious built-ins.  For each parameter, one at a time on the base call, in the
form its values take:

* an iterable: a one-shot iterator (``iter([...])``), a generator, a tuple, a ``range``, a
  sized container that is not a list (``SizedBag``), a string for a sequence of characters;
* a mapping: ``MappingProxyType``, a ``Mapping`` subclass that is not a dict
  (``ReadOnlyMapping``), a ``defaultdict`` that invents missing keys, an ``OrderedDict``;
* a number: ``True``, ``Fraction(1, 3)``, ``Decimal('2.5')``, ``inf``, ``-inf``, ``nan``,
  ``-0.0``, ``10**20``; and containers of such numbers;
* a string: a ``str`` subclass, and containers of them;
* an untyped parameter: an object with value equality and hashing that is not a built-in
  (``ValueToken``) and a ``SizedBag``.

The helper classes are written into the snippet, so it stays ordinary Python the reviewer reads
and exports.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Tuple

from ..plans import EntryPlan, Slot
from ..registry import Context, strategy
from ..strategies import per_plan
from ..values import (Value, dedupe, key, tag, vbool, vcall, vdecimal, vexpr, vfloat, vint,
                      vseq, vstr)
from .common import base_receiver, each_value, interleave, slots

ONE_SHOT = '''def one_shot(items):
    # a generator: it can be iterated once only
    yield from items'''

SIZED_BAG = '''class SizedBag:
    """A sized, iterable container that is not a list."""

    def __init__(self, items):
        self._items = list(items)

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(self._items)

    def __contains__(self, item):
        return item in self._items

    def __repr__(self):
        return 'SizedBag(%r)' % (self._items,)'''

READ_ONLY_MAPPING = '''class ReadOnlyMapping(Mapping):
    """A mapping that is not a dict."""

    def __init__(self, data):
        self._data = dict(data)

    def __getitem__(self, key):
        return self._data[key]

    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)

    def __repr__(self):
        return 'ReadOnlyMapping(%r)' % (self._data,)'''

TEXT_SUBCLASS = '''class TextSubclass(str):
    """A str subclass: isinstance(x, str) holds, type(x) is str does not."""'''

VALUE_TOKEN = '''class ValueToken:
    """Equal and hashed by its value, ordered by it; not a built-in."""

    def __init__(self, value):
        self.value = value

    def __eq__(self, other):
        return isinstance(other, ValueToken) and other.value == self.value

    def __hash__(self):
        return hash(self.value)

    def __lt__(self, other):
        return self.value < other.value

    def __repr__(self):
        return 'ValueToken(%r)' % (self.value,)'''

NUMERIC = ("int", "float", "call:Decimal", "call:Fraction")
SEQUENCES = ("list", "tuple", "set", "frozenset")


@strategy("protocol_objects", 1, rule=True)
def protocol_objects(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """Protocols implemented in unusual but legal ways, one parameter at a time: iterables that
    are one-shot iterators, generators, tuples, ranges or sized non-lists; mappings that are not
    dicts (MappingProxyType, a Mapping subclass, a defaultdict); numbers that are True,
    Fraction, Decimal, inf or nan; str subclasses; objects with value equality that are not
    built-ins: duck-typed code meets what its contract allows."""
    return per_plan(ctx, "protocol_objects", lambda plan, _rng: _plan_stream(plan))


def _plan_stream(plan: EntryPlan) -> Iterator[Dict[str, Any]]:
    ctor = base_receiver(plan)
    streams = []
    for where, slot in slots(plan):
        if slot.kind == "var_positional":
            continue
        known = {key(v) for v in slot.values}
        values = [v for v in unusual(slot) if key(v) not in known]
        streams.append(each_value(plan, where, slot.name, values, ctor))
    return interleave(streams)


def unusual(slot: Slot) -> List[Value]:
    """Legal, unusual values for the protocols the slot's values follow."""
    taken = [tag(v) for v in slot.values[:16]]
    untyped = len(set(taken)) >= 4
    out: List[Value] = []
    for value in slot.values[:8]:
        kind = value.get("k")
        if kind in SEQUENCES and value.get("items"):
            out.extend(iterables(value))
            break
    if "dict" in taken:
        sample = next(v for v in slot.values[:16] if v.get("k") == "dict")
        out.extend(mappings(sample))
    if any(t in NUMERIC for t in taken):
        out.extend(numbers())
    if "str" in taken and not untyped:
        out.append(text("abc"))
        out.append(text(next(str(v["v"]) for v in slot.values[:16] if v.get("k") == "str")))
    if untyped:
        out += [vcall("ValueToken", [], [vstr("abc")], defs=[VALUE_TOKEN]),
                vcall("SizedBag", [], [vseq("list", [vint(1), vint(2)])], defs=[SIZED_BAG])]
    return dedupe(out)


def iterables(value: Value) -> List[Value]:
    items = list(value.get("items") or [])
    plain = vseq("list", items)
    out = [vcall("iter", [], [plain]), vcall("one_shot", [], [plain], defs=[ONE_SHOT]),
           vseq("tuple", items), vcall("SizedBag", [], [plain], defs=[SIZED_BAG])]
    ints = [i.get("v") for i in items if i.get("k") == "int"]
    if len(ints) == len(items) and ints == list(range(ints[0], ints[0] + len(ints))):
        out.append(vcall("range", [], [vint(ints[0]), vint(ints[0] + len(ints))]))
    chars = [i.get("v") for i in items if i.get("k") == "str"]
    if len(chars) == len(items) and all(len(c) == 1 for c in chars):
        out.append(vstr("".join(chars)))
    if all(tag(i) in NUMERIC for i in items):
        out.append(vseq(value["k"], [vfloat(float("nan"))] + items[1:]))
        out.append(vseq(value["k"], items + [vfloat(float("inf"))]))
    if all(i.get("k") == "str" for i in items):
        out.append(vseq(value["k"], [text(str(i["v"])) for i in items]))
    return out


def mappings(value: Value) -> List[Value]:
    plain = {"k": "dict", "items": list(value.get("items") or [])}
    return [vcall("MappingProxyType", ["from types import MappingProxyType"], [plain]),
            vcall("ReadOnlyMapping", ["from collections.abc import Mapping"], [plain],
                  defs=[READ_ONLY_MAPPING]),
            vcall("defaultdict", ["from collections import defaultdict"],
                  [vexpr("int"), plain]),
            vcall("OrderedDict", ["from collections import OrderedDict"], [plain])]


def numbers() -> List[Value]:
    return [vbool(True), vcall("Fraction", ["from fractions import Fraction"],
                               [vint(1), vint(3)]),
            vdecimal("2.5"), vfloat(float("inf")), vfloat(float("-inf")),
            vfloat(float("nan")), vfloat(-0.0), vexpr("10 ** 20")]


def text(value: str) -> Value:
    return vcall("TextSubclass", [], [vstr(value)], defs=[TEXT_SUBCLASS])
