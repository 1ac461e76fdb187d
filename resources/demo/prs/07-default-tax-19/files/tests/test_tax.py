from decimal import Decimal

import pytest

from invoicekit import discount_for, tax_for


def test_tax_for_uses_default_rate():
    assert tax_for("100") == Decimal("19.00")


def test_tax_for_explicit_rate():
    assert tax_for("19.99", "0.07") == Decimal("1.40")
    assert tax_for(50, 0) == Decimal("0.00")


def test_tax_for_rejects_rates_outside_unit_interval():
    with pytest.raises(ValueError):
        tax_for(10, "1.5")


@pytest.mark.parametrize(
    "quantity, unit_price, expected",
    [
        (1, "5.00", "0.00"),
        (9, "5.00", "0.00"),
        (10, "5.00", "1.00"),
        (50, "2.00", "5.00"),
        (120, "1.00", "12.00"),
    ],
)
def test_discount_for(quantity, unit_price, expected):
    assert discount_for(quantity, unit_price) == Decimal(expected)


def test_discount_for_rejects_negative_quantity():
    with pytest.raises(ValueError):
        discount_for(-1, "1.00")
