"""Tests for the calls of the changed callable on the objects a project test builds.

``pool`` reads a converted test's objects (names bound to non-literals, case attributes,
operator expressions and project constructions over them); ``candidates`` appends one call of
the target on them.  One case runs the candidates on two small trees.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from helpers_dir import HELPERS

if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))

from gen.project_tests.test_objects import CallShape, Param, candidates, pool  # noqa: E402

ALGEBRA = ("class Expr:\n"
           "    def __init__(self, *args):\n"
           "        if not all(isinstance(a, Expr) for a in args):\n"
           "            raise TypeError('arguments must be expressions')\n"
           "        self.args = args\n\n"
           "    def __and__(self, other):\n"
           "        return And(self, other)\n\n\n"
           "class Sym(Expr):\n"
           "    def __init__(self, name):\n"
           "        super().__init__()\n"
           "        self.name = name\n\n"
           "    def __repr__(self):\n"
           "        return self.name\n\n\n"
           "class And(Expr):\n"
           "    def __repr__(self):\n"
           "        return '&'.join(map(repr, self.args))\n\n"
           "    def absorb(self, others):\n"
           "        kept = []\n"
           "        for item in others:\n"
           "            %s\n"
           "                kept.append(item)\n"
           "        return kept\n\n"
           "    def simplify(self):\n"
           "        return And(*self.absorb(list(self.args)))\n")
TEST = ("from algebra import And, Sym\n\n"
        "a, b = Sym('a'), Sym('b')\n"
        "limit = 3\n"
        "e = a & b\n"
        "print(repr(e.simplify()))\n")
ABSORB = CallShape("from algebra import And", "And", "absorb", True,
                   (Param("others", "positional_or_keyword", True, "list"),),
                   ("absorb", "simplify"))


def test_the_pool_holds_objects_not_literals() -> None:
    objects = pool(TEST, "algebra")
    assert objects[:3] == ["a", "b", "e"] or set(objects) >= {"a", "b", "e"}
    assert "limit" not in objects
    assert "a & b" in objects
    assert "Sym('a')" in objects


def test_case_attributes_are_objects_and_methods_are_not() -> None:
    code = ("from algebra import Sym\n\n\nclass Case:\n    def setUp(self):\n"
            "        self.x = Sym('x')\n\n\ncase = Case()\ncase.setUp()\n"
            "print(repr(case.x))\ncase.assertTrue(case.x)\n")
    objects = pool(code, "algebra")
    assert "case.x" in objects
    assert "case.setUp" not in objects and "case.assertTrue" not in objects


def test_each_candidate_is_the_test_then_one_guarded_call_on_its_objects() -> None:
    found = list(candidates(TEST, ABSORB, pool(TEST, "algebra"), 1))
    assert 1 <= len(found) <= 6 and len(found) == len(set(found))
    for snippet in found:
        assert snippet.startswith(TEST.rstrip("\n"))
        assert "if isinstance(" in snippet and ".absorb([" in snippet
        compile(snippet, "snippet", "exec")
    # the test calls simplify, a method of the class, on e: e is the receiver
    assert all("if isinstance(e, And):" in s for s in found)


def test_a_function_takes_the_objects_as_arguments() -> None:
    shape = CallShape("from algebra import conjoin", "conjoin", None, False,
                      (Param("first", "positional_or_keyword", True, ""),
                       Param("rest", "var_positional", False, ""),
                       Param("strict", "keyword_only", False, "")))
    found = list(candidates(TEST, shape, ["a", "b"], 3))
    assert found and all("\nresult = conjoin(" in s for s in found)
    assert not any("strict=" in s for s in found)
    assert not list(candidates(TEST, shape, [], 3))


def test_a_difference_only_the_tests_objects_reach_shows(tmp_path: Path) -> None:
    """The changed loop drops a repeated item; the test's own call has none, generated
    receivers fail the constructor's check, and the pool's list repeats one."""
    for side, check in (("old", "if True:"), ("new", "if item not in kept:")):
        (tmp_path / side).mkdir()
        (tmp_path / side / "algebra.py").write_text(ALGEBRA % check)
    outputs = [[subprocess.run([sys.executable, "-c", snippet], cwd=tmp_path / side, text=True,
                               capture_output=True, check=True).stdout
                for side in ("old", "new")]
               for snippet in candidates(TEST, ABSORB, pool(TEST, "algebra"), 7)]
    assert outputs and all(old.startswith("a&b\n") for old, _new in outputs)
    assert any(old != new for old, new in outputs), outputs
