"""invoicekit - small helpers for building, reading and rendering plain-text invoices."""

from .invoice import Invoice, ItemNotFoundError, LineItem
from .money import CURRENCY_SYMBOLS, format_money, round_amount, to_decimal
from .parsing import parse_item, parse_items
from .report import LINE_WIDTH, invoice_header, new_invoice_id, render_invoice
from .tax import DEFAULT_TAX_RATE, discount_for, tax_for

__version__ = "0.3.0"

__all__ = [
    "CURRENCY_SYMBOLS",
    "DEFAULT_TAX_RATE",
    "Invoice",
    "ItemNotFoundError",
    "LINE_WIDTH",
    "LineItem",
    "discount_for",
    "format_money",
    "invoice_header",
    "new_invoice_id",
    "parse_item",
    "parse_items",
    "render_invoice",
    "round_amount",
    "tax_for",
    "to_decimal",
]
