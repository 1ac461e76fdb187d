"""Reading line items from simple semicolon-separated text.

Each record is ``SKU;QUANTITY;UNIT_PRICE;DESCRIPTION``; the description is the
rest of the line and may itself contain semicolons.
"""

from typing import List

from .invoice import LineItem
from .money import to_decimal

FIELD_SEPARATOR = ";"
COMMENT_PREFIX = "#"


def parse_item(line: str) -> LineItem:
    """Parse one record.

    >>> parse_item("AB-1; 3; 2.50; Blue pen")
    LineItem(sku='AB-1', description='Blue pen', quantity=3, unit_price=Decimal('2.50'))
    """
    fields = line.split(FIELD_SEPARATOR, 3)
    if len(fields) != 4:
        raise ValueError(f"expected 4 fields, got {len(fields)}: {line!r}")
    sku, quantity, price = (field.strip() for field in fields[:3])
    # The description keeps its own spacing (columns aligned with spaces); only the one space
    # that usually follows the separator is dropped.
    description = fields[3][1:] if fields[3].startswith(" ") else fields[3]
    if not sku:
        raise ValueError("empty SKU")
    try:
        count = int(quantity)
    except ValueError:
        raise ValueError(f"bad quantity: {quantity!r}") from None
    return LineItem(sku, description, count, to_decimal(price))


def parse_items(text: str) -> List[LineItem]:
    """Parse one record per line; empty lines and lines starting with ``#`` are skipped.

    >>> [item.sku for item in parse_items("# sku;qty;price;description\\nAB-1;3;2.50;Blue pen\\n")]
    ['AB-1']
    """
    items: List[LineItem] = []
    # Not str.splitlines(): it also breaks on \x0b, \x0c, \x1c-\x1e, \x85, U+2028 and U+2029,
    # which may legitimately appear inside a description.
    for number, line in enumerate(text.split("\n"), start=1):
        if not line or line.startswith(COMMENT_PREFIX):
            continue
        try:
            items.append(parse_item(line))
        except ValueError as exc:
            raise ValueError(f"line {number}: {exc}") from None
    return items
