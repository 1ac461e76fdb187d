"""Plain-text rendering of invoices."""

import secrets
from datetime import datetime, timezone
from typing import Optional

from .invoice import Invoice
from .money import Number, format_amount

#: Width of a rendered invoice, in characters.
LINE_WIDTH = 40

TIMESTAMP_FORMAT = "%Y-%m-%d %H:%M:%S"


def new_invoice_id(prefix: str = "INV") -> str:
    """Return a fresh random invoice id such as ``'INV-3F9A1C2B'``."""
    return f"{prefix}-{secrets.token_hex(4).upper()}"


def invoice_header(invoice: Invoice, invoice_id: Optional[str] = None, issued: Optional[datetime] = None) -> str:
    """The first lines of a rendered invoice: id, customer and issue time (UTC).

    A new random id and the current time are used unless given.
    """
    if invoice_id is None:
        invoice_id = new_invoice_id()
    if issued is None:
        issued = datetime.now(timezone.utc)
    return "Invoice {}\nCustomer: {}\nIssued: {} UTC".format(
        invoice_id, invoice.customer, issued.strftime(TIMESTAMP_FORMAT)
    )


def render_invoice(
    invoice: Invoice,
    rate: Optional[Number] = None,
    invoice_id: Optional[str] = None,
    issued: Optional[datetime] = None,
) -> str:
    """Render ``invoice`` as fixed-width text ending with a newline."""
    currency = invoice.currency
    lines = [invoice_header(invoice, invoice_id, issued), ""]
    for item in invoice:
        lines.append(_pad(f"{item.quantity} x {item.description}", format_amount(item.net(), currency)))
    lines.append("-" * LINE_WIDTH)
    lines.append(_pad("Subtotal", format_amount(invoice.subtotal(), currency)))
    lines.append(_pad("Tax", format_amount(invoice.tax(rate), currency)))
    lines.append(_pad("Total", format_amount(invoice.total(rate), currency)))
    return "\n".join(lines) + "\n"


def _pad(label: str, amount: str, width: int = LINE_WIDTH) -> str:
    """Left-align ``label`` and right-align ``amount`` within ``width`` characters."""
    room = width - len(amount) - 1
    if len(label) > room:
        label = label[: max(room - 1, 0)] + "…"
    return label.ljust(room) + " " + amount
