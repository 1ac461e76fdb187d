from decimal import Decimal

import pytest

from invoicekit import Invoice, ItemNotFoundError, LineItem


def make_invoice():
    return Invoice(
        "ACME",
        items=[
            LineItem("AB-1", "Blue pen", 3, "2.50"),
            LineItem("CD-2", "Notebook", 10, "4.00"),
        ],
    )


def test_len_iter_and_contains():
    invoice = make_invoice()
    assert len(invoice) == 2
    assert [item.sku for item in invoice] == ["AB-1", "CD-2"]
    assert "AB-1" in invoice
    assert "XX-9" not in invoice


def test_contains_ignores_case_and_whitespace():
    invoice = make_invoice()
    assert "ab-1" in invoice
    assert " Cd-2 " in invoice
    assert 1 not in invoice


def test_equality():
    assert make_invoice() == make_invoice()
    other = make_invoice()
    other.remove("AB-1")
    assert other != make_invoice()


def test_totals():
    invoice = make_invoice()
    # 7.50 + (40.00 - 0.80 small-tier discount)
    assert invoice.subtotal() == Decimal("46.70")
    assert invoice.tax("0.10") == Decimal("4.67")
    assert invoice.total("0.10") == Decimal("51.37")


def test_add_rejects_non_positive_quantity():
    with pytest.raises(ValueError):
        Invoice("ACME").add(LineItem("AB-1", "Blue pen", 0, "2.50"))


def test_remove_unknown_sku():
    with pytest.raises(ItemNotFoundError, match="XX-9"):
        make_invoice().remove("XX-9")
