"""``checked_classes``: plain values wrapped in the project classes the changed lines test for.

A change that adds or alters a branch for an object of one of the project's own classes (``if
isinstance(key, Optional):``) is reached only when a value is such an object; signature-driven
calls and the project's tests hand it plain strings and numbers.  Each class whose constructor
takes one argument (:mod:`gen.checked_classes`) wraps the leading scalars of every parameter on
a generated call (``Optional('a')``), and every scalar literal of a project test that reaches the
target (:func:`gen.project_tests.literals.mutants`, before its other alternatives).
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Tuple

from ..plans import EntryPlan
from ..registry import Context, strategy
from ..strategies import per_plan
from ..values import Value, vcall
from .common import base_receiver, each_value, interleave, slots

STRATEGY = "checked_classes"
SCALARS = 3  # leading scalar values of a parameter wrapped in each class
SCALAR_KINDS = ("str", "bytes", "int", "float")


@strategy(STRATEGY, 1, rule=True)
def checked_class_values(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """Each parameter's leading scalar values wrapped in each project class the changed lines
    test a value against with ``isinstance`` (``Optional('a')``), where its constructor takes
    that one argument; the project's tests get their literals wrapped the same way."""
    classes = ctx.target.checked_classes
    if not classes:
        return iter(())
    return per_plan(ctx, STRATEGY, lambda plan, _rng: _plan_stream(plan, classes))


def _plan_stream(plan: EntryPlan, classes: List[Tuple[str, str]]) -> Iterator[Dict[str, Any]]:
    ctor = base_receiver(plan)
    streams = []
    for where, slot in slots(plan):
        values = wrapped(slot.values, classes)
        if values and slot.kind != "var_positional":
            streams.append(each_value(plan, where, slot.name, values, ctor))
    return interleave(streams)


def wrapped(values: List[Value], classes: List[Tuple[str, str]]) -> List[Value]:
    """The leading scalars of ``values``, each in each class."""
    scalars = [v for v in values if v.get("k") in SCALAR_KINDS][:SCALARS]
    return [vcall(expression, [line], [value], obj=True)
            for line, expression in classes for value in scalars]
