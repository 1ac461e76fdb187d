"""Line items and invoices."""

from dataclasses import dataclass
from decimal import Decimal
from typing import Iterable, Iterator, List, Optional

from .money import Number, round_amount, to_decimal
from .tax import discount_for, tax_for


@dataclass(frozen=True)
class LineItem:
    """One line of an invoice: ``quantity`` units of ``sku`` at ``unit_price`` each."""

    sku: str
    description: str
    quantity: int
    unit_price: Decimal

    def __post_init__(self) -> None:
        object.__setattr__(self, "unit_price", to_decimal(self.unit_price))

    @property
    def gross(self) -> Decimal:
        """Quantity times unit price, rounded to cents."""
        return round_amount(self.unit_price * self.quantity)

    def discount(self) -> Decimal:
        """Quantity discount for this line."""
        return discount_for(self.quantity, self.unit_price)

    def net(self) -> Decimal:
        """Gross amount minus the quantity discount."""
        return self.gross - self.discount()


class Invoice:
    """An ordered collection of line items for one customer.

    ``len(invoice)`` is the number of lines, ``sku in invoice`` tells whether a
    line with that SKU exists (ignoring case), and iterating yields the
    :class:`LineItem` objects.

    >>> invoice = Invoice("ACME", items=[LineItem("AB-1", "Blue pen", 3, "2.50")])
    >>> len(invoice), "AB-1" in invoice, invoice.subtotal()
    (1, True, Decimal('7.50'))
    """

    def __init__(self, customer: str, currency: str = "EUR", items: Iterable[LineItem] = ()) -> None:
        if not customer.strip():
            raise ValueError("customer must not be empty")
        self.customer = customer
        self.currency = currency
        self._items: List[LineItem] = []
        for item in items:
            self.add(item)

    def add(self, item: LineItem) -> None:
        """Append ``item``; its quantity must be positive."""
        if item.quantity <= 0:
            raise ValueError(f"quantity must be positive, got {item.quantity}")
        self._items.append(item)

    def remove(self, sku: str) -> LineItem:
        """Remove and return the first line with this SKU."""
        for index, item in enumerate(self._items):
            if item.sku == sku:
                return self._items.pop(index)
        raise KeyError(sku)

    def subtotal(self) -> Decimal:
        """Sum of the net line amounts."""
        return round_amount(sum(self._net_amounts(), Decimal("0")))

    def _net_amounts(self) -> Iterator[Decimal]:
        """The net amount of each line, in order."""
        return (item.net() for item in self._items)

    def tax(self, rate: Optional[Number] = None) -> Decimal:
        """Tax on the subtotal (see :func:`invoicekit.tax.tax_for`)."""
        return tax_for(self.subtotal(), rate)

    def total(self, rate: Optional[Number] = None) -> Decimal:
        """Subtotal plus tax."""
        return self.subtotal() + self.tax(rate)

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[LineItem]:
        return iter(self._items)

    def __contains__(self, sku: object) -> bool:
        # SKUs are printed in upper case but often typed in lower case.
        if not isinstance(sku, str):
            return False
        wanted = sku.strip().upper()
        return any(item.sku.upper() == wanted for item in self._items)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Invoice):
            return NotImplemented
        return (self.customer, self.currency, self._items) == (other.customer, other.currency, other._items)

    def __repr__(self) -> str:
        return f"<Invoice {self.customer!r} {self.currency}, {len(self._items)} lines>"
