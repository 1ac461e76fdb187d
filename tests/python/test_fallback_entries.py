"""Entry points around a target without call paths (gen/fallback.py)."""

from __future__ import annotations

import sys
from pathlib import Path

from helpers_dir import HELPERS

if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))

from gen.fallback import fallback_items  # noqa: E402
from pymodel.project import Tree  # noqa: E402

MODULE = '''
__all__ = ["parse"]


def parse(text):
    return text.strip()


def is_valid(text):
    return bool(text)


def _hidden(text):
    return text
'''


def _tree(tmp_path: Path) -> Tree:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("from pkg.mod import *\n")
    (tmp_path / "pkg" / "mod.py").write_text(MODULE)
    return Tree(str(tmp_path))


def test_a_function_all_leaves_out_is_called_itself_first(tmp_path: Path) -> None:
    items = fallback_items(_tree(tmp_path), "pkg.mod.is_valid", "both")
    entry = items[0]["entry"]
    assert (entry["qualname"], entry["import_line"], entry["expr"]) == (
        "pkg.mod.is_valid", "from pkg.mod import is_valid", "is_valid")
    assert items[0]["path"] == ["pkg.mod.is_valid", "pkg.mod.is_valid"]
    assert "pkg.mod.parse" in [i["entry"]["qualname"] for i in items]


def test_a_private_function_is_reached_only_through_the_public_api(tmp_path: Path) -> None:
    items = fallback_items(_tree(tmp_path), "pkg.mod._hidden", "both")
    assert items and all(i["entry"]["qualname"] != "pkg.mod._hidden" for i in items)
