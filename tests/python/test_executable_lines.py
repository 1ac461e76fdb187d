"""Tests for engine/targets/executable_lines.py: exact statement lines, multi-line mapping, and a
cross-check against coverage.py's own analysis of the same fixture."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from helpers_dir import HELPERS

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HELPERS))

from executable_lines import executable_lines, statement_map  # noqa: E402

SAMPLE = HERE / "fixtures" / "analyze" / "executable_sample.py"

EXPECTED_STATEMENTS = [
    3, 5, 7, 8, 9, 15, 19, 21, 25, 26, 28, 31, 32, 34, 39, 42, 43, 45, 47, 48, 49, 52, 53, 54,
    55, 56, 57, 58, 60, 62, 63, 65, 67, 69, 70, 71, 75, 76, 77, 78, 80, 81, 83, 85, 86, 89, 90,
    93, 94, 95,
]
EXPECTED_CONTINUATIONS = {
    10: 9, 11: 9, 12: 9, 16: 15, 20: 19, 27: 26, 35: 34, 40: 39, 59: 58, 64: 63, 66: 65, 72: 71,
}


def sample_source() -> str:
    return SAMPLE.read_text(encoding="utf-8")


def test_exact_statements() -> None:
    assert executable_lines(sample_source(), str(SAMPLE)) == EXPECTED_STATEMENTS


def test_statement_map_exact() -> None:
    mapping = statement_map(sample_source())
    expected = {line: line for line in EXPECTED_STATEMENTS}
    expected.update(EXPECTED_CONTINUATIONS)
    assert mapping == expected


def test_docstrings_comments_and_dead_code_are_not_statements() -> None:
    lines = set(executable_lines(sample_source()))
    # docstrings, comment, `global`, function-level annotation, else:/finally:, dead code
    for line in (1, 2, 17, 18, 22, 29, 30, 33, 36, 41, 50, 51, 61, 79, 82, 84, 87, 88, 96):
        assert line not in lines, line


def test_small_cases() -> None:
    assert executable_lines("") == []
    assert executable_lines('"""only a docstring"""\n') == []
    assert executable_lines("x = 1\ny = 2\n") == [1, 2]
    assert statement_map("x = f(1,\n      2)\n\ny = 3\n") == {1: 1, 2: 1, 4: 4}
    # a statement starting inside another statement's logical line folds onto its first line
    assert statement_map("f(a,\n  b); g()\n") == {1: 1, 2: 1}
    # decorators are statements of their own, the def line too
    assert executable_lines("@d\n@e(\n  1)\ndef f():\n    pass\n") == [1, 2, 4, 5]
    # class-level and module-level annotations count, function-level ones do not
    assert executable_lines("x: int\ndef f():\n    y: int\n    return 1\n") == [1, 2, 4]


def test_syntax_error_propagates() -> None:
    with pytest.raises(SyntaxError):
        executable_lines("def f(:\n    pass\n")


def test_matches_coverage_py(tmp_path: Path) -> None:
    coverage = pytest.importorskip("coverage")
    target = tmp_path / "sample_copy.py"
    target.write_text(sample_source(), encoding="utf-8")
    cov = coverage.Coverage(data_file=None)
    _, statements, _, _, _ = cov.analysis2(str(target))
    assert sorted(statements) == executable_lines(sample_source(), str(target))
    # And the multi-line folding agrees with coverage.py's parser.
    from coverage.parser import PythonParser

    parser = PythonParser(text=sample_source(), filename=os.fspath(target))
    parser.parse_source()
    mapping = statement_map(sample_source())
    for line, start in mapping.items():
        if line > 1:
            assert parser.first_line(line) == start, line
