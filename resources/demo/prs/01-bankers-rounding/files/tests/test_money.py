from decimal import Decimal

import pytest

from invoicekit import format_amount, round_amount, to_decimal


def test_to_decimal_accepts_strings_ints_and_floats():
    assert to_decimal("2.50") == Decimal("2.50")
    assert to_decimal(3) == Decimal(3)
    assert to_decimal(0.1) == Decimal("0.1")


@pytest.mark.parametrize("bad", ["abc", "", "nan", float("inf")])
def test_to_decimal_rejects_non_numbers(bad):
    with pytest.raises(ValueError):
        to_decimal(bad)


def test_to_decimal_rejects_booleans():
    with pytest.raises(TypeError):
        to_decimal(True)


def test_round_amount():
    assert round_amount("2.341") == Decimal("2.34")
    assert round_amount("2.349") == Decimal("2.35")
    assert round_amount(7, 0) == Decimal("7")


def test_round_amount_rounds_halves_to_even():
    assert round_amount("0.125") == Decimal("0.12")
    assert round_amount("0.135") == Decimal("0.14")
    assert round_amount("-0.125") == Decimal("-0.12")
    assert round_amount("2.5", 0) == Decimal("2")


def test_format_amount():
    assert format_amount("1234.5") == "€1,234.50"
    assert format_amount(-3, "USD") == "-$3.00"
    assert format_amount(1500, "JPY") == "¥1,500"
    assert format_amount("9.99", "CHF") == "CHF 9.99"
