"""Tests for gen/attribute_setters.py and gen.flags.attributes_read: the constructor parameters
that set an attribute a changed condition reads of another object, set on a test's calls."""

from __future__ import annotations

import ast
import sys
import textwrap
from pathlib import Path

from helpers_dir import HELPERS

if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))

from gen.attribute_setters import attribute_setters  # noqa: E402
from gen.flags import attributes_read  # noqa: E402
from gen.project_tests.flag_keywords import flag_mutants  # noqa: E402
from pymodel.project import Tree  # noqa: E402

CORE = '''
class Check:
    def __init__(self, predicate, error=None, *, level=0):
        self.predicate = predicate
        self._error = error
        self.level: int = level
        self.name = 'check'


class Loose:
    def __init__(self, error=None):
        self._error = error or 'x'


class Failure(Exception):
    def __init__(self, error):
        self._error = error
'''


def test_the_attributes_a_condition_reads_of_another_object() -> None:
    test = ast.parse("getattr(key, '_error', None) is not None and key.level > 1 and "
                     "self.strict and key.name.startswith('a') and hasattr(key, 'code')",
                     mode="eval").body
    assert sorted(attributes_read(test)) == ["_error", "code", "level", "name"]


def test_a_constructor_storing_a_read_attribute_gives_its_signature_and_values(
        tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "core.py").write_text(textwrap.dedent(CORE) + "\n\ndef f(x):\n    pass\n")
    signatures, values = attribute_setters([Tree(str(tmp_path))], "pkg.core.f",
                                           ["_error", "level"], {"level": [2, 3]})
    # Loose stores an expression, Failure is an exception: neither is set through a parameter
    assert list(signatures) == ["Check"]
    assert signatures["Check"] == [("predicate", "positional_or_keyword"),
                                   ("error", "positional_or_keyword"), ("level", "keyword_only")]
    assert values == {"error": ["custom error", True], "level": [2, 3]}
    mutants = list(flag_mutants("ok = wrong_keys([Check(str.isalpha)], {'1': 2})\n",
                                signatures, values))
    assert "Check(str.isalpha, error='custom error')" in mutants[0]
    assert any("level=2" in m for m in mutants)


def test_nothing_read_gives_nothing(tmp_path: Path) -> None:
    (tmp_path / "core.py").write_text(textwrap.dedent(CORE) + "\n\ndef f(x):\n    pass\n")
    assert attribute_setters([Tree(str(tmp_path))], "core.f", [], {}) == ({}, {})


def test_constructions_handed_to_other_code_are_set_first() -> None:
    """``Check(p).validate(v)`` only calls the check's own method: the changed code that reads
    the attribute of a check it is handed never sees that object."""
    code = ("Check(str.isalpha).validate('a')\n"
            "Check(str.isdigit).validate('1')\n"
            "wrong_keys([Check(str.isupper)], {'a': 1})\n")
    signatures = {"Check": [("predicate", "positional_or_keyword"),
                            ("error", "positional_or_keyword")]}
    flags = {"error": ["custom error"]}
    first = next(flag_mutants(code, signatures, flags, ["Check"]))
    assert "Check(str.isupper, error='custom error')" in first
    plain = next(flag_mutants(code, signatures, flags))
    assert "Check(str.isalpha, error='custom error')" in plain
