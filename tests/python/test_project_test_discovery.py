"""Tests for the static filter of gen/project_tests (``find_tests``): which of the project's test
files may reach the changed code, ranked, and the lines that stand in for a function changed only
by added lines.  The small project and its helpers come from test_project_tests.py.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from helpers_dir import HELPERS

if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))

from gen.project_tests import find_tests  # noqa: E402
from project_test_support import project, write  # noqa: E402
from test_project_tests import TARGETS  # noqa: E402


# -- the static filter --------------------------------------------------------------------------

def test_find_tests_ranks_the_files_that_import_and_name_the_changed_code(tmp_path: Path) -> None:
    root = project(tmp_path, {
        "tests/test_discount.py": '''
            from shop import discount


            def test_big():
                assert discount(150) == 140


            def test_unrelated():
                assert True
        ''',
        "tests/test_cart.py": "from shop import Cart\n\n\ndef test_cart():\n    Cart()\n",
        "tests/test_words.py": "def test_discount_words():\n    assert 'discount'\n",
        "tests/conftest.py": "from shop import discount\n"})
    answer = find_tests({"targets": TARGETS, "old_root": str(root),
                         "import_roots": {"old": "src"}})
    files = {f["file"]: f for f in answer["files"]}
    assert set(files) == {"tests/test_discount.py", "tests/test_cart.py", "src/shop/__init__.py"}
    assert files["tests/test_discount.py"]["prefer"] == ["test_big"]  # names the change
    assert files["tests/test_discount.py"]["score"] > files["src/shop/__init__.py"]["score"]
    assert {"file": "src/shop/__init__.py", "score": 3, "prefer": [], "xfail": [],
            "doctests_only": True} in answer["files"]  # its doctests
    assert json.dumps(answer) == json.dumps(find_tests({
        "targets": TARGETS, "old_root": str(root), "import_roots": {"old": "src"}}))


def test_find_tests_takes_a_suite_in_one_module_at_the_root(tmp_path: Path) -> None:
    """A project whose whole suite is ``tests.py`` beside the package (unittest finds it)."""
    root = project(tmp_path, {"tests.py": '''
        import unittest
        from shop import discount


        class DiscountTests(unittest.TestCase):
            def test_big(self):
                self.assertEqual(discount(150), 140)
    ''', "test.py": "from shop import discount\n\n\ndef test_run():\n    discount(1)\n"})
    answer = find_tests({"targets": TARGETS, "old_root": str(root),
                         "import_roots": {"old": "src"}})
    files = {f["file"]: f for f in answer["files"]}
    assert files["tests.py"]["prefer"] == ["DiscountTests"]
    assert "test.py" not in files  # a module called so is no test name


def test_find_tests_keeps_files_that_only_import_the_package_and_names_the_words(
        tmp_path: Path) -> None:
    root = project(tmp_path, {
        "tests/test_api.py": "import shop\nimport pytest\n\n\ndef test_total():\n"
                             "    shop.total()\n\n\n@pytest.mark.xfail()\ndef test_known():\n"
                             "    shop.total(1)\n\n\n@pytest.mark.parametrize('n', [1, pytest."
                             "param(2, marks=[pytest.mark.xfail])])\ndef test_case(n):\n"
                             "    shop.total(n)\n",
        "tests/test_other.py": "import json\n\n\ndef test_dump():\n    json.dumps(1)\n"})
    targets = {"changed_functions": [
        {"qualname": "shop.pricing.CartTotal._apply_discount", "modules": {"old": "shop.pricing"},
         "files": {"old": "src/shop/pricing.py"}, "changed_lines": {"old": [3]}}],
        "access": []}
    answer = find_tests({"targets": targets, "old_root": str(root),
                         "import_roots": {"old": "src"}})
    assert [f["file"] for f in answer["files"] if not f["doctests_only"]] == ["tests/test_api.py"]
    api = next(f for f in answer["files"] if f["file"] == "tests/test_api.py")
    # run before every other test; a parametrised test with an xfail case too
    assert api["xfail"] == ["test_known", "test_case"]
    assert api["prefer"] == ["test_known", "test_case"]
    # split from the changed names; the package's own name and common words left out
    assert answer["words"] == ["apply", "cart", "discount", "pricing", "total"]


def test_find_tests_follows_the_names_the_test_folders_give_the_package(tmp_path: Path) -> None:
    # the test package imports the library under another name (to run the same tests on a
    # vendored copy); its tests import that name and never write the package's own
    root = project(tmp_path, {
        "tests/__init__.py": "import shop as store\n",
        "tests/helpers.py": "from shop.pricing import total as price\n",
        "tests/test_alias.py": "from . import store\n\n\ndef test_checkout():\n"
                               "    store.checkout(1)\n",
        "tests/test_helped.py": "from tests.helpers import price\n\n\ndef test_price():\n"
                                "    price(2)\n",
        "tests/test_other.py": "from . import other\n\n\ndef test_store():\n"
                               "    other.store()\n",
        # the helper module imported as a module, its name used as an attribute
        "tests/test_moduled.py": "from . import helpers\n\n\ndef test_price():\n"
                                 "    helpers.price(2)\n",
        "tests/test_unmoduled.py": "from . import helpers\n\n\ndef test_other():\n"
                                   "    helpers.other(2)\n",
        # a support module's helper that uses the package: its tests name only the helper
        "testing/support.py": "from shop import checkout\n\n\ndef buy(n):\n"
                              "    return checkout(n)\n\n\ndef unrelated():\n    return 1\n",
        "tests/test_supported.py": "from testing.support import buy\n\n\ndef test_buy():\n"
                                   "    buy(2)\n",
        "tests/test_unsupported.py": "from testing.support import unrelated\n\n\n"
                                     "def test_unrelated():\n    unrelated()\n"})
    targets = {"changed_functions": [
        {"qualname": "shop.pricing.total", "modules": {"old": "shop.pricing"},
         "files": {"old": "src/shop/pricing.py"}, "changed_lines": {"old": [3]}}],
        "access": []}
    answer = find_tests({"targets": targets, "old_root": str(root),
                         "import_roots": {"old": "src"}})
    found = [f["file"] for f in answer["files"] if not f["doctests_only"]]
    # (a helper is a file of the test folders too: it imports the changed module itself)
    assert sorted(found) == ["testing/support.py", "tests/helpers.py", "tests/test_alias.py",
                             "tests/test_helped.py", "tests/test_moduled.py",
                             "tests/test_supported.py"]


def test_find_tests_gives_stand_in_lines_for_a_function_changed_only_by_added_lines(
        tmp_path: Path) -> None:
    root = tmp_path / "old"
    write(root, {"src/pkg/__init__.py": '''
        import functools


        @functools.lru_cache()
        def scaled(value,
                   factor=2):
            """Docstring lines never run."""
            total = value * factor
            return total


        def untouched(value):
            return value
    '''})
    targets = {"changed_functions": [
        {"qualname": "pkg.scaled", "name": "scaled", "versions": "both",
         "files": {"old": "src/pkg/__init__.py"}, "modules": {"old": "pkg"},
         "changed_lines": {"old": [], "new": [8]}, "lines": {"old": [4, 9]}},
        {"qualname": "pkg.untouched", "name": "untouched", "versions": "both",
         "files": {"old": "src/pkg/__init__.py"}, "modules": {"old": "pkg"},
         "changed_lines": {"old": [13], "new": [13]}, "lines": {"old": [12, 13]}}],
        "access": []}
    answer = find_tests({"targets": targets, "old_root": str(root),
                         "import_roots": {"old": "src"}})
    # the body's statements; never the decorator, the def (with its continuation) or docstring
    assert answer["reach_lines"] == {"src/pkg/__init__.py": [8, 9]}
    assert answer["near_lines"] == {}  # no new text given: nothing to align


def test_find_tests_adds_the_old_statements_around_the_added_lines(tmp_path: Path) -> None:
    """An added check deep in a loop: the statements just before and after it stand in too,
    since only the tests that run them come near the new lines."""
    old = """
        def normalise(headers):
            out = []
            for name, value in headers:
                if name == "length":
                    check(value)
                    out.append(value)
            return out
    """
    new = old.replace("check(value)\n", "check(value)\n%sif len(value) > 20:\n%s    raise "
                      "ValueError(value)\n" % (" " * 20, " " * 20))
    write(tmp_path / "old", {"src/pkg/__init__.py": old})
    write(tmp_path / "new", {"src/pkg/__init__.py": new})
    targets = {"new": {"root": str(tmp_path / "new")}, "changed_functions": [
        {"qualname": "pkg.normalise", "name": "normalise", "versions": "both",
         "files": {"old": "src/pkg/__init__.py", "new": "src/pkg/__init__.py"},
         "modules": {"old": "pkg"}, "changed_lines": {"old": [], "new": [6, 7]},
         "lines": {"old": [1, 7], "new": [1, 9]}}], "access": []}
    answer = find_tests({"targets": targets, "old_root": str(tmp_path / "old"),
                         "import_roots": {"old": "src"}})
    # the body's first statements, then check(value) before and out.append(value) after
    assert answer["reach_lines"] == {"src/pkg/__init__.py": [2, 3, 5, 6, 7]}
    assert answer["near_lines"] == {"src/pkg/__init__.py": [5, 6]}


def test_find_tests_adds_the_arms_beside_a_changed_arm(tmp_path: Path) -> None:
    """A changed ``elif`` arm: the headers of its chain's other arms count as reaching too (a
    test taking the arm above is one setting away from it), but not the lines inside them."""
    write(tmp_path / "old", {"src/pkg/__init__.py": """
        def load(self, key, error):
            if key is None:
                return None
            elif self.extra == 1:
                return key
            elif error:
                raise error
            return key
    """})
    targets = {"changed_functions": [
        {"qualname": "pkg.load", "name": "load", "versions": "both",
         "files": {"old": "src/pkg/__init__.py"}, "modules": {"old": "pkg"},
         "changed_lines": {"old": [6, 7], "new": [6, 7]}, "lines": {"old": [1, 8]}}],
        "access": []}
    answer = find_tests({"targets": targets, "old_root": str(tmp_path / "old"),
                         "import_roots": {"old": "src"}})
    assert answer["reach_lines"] == {"src/pkg/__init__.py": [2, 4]}
    assert answer["near_lines"] == {}


def test_project_tests_convert_the_tests_that_ran_a_changed_line_first(tmp_path: Path) -> None:
    from gen.project_tests import candidates
    write(tmp_path / "old", {"src/pkg/__init__.py": "def f(x):\n    if x:\n        return 1\n"
                                                    "    elif x is None:\n        return 2\n",
                             "tests/test_f.py": "from pkg import f\n\n\ndef test_a():\n"
                                                "    assert f(0) is None\n\n\ndef test_b():\n"
                                                "    assert f(None) == 2\n"})
    targets = {"changed_functions": [
        {"qualname": "pkg.f", "name": "f", "versions": "both",
         "files": {"old": "src/pkg/__init__.py"}, "modules": {"old": "pkg"},
         "changed_lines": {"old": [5], "new": [5]}, "lines": {"old": [1, 5]}}]}
    tests = [{"file": "tests/test_f.py", "name": "test_a", "covered": {
        "src/pkg/__init__.py": [2, 4]}},
        {"file": "tests/test_f.py", "name": "test_b", "covered": {
            "src/pkg/__init__.py": [2, 4, 5]}}]
    request = {"targets": targets, "old_root": str(tmp_path / "old"),
               "import_roots": {"old": "src"}, "project_tests": {"tests": tests}}
    made = candidates.ProjectTests(request)
    assert [item["test"] for item in made.converted] == ["tests/test_f.py::test_b",
                                                         "tests/test_f.py::test_a"]


def test_find_tests_resolves_relative_imports_of_a_test_package_inside_the_package(
        tmp_path: Path) -> None:
    """Tests living in the package (``pkg/tests``) import the changed module relatively; they
    name no changed function (the change is reached through a table), so only the import
    resolved against the test's package lets the file in."""
    root = tmp_path / "old"
    write(root, {
        "src/pkg/__init__.py": "",
        "src/pkg/_impl.py": "def scaled(value):\n    return value * 2\n\n\nTABLE = {'s': scaled}\n",
        "src/pkg/tests/__init__.py": "",
        "src/pkg/tests/test_table.py": "from .._impl import TABLE\n\n\ndef test_table():\n"
                                       "    assert TABLE['s'](1) == 2\n",
        "src/pkg/tests/test_module.py": "from .. import _impl\n\n\ndef test_module():\n"
                                        "    assert _impl.TABLE\n"})
    targets = {"changed_functions": [
        {"qualname": "pkg._impl.scaled", "name": "scaled", "versions": "both",
         "files": {"old": "src/pkg/_impl.py"}, "modules": {"old": "pkg._impl"},
         "changed_lines": {"old": [2], "new": [2]}, "lines": {"old": [1, 2]}}], "access": []}
    answer = find_tests({"targets": targets, "old_root": str(root),
                         "import_roots": {"old": "src"}})
    scores = {f["file"]: f["score"] for f in answer["files"]}
    assert scores == {"src/pkg/tests/test_module.py": 6, "src/pkg/tests/test_table.py": 6}


