"""The real-world benchmark's own logic: the selection rule's predicates and the reproduction.

The reproduction runs real snippets with plain python3 on two small scratch trees, so what counts
as a reproduced difference is checked end to end, without DiffTriage.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Dict

BENCH = Path(__file__).resolve().parents[2] / "bench" / "realworld"
sys.path.insert(0, str(BENCH))

import choose_commits  # noqa: E402
import projects  # noqa: E402
import reproduce  # noqa: E402

PYTHON = "/usr/bin/python3"


def make_tree(root: Path, body: str) -> Path:
    (root / "src" / "pkg").mkdir(parents=True)
    (root / "src" / "pkg" / "__init__.py").write_text(body)
    return root


def difference(kind: str, code: str, old_type: Any = None, new_type: Any = None
               ) -> Dict[str, Any]:
    return {"id": "d1", "kind": kind, "test_code": code, "old": {"error_type": old_type},
            "new": {"error_type": new_type}}


def test_package_and_test_files() -> None:
    project = projects.Project("o", "n", ("pkg", "single"))
    assert choose_commits.is_package_file("src/pkg/core.py", project)
    assert choose_commits.is_package_file("single.py", project)
    assert not choose_commits.is_package_file("tests/test_core.py", project)
    assert not choose_commits.is_package_file("pkg/tests/test_core.py", project)
    assert not choose_commits.is_package_file("docs/conf.py", project)
    assert not choose_commits.is_package_file("setup.py", project)
    assert choose_commits.is_test_module("tests/test_core.py")
    assert choose_commits.is_test_module("test.py")
    assert not choose_commits.is_test_module("tests/conftest.py")
    assert not choose_commits.is_test_module("tests/helpers.py")


def test_half_is_a_fixed_function_of_the_commit() -> None:
    halves = {choose_commits.half_of(f"{n:040x}") for n in range(20)}
    assert halves == {"dev", "frozen"}
    assert choose_commits.half_of("a" * 40) == choose_commits.half_of("a" * 40)


def test_refactor_phrases() -> None:
    rule = choose_commits
    assert rule.matches(rule.REFACTOR_PHRASES, "Refactor the parser; no functional change")
    assert rule.matches(rule.NOT_REFACTOR_PHRASES, "Clean up and fix a bug in dates")
    assert not rule.matches(rule.REFACTOR_PHRASES, "Add a strict mode")


def test_exercising_modules(tmp_path: Path) -> None:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_a.py").write_text("from pkg.core import f\n")
    (tmp_path / "tests" / "test_b.py").write_text("from pkg.other import g\n")
    found = choose_commits.exercising_modules(str(tmp_path), ["src/pkg/core.py"])
    assert found == ["tests/test_a.py"]
    assert choose_commits.module_words("src/pkg/__init__.py") == ["pkg"]
    assert choose_commits.module_words("pkg/sub/_impl.py") == ["sub", "_impl"]
    assert choose_commits.module_words("single.py") == ["single"]


def test_missing_version_file_is_written(tmp_path: Path) -> None:
    (tmp_path / "src" / "pkg").mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text('[tool.setuptools_scm]\nwrite_to = "src/pkg/_v.py"\n')
    assert projects.missing_version_files(str(tmp_path)) == ["src/pkg/_v.py"]
    projects.prepare(str(tmp_path), PYTHON)
    assert projects.missing_version_files(str(tmp_path)) == []
    assert "0.0.0" in (tmp_path / "src" / "pkg" / "_v.py").read_text()


def check(tmp_path: Path, old: str, new: str, diff: Dict[str, Any]) -> Dict[str, Any]:
    old_tree = make_tree(tmp_path / "old", old)
    new_tree = make_tree(tmp_path / "new", new)
    return reproduce.check(diff, str(old_tree), "src", str(new_tree), "src", PYTHON, 30.0)


def test_output_difference_reproduces(tmp_path: Path) -> None:
    result = check(tmp_path, "def f(x):\n    return x + 1\n", "def f(x):\n    return x + 2\n",
                   difference("different_output", "from pkg import f\nf(1)\n"))
    assert result["reproduced"]
    assert result["old"]["output"] == "2\n" and result["new"]["output"] == "3\n"


def test_exception_side_and_type_must_match(tmp_path: Path) -> None:
    old = "def f(x):\n    return 1 // x\n"
    new = "def f(x):\n    if not x:\n        raise ValueError(x)\n    return 1 // x\n"
    code = "from pkg import f\nprint(f(0))\n"
    reported = difference("different_exception", code, "ZeroDivisionError", "ValueError")
    assert check(tmp_path / "a", old, new, reported)["reproduced"]
    wrong = difference("different_exception", code, "ZeroDivisionError", "TypeError")
    assert not check(tmp_path / "b", old, new, wrong)["reproduced"]


def test_same_behaviour_does_not_reproduce(tmp_path: Path) -> None:
    body = "def f(x):\n    return [x] * 2\n"
    result = check(tmp_path, body, body.replace("[x] * 2", "[x, x]"),
                   difference("different_output", "from pkg import f\nprint(f(object()))\n"))
    assert result["reproduced_kind"] is None and not result["reproduced"]


def test_pytest_style_snippet_and_exit(tmp_path: Path) -> None:
    code = "from pkg import f\n\ndef test_f(tmp_path):\n    assert f(1) == 2\n"
    result = check(tmp_path / "a", "def f(x):\n    return x + 1\n", "def f(x):\n    return x\n",
                   difference("only_new_raises", code, None, "AssertionError"))
    assert result["reproduced"]
    exits = check(tmp_path / "b", "def f():\n    pass\n", "import sys\ndef f():\n    sys.exit(3)\n",
                  difference("different_output", "from pkg import f\nf()\n"))
    assert exits["reproduced"] and exits["new"]["status"] == "exited"
