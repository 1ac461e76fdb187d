"""Tests for gen/project_tests/fixtures.py: the fixtures a converted test asks for, inlined in
dependency order, a parametrised one with its first parameter, and the reason when one cannot
be."""

from __future__ import annotations

from pathlib import Path

import pytest

from project_test_support import project, run, sources

from gen.project_tests import convert_tests  # noqa: E402
from gen.project_tests.convert import convert  # noqa: E402
from gen.project_tests.fixtures import Unconvertible  # noqa: E402

FIXTURES = {
    "tests/conftest.py": '''
        import pytest
        from shop import Cart


        @pytest.fixture
        def cart():
            made = Cart()
            made.add(40)
            return made
    ''',
    "tests/test_fix.py": '''
        import pytest
        from shop import register


        @register
        class Plain:
            kind = "plain"

            def price(self, value):
                return value


        @pytest.fixture
        def full(cart):
            cart.add(70)
            yield cart
            cart.items.clear()


        @pytest.fixture
        def named(request):
            return request.param


        PRICES = (12, 30)


        @pytest.fixture(params=[pytest.param(5, id="small"), 50])
        def price(request):
            return request.param * 2


        @pytest.fixture(params=PRICES)
        def listed(request, price):
            return request.param + price


        @pytest.fixture(params=[1, 2])
        def nosy(request):
            return request.node.name


        def test_total(full, tmp_path):
            assert full.total() == 110
            assert tmp_path.exists()


        def test_named(named):
            assert named


        def test_priced(listed):
            assert listed == 22


        def test_nosy(nosy):
            assert nosy
    ''',
}


def test_simple_fixtures_are_inlined_in_dependency_order(tmp_path: Path) -> None:
    root = project(tmp_path, FIXTURES)
    code = convert(sources(root), "tests/test_fix.py", "test_total")
    assert "made = Cart()\nmade.add(40)\ncart = made\ncart.add(70)\nfull = cart\n" in code
    assert "cart.items.clear()" not in code  # the teardown: every snippet is a fresh process
    assert "tmp_path = pathlib.Path(tempfile.mkdtemp())" in code
    assert run(code, root) == "110\nTrue\n"


def test_a_fixture_that_cannot_be_inlined_skips_the_test_with_its_reason(tmp_path: Path) -> None:
    root = project(tmp_path, FIXTURES)
    with pytest.raises(Unconvertible, match="fixture 'named' uses 'request'"):
        convert(sources(root), "tests/test_fix.py", "test_named")
    listed = [{"file": "tests/test_fix.py", "name": n, "covered": {}}
              for n in ("test_total", "test_named")]
    answer = convert_tests({"targets": {"changed_functions": []}, "old_root": str(root),
                            "import_roots": {"old": "src"}, "project_tests": {"tests": listed}})
    assert answer["skipped"] == [{"test": "tests/test_fix.py::test_named",
                                  "reason": "fixture 'named' uses 'request'"}]


def test_a_parametrised_fixture_is_inlined_with_its_first_parameter(tmp_path: Path) -> None:
    """``request.param`` becomes the first parameter (a ``pytest.param``'s value; the first item
    of a sequence named elsewhere); a fixture reading more of ``request`` is not inlined."""
    root = project(tmp_path, FIXTURES)
    code = convert(sources(root), "tests/test_fix.py", "test_priced")
    assert "price = 5 * 2\n" in code and "listed = PRICES[0] + price\n" in code
    assert run(code, root) == "22\n"
    with pytest.raises(Unconvertible, match="fixture 'nosy' uses 'request' beyond its parameter"):
        convert(sources(root), "tests/test_fix.py", "test_nosy")


def test_a_name_imported_alike_by_the_conftest_and_the_test_is_no_conflict(
        tmp_path: Path) -> None:
    """``from shop import Cart, discount`` in the conftest and ``from shop import Cart`` in the
    test bind the same object; a name bound to something else still refuses the test."""
    files = {
        "tests/conftest.py": '''
            import pytest
            from shop import Cart, discount


            @pytest.fixture
            def cart():
                made = Cart()
                made.add(discount(100))
                return made
        ''',
        "tests/test_same.py": '''
            from shop import Cart


            def test_total(cart):
                assert isinstance(cart, Cart)
                assert cart.items == [(90, 1)]
        ''',
        "tests/test_other.py": '''
            from shop import discount as Cart


            def test_total(cart):
                assert cart.items == [(Cart(100), 1)]
        ''',
    }
    root = project(tmp_path, dict(FIXTURES, **files))
    code = convert(sources(root), "tests/test_same.py", "test_total")
    assert run(code, root) == "True\n[(90, 1)]\n"
    with pytest.raises(Unconvertible, match="both define 'Cart'"):
        convert(sources(root), "tests/test_other.py", "test_total")


def test_tmpdir_is_inlined_as_a_legacy_path(tmp_path: Path) -> None:
    root = project(tmp_path, dict(FIXTURES, **{"tests/test_dir.py": '''
        def test_saved(tmpdir):
            tmpdir.join("a.txt").write("40")
            assert int(tmpdir.join("a.txt").read()) == 40
    '''}))
    code = convert(sources(root), "tests/test_dir.py", "test_saved")
    assert "tmpdir = py.path.local(tempfile.mkdtemp())" in code, code
    assert run(code, root) == "40\n"


def test_a_fixture_yielding_inside_a_with_block_enters_its_context(tmp_path: Path) -> None:
    root = project(tmp_path, dict(FIXTURES, **{"tests/test_patched.py": '''
        from unittest import mock

        import pytest
        import shop


        @pytest.fixture
        def patched():
            """No discount while patched."""
            with mock.patch("shop.discount", return_value=7) as mocked, open("/dev/null"):
                mocked.extra = 1
                yield mocked
            print("never in a snippet")


        def test_patched(patched):
            assert shop.discount(100) == 7 + patched.extra - 1
    '''}))
    code = convert(sources(root), "tests/test_patched.py", "test_patched")
    assert "mocked = mock.patch('shop.discount', return_value=7).__enter__()" in code, code
    assert "open('/dev/null').__enter__()\n" in code and "never in a snippet" not in code
    assert run(code, root) == "7\n7\n"


def test_a_fixtures_local_name_the_test_or_another_fixture_uses_is_renamed(
        tmp_path: Path) -> None:
    """``table`` built inside two fixtures and in the test: each fixture's own is renamed, so
    neither overwrites what the other or the test holds."""
    root = project(tmp_path, dict(FIXTURES, **{"tests/test_tables.py": '''
        import pytest
        from shop import Cart


        @pytest.fixture
        def small():
            table = Cart()
            table.add(5)
            return table


        @pytest.fixture
        def large(small):
            table = Cart()
            table.add(500)
            return [table, small]


        def test_both(small, large):
            table = [small.items, large[0].items, large[1].items]
            assert table == [[(5, 1)], [(500, 1)], [(5, 1)]]
    '''}))
    code = convert(sources(root), "tests/test_tables.py", "test_both")
    assert "table_small = Cart()" in code and "table_large = Cart()" in code, code
    assert run(code, root) == "[[(5, 1)], [(500, 1)], [(5, 1)]]\n"