def test_find_tests_scores_each_test_by_the_rare_words_of_the_changed_lines(
        tmp_path: Path) -> None:
    """A class's many tests all name the class under test; the one written for the changed
    branch shares the changed lines' own words (a flag's name, the message's words) and
    scores highest; words every test holds count for nothing."""
    old = tmp_path / "old"
    new = tmp_path / "new"
    module = "def translate(pattern, range_error):\n    return pattern\n"
    write(old, {"src/glob/__init__.py": module})
    write(new, {"src/glob/__init__.py": module.replace(
        "    return pattern\n", "    if range_error == 'raise':\n"
        "        raise ValueError('Invalid range notation in pattern')\n    return pattern\n")})
    methods = "".join(
        "    def test_%02d_%s(self):\n"
        "        assert translate(pattern='%s', range_error='literal')\n\n" % (i, w, w)
        for i, w in enumerate(["star", "question", "escape", "slash", "double"]))
    write(old, {"tests/test_glob.py": "import unittest\nfrom glob import translate\n\n\n"
                "class GlobTest(unittest.TestCase):\n" + methods +
                "    def test_99_issue(self):\n        \"\"\"An invalid range notation.\"\"\"\n"
                "        assert translate(pattern='[z-a]', range_error='literal')\n"})
    targets = {"changed_functions": [
        {"qualname": "glob.translate", "name": "translate", "versions": "both",
         "files": {"old": "src/glob/__init__.py", "new": "src/glob/__init__.py"},
         "modules": {"old": "glob"}, "changed_lines": {"old": [], "new": [2, 3]},
         "lines": {"old": [1, 2]}}], "access": [],
        "new": {"root": str(new)}}
    answer = find_tests({"targets": targets, "old_root": str(old),
                         "import_roots": {"old": "src"}})
    relevance = next(f for f in answer["files"] if f["file"] == "tests/test_glob.py")["relevance"]
    assert max(relevance, key=relevance.get) == "GlobTest::test_99_issue", relevance
    # every test holds "pattern", "range" and "error": they score nothing
    assert set(relevance) == {"GlobTest::test_99_issue"}, relevance


