import re
from datetime import datetime, timezone

from invoicekit import LINE_WIDTH, Invoice, LineItem, invoice_header, new_invoice_id, render_invoice

ISSUED = datetime(2024, 3, 1, 9, 30, tzinfo=timezone.utc)


def test_new_invoice_id_format():
    assert re.fullmatch(r"INV-[0-9A-F]{8}", new_invoice_id())
    assert new_invoice_id("CR").startswith("CR-")


def test_invoice_header():
    header = invoice_header(Invoice("ACME"), "INV-0001", ISSUED)
    assert header == "Invoice INV-0001\nCustomer: ACME\nIssued: 2024-03-01 09:30:00 UTC"


def test_render_invoice_layout():
    invoice = Invoice("ACME", items=[LineItem("AB-1", "Blue pen", 3, "2.50")])
    text = render_invoice(invoice, invoice_id="INV-0001", issued=ISSUED)
    lines = text.splitlines()
    assert lines[:3] == ["Invoice INV-0001", "Customer: ACME", "Issued: 2024-03-01 09:30:00 UTC"]
    body = lines[4:]
    assert all(len(line) == LINE_WIDTH for line in body)
    assert body[0].startswith("3 x Blue pen") and body[0].endswith("€7.50")
    assert body[-3].startswith("Subtotal")
    assert body[-1].startswith("Total")


def test_long_descriptions_are_truncated():
    invoice = Invoice("ACME", items=[LineItem("AB-1", "A very long description " * 3, 1, "1.00")])
    line = render_invoice(invoice, invoice_id="INV-0001", issued=ISSUED).splitlines()[4]
    assert len(line) == LINE_WIDTH
    assert "…" in line
