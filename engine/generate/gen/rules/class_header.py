"""``class_header``: a class whose bases, keywords or decorators changed, probed as a class.

A new base can change what the class object itself supports while no method behaves otherwise:
``class Spec(Generic[T])`` makes ``Spec[int]`` legal, a ``Mapping`` or ``Iterable`` base makes
every ``isinstance`` check against it true, a ``Protocol`` or ``ABC`` base changes what can be
instantiated.  Calling the methods never shows that.  For an entry point on a class whose header
differs between the versions (``object`` left out, as the analysis compares headers), the test
subscripts the class and lists the ``collections.abc`` classes it is a subclass of.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, Optional, Tuple

from pymodel.syntax import class_header as header_of

from ..plans import EntryPlan
from ..registry import Context, strategy
from .common import class_probe

STRATEGY = "class_header"
PROBE = "class_protocol"
CLASS_OPS = ("method", "property", "setter", "special", "construct")


@strategy(STRATEGY, 0, rule=True)
def class_header(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """For a class whose header (bases, keywords, decorators) changed: whether ``Cls[int]``
    works and which ``collections.abc`` classes it is a subclass of; a new ``Generic`` or
    ``Mapping`` base changes what the class supports while every method behaves the same."""
    seen = set()
    for plan in ctx.target.plans:
        if plan.op not in CLASS_OPS or plan.versions != "both" or plan.expr in seen:
            continue
        seen.add(plan.expr)
        if header_changed(plan):
            yield plan, class_probe(plan, PROBE)


def header_changed(plan: EntryPlan) -> bool:
    """Whether the plan's class has a header on both versions and they differ."""
    source = plan.source
    if source is None or len(source.sides) < 2:
        return False
    headers = [_header(raw) for raw in source.sides.values()]
    return None not in headers and len(set(headers)) > 1


def _header(raw: Any) -> Optional[str]:
    if not raw.class_qual:
        return None
    found = raw.tree.find_def(raw.class_qual)
    return header_of(found[1]) if found is not None else None
