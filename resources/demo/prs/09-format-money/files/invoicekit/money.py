"""Amounts of money: conversion, rounding and formatting.

All amounts are :class:`decimal.Decimal` values. Floats are converted through
their shortest ``repr`` so that ``0.1`` becomes ``Decimal('0.1')`` rather than
its binary approximation.
"""

from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation
from typing import Dict, Union

Number = Union[int, float, str, Decimal]

#: Symbols used by :func:`format_money`; other currencies are shown by their code.
CURRENCY_SYMBOLS: Dict[str, str] = {"EUR": "€", "USD": "$", "GBP": "£", "JPY": "¥"}

# Currencies whose minor unit is not the cent.
_MINOR_UNITS: Dict[str, int] = {"JPY": 0}


def to_decimal(value: Number) -> Decimal:
    """Convert ``value`` to a finite Decimal.

    >>> to_decimal("2.50")
    Decimal('2.50')
    >>> to_decimal(0.1)
    Decimal('0.1')
    """
    if isinstance(value, bool):
        raise TypeError("a boolean is not an amount")
    if isinstance(value, Decimal):
        result = value
    elif isinstance(value, float):
        result = Decimal(repr(value))
    elif isinstance(value, (int, str)):
        try:
            result = Decimal(value)
        except InvalidOperation:
            raise ValueError(f"not a number: {value!r}") from None
    else:
        raise TypeError(f"unsupported amount type: {type(value).__name__}")
    if not result.is_finite():
        raise ValueError(f"not a finite amount: {value!r}")
    return result


def round_amount(value: Number, places: int = 2) -> Decimal:
    """Round ``value`` to ``places`` decimal places.

    Halves round to the even neighbour ("banker's rounding"), as our accounting
    system does, so rounding errors do not accumulate in one direction.

    >>> round_amount("2.345")
    Decimal('2.34')
    >>> round_amount("2.355")
    Decimal('2.36')
    >>> round_amount(7, 0)
    Decimal('7')
    """
    quantum = Decimal(1).scaleb(-places)
    return to_decimal(value).quantize(quantum, rounding=ROUND_HALF_EVEN)


def format_money(value: Number, currency: str = "EUR", *, symbol: bool = True) -> str:
    """Format ``value`` for display, e.g. ``'€1,234.50'`` or ``'-$3.00'``.

    With ``symbol=False`` the currency code is used instead of its symbol.

    >>> format_money("1234.5")
    '€1,234.50'
    >>> format_money(-3, "USD")
    '-$3.00'
    >>> format_money(1500, "JPY")
    '¥1,500'
    >>> format_money("1234.5", symbol=False)
    'EUR 1,234.50'
    """
    places = _MINOR_UNITS.get(currency, 2)
    amount = round_amount(value, places)
    code = currency + " "
    prefix = CURRENCY_SYMBOLS.get(currency, code) if symbol else code
    sign = "-" if amount < 0 else ""
    return f"{sign}{prefix}{abs(amount):,.{places}f}"
