"""The calls into the project a project test made on its way to a changed line, as snippets
(``gen/project_tests/entry_calls.py``): what they print on each version, and that a record that
is not a plain call of literals (it comes out of a sandboxed run of untrusted code) gives none."""

from __future__ import annotations

from pathlib import Path

import pytest

from project_test_support import project, run
from test_project_tests import FILE_TEST, request_for

from gen.project_tests import convert_tests  # noqa: E402
from gen.project_tests.candidates import ProjectTests  # noqa: E402
from gen.project_tests.entry_calls import (  # noqa: E402
    CONSUMED, SHOWN_STATE, entry_call_snippet, entry_call_snippets, repeats_a_call_of)

NEW_SHOP_TAIL = "    if amount >= 100:\n        return amount - 10\n"


def call(text: str, **fields: object) -> dict:
    return dict({"module": "shop", "name": text.split("(")[0].split(".")[0], "call": text,
                 "imports": []}, **fields)


def test_a_recorded_call_becomes_a_snippet_that_prints_its_result(tmp_path: Path) -> None:
    root = project(tmp_path, {})
    code = entry_call_snippet(call("discount(150)"))
    assert code == ("import collections.abc\nimport itertools\nfrom shop import discount\n\n"
                    "result = discount(150)\n%s\nprint(repr(result))\n%s\n" %
                    (CONSUMED, SHOWN_STATE))
    assert run(code, root) == "140\n"
    # a returned iterator prints its items, an endless one its first thousand
    assert run(entry_call_snippet(call("repeat('x', 3)", module="itertools")), root) == \
        "['x', 'x', 'x']\n"
    assert run(entry_call_snippet(call("count(5)", module="itertools")), root).count(",") == 999
    dated = entry_call_snippet(call("discount(datetime.date(2024, 5, 1).day)",
                                    imports=["import datetime"]))
    assert dated is None  # an attribute of a value is no literal
    stamped = entry_call_snippet(call("discount(len([datetime.date(2024, 5, 1)]))"))
    assert stamped is None
    assert entry_call_snippet(call("discount(150, cast=float)")) is not None
    assert entry_call_snippet(call("discount(150, cast=exec)")) is None
    valued = entry_call_snippet(call("Cart.add(float('nan'), count={1: (2, 'x')})",
                                     imports=["import datetime", "import decimal"]))
    assert valued is not None and valued.startswith(
        "import collections.abc\nimport datetime\nimport decimal\nimport itertools\n"
        "from shop import Cart\n")


def test_a_method_on_a_rebuilt_object_shows_its_result_and_a_plain_objects_state(
        tmp_path: Path) -> None:
    root = project(tmp_path, {})
    (root / "src" / "shop" / "meter.py").write_text(
        "class Meter:\n"
        "    def __init__(self, unit, factor=2):\n"
        "        self.unit, self.factor = unit, factor\n"
        "    def read(self, value):\n"
        "        return value * self.factor\n")
    code = entry_call_snippet(call("Meter(unit='kg', factor=3).read(4)", module="shop.meter"))
    assert code is not None and run(code, root) == "12\n"
    built = entry_call_snippet(call("Meter('kg', factor=3)", module="shop.meter"))
    assert run(built, root).splitlines()[1] == "[('factor', 3), ('unit', 'kg')]"
    for record in ("Meter(open('x')).read(4)", "Meter('kg').read(open('x'))",
                   "Meter('kg')(1).read(4)", "Other('kg').read(4)", "Meter.x.read(4)"):
        assert entry_call_snippet(call(record, module="shop.meter", name="Meter")) is None


def test_a_call_the_converted_test_makes_the_same_way_gives_no_snippet() -> None:
    snippet = entry_call_snippet(call("discount(150)"))
    assert repeats_a_call_of(snippet, "from shop import discount\n\n"
                                      "print(repr(discount(150)))\n")
    assert not repeats_a_call_of(snippet, "import shop\n\nprint(repr(shop.discount(150)))\n")
    assert not repeats_a_call_of(snippet, "from shop import discount\n\n"
                                          "print(repr(discount(151)))\n")


@pytest.mark.parametrize("record", [
    call("discount(1)", module="shop; import os"),
    call("discount(1)", module="os.path ", name="discount"),
    call("other(1)", name="discount"),
    call("discount.__globals__.clear(1)"),
    call("discount(__import__('os').system('true'))"),
    call("discount(open('/etc/passwd'))"),
    call("discount(*[1])"),
    call("discount(**{'amount': 1})"),
    call("discount(1)", imports=["import os"]),
    call("discount(1); print(2)"),
    call("[discount(1)]"),
    "discount(1)",
])
def test_a_record_that_is_not_a_plain_call_of_literals_gives_no_snippet(record: object) -> None:
    assert entry_call_snippet(record) is None


def test_a_test_that_does_not_convert_still_gives_its_recorded_calls(tmp_path: Path) -> None:
    """The test reads a file beside it (no snippet can); its recorded call is a candidate,
    counted as converted, not skipped, and its literal moves like a converted test's."""
    root = project(tmp_path, FILE_TEST)
    request = request_for(root, [])
    request["project_tests"]["tests"] = [{
        "file": "tests/test_files.py", "name": "test_data",
        "covered": {"src/shop/__init__.py": [37]},
        "entry_calls": [call("discount(99)"), call("discount(99)"), {"module": "shop"}]}]
    answer = convert_tests(request)
    assert answer == {"converted": [{"test": "tests/test_files.py::test_data",
                                     "target": "shop.discount"}], "skipped": []}
    found = ProjectTests(request).round_candidates(1, 0, set(), None)
    originals = [c["code"] for c in found if not c["genome"]["mutant"]]
    assert originals == [entry_call_snippet(call("discount(99)"))]
    assert any("discount(100)" in c["code"] for c in found if c["genome"]["mutant"])
    assert found[0]["genome"]["origin"]["test"] == "tests/test_files.py::test_data"
    # without a record the test is skipped with the reason it did not convert
    del request["project_tests"]["tests"][0]["entry_calls"]
    assert convert_tests(request)["skipped"][0]["test"] == "tests/test_files.py::test_data"
    assert entry_call_snippets({"entry_calls": [call("discount(%d)" % n) for n in range(9)]}) \
        == [entry_call_snippet(call("discount(%d)" % n)) for n in range(3)]
