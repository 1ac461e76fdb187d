"""Tests for gen/project_tests: the project's own tests turned into differential snippets.

Each test writes a small project (a package under ``src`` and its test suite) into a temporary
tree, converts one of its tests with ``convert`` and checks the snippet's text; most also run the
snippet with the interpreter against an old and a new version of the package and compare what it
prints, as the engine does.  The cases: asserts, ``pytest.raises``, ``unittest`` methods,
parametrised tests, doctests, helper modules, the strategy's candidates (fixtures, mutants and
shrinking, and the static filter have files of their own; the shop project is in
project_test_support.py).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

import pytest

from helpers_dir import HELPERS

if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))

from gen.project_tests.candidates import ProjectTests, choose_target  # noqa: E402
from gen.project_tests.convert import convert  # noqa: E402
from gen.project_tests.fixtures import Unconvertible  # noqa: E402
from gen.project_tests.sources import TreeSources  # noqa: E402
from gen.search import generate  # noqa: E402

from project_test_support import PYTHON, SHOP, project, run, sources  # noqa: E402

# -- asserts ------------------------------------------------------------------------------------

def test_asserts_become_observations_of_their_operands(tmp_path: Path) -> None:
    root = project(tmp_path, {"tests/test_cart.py": '''
        from shop import Cart, discount

        LIMIT = 100


        def test_checks():
            cart = Cart()
            cart.add(5, count=2)
            assert discount(LIMIT) == 90
            assert cart.items
            assert not cart.items == []
            assert len(cart.items) in (1, 2)
            assert discount(cart.items[0][0]) < LIMIT, "message dropped"
    '''})
    code = convert(sources(root), "tests/test_cart.py", "test_checks")
    assert "assert" not in code and "message dropped" not in code
    assert "LIMIT = 100" in code  # a module-level constant the test needs
    assert "print(repr(discount(LIMIT)))" in code
    assert "print(repr(cart.items))" in code
    assert "print(repr(len(cart.items)))" in code
    assert "print(repr(90))" not in code  # a literal is the same on both versions
    assert "print(repr(LIMIT))" in code
    # a relation's answer follows its operands: a repr need not show what ``in`` or ``<`` finds
    assert "print(repr(len(cart.items) in (1, 2)))" in code
    assert "print(repr(not cart.items == []))" not in code
    assert run(code, root) == "90\n[(5, 2)]\n[(5, 2)]\n1\nTrue\n5\n100\nTrue\n"


def test_a_test_defined_inside_a_kept_try_block_is_left_out(tmp_path: Path) -> None:
    """``try: from shop import Cart`` holding a test function: the snippet keeps the block
    for the name it binds, never the test (a runner collecting ``test*`` would run it)."""
    root = project(tmp_path, {"tests/test_cart.py": '''
        import pytest

        try:
            from shop import discount

            @pytest.mark.parametrize("amount", [10, 20])
            def test_small(amount):
                assert discount(amount) == amount
        except ImportError:
            discount = None


        def test_big():
            assert discount(150) == 140
    '''})
    code = convert(sources(root), "tests/test_cart.py", "test_big")
    assert "from shop import discount" in code and "def test_small" not in code
    assert run(code, root) == "140\n"


def test_a_membership_check_prints_its_answer_beside_its_operands(tmp_path: Path) -> None:
    """``assertIn(version, spec)``: the spec's repr is its text, and only the answer of ``in``
    shows what it matches; an equality prints its operands alone."""
    root = project(tmp_path, {"tests/test_cart.py": '''
        import unittest

        from shop import Cart, discount


        class Checks(unittest.TestCase):
            def test_relations(self):
                cart = Cart()
                cart.add(5, count=2)
                self.assertIn((5, 2), cart.items)
                self.assertNotIn((6, 1), cart.items)
                self.assertLess(discount(50), discount(100))
                self.assertEqual(discount(100), discount(100))
                self.assertEqual(discount(100), 90)
    '''})
    code = convert(sources(root), "tests/test_cart.py", "Checks::test_relations")
    assert "print(repr((5, 2) in cart.items))" in code
    assert "print(repr((6, 1) not in cart.items))" in code
    assert "print(repr(discount(50) < discount(100)))" in code
    assert "==" not in code
    assert run(code, root) == "[(5, 2)]\nTrue\n[(5, 2)]\nTrue\n50\n90\nTrue\n90\n90\n90\n"


# -- pytest.raises ------------------------------------------------------------------------------

def test_raises_prints_what_was_raised_and_goes_on(tmp_path: Path) -> None:
    changed = SHOP.replace('raise ValueError("negative")', 'return 0')
    root = project(tmp_path, {"tests/test_raises.py": '''
        import pytest
        from shop import discount


        def test_negative():
            with pytest.raises(ValueError) as excinfo:
                discount(-5)
            assert "negative" in str(excinfo.value)
            assert excinfo.errisinstance(ValueError)
            assert excinfo.typename == "ValueError"
            pytest.raises(ValueError, discount, -7)
            assert discount(150) == 140
    '''}, changed)
    code = convert(sources(root), "tests/test_raises.py", "test_negative")
    assert "pytest" not in code  # nothing of pytest is left to import
    assert "except Exception as error:" in code and "excinfo = error" in code
    assert "print(repr(str(excinfo)))" in code  # excinfo.value is the exception itself
    assert run(code, root) == \
        "raises ValueError\n'negative'\nTrue\nTrue\n'ValueError'\nraises ValueError\n140\n"
    assert run(code, tmp_path / "new") == \
        "raises nothing\n'None'\nFalse\nFalse\n'NoneType'\nraises nothing\n140\n"


def test_a_handler_that_swallows_what_it_catches_prints_its_type(tmp_path: Path) -> None:
    """``except ValueError: pass`` in the test itself would hide which error the call raised."""
    root = project(tmp_path, {"tests/test_loop.py": '''
        from shop import discount


        def test_each():
            for amount in (-5, 150):
                try:
                    discount(amount)
                except ValueError:
                    pass
                except KeyError as error:
                    print(error)
    '''})
    code = convert(sources(root), "tests/test_loop.py", "test_each")
    assert "    except ValueError as caught:\n        print('caught', type(caught).__name__)" \
        in code, code
    assert code.count("print('caught'") == 1  # a handler that shows something stays as it is
    assert run(code, root) == "caught ValueError\n"


def test_a_bare_except_is_observed_as_the_base_it_catches(tmp_path: Path) -> None:
    """A bare ``except:`` takes a name only with a type: ``except BaseException as caught``."""
    root = project(tmp_path, {"tests/test_bare.py": '''
        from shop import discount


        def test_each():
            failed = False
            try:
                discount(-5)
            except:
                failed = True
            assert failed
    '''})
    code = convert(sources(root), "tests/test_bare.py", "test_each")
    assert "except BaseException as caught:\n    print('caught'" in code, code
    assert run(code, root) == "caught ValueError\nTrue\n"


def test_a_checked_message_is_printed_with_the_type(tmp_path: Path) -> None:
    """``match=`` and ``assertRaisesRegex`` check the message: the snippet prints it, so a
    reworded message shows; a plain ``pytest.raises`` still prints the type only."""
    changed = SHOP.replace('raise ValueError("negative")', 'raise ValueError("below zero")')
    root = project(tmp_path, {"tests/test_messages.py": '''
        import unittest
        import pytest
        from shop import discount


        def test_negative():
            with pytest.raises(ValueError, match="neg"):
                discount(-5)
            with pytest.raises(ValueError):
                discount(-6)


        class Messages(unittest.TestCase):
            def test_negative(self):
                self.assertRaisesRegex(ValueError, "neg", discount, -7)
                with self.assertRaisesRegex(ValueError, "neg"):
                    discount(-8)
    '''}, changed)
    code = convert(sources(root), "tests/test_messages.py", "test_negative")
    assert run(code, root) == "raises ValueError negative\nraises ValueError\n"
    assert run(code, tmp_path / "new") == "raises ValueError below zero\nraises ValueError\n"
    code = convert(sources(root), "tests/test_messages.py", "Messages::test_negative")
    assert run(code, root) == "raises ValueError negative\n" * 2
    assert run(code, tmp_path / "new") == "raises ValueError below zero\n" * 2


def test_a_named_raises_context_and_a_message_helper_are_observed(tmp_path: Path) -> None:
    """``SE = pytest.raises(E)`` then ``with SE:`` is the call itself, not a live context that
    swallows what was raised; a suite's helper given the message (``raises(E, "msg")``) checks
    the message, so the snippet prints it."""
    changed = SHOP.replace('raise ValueError("negative")', 'raise KeyError("below zero")')
    root = project(tmp_path, {"tests/test_named.py": '''
        import contextlib
        import pytest
        from shop import discount

        SE = pytest.raises(Exception)


        @contextlib.contextmanager
        def raises(exc, msg=None):
            try:
                yield
            except exc as e:
                assert msg is None or str(e) == msg


        def test_negative():
            with SE:
                discount(-5)
            with raises(Exception, "negative"):
                discount(-6)
    '''}, changed)
    code = convert(sources(root), "tests/test_named.py", "test_negative")
    assert "with SE" not in code and "SE =" not in code
    assert run(code, root) == "raises ValueError\nraises ValueError negative\n"
    assert run(code, tmp_path / "new") == "raises KeyError\nraises KeyError 'below zero'\n"


# -- unittest -----------------------------------------------------------------------------------

def test_a_class_named_after_its_imported_base_is_unconvertible_not_endless(
        tmp_path: Path) -> None:
    # the suite reruns another module's tests with a mixin: the file's name is the class itself
    root = project(tmp_path, {"tests/test_again.py": '''
        from tests.test_cart import CartTests


        class Mixin:
            pass


        class CartTests(Mixin, CartTests):
            pass
    '''})
    with pytest.raises(Unconvertible, match="no method test_add in class CartTests"):
        convert(sources(root), "tests/test_again.py", "CartTests::test_add")


def test_unittest_method_keeps_its_set_up_and_observes_its_assertions(tmp_path: Path) -> None:
    root = project(tmp_path, {"tests/test_unit.py": '''
        import unittest
        from shop import Cart, register


        @register
        class Plain:
            kind = "plain"

            def price(self, value):
                return value


        class CartTests(unittest.TestCase):
            @classmethod
            def setUpClass(cls):
                cls.base = 3

            def setUp(self):
                self.cart = Cart()
                self.cart.add(self.base, count=4)

            def helper(self):
                return self.cart.total()

            def test_total(self):
                self.assertEqual(self.helper(), 12, msg="twelve")
                self.assertIsInstance(self.cart.items, list)
                with self.assertRaises(ValueError) as context:
                    self.cart.add(-1)
                self.assertIn("negative", str(context.exception))

            def test_other(self):
                self.assertTrue(False)


        if __name__ == "__main__":
            unittest.main()
    '''})
    code = convert(sources(root), "tests/test_unit.py", "CartTests::test_total")
    assert "@register\nclass Plain:" in code  # registered at import: the test relies on it
    assert "def test_total" not in code and "def test_other" not in code
    assert "unittest.main" not in code and "twelve" not in code
    assert "CartTests.setUpClass()\ncase = CartTests()\ncase.setUp()" in code
    assert "print(repr(case.helper()))" in code
    assert "print(repr(isinstance(case.cart.items, list)))" in code
    assert run(code, root) == "12\nTrue\nraises ValueError\n'negative price'\nTrue\n"


# -- parametrised tests -------------------------------------------------------------------------

def test_the_suites_own_assert_helper_runs_with_its_checks_observed(tmp_path: Path) -> None:
    # ``assert_discounted`` is the suite's helper: it runs as the test calls it, but its own
    # checks print what they compare, like the test's: a mutated amount breaks its expectation
    # on both versions alike, and an AssertionError on both would hide what each computed
    root = project(tmp_path, {"tests/test_helper.py": '''
        import unittest
        from shop import discount


        def check_small(amount):
            assert discount(amount) == amount


        class Discounts(unittest.TestCase):
            def assert_discounted(self, amount, expected):
                print("checking", amount)
                self.assertEqual(discount(amount), expected)

            def test_big(self):
                self.assert_discounted(150, 140)
                self.assertEqual(discount(100), 90)
                check_small(20)
    '''}, new_shop=SHOP.replace("amount - 10", "amount - 20"))
    code = convert(sources(root), "tests/test_helper.py", "Discounts::test_big")
    assert "case.assert_discounted(150, 140)" in code
    assert "print(repr(discount(100)))" in code
    assert "self.assertEqual" not in code and "assert discount" not in code
    # (the helper's expected values are its parameters: printed too, alike on both versions)
    assert run(code, root) == "checking 150\n140\n140\n90\n20\n20\n"
    # the new version's discount breaks the helper's expectation: it prints, it does not raise
    assert run(code, tmp_path / "new") == "checking 150\n130\n140\n80\n20\n20\n"


def test_checks_of_an_imported_helper_base_are_observed(tmp_path: Path) -> None:
    # the suite's base class lives in an importable package of tests: the snippet imports it,
    # and its test class overrides the checks the base's helper calls
    root = project(tmp_path, {"tests/__init__.py": "", "tests/common.py": '''
        import unittest
        from shop import discount


        class Checks(unittest.TestCase):
            def check(self, amount, expected):
                self.assertEqual(discount(amount), expected)
                self.assertTrue(amount)


        class Discounts(Checks):
            pass
    ''', "tests/test_imported.py": '''
        from tests.common import Discounts


        class TestBig(Discounts):
            def test_big(self):
                self.check(150, 140)
    '''}, new_shop=SHOP.replace("amount - 10", "amount - 20"))
    code = convert(TreeSources(str(root), ["src", "."]), "tests/test_imported.py",
                   "TestBig::test_big")
    assert "from tests.common import Discounts" in code
    assert "def assertEqual(self, first, second, *rest, **options):" in code
    assert "def assertTrue(self, first, *rest, **options):" in code
    for tree, printed in ((root, "140\n140\n150\n"), (tmp_path / "new", "130\n140\n150\n")):
        done = subprocess.run([PYTHON, "-c", code], cwd=str(tree), capture_output=True,
                              text=True, timeout=60, env={
                                  "PATH": "/usr/bin:/bin",
                                  "PYTHONPATH": "%s:%s" % (tree / "src", root)})
        assert (done.returncode, done.stdout) == (0, printed), done.stderr


def test_parametrised_cases_each_become_a_snippet(tmp_path: Path) -> None:
    root = project(tmp_path, {"tests/test_param.py": '''
        import pytest
        from shop import discount


        @pytest.mark.parametrize("amount, expected", [(50, 50), pytest.param(120, 110, id="big")])
        @pytest.mark.parametrize("extra", [0, 5])
        def test_discount(amount, expected, extra):
            assert discount(amount + extra) == expected + extra
    '''})
    tree = sources(root)
    # the decorator nearest the function is numbered first, as the runner names the cases
    first = convert(tree, "tests/test_param.py", "test_discount[1][0]")
    assert "extra = 5\namount = 50" in first
    assert "expected = 50" not in first  # only used in the expected value: a constant
    assert run(first, root) == "55\n"
    second = convert(tree, "tests/test_param.py", "test_discount[0][1]")
    assert "extra = 0\namount = 120" in second
    assert run(second, root) == "110\n"
    with pytest.raises(Unconvertible):
        convert(tree, "tests/test_param.py", "test_discount[0][7]")
    with pytest.raises(Unconvertible):
        convert(tree, "tests/test_param.py", "test_discount[0]")


def test_a_parametrize_mark_the_module_names_is_expanded_too(tmp_path: Path) -> None:
    """``extras = pytest.mark.parametrize(...)`` applied as ``@extras``: the runner numbers its
    cases like a mark written in place."""
    root = project(tmp_path, {"tests/test_param.py": '''
        import pytest
        from shop import discount

        extras = pytest.mark.parametrize("extra", [0, 5])


        @pytest.mark.parametrize("amount", [50, 120])
        @extras
        def test_discount(amount, extra):
            assert discount(amount + extra) > 0
    '''})
    code = convert(sources(root), "tests/test_param.py", "test_discount[1][1]")
    assert "extra = 5\namount = 120" in code, code
    assert run(code, root) == "115\nTrue\n"


def test_one_parametrised_name_in_a_tuple_takes_each_case_apart(tmp_path: Path) -> None:
    """pytest unpacks a case for a tuple of names, even of one: ``("amount",)`` with
    ``(120,)`` gives 120, not the tuple."""
    root = project(tmp_path, {"tests/test_param.py": '''
        import pytest
        from shop import discount


        @pytest.mark.parametrize(("amount",), [(50,), (120,), pytest.param(130)])
        def test_discount(amount):
            assert discount(amount) <= amount
    '''})
    tree = sources(root)
    assert run(convert(tree, "tests/test_param.py", "test_discount[1]"), root) == "110\nTrue\n"
    assert run(convert(tree, "tests/test_param.py", "test_discount[2]"), root) == "120\nTrue\n"


# -- doctests -----------------------------------------------------------------------------------

def test_doctest_examples_print_their_values_and_exceptions(tmp_path: Path) -> None:
    changed = SHOP.replace("amount >= 100", "amount > 100")
    root = project(tmp_path, {}, changed)
    code = convert(sources(root), "src/shop/__init__.py", "shop.discount")
    assert code.startswith("from shop import discount\n")
    assert "print(repr(discount(100)))" in code
    assert run(code, root) == "90\nraises ValueError\n"
    assert run(code, tmp_path / "new") == "100\nraises ValueError\n"
    with pytest.raises(Unconvertible, match="no docstring"):
        convert(sources(root), "src/shop/__init__.py", "shop.Cart.add")


# -- fixtures -----------------------------------------------------------------------------------

def test_helpers_of_the_test_suite_are_inlined(tmp_path: Path) -> None:
    root = project(tmp_path, {
        "tests/helpers.py": '''
            from shop import Cart

            def filled(*prices):
                cart = Cart()
                for price in prices:
                    cart.add(price)
                return cart
        ''',
        "tests/test_helped.py": '''
            from helpers import filled
            from shop import REGISTRY


            class Plain:
                kind = "plain"

                def price(self, value):
                    return value * 2


            REGISTRY["plain"] = Plain


            def test_total():
                assert filled(1, 2).total() == 6
        '''})
    code = convert(sources(root), "tests/test_helped.py", "test_total")
    assert "from helpers" not in code and "def filled(*prices):" in code
    assert "REGISTRY['plain'] = Plain" in code  # a registration at import time
    assert run(code, root) == "6\n"


def test_a_name_the_test_package_gives_the_library_is_inlined(tmp_path: Path) -> None:
    root = project(tmp_path, {
        "tests/__init__.py": "import shop as store\nimport json\n",
        "tests/test_alias.py": "from . import store\n\n\ndef test_big():\n"
                               "    assert store.discount(150) == 140\n",
        "tests/test_module.py": "from . import helpers\n\n\ndef test_big():\n"
                                "    assert helpers.discount(150) == 140\n"})
    code = convert(sources(root), "tests/test_alias.py", "test_big")
    assert "import shop as store" in code and "import json" not in code
    assert run(code, root) == "140\n"
    # a module of the test package, not a name its __init__ binds, stays out of reach
    with pytest.raises(Unconvertible, match="cannot be inlined"):
        convert(sources(root), "tests/test_module.py", "test_big")


def test_a_module_of_the_test_package_becomes_a_namespace_of_what_the_test_uses(
        tmp_path: Path) -> None:
    root = project(tmp_path, {
        "tests/__init__.py": "",
        "tests/util.py": "from shop import discount\n\n\ndef big():\n"
                         "    return discount(150)\n\n\ndef unused():\n    return 0\n",
        "tests/level/__init__.py": "",
        "tests/level/test_big.py": "from .. import util\n\n\ndef test_big():\n"
                                   "    assert util.big() == 140\n"})
    code = convert(sources(root), "tests/level/test_big.py", "test_big")
    assert "def big():" in code and "def unused" not in code
    assert "util = types.SimpleNamespace(big=big)" in code
    assert run(code, root) == "140\n"


def test_star_imports_of_a_test_package_inside_the_package_become_absolute(
        tmp_path: Path) -> None:
    """``from .. import *`` in ``shop/tests``: a snippet has no package, so the import names
    the package; a star import of a test suite's helpers outside the import root cannot be
    inlined and says so."""
    root = project(tmp_path, {
        "src/shop/tests/__init__.py": "",
        "src/shop/tests/test_inner.py": "from .. import *\n\n\ndef test_discount():\n"
                                        "    assert discount(150) == 140\n",
        "tests/__init__.py": "",
        "tests/helpers.py": "LIMIT = 100\n",
        "tests/test_helped.py": "from shop import discount\nfrom .helpers import *\n\n\n"
                                "def test_limit():\n    assert discount(LIMIT) == 90\n"})
    code = convert(sources(root), "src/shop/tests/test_inner.py", "test_discount")
    assert "from shop import *" in code and "from .." not in code
    assert run(code, root) == "140\n"
    with pytest.raises(Unconvertible, match=r"imports \* from \.helpers"):
        convert(sources(root), "tests/test_helped.py", "test_limit")


FILE_TEST = {"tests/test_files.py": '''
    import os
    from shop import discount

    DATA = os.path.join(os.path.dirname(__file__), "data.txt")


    def test_data():
        assert discount(len(DATA))
'''}


def test_a_test_reading_files_beside_it_is_skipped(tmp_path: Path) -> None:
    root = project(tmp_path, FILE_TEST)
    with pytest.raises(Unconvertible, match="__file__"):
        convert(sources(root), "tests/test_files.py", "test_data")


SIBLING_CLASSES = {"tests/test_classes.py": '''
    import os
    import unittest
    from shop import discount

    HERE = os.path.dirname(__file__)


    def with_data(cls):
        cls.files = os.listdir(HERE)
        return cls


    class TestDiscount(unittest.TestCase):
        def test_limit(self):
            self.assertEqual(discount(100), 90)


    @with_data
    class TestFiles(unittest.TestCase):
        def test_listed(self):
            self.assertTrue(self.files)
'''}


def test_a_sibling_test_class_is_no_side_effect(tmp_path: Path) -> None:
    # TestFiles shares ``unittest`` with the converted test and is decorated, which would make it
    # a side effect to keep; it reads ``__file__``, so keeping it would lose the test
    root = project(tmp_path, SIBLING_CLASSES)
    code = convert(sources(root), "tests/test_classes.py", "TestDiscount::test_limit")
    assert "TestFiles" not in code and "with_data" not in code
    assert run(code, root) == "90\n"


# -- the strategy's candidates ------------------------------------------------------------------

TARGETS = {"changed_functions": [
    {"qualname": "shop.discount", "files": {"old": "src/shop/__init__.py"},
     "modules": {"old": "shop"}, "changed_lines": {"old": [37]}},
    {"qualname": "shop.Cart.add", "files": {"old": "src/shop/__init__.py"},
     "modules": {"old": "shop"}, "changed_lines": {"old": [15, 16]}}], "access": []}


def test_the_target_is_the_function_whose_changed_lines_it_covered_most() -> None:
    covered = {"src/shop/__init__.py": [15, 16, 37]}
    assert choose_target(covered, TARGETS) == "shop.Cart.add"
    assert choose_target({"src/shop/__init__.py": [37]}, TARGETS) == "shop.discount"
    assert choose_target({}, TARGETS) == "shop.discount"


def request_for(root: Path, names: List[str], **extra: Any) -> Dict[str, Any]:
    tests = [{"file": "tests/test_param.py", "name": n,
              "covered": {"src/shop/__init__.py": [37]}} for n in names]
    return dict({"seed": 1, "round": 0, "max_candidates": 5, "old_root": str(root),
                 "new_root": str(root), "import_roots": {"old": "src", "new": "src"},
                 "targets": TARGETS, "project_tests": {"tests": tests}}, **extra)


PARAM_TEST = {"tests/test_param.py": '''
    from shop import discount
    import pytest


    @pytest.mark.parametrize("amount", [99, 150])
    def test_discount(amount):
        assert discount(amount) >= 0
        assert discount(amount + 7) - discount(3) > 0
'''}


def test_candidates_carry_the_strategy_and_their_origin(tmp_path: Path) -> None:
    root = project(tmp_path, PARAM_TEST)
    project_tests = ProjectTests(request_for(root, ["test_discount[0]", "test_discount[1]"]))
    found = project_tests.round_candidates(1, 0, set(), None)
    originals = [c for c in found if not c["genome"]["mutant"]]
    assert [c["entry"] for c in originals] == ["tests/test_param.py::test_discount[0]",
                                               "tests/test_param.py::test_discount[1]"]
    genome = originals[0]["genome"]
    assert genome["strategy"] == "project_tests" and genome["target"] == "shop.discount"
    assert genome["origin"] == {"file": "tests/test_param.py",
                                "test": "tests/test_param.py::test_discount[0]"}
    assert genome["code"] == originals[0]["code"]
    mutated = [c["code"] for c in found if c["genome"]["mutant"]]
    assert "amount = 100\n" in "".join(mutated)  # 99 moved a step: the changed boundary
    # a later round offers mutants the earlier ones have not tried
    seen = {c["code"] for c in found}
    later = project_tests.round_candidates(1, 1, set(seen), {"shop.discount"})
    assert later and all(c["genome"]["mutant"] and c["code"] not in seen for c in later)
    assert project_tests.round_candidates(1, 1, set(seen), {"shop.other"}) == []


def test_later_rounds_mutate_the_tests_the_earlier_rounds_did_not_reach(tmp_path: Path) -> None:
    """Round 0 mutates the first 24 of 30 tests; round 1 goes on with the 25th, round 2 after
    where round 1 stopped, so every test's literals get moved within a few rounds."""
    amounts = ", ".join(str(99 + i) for i in range(30))
    root = project(tmp_path, {"tests/test_param.py": PARAM_TEST["tests/test_param.py"].replace(
        "[99, 150]", "[%s]" % amounts)})
    project_tests = ProjectTests(request_for(root, ["test_discount[%d]" % i for i in range(30)]))
    seen: set = set()

    def mutated(round_index: int) -> List[str]:
        found = project_tests.round_candidates(1, round_index, seen, {"shop.discount"})
        return [c["entry"].split("::")[1] for c in found if c["genome"]["mutant"]]

    assert mutated(0)[:2] == ["test_discount[0]", "test_discount[1]"]
    first = mutated(1)
    assert first[:6] == ["test_discount[%d]" % i for i in range(24, 30)], first
    assert first[6] == "test_discount[0]" and len(first) == 16
    assert mutated(2)[0] == "test_discount[10]"
    # a test that ran the changed lines itself (the runner named its statement) goes first
    request = request_for(root, ["test_discount[%d]" % i for i in range(30)])
    request["project_tests"]["tests"][7]["reached_from"] = [7]
    assert ProjectTests(request).round_candidates(1, 0, set(), None)[30]["entry"] == \
        "tests/test_param.py::test_discount[7]"
    # rounds of 200 other candidates take a quarter as many mutants: round 0 took 50 of them
    larger = project_tests.round_candidates(1, 1, seen, {"shop.discount"}, max_candidates=200)
    assert len(larger) == 50 and larger[0]["entry"].endswith("test_discount[20]")


