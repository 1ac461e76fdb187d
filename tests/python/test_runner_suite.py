"""Tests for the runner's collection and runs of the project's own tests (collect_tests, run with
``test``), and for ``unittest.TestCase`` classes in snippets.

The worker is started as the executor starts it (``python3 -I runner.py --root TREE
--import-root src`` with a clean environment) on a small project written into a temporary tree:
a package under ``src``, a conftest with fixtures, a pytest module, a ``unittest`` module and a
module with doctests.  The cases: what is collected and how it is named, per-test coverage of the
requested lines and outcome, set-up and tear-down, fixtures, parametrised cases, doctests,
requests the worker refuses, and a test that kills its child.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, Dict, Iterator, List

import pytest

from helpers_dir import HELPERS

RUNNER = HELPERS / "runner.py"
WORKER_PYTHON = os.environ.get("DIFFTRIAGE_TEST_PYTHON", sys.executable)

FILES = {
    "src/calc/__init__.py": '''
        def scale(value, factor=2):
            """Scale a value.

            >>> scale(3)
            6
            >>> scale(3, factor=0)
            0
            """
            if factor == 0:
                return 0  # @zero
            return value * factor  # @multiply


        def broken_doc():
            """
            >>> broken_doc()
            1
            """
            return 2


        def apply(values, factor=2, *rest, twice=False, **options):
            return [scale(value, factor) for value in values]


        def each(values, factor):
            for value in values:
                yield scale(value, factor)


        class Units:
            @classmethod
            def convert(cls, value, factor):
                return scale(value, factor)

            def method(self, value):
                return scale(value, 0)


        class Meter:
            def __init__(self, unit, cache=None, factor=2):
                self.unit = unit
                self._factor = factor
                self.cache = cache
                self.history = []

            def read(self, value):
                return scale(value, self._factor)

            def __read(self, value):
                return self.read(value)

            def hidden(self, value):
                return self.__read(value)

            def deep(self, value):
                return self.hidden(value)


        class Gauge:
            def __init__(self, value):
                self.value = scale(value, 0)


        def measure(path, factor):
            return scale(len(path), factor)


        class Log:
            def __init__(self):
                self.rows = []

            def add(self, row):
                self.rows.append(row)

            def total(self, factor):
                return scale(sum(self.rows), factor)
    ''',
    "tests/conftest.py": '''
        import pytest

        EVENTS = []


        @pytest.fixture
        def base():
            return 5


        @pytest.fixture(autouse=True)
        def journal():
            EVENTS.append("start")
            yield
            EVENTS.append("end")
    ''',
    "tests/test_pytest_style.py": '''
        import pytest
        from calc import scale


        @pytest.fixture
        def doubled(base):
            yield scale(base)


        def test_plain():
            assert scale(2) == 4


        @pytest.mark.parametrize("value", [1, 2])
        @pytest.mark.parametrize("factor", [0, 3])
        def test_cases(value, factor):
            assert scale(value, factor) >= 0


        @pytest.mark.parametrize(("value",), [(0,), (4,)])
        def test_one_name_in_a_tuple(value):
            assert isinstance(value, int)
            scale(value, 0)


        def test_fixture(doubled):
            assert doubled == 10


        def test_request(request):
            assert request


        @pytest.fixture(params=[pytest.param(3, id="three"), 4])
        def factor(request):
            return request.param


        @pytest.fixture(params=[1])
        def nosy(request):
            return request.node


        def test_first_parameter(factor):
            assert scale(1, factor) == 3


        def test_nosy(nosy):
            assert nosy


        class TestGroup:
            def setup_method(self, method):
                self.value = 7

            def test_method(self):
                assert scale(self.value) == 14
    ''',
    "tests/test_steps.py": '''
        from calc import scale

        def test_steps():
            assert scale(2) == 4
            assert scale(5, 0) == 0
            assert scale(1) == 2
    ''',
    "tests/cases.json": '''
        [[[1, 2], 3], [[5, 6], 0, {"unit": "kg"}]]
    ''',
    "tests/test_data_driven.py": '''
        import datetime
        import json
        import os

        import calc

        HERE = os.path.dirname(__file__)


        def test_from_data():
            with open(os.path.join(HERE, "cases.json")) as handle:
                for values, factor, *rest in json.load(handle):
                    assert calc.apply(values, factor, *rest, twice=True, day=datetime.date(
                        2024, 5, 1), cast=float)


        def test_class_level():
            assert calc.Units.convert(4, 0) == 0


        def test_lazy():
            assert list(calc.each([3], 0)) == [0]


        def test_no_literal():
            assert calc.Units().method(object()) == 0


        def test_instance():
            assert calc.Meter("kg", cache=object(), factor=0).read(4) == 0


        def test_subclass():
            class Local(calc.Meter):
                pass

            assert Local("kg", factor=0).read(4) == 0


        def test_mangled():
            assert calc.Meter("kg", factor=0).hidden(4) == 0


        def test_deep():
            assert calc.Meter("kg", factor=0).deep(4) == 0


        def test_rooted():
            assert calc.measure(os.path.join(HERE, "cases.json"), 0) == 0


        def test_filled():
            log = calc.Log()
            log.add(4)
            assert log.total(0) == 0


        def test_constructor():
            assert calc.Gauge(5).value == 0
    ''',
    "tests/test_unit_style.py": '''
        import unittest
        from calc import scale

        LOG = []


        class ScaleTests(unittest.TestCase):
            @classmethod
            def setUpClass(cls):
                cls.factor = 0

            def setUp(self):
                self.value = 9

            def tearDown(self):
                print("torn down")

            def test_zero(self):
                self.assertEqual(scale(self.value, self.factor), 0)

            def test_wrong(self):
                self.assertEqual(scale(self.value), 1)

            @unittest.skip("not today")
            def test_skipped(self):
                pass

            def test_exit(self):
                raise SystemExit(3)
    ''',
}


def marker(name: str) -> int:
    text = textwrap.dedent(FILES["src/calc/__init__.py"]).lstrip("\n")
    for number, line in enumerate(text.splitlines(), start=1):
        if line.rstrip().endswith("# @" + name):
            return number
    raise AssertionError(name)


class Worker:
    """A runner worker on a tree, driven through its JSON-lines protocol."""

    def __init__(self, root: Path, home: Path) -> None:
        env = {"PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0", "HOME": str(home),
               "TMPDIR": str(home)}
        self.proc = subprocess.Popen([WORKER_PYTHON, "-I", str(RUNNER), "--root", str(root),
                                      "--import-root", "src"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=env, cwd=str(home))
        self.next_id = 0

    def request(self, op: str, **fields: Any) -> Dict[str, Any]:
        self.next_id += 1
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write((json.dumps(dict(fields, op=op, id=self.next_id)) + "\n").encode())
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], 60)
        assert ready, "no answer to %s" % op
        response = json.loads(self.proc.stdout.readline())
        assert response.get("id") == self.next_id, response
        return response

    def run_test(self, file: str, name: str, **fields: Any) -> Dict[str, Any]:
        lines = [marker("zero"), marker("multiply")]
        return self.request("run", test={"file": file, "name": name},
                            coverage={"src/calc/__init__.py": lines}, **fields)

    def close(self) -> None:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)
        self.proc.stdout.close()


@pytest.fixture(scope="module")
def worker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Worker]:
    root = tmp_path_factory.mktemp("suite")
    for relpath, text in FILES.items():
        path = root / "tree" / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    started = Worker(root / "tree", root)
    yield started
    started.close()


def names(answer: Dict[str, Any]) -> List[str]:
    return [t["name"] for t in answer["tests"]]


def test_collects_functions_cases_classes_testcases_and_doctests(worker: Worker) -> None:
    answer = worker.request("collect_tests", file="tests/test_pytest_style.py")
    assert answer["error_type"] is None and answer["file"] == "tests/test_pytest_style.py"
    assert names(answer) == ["test_plain", "test_cases[0][0]", "test_cases[0][1]",
                             "test_cases[1][0]", "test_cases[1][1]",
                             "test_one_name_in_a_tuple[0]", "test_one_name_in_a_tuple[1]",
                             "test_fixture", "test_request", "test_first_parameter",
                             "test_nosy", "TestGroup::test_method"]
    unit = worker.request("collect_tests", file="tests/test_unit_style.py")
    assert names(unit) == ["ScaleTests::test_zero", "ScaleTests::test_wrong",
                           "ScaleTests::test_skipped", "ScaleTests::test_exit"]
    doctests = worker.request("collect_tests", file="src/calc/__init__.py", doctests_only=True)
    assert names(doctests) == ["calc.scale", "calc.broken_doc"]
    assert "hello" in worker.request("hello")["op"] and \
        "collect_tests" in worker.request("hello")["ops"]


def test_each_test_reports_the_changed_lines_it_ran(worker: Worker) -> None:
    plain = worker.run_test("tests/test_pytest_style.py", "test_plain")
    assert plain["status"] == "ok" and plain["tests"] == [{"name": "test_plain", "status": "ok"}]
    assert plain["covered"] == {"src/calc/__init__.py": [marker("multiply")]}
    # the decorator nearest the function is numbered first: factor 0 is case [0]
    zero = worker.run_test("tests/test_pytest_style.py", "test_cases[0][1]")
    assert zero["covered"] == {"src/calc/__init__.py": [marker("zero")]}
    # a case of a tuple of names, even of one, is unpacked as pytest does
    unpacked = worker.run_test("tests/test_pytest_style.py", "test_one_name_in_a_tuple[1]")
    assert unpacked["status"] == "ok", unpacked
    assert unpacked["covered"] == {"src/calc/__init__.py": [marker("zero")]}


def test_a_test_names_its_statements_that_first_ran_the_lines_asked_about(worker: Worker) -> None:
    """``scale(2)`` ran the multiplication first, ``scale(5, 0)`` the zero branch; asked about
    the zero branch only, the run names the second statement; asked about nothing, nothing."""
    lines = textwrap.dedent(FILES["tests/test_steps.py"]).lstrip("\n").splitlines()
    zero = lines.index("    assert scale(5, 0) == 0") + 1
    steps = worker.run_test("tests/test_steps.py", "test_steps",
                            callers_of={"src/calc/__init__.py": [marker("zero")]})
    assert steps["status"] == "ok" and steps["reached_from"] == [zero]
    both = worker.run_test("tests/test_steps.py", "test_steps", callers_of={
        "src/calc/__init__.py": [marker("zero"), marker("multiply")]})
    assert both["reached_from"] == [lines.index("    assert scale(2) == 4") + 1, zero]
    assert "reached_from" not in worker.run_test("tests/test_steps.py", "test_steps")


def test_a_test_records_the_project_calls_that_reached_the_lines_asked_about(
        worker: Worker) -> None:
    """The calls into the package on the stack at the first hit, outermost first, with the
    values they got from a data file; a class method without its class argument; a generator
    (its snippet consumes the items); an instance method on its object rebuilt by its
    constructor, a constructor as its class's call; asked about nothing, nothing recorded."""
    zero = {"src/calc/__init__.py": [marker("zero")]}
    data = worker.run_test("tests/test_data_driven.py", "test_from_data", callers_of=zero)
    assert data["status"] == "ok", data
    assert data["entry_calls"] == [
        {"module": "calc", "name": "apply", "imports": ["import datetime"],
         "call": "apply([5, 6], 0, {'unit': 'kg'}, twice=True, "
                 "day=datetime.date(2024, 5, 1), cast=float)"},
        {"module": "calc", "name": "scale", "imports": [], "call": "scale(5, 0)"}]
    classes = worker.run_test("tests/test_data_driven.py", "test_class_level", callers_of=zero)
    assert [c["call"] for c in classes["entry_calls"]] == ["Units.convert(4, 0)", "scale(4, 0)"]
    lazy = worker.run_test("tests/test_data_driven.py", "test_lazy", callers_of=zero)
    assert [c["call"] for c in lazy["entry_calls"]] == ["each([3], 0)", "scale(3, 0)"]
    instance = worker.run_test("tests/test_data_driven.py", "test_no_literal", callers_of=zero)
    assert instance["status"] == "ok" and instance["entry_calls"] == []
    # an object rebuilt from the attributes its constructor's parameters went to, by position
    # up to the first one left out (not a literal, it has a default), by name after it
    rebuilt = worker.run_test("tests/test_data_driven.py", "test_instance", callers_of=zero)
    assert [c["call"] for c in rebuilt["entry_calls"]] == [
        "Meter('kg', factor=0).read(4)", "scale(4, 0)"]
    assert rebuilt["entry_calls"][0]["name"] == "Meter"
    # not a test's own subclass, nor a name-mangled method; the public one that called it is
    subclass = worker.run_test("tests/test_data_driven.py", "test_subclass", callers_of=zero)
    assert [c["call"] for c in subclass["entry_calls"]] == ["scale(4, 0)"]
    mangled = worker.run_test("tests/test_data_driven.py", "test_mangled", callers_of=zero)
    assert [c["call"] for c in mangled["entry_calls"]] == [
        "Meter('kg', None, 0).hidden(4)", "Meter('kg', None, 0).read(4)", "scale(4, 0)"]
    # more calls than are kept: the outermost ones and the innermost
    deep = worker.run_test("tests/test_data_driven.py", "test_deep", callers_of=zero)
    assert [c["call"] for c in deep["entry_calls"]] == [
        "Meter('kg', None, 0).deep(4)", "Meter('kg', None, 0).hidden(4)", "scale(4, 0)"]
    # a path into the tree the test ran in: the other version's tree lies elsewhere
    rooted = worker.run_test("tests/test_data_driven.py", "test_rooted", callers_of=zero)
    assert [c["name"] for c in rooted["entry_calls"]] == ["scale"], rooted
    assert rooted["entry_calls"][0]["call"].endswith(", 0)")
    # rows added after construction: a rebuilt object would lack them
    filled = worker.run_test("tests/test_data_driven.py", "test_filled", callers_of=zero)
    assert [c["call"] for c in filled["entry_calls"]] == ["scale(4, 0)"]
    built = worker.run_test("tests/test_data_driven.py", "test_constructor", callers_of=zero)
    assert [c["call"] for c in built["entry_calls"]] == ["Gauge(5)", "scale(5, 0)"]
    assert "entry_calls" not in worker.run_test("tests/test_data_driven.py", "test_from_data")


