"""static_check.py: the problems it finds in tests a language model wrote, in-process and as the
C++ StaticCheck runs it (``python -I static_check.py`` with the tests as JSON on stdin)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from typing import List

import pytest

from helpers_dir import HELPERS

if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))

from static_check import bound_names, private, problems  # noqa: E402

SCRIPT = HELPERS / "static_check.py"


@pytest.mark.parametrize("code", [
    "from pkg import scale\nfor i in range(3):\n    print(scale(i))\n",
    "import os.path\nprint(os.path.join('a', 'b'))\n",
    "from pkg import *\n",
    "def test_x(tmp_path):\n    assert tmp_path\n",
    "class T:\n    def m(self):\n        return self\n",
    "try:\n    pass\nexcept ValueError as error:\n    print(error)\n",
    "total = sum(x * y for x, y in [(1, 2)])\n",
    "def f():\n    global counter\n    counter = 1\n",
    "print(__name__, __file__, __doc__)\n",
    "(n := 3)\nprint(n)\n",
    "import pkg.__about__ as about\nprint(about)\n",
])
def test_valid_tests_have_no_problems(code: str) -> None:
    assert problems(code) == []


@pytest.mark.parametrize("code,expected", [
    ("from pkg.core import _clamp\nprint(_clamp(1))\n",
     ["imports the private name '_clamp' from 'pkg.core'"]),
    ("import pkg._impl\n", ["imports the private module 'pkg._impl'"]),
    ("from pkg._impl import thing\nprint(thing)\n",
     ["imports from the private module 'pkg._impl'"]),
    ("from . import core\n", ["imports from the private module '.'"]),
    ("from ..pkg import core\n", ["imports from the private module '..pkg'"]),
    ("from pkg import scale\nprint(scale(value))\n", ["name 'value' is not defined"]),
    ("import pytest\npytest.main()\n", ["calls pytest.main, which ends the test process"]),
    ("import sys\nsys.exit(1)\n", ["calls sys.exit, which ends the test process"]),
    ("import os\nos._exit(0)\n", ["calls os._exit, which ends the test process"]),
    ("print(b, a)\n", ["name 'a' is not defined", "name 'b' is not defined"]),
])
def test_problems_are_named(code: str, expected: List[str]) -> None:
    assert problems(code) == expected


def test_a_syntax_error_is_the_only_problem() -> None:
    found = problems("import sys\nsys.exit(\nprint(x\n")
    assert len(found) == 1  # wording and line differ between Python versions
    assert found[0].startswith("SyntaxError: ") and "(line " in found[0]


def test_match_captures_are_bound() -> None:
    if sys.version_info < (3, 10):
        pytest.skip("match needs Python 3.10")
    code = ("match {'a': 1}:\n    case {'a': x, **rest}:\n        print(x, rest)\n"
            "    case [first, *others]:\n        print(first, others)\n")
    assert problems(code) == []


def test_bound_names_and_private() -> None:
    tree = ast.parse("import a.b\nfrom c import d as e\ndef f(g, *h, **i): pass\nj = 1\n")
    assert bound_names(tree) >= {"a", "e", "f", "g", "h", "i", "j"}
    assert private("pkg._impl") and private("_x")
    assert not private("pkg.__about__") and not private("pkg.core")


def run_script(tests: List[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-I", "-B", str(SCRIPT)],
                          input=json.dumps(tests).encode("utf-8"), capture_output=True,
                          timeout=60)


def test_script_answers_one_list_per_test_in_order() -> None:
    tests = ["print('ok')\n", "import sys\nsys.exit()\n", "print(nothing)\n",
             "print('Grüße, ☃')\nprint(größe)\n"]
    proc = run_script(tests)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == [
        [], ["calls sys.exit, which ends the test process"], ["name 'nothing' is not defined"],
        ["name 'größe' is not defined"]]


def test_script_with_no_tests_answers_an_empty_list() -> None:
    proc = run_script([])
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == []
