"""Tests for two ways a project test's run is taken further: the other documents of a
data-driven test (``data_files``), and a test that raised, run again printing what it raises
(``messages``); and for the test classes a snippet keeps without their tests (``assemble``).
The cases work on small trees and snippet text."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from helpers_dir import HELPERS

if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))

from gen.plans import Target  # noqa: E402
from gen.project_tests.assemble import strip_tests  # noqa: E402
from gen.project_tests.data_files import DataFiles, name_words, sibling_snippets  # noqa: E402
from gen.project_tests.messages import (message_observed, message_unwrapped,  # noqa: E402
                                        observed_candidates)
from gen.project_tests.shrink import shrink_candidates  # noqa: E402

DOC = "title = 'a document'\n"


def _suite(root: Path) -> None:
    data = root / "tests" / "data"
    (data / "inline").mkdir(parents=True)
    (data / "plain").mkdir(parents=True)
    (data / "first.conf").write_text(DOC)
    (data / "plain" / "other.conf").write_text("plain = 1\n")
    (data / "inline" / "nested.conf").write_text("inline = { a = 1, }\n")
    (data / "notes.txt").write_text("not a document of the kind\n")
    (root / "tests" / "test_docs.py").write_text("# loops over tests/data\n")


def _call(text: str) -> dict:
    return {"module": "conf", "name": "loads", "call": "loads(%r, strict=True)" % text,
            "imports": []}


def test_a_recorded_document_is_found_among_the_suites_files(tmp_path: Path) -> None:
    _suite(tmp_path)
    files = DataFiles(str(tmp_path))
    found = files.holder("tests/test_docs.py", DOC)
    assert found is not None and found.endswith("first.conf")
    assert files.holder("tests/test_docs.py", DOC + " ") is None
    assert files.holder("tests/test_docs.py", DOC.encode()) == found


def test_siblings_of_the_same_kind_come_with_the_changed_names_words_first(
        tmp_path: Path) -> None:
    _suite(tmp_path)
    codes = list(sibling_snippets(DataFiles(str(tmp_path)), "tests/test_docs.py",
                                  _call(DOC), name_words(["conf.parse_inline"])))
    assert len(codes) == 2  # the other .conf files, not the .txt one nor the document itself
    assert "loads('inline = { a = 1, }\\n', strict=True)" in codes[0]
    assert "loads('plain = 1\\n', strict=True)" in codes[1]
    assert all("from conf import loads" in code for code in codes)


def test_a_text_that_is_no_files_gives_no_siblings(tmp_path: Path) -> None:
    _suite(tmp_path)
    files = DataFiles(str(tmp_path))
    assert list(sibling_snippets(files, "tests/test_docs.py", _call("a literal of a test"),
                                 set())) == []
    assert list(sibling_snippets(files, "tests/test_docs.py", None, set())) == []


def test_name_words_leave_dunders_and_short_words_out() -> None:
    assert name_words(["pkg.Parser.parse_inline_table", "pkg.Parser.__init__", "pkg.io"]) == \
        {"pkg", "parser", "parse", "inline", "table"}


def test_an_observed_test_prints_its_exception_and_keeps_its_imports() -> None:
    code = "import os\n\nx = int('a')\nprint(x)\n"
    observed = message_observed(code)
    assert observed is not None and observed.startswith("import os\n\ntry:\n    x = int('a')")
    result = subprocess.run([sys.executable, "-c", observed], capture_output=True, text=True,
                            check=True)
    assert result.stdout.startswith("raises ValueError invalid literal")
    assert message_unwrapped(observed) == code
    assert message_unwrapped(code) is None
    assert message_observed("import os\n") is None


def test_an_observed_test_shrinks_inside_its_try() -> None:
    observed = message_observed("x = 1\nprint(x)\ny = int('a')\nprint(y)\n")
    shrunk = [c["code"] for c in shrink_candidates({"observe": "exception", "origin": {}},
                                                   observed)]
    assert shrunk and all(message_unwrapped(code) is not None for code in shrunk)
    assert any("print(x)" not in code and "int('a')" in code for code in shrunk)


def _feedback(code: str, outcome: str, lines: list, observe: bool = False) -> dict:
    genome = {"strategy": "project_tests", "target": "m.f", "code": code, "mutant": True,
              "origin": {"file": "tests/test_m.py", "test": "tests/test_m.py::test_f"}}
    if observe:
        genome["observe"] = "exception"
    return {"genome": genome, "outcome": outcome, "covered": {"new": {"m.py": lines}}}


def _is_project(genome: object) -> bool:
    return isinstance(genome, dict) and genome.get("strategy") == "project_tests"


def test_tests_that_raised_through_a_changed_raise_are_observed_within_a_budget() -> None:
    target = Target("m.f", "function", "both", {"old": "m.py", "new": "m.py"}, {}, [], None)
    raises = {"m.f": {"new": {4}}}
    tests = [_feedback("f(%d)\n" % n, "raised", [3, 4]) for n in range(12)]
    tests.append(_feedback("f('missed')\n", "raised", [3]))
    tests.append(_feedback("f('clean')\n", "ok", [3, 4]))
    found = observed_candidates(tests, [target], raises, _is_project)
    assert len(found) == 8  # MAX_PER_TARGET, the latest first
    assert "f(11)" in found[0]["genome"]["code"]
    assert all(item["genome"]["observe"] == "exception" for item in found)
    assert not any("missed" in i["genome"]["code"] or "clean" in i["genome"]["code"]
                   for i in found)
    spent = tests + [dict(_feedback(i["genome"]["code"], "ok", [4], True)) for i in found[:5]]
    assert len(observed_candidates(spent, [target], raises, _is_project)) == 3


def test_what_a_test_catches_itself_prints_its_message_too() -> None:
    target = Target("m.f", "function", "both", {"old": "m.py", "new": "m.py"}, {}, [], None)
    caught = ("try:\n    f(1)\nexcept Exception as error:\n"
              "    print('raises', type(error).__name__)\nelse:\n    print('raises nothing')\n")
    found = observed_candidates([_feedback(caught, "ok", [4])], [target], {"m.f": {"new": {4}}},
                                _is_project)
    assert len(found) == 1
    code = found[0]["genome"]["code"]
    assert "        print('raises', type(error).__name__, str(error))" in code
    script = "def f(n):\n    raise KeyError('no %d' % n)\n" + code
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True)
    assert result.stdout == "raises KeyError 'no 1'\n"


def test_test_classes_lose_their_tests_by_their_names_or_their_bases_names() -> None:
    source = """
class DateTestCase(BaseTestCase):
    def helper(self):
        return 1

    def testParse(self):
        assert False


class ParserTests(object):
    def test_one(self):
        assert False


class Builder:
    def test_mode(self):
        return 2
"""
    kept = {node.name: [f.name for f in node.body if isinstance(f, ast.FunctionDef)]
            for node in strip_tests(ast.parse(source).body)}
    assert kept == {"DateTestCase": ["helper"], "ParserTests": [], "Builder": ["test_mode"]}