def test_fixtures_of_the_conftest_and_the_module_and_their_teardown(worker: Worker) -> None:
    fixture = worker.run_test("tests/test_pytest_style.py", "test_fixture")
    assert fixture["status"] == "ok", fixture
    request = worker.run_test("tests/test_pytest_style.py", "test_request")
    assert request["status"] == "raised" and request["exc_type"] == "difftriage.UsageError"
    assert "request" in request["exc_message"]
    method = worker.run_test("tests/test_pytest_style.py", "TestGroup::test_method")
    assert method["status"] == "ok", method


def test_a_parametrised_fixture_gives_its_first_parameter(worker: Worker) -> None:
    first = worker.run_test("tests/test_pytest_style.py", "test_first_parameter")
    assert first["status"] == "ok", first
    nosy = worker.run_test("tests/test_pytest_style.py", "test_nosy")
    assert nosy["status"] == "raised" and nosy["exc_type"] == "difftriage.UsageError"
    assert "request.node" in nosy["exc_message"]


def test_unittest_methods_run_with_their_set_up_and_tear_down(worker: Worker) -> None:
    zero = worker.run_test("tests/test_unit_style.py", "ScaleTests::test_zero")
    assert zero["status"] == "ok" and zero["stdout"] == "torn down\n", zero
    assert zero["covered"] == {"src/calc/__init__.py": [marker("zero")]}  # setUpClass ran
    wrong = worker.run_test("tests/test_unit_style.py", "ScaleTests::test_wrong")
    assert wrong["status"] == "raised" and wrong["exc_type"] == "AssertionError"
    assert wrong["failed_test"] == "ScaleTests::test_wrong" and "18 != 1" in wrong["exc_message"]
    skipped = worker.run_test("tests/test_unit_style.py", "ScaleTests::test_skipped")
    assert skipped["status"] == "ok" and skipped["tests"][0]["status"] == "skipped"
    exited = worker.run_test("tests/test_unit_style.py", "ScaleTests::test_exit")
    assert exited["status"] == "exited" and exited["exit_code"] == 3