def test_find_tests_reads_the_words_of_the_diffs_own_lines(tmp_path: Path) -> None:
    """A changed entry deep in a long class-level dict: the changed function's line is the
    statement's first (``FORMATS = {``), the diff's line is the entry's, and the test written
    for that entry shares its words."""
    lines = ["import re", "", "", "class Checker:", "    FORMATS = {",
             "        'email': r'^[^@]+@[^@]+$',", "        'ipv4': r'^[0-9.]+$',", "    }", "",
             "    def check(self, name, value):",
             "        return bool(re.match(self.FORMATS[name], value))", ""]
    tests = "".join("def test_%s():\n    assert Checker().check('%s', 'x')\n\n\n" % (w, w)
                    for w in ("email", "ipv4", "date"))
    root = project(tmp_path, {"tests/test_formats.py": "from shop import Checker\n\n\n" +
                              tests})
    (root / "src" / "shop" / "__init__.py").write_text("\n".join(lines))
    targets = {"changed_functions": [
        {"qualname": "shop.Checker.check", "name": "check", "versions": "both",
         "files": {"old": "src/shop/__init__.py"}, "modules": {"old": "shop"},
         "changed_lines": {"old": [5]}, "lines": {"old": [10, 11]}}], "access": [],
        "changed_lines": [{"side": "old", "file": "src/shop/__init__.py", "line": 7}]}
    answer = find_tests({"targets": targets, "old_root": str(root),
                         "import_roots": {"old": "src"}})
    relevance = answer["files"][0]["relevance"]
    assert set(relevance) == {"test_ipv4"}, relevance


def test_find_tests_looks_for_a_function_only_the_new_version_has(tmp_path: Path) -> None:
    """A new function has no old module: the old tests of its package may still reach it."""
    root = project(tmp_path, {"tests/test_shop.py": '''
        import shop


        def test_discount():
            assert shop.discount(150) == 140
    '''})
    new_only = {"changed_functions": [
        {"qualname": "shop.is_sale", "files": {"old": None, "new": "src/shop/__init__.py"},
         "modules": {"old": None, "new": "shop"}, "changed_lines": {"old": [], "new": [40]}}],
        "access": []}
    answer = find_tests({"targets": new_only, "old_root": str(root),
                         "import_roots": {"old": "src"}})
    assert "tests/test_shop.py" in {f["file"] for f in answer["files"]}
