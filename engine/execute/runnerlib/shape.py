"""The shape of a snippet's result: its type and rough size, for behaviour coverage.

The search counts the distinct *outcome signatures* each target showed (an exception type, or
the result's shape) and keeps going while new ones appear.  A shape is short text: ``None``,
``bool:True``, ``int:+`` (sign ``-``, ``0`` or ``+``), ``float:nan``, ``str[0]``, ``str[2-9]``,
``list[3] of int|str``, ``dict[1] of str:int``, ``tuple[2] of int``, ``pkg.mod.Box``.  Sizes are
exact up to 3, then bucketed (4-9, 10-99, 100+), so a search cannot collect signatures
forever by growing a list.  Only exact built-in types are looked into (``len`` and iteration
of anything else could run the project's code again); everything else is its qualified type
name.  Never raises.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from typing import Any, Iterable, List

from .common import qualified_name

MAX_ELEMENTS = 200
MAX_NAMES = 3


def size_bucket(n: int) -> str:
    if n <= 3:
        return str(n)
    if n <= 9:
        return "4-9"
    if n <= 99:
        return "10-99"
    return "100+"


def _sign(number: Any) -> str:
    try:
        if isinstance(number, float) and math.isnan(number):
            return "nan"
        if isinstance(number, Decimal) and number.is_nan():
            return "nan"
        if number in (float("inf"), float("-inf")):
            return "inf" if number > 0 else "-inf"
        return "-" if number < 0 else ("0" if number == 0 else "+")
    except Exception:  # noqa: B902 - a shape must never fail the run
        return "?"


def _names(values: Iterable[Any]) -> str:
    names: List[str] = []
    for index, value in enumerate(values):
        if index >= MAX_ELEMENTS:
            break
        name = qualified_name(type(value))
        if name not in names:
            names.append(name)
    names.sort()
    if len(names) > MAX_NAMES:
        names = names[:MAX_NAMES] + ["..."]
    return "|".join(names)


def result_shape(value: Any) -> str:
    """The shape of ``value`` (see the module docstring)."""
    try:
        kind = type(value)
        if value is None:
            return "None"
        if kind is bool:
            return "bool:%s" % value
        if kind in (int, float, Decimal, Fraction):
            return "%s:%s" % (qualified_name(kind), _sign(value))
        if kind in (str, bytes, bytearray):
            return "%s[%s]" % (kind.__name__, size_bucket(len(value)))
        if kind in (list, tuple, set, frozenset):
            text = "%s[%s]" % (kind.__name__, size_bucket(len(value)))
            inner = _names(value)
            return text + (" of " + inner if inner else "")
        if kind is dict:
            text = "dict[%s]" % size_bucket(len(value))
            if value:
                text += " of %s:%s" % (_names(value.keys()), _names(value.values()))
            return text
        return qualified_name(kind)
    except Exception:  # noqa: B902 - a shape must never fail the run
        return "?"
