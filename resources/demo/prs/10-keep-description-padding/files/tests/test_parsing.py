from decimal import Decimal

import pytest

from invoicekit import LineItem, parse_item, parse_items

SAMPLE = """# sku;qty;price;description
AB-1;3;2.50;Blue pen

CD-2;10;4.00;Notebook; A5, squared
"""


def test_parse_item():
    assert parse_item("AB-1; 3; 2.50; Blue pen") == LineItem("AB-1", "Blue pen", 3, Decimal("2.50"))


def test_parse_item_keeps_the_spacing_of_descriptions():
    assert parse_item("AB-1;3;2.50;  Pen  (blue)").description == " Pen  (blue)"


@pytest.mark.parametrize("line", ["AB-1;3;2.50", ";3;2.50;Pen", "AB-1;three;2.50;Pen", "AB-1;3;x;Pen"])
def test_parse_item_rejects_bad_records(line):
    with pytest.raises(ValueError):
        parse_item(line)


def test_parse_items_skips_comments_and_empty_lines():
    items = parse_items(SAMPLE)
    assert [item.sku for item in items] == ["AB-1", "CD-2"]
    assert items[1].description == "Notebook; A5, squared"


def test_parse_items_keeps_unicode_line_separators_in_descriptions():
    items = parse_items("AB-1;1;2.00;Blue pen\u2028(box of 10)\n")
    assert [item.description for item in items] == ["Blue pen\u2028(box of 10)"]


def test_parse_items_reports_line_number():
    with pytest.raises(ValueError, match="line 2"):
        parse_items("AB-1;3;2.50;Blue pen\nbroken\n")
