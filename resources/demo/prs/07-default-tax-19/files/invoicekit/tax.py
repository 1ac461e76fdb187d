"""Tax and quantity discounts."""

from decimal import Decimal
from typing import Optional, Tuple

from .money import Number, round_amount, to_decimal

#: Tax rate applied when the caller does not pass one (a fraction, not a percentage).
DEFAULT_TAX_RATE = Decimal("0.19")

#: Quantities at which the small, medium and bulk discount tiers start.
SMALL_THRESHOLD = 10
MEDIUM_THRESHOLD = 50
BULK_THRESHOLD = 100

# Discount rate per tier: none, small, medium, bulk.
_TIER_RATES: Tuple[Decimal, ...] = (Decimal("0"), Decimal("0.02"), Decimal("0.05"), Decimal("0.10"))


def tax_for(amount: Number, rate: Optional[Number] = None) -> Decimal:
    """Tax due on ``amount``, rounded to cents.

    ``rate`` is a fraction (``0.2`` for 20 %); it defaults to :data:`DEFAULT_TAX_RATE`.

    >>> tax_for("100")
    Decimal('19.00')
    >>> tax_for("19.99", "0.07")
    Decimal('1.40')
    """
    rate_value = DEFAULT_TAX_RATE if rate is None else to_decimal(rate)
    if not 0 <= rate_value <= 1:
        raise ValueError(f"tax rate must be between 0 and 1, got {rate_value}")
    return round_amount(to_decimal(amount) * rate_value)


def discount_for(quantity: int, unit_price: Number) -> Decimal:
    """Discount granted when buying ``quantity`` units at ``unit_price``, rounded to cents.

    >>> discount_for(10, "5.00")
    Decimal('1.00')
    >>> discount_for(9, "5.00")
    Decimal('0.00')
    """
    rate = _discount_rate(quantity)
    return round_amount(to_decimal(unit_price) * quantity * rate)


def _discount_rate(quantity: int) -> Decimal:
    """Discount rate (a fraction) for ``quantity`` units."""
    if isinstance(quantity, bool) or not isinstance(quantity, int):
        raise TypeError(f"quantity must be an int, got {type(quantity).__name__}")
    if quantity < 0:
        raise ValueError(f"quantity must not be negative, got {quantity}")
    return _TIER_RATES[_tier_for(quantity)]


def _tier_for(quantity: int) -> int:
    """Index into ``_TIER_RATES`` for ``quantity``: 0 none, 1 small, 2 medium, 3 bulk."""
    if quantity < SMALL_THRESHOLD:
        return 0
    if quantity < MEDIUM_THRESHOLD:
        return 1
    if quantity <= BULK_THRESHOLD:
        return 2
    return 3
