"""``protocol_membership``: a special method one version has and the other has not.

A class that loses ``__getitem__`` (or gains ``__len__``, ``__iter__``, ``__hash__`` ...) changes
which protocols its instances take part in, even when calling the method shows nothing: a
``__getitem__`` that raised TypeError and no ``__getitem__`` at all both raise TypeError on
``x[0]``, yet ``iter(x)``, ``hasattr(x, '__getitem__')`` and every duck-typing check tell them
apart.  For an entry point that is a special method on one side only, the test observes whether
the class supports the protocol: ``callable(getattr(Cls, '__getitem__', None))`` (``callable``
and not ``hasattr``, so that ``__hash__ = None`` reads as unhashable).  Special methods every
class inherits from ``object`` (``__init__``, ``__repr__``, ``__eq__`` ...) are skipped: their
membership cannot change.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, Tuple

from ..plans import EntryPlan
from ..registry import Context, strategy
from .common import class_probe

PROBE = "membership"


@strategy("protocol_membership", 0, rule=True)
def protocol_membership(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """For a special method only one version defines, whether the class supports its protocol
    (``callable(getattr(Cls, '__getitem__', None))``): a removed or added special method can
    change what ``iter()``, ``in``, ``len()`` or a duck-typing check do while calling it raises
    the same exception on both sides."""
    seen = set()
    for plan in ctx.target.plans:
        if not membership_can_change(plan) or plan.expr in seen:
            continue
        seen.add(plan.expr)
        yield plan, class_probe(plan, PROBE)


def membership_can_change(plan: EntryPlan) -> bool:
    dunder = plan.dunder or ""
    if plan.op != "special" or plan.versions == "both" or not dunder:
        return False
    return dunder == "__hash__" or not hasattr(object, dunder)
