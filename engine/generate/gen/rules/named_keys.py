"""``named_keys``: a mapping keyed by the names another argument spells.

Templates, format strings, queries and path patterns name the keys they read from a mapping
passed beside them (``expand('{/x}', {'x': 0})``, ``render('%(user)s', values)``), or from one
passed to an object built from such a text (``Variable('/x').expand(values)``).  Keys and values
drawn apart almost never meet: the value is looked up under a key no test used, comes back
None, and the code that handles the value is never run with anything but None.  For a slot
that takes a mapping (its values hold a dict, or it is the call's ``**kwargs``), each identifier
spelled inside the leading string values of the other slots (of the call and of the receiver's
constructor) becomes a key, with a value of each common type: numbers, an empty and a short
string, None, a bool, empty and short lists, tuples and dicts.
"""

from __future__ import annotations

import keyword
import re
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

from ..plans import EntryPlan, Slot
from ..registry import Context, strategy
from ..strategies import per_plan
from ..values import Value, vbool, vdict, vfloat, vint, vnone, vseq, vstr
from .common import Where, base_receiver, call_with, interleave, slots

STRATEGY = "named_keys"
OWN_TEXTS = 10  # leading string values of a slot read for names
NAMES_PER_TEXT = 4
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,30}")


def _typed_values() -> List[Value]:
    return [vint(0), vint(1), vfloat(2.5), vint(-1), vstr(""), vstr("a"), vnone(), vbool(True),
            vseq("list", []), vseq("list", [vstr("a"), vstr("b")]),
            vseq("tuple", [vint(1), vint(2)]), vdict([]), vdict([(vstr("a"), vstr("b"))])]


@strategy(STRATEGY, 1, rule=True)
def named_keys(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """A mapping argument keyed by each name another argument's text spells (``'{/x}'`` gives
    ``{'x': ...}``), valued with each common type: a template reads only the keys it names, and
    keys and values drawn apart leave every value it reads None."""
    return per_plan(ctx, STRATEGY, lambda plan, _rng: _plan_stream(plan))


def _plan_stream(plan: EntryPlan) -> Iterator[Dict[str, Any]]:
    return interleave(keyed_streams(plan, _typed_values()))


def keyed_streams(plan: EntryPlan, values: List[Value],
                  texts_of: Optional[Callable[[Slot], List[str]]] = None
                  ) -> List[Iterator[Dict[str, Any]]]:
    """Per mapping slot of the call, calls keying it by each name the other slots' texts
    (``texts_of``, else their leading texts) spell, with each of ``values`` in turn."""
    texts_of = texts_of or _own_texts
    mappings = [slot for slot in plan.call if takes_mapping(slot)]
    texts = [(where, slot.name, text) for where, slot in slots(plan)
             if slot not in mappings for text in texts_of(slot)]
    if not mappings or not texts:
        return []
    ctor = base_receiver(plan)
    pairs = [(where, name, text, key) for where, name, text in texts
             for key in names_in(text)]
    return [_keyed(plan, ctor, mapping, pairs, values) for mapping in mappings]


def takes_mapping(slot: Slot) -> bool:
    """The call's ``**kwargs``, or a slot whose leading values hold a dict."""
    return slot.kind == "var_keyword" or any(v.get("k") == "dict" for v in slot.values[:8])


def names_in(text: str) -> List[str]:
    """The identifiers a text spells, in order, without repeats."""
    out: List[str] = []
    for name in IDENTIFIER.findall(text):
        if name not in out:
            out.append(name)
    return out[:NAMES_PER_TEXT]


def _own_texts(slot: Slot) -> List[str]:
    return naming_texts(slot)[:OWN_TEXTS]


def naming_texts(slot: Slot) -> List[str]:
    """The slot's string values that spell a name, in order, without repeats."""
    texts = [v["v"] for v in slot.values if v.get("k") == "str" and v.get("v")]
    return [t for t in dict.fromkeys(texts) if names_in(t)]


def _keyed(plan: EntryPlan, base: Dict[str, Value], mapping: Slot,
           pairs: List[Tuple[Where, str, str, str]], values: List[Value]
           ) -> Iterator[Dict[str, Any]]:
    """Each value in turn over every (text, name) pair: every name meets the first value
    (a number, for the common types) early."""
    declared = {slot.name for slot in plan.call}
    for value in values:
        for where, name, text, key in pairs:
            ctor, call = dict(base), {}
            (ctor if where == "ctor" else call)[name] = vstr(text)
            if mapping.kind == "var_keyword":
                if key in declared or keyword.iskeyword(key):
                    continue  # a declared parameter, or no keyword at all
                call[key] = value
            else:
                call[mapping.name] = vdict([(vstr(key), value)])
            yield call_with(plan, call, ctor)
