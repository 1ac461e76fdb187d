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

CARDS = ("class Card:\n"
         "    def __init__(self, rank):\n"
         "        if not isinstance(rank, int) or not 1 <= rank <= 13:\n"
         "            raise ValueError('a rank from 1 to 13')\n"
         "        self.rank = rank\n\n"
         "    def __repr__(self):\n"
         "        return 'Card(%%d)' %% self.rank\n\n\n"
         "class Hand:\n"
         "    def __init__(self, *cards):\n"
         "        if not cards or not all(isinstance(c, Card) for c in cards):\n"
         "            raise TypeError('cards only')\n"
         "        self.cards = list(cards)\n\n"
         "    def __repr__(self):\n"
         "        return 'Hand(%%r)' %% self.cards\n\n"
         "    def merge(self, others):\n"
         "        for card in others:\n"
         "            %s\n"
         "                self.cards.append(card)\n"
         "        return len(self.cards)\n\n"
         "    def total(self):\n"
         "        return sum(card.rank for card in self.cards)\n")
TEST = ("from cards import Card, Hand\n\n"
        "ace, king = Card(1), Card(13)\n"
        "limit = 21\n"
        "hand = Hand(ace, king)\n"
        "print(repr(hand.total() + ace.rank))\n")
MERGE = CallShape("from cards import Hand", "Hand", "merge", True,
                  (Param("others", "positional_or_keyword", True, "list"),), ("merge", "total"))


def test_the_pool_holds_objects_not_literals() -> None:
    objects = pool(TEST, "cards")
    assert set(objects) >= {"ace", "king", "hand"}
    assert "limit" not in objects
    assert "hand.total() + ace.rank" not in objects  # a call inside: no object the test built
    assert "Card(1)" in objects and "Hand(ace, king)" in objects


def test_case_attributes_are_objects_and_methods_are_not() -> None:
    code = ("from cards import Card\n\n\nclass Case:\n    def setUp(self):\n"
            "        self.queen = Card(12)\n\n\ncase = Case()\ncase.setUp()\n"
            "print(repr(case.queen))\ncase.assertTrue(case.queen)\n")
    objects = pool(code, "cards")
    assert "case.queen" in objects
    assert "case.setUp" not in objects and "case.assertTrue" not in objects


def test_each_candidate_is_the_test_then_one_guarded_call_on_its_objects() -> None:
    found = list(candidates(TEST, MERGE, pool(TEST, "cards"), 1))
    assert 1 <= len(found) <= 6 and len(found) == len(set(found))
    for snippet in found:
        assert snippet.startswith(TEST.rstrip("\n"))
        assert "if isinstance(" in snippet and ".merge([" in snippet
        compile(snippet, "snippet", "exec")
    # the test calls total, a method of the class, on hand, and builds Hand(ace, king)
    assert {s.split("if isinstance(")[1].split(",")[0] for s in found} <= {"hand", "Hand(ace"}


def test_a_function_takes_the_objects_as_arguments() -> None:
    shape = CallShape("from cards import deal", "deal", None, False,
                      (Param("first", "positional_or_keyword", True, ""),
                       Param("rest", "var_positional", False, ""),
                       Param("strict", "keyword_only", False, "")))
    found = list(candidates(TEST, shape, ["ace", "king"], 3))
    assert found and all("\nresult = deal(" in s for s in found)
    assert not any("strict=" in s for s in found)
    assert not list(candidates(TEST, shape, [], 3))


def test_a_difference_only_the_tests_objects_reach_shows(tmp_path: Path) -> None:
    """The changed loop skips a card the hand holds; the test's own calls merge nothing,
    generated receivers fail the constructor's check, and the pool's cards are the hand's."""
    for side, check in (("old", "if True:"), ("new", "if card not in self.cards:")):
        (tmp_path / side).mkdir()
        (tmp_path / side / "cards.py").write_text(CARDS % check)
    outputs = [[subprocess.run([sys.executable, "-c", snippet], cwd=tmp_path / side, text=True,
                               capture_output=True, check=True).stdout
                for side in ("old", "new")]
               for snippet in candidates(TEST, MERGE, pool(TEST, "cards"), 7)]
    assert outputs and all(old.startswith("15\n") for old, _new in outputs)
    assert any(old != new for old, new in outputs), outputs