def test_a_test_calling_its_target_itself_takes_more_turns(tmp_path: Path) -> None:
    """Three mutants of the test that calls discount for one of the test that reaches it
    through a helper of the suite; tests of one kind take one turn each."""
    helper = PARAM_TEST["tests/test_param.py"] + '''

    def checkout(amount):
        return discount(amount)


    def test_checkout():
        assert checkout(120) > 0
'''
    root = project(tmp_path, {"tests/test_param.py": helper})
    found = ProjectTests(request_for(root, ["test_checkout", "test_discount[0]"])) \
        .round_candidates(1, 0, set(), None)
    mutated = [c["entry"].split("::")[1] for c in found if c["genome"]["mutant"]]
    assert mutated[:8] == (["test_checkout"] + ["test_discount[0]"] * 3) * 2, mutated


def test_the_generate_request_puts_originals_first_and_honours_the_switch(tmp_path: Path) -> None:
    root = project(tmp_path, PARAM_TEST)
    answer = generate(request_for(root, ["test_discount[0]"]))
    first = answer["candidates"][0]
    assert first["genome"].get("strategy") == "project_tests" and not first["genome"]["mutant"]
    assert any(c["genome"].get("mutant") for c in answer["candidates"])
    off = generate(request_for(root, ["test_discount[0]"],
                               disabled_strategies=["project_tests"]))
    assert off["candidates"]
    assert not any(c["genome"].get("strategy") == "project_tests" for c in off["candidates"])
    # feedback of its own candidates is recognised: their codes are not offered again
    feedback = {"tests": [{"id": "t1", "target": "shop.discount", "genome": first["genome"],
                           "covered": {}, "outcome": "ok"}]}
    again = generate(request_for(root, ["test_discount[0]"], feedback=feedback))
    assert first["code"] not in [c["code"] for c in again["candidates"]]
