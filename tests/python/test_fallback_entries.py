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


ELEMENTS = '''
class _True:
    def __call__(self):
        return self

    def other(self):
        return 1


class _Hidden:
    def __call__(self):
        return self


class Algebra:
    def __init__(self, true_class=None):
        self.TRUE = (true_class or _True)()
'''


def test_a_special_method_of_a_private_class_public_code_builds_is_entered_directly(
        tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "elements.py").write_text(ELEMENTS)
    tree = Tree(str(tmp_path))
    items = fallback_items(tree, "pkg.elements._True.__call__", "new_only")
    entries = [i["entry"] for i in items]
    assert [(e["qualname"], e["expr"], e["class"]["expr"]) for e in entries if e["class"]] == [
        ("pkg.elements._True.__call__", "_True.__call__", "_True")]  # not ``other``
    assert entries[0]["import_line"] == "from pkg.elements import _True"
    # a private class no public code names stays out of reach
    hidden = fallback_items(tree, "pkg.elements._Hidden.__call__", "new_only")
    assert not [i for i in hidden if i["entry"]["class"]]
