"""Tests for project tests that import private names the change removes (removed_names.py):
such a test is skipped with the reason, a public name's removal is kept (it breaks users).
"""

from __future__ import annotations

import sys
from pathlib import Path

from helpers_dir import HELPERS

if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))

from gen.project_tests.candidates import ProjectTests, tree_of  # noqa: E402
from gen.project_tests.removed_names import NewModules, removed_private_imports  # noqa: E402
from project_test_support import SHOP, project, write  # noqa: E402
from test_project_tests import TARGETS  # noqa: E402

IMPORTS_HELPER = {"tests/test_private.py": '''
    from shop import discount, _round


    def test_private():
        assert discount(_round(150)) == 140


    def test_public():
        assert discount(150) == 140
'''}


def request(root: Path, new: Path) -> dict:
    tests = [{"file": "tests/test_private.py", "name": name,
              "covered": {"src/shop/__init__.py": [37]}}
             for name in ("test_private", "test_public")]
    return {"seed": 1, "round": 0, "max_candidates": 5, "old_root": str(root),
            "new_root": str(new), "import_roots": {"old": "src", "new": "src"},
            "targets": TARGETS, "project_tests": {"tests": tests}}


def test_a_test_importing_a_removed_private_name_is_skipped(tmp_path: Path) -> None:
    old_shop = SHOP + "\n\ndef _round(amount):\n    return amount\n"
    root = project(tmp_path, IMPORTS_HELPER, new_shop=SHOP)
    write(root, {"src/shop/__init__.py": old_shop})
    converted = ProjectTests(request(root, tmp_path / "new"))
    assert [i["test"] for i in converted.converted] == ["tests/test_private.py::test_public"]
    assert converted.skipped == [{
        "test": "tests/test_private.py::test_private",
        "reason": "it imports shop._round, which the new version no longer has"}]
    # kept where the new version still binds it, however (an assignment, an import)
    for kept in ("_round = round\n", "from math import floor as _round\n"):
        write(tmp_path / "new", {"src/shop/__init__.py": SHOP + kept})
        again = ProjectTests(request(root, tmp_path / "new"))
        assert len(again.converted) == 2 and again.skipped == [], kept


def test_only_private_names_a_module_binds_nowhere_count(tmp_path: Path) -> None:
    write(tmp_path, {"src/pkg/__init__.py": "",
                     "src/pkg/starry.py": "from ._impl import *\n",
                     "src/pkg/mod.py": "def public():\n    pass\n",
                     "src/pkg/_sub.py": "",
                     "src/pkg/lazy.py": "def __getattr__(name):\n    return 1\n"})
    modules = NewModules(tree_of({"new_root": str(tmp_path), "import_roots": {"new": "src"}},
                                 "new"))
    code = ("from pkg.mod import _gone, public, __version__, Gone\nfrom pkg.starry import _star\n"
            "from pkg import _sub, _none\nfrom pkg.lazy import _lazy\nfrom .rel import _x\n")
    # a dunder and a public name are not private; a star import or a module __getattr__ may
    # provide a name; a submodule is one
    assert removed_private_imports(code, modules) == ["pkg.mod._gone", "pkg._none"]
    assert removed_private_imports("not python(", modules) == []