def test_doctests_pass_or_fail_with_their_report_on_stderr(worker: Worker) -> None:
    passing = worker.run_test("src/calc/__init__.py", "calc.scale")
    assert passing["status"] == "ok", passing
    assert passing["covered"] == {"src/calc/__init__.py": sorted([marker("zero"),
                                                                  marker("multiply")])}
    failing = worker.run_test("src/calc/__init__.py", "calc.broken_doc")
    assert failing["status"] == "raised" and failing["exc_type"] == "difftriage.DoctestFailure"
    assert "1 of 1 examples" in failing["exc_message"] and "Expected:" in failing["stderr"]


def test_bad_requests_are_refused_and_unknown_tests_fail(worker: Worker) -> None:
    outside = worker.request("run", test={"file": "../escape.py", "name": "test_x"})
    assert outside["error"].startswith("bad request") and "outside the tree" in outside["error"]
    nameless = worker.request("run", test={"file": "tests/test_unit_style.py"})
    assert nameless["error"].startswith("bad request")
    missing = worker.request("collect_tests", file="tests/test_missing.py")
    assert missing["tests"] == [] and missing["error_type"] == "difftriage.UsageError"
    unknown = worker.run_test("tests/test_pytest_style.py", "test_nothing")
    assert unknown["status"] == "raised" and unknown["exc_type"] == "difftriage.UsageError"


def test_a_testcase_in_a_snippet_runs_with_its_set_up(worker: Worker) -> None:
    code = textwrap.dedent('''
        import unittest


        class Checks(unittest.TestCase):
            def setUp(self):
                self.ready = True

            def test_ready(self):
                self.assertTrue(self.ready)
    ''')
    response = worker.request("run", code=code)
    assert response["status"] == "ok", response
    assert response["tests"] == [{"name": "Checks::test_ready", "status": "ok"}]
