"""The real-world benchmark's own logic: the selection rule's predicates and the reproduction.

The reproduction runs real snippets with plain python3 on two small scratch trees, so what counts
as a reproduced difference is checked end to end, without DiffTriage.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Tuple

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


def test_a_warning_on_the_way_to_the_same_exception_reproduces(tmp_path: Path) -> None:
    # as the judge sees it: both raise ValueError, only the new one warns before
    old = "def f(x):\n    raise ValueError(x)\n"
    new = "import warnings\n\n\ndef f(x):\n    warnings.warn('going', DeprecationWarning)\n" \
          "    raise ValueError(x)\n"
    code = "from pkg import f\nprint(f(0))\n"
    result = check(tmp_path, old, new,
                   difference("different_warnings", code, "ValueError", "ValueError"))
    assert result["reproduced"] and result["reproduced_kind"] == "different_warnings"
    assert result["new"]["warnings"] == [["DeprecationWarning", "going"]]


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


FAKE_CLI = '''#!/usr/bin/python3
"""Stands in for difftriage-cli: reports the differences of $FAKE_DIFFERENCES."""
import json, os, sys
import time
args = sys.argv[1:]
time.sleep(float(os.environ.get("FAKE_SLEEP", "0")))
if "--help" in args:
    print("--report --time-budget")
    sys.exit(0)
with open(args[args.index("--report") + 1], "w") as handle:
    json.dump({"differences": json.loads(os.environ["FAKE_DIFFERENCES"]),
               "union_coverage": 0.5, "stop_reason": "no_gain", "tests_executed": 3}, handle)
'''


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def scratch_project(tmp_path: Path) -> Tuple[Path, str, str]:
    """A clone directory with one project of two commits: f(1) is 2, then 3."""
    clone = tmp_path / "repos" / "someone+pkg"
    clone.mkdir(parents=True)
    git(clone, "init", "-q")
    make_tree(clone, "def f(x):\n    return x + 1\n")
    git(clone, "add", ".")
    git(clone, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one")
    parent = git(clone, "rev-parse", "HEAD")
    (clone / "src" / "pkg" / "__init__.py").write_text("def f(x):\n    return x + 2\n")
    git(clone, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "two")
    return clone, parent, git(clone, "rev-parse", "HEAD")


def run_bench(tmp_path: Path, differences: List[Dict[str, Any]], kind: str,
              extra: List[str], sleep: float = 0.0) -> Tuple[int, str, str]:
    clone, parent, commit = scratch_project(tmp_path)
    manifest = {"schema": "difftriage-realworld/1", "projects": [
        {"project": "someone/pkg", "debian": []}], "commits": [
        {"project": "someone/pkg", "upstream": "https://github.com/someone/pkg",
         "directory": clone.name, "commit": commit, "parent": parent, "subject": "two",
         "kind": kind, "half": "frozen", "import_root": "src", "import_root_old": "src"}]}
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    cli = tmp_path / "fake-cli"
    cli.write_text(FAKE_CLI)
    cli.chmod(0o755)
    done = subprocess.run(
        [sys.executable, str(BENCH / "run.py"), "--repos", str(clone.parent), "--cli", str(cli),
         "--manifest", str(tmp_path / "manifest.json"), "--half", "all", *extra],
        capture_output=True, text=True, env=dict(os.environ, FAKE_SLEEP=str(sleep),
                                                 FAKE_DIFFERENCES=json.dumps(differences)))
    return done.returncode, done.stdout, done.stderr


def rerun(scratch: Path, extra: List[str], differences: List[Dict[str, Any]]) -> str:
    """run.py again on the scratch project run_bench made; its standard output."""
    done = subprocess.run(
        [sys.executable, str(BENCH / "run.py"), "--repos", str(scratch / "repos"), "--cli",
         str(scratch / "fake-cli"), "--manifest", str(scratch / "manifest.json"), "--half", "all",
         *extra], capture_output=True, text=True,
        env=dict(os.environ, FAKE_DIFFERENCES=json.dumps(differences)))
    return done.stdout


def test_run_counts_a_reproduced_difference_in_its_half(tmp_path: Path) -> None:
    reported = [difference("different_output", "from pkg import f\nf(1)\n")]
    status, out, _ = run_bench(tmp_path, reported, "fix", [])
    assert status == 0
    assert out.splitlines()[-1] == \
        "detected=0/0 frozen_detected=1/1 false_alarms=0/0 median_seconds=" + \
        out.splitlines()[-1].rsplit("=", 1)[1]
    assert "reported=1 reproduced=1 not_reproduced=0" in out


def test_run_a_refactor_with_a_difference_that_does_not_reproduce(tmp_path: Path) -> None:
    reported = [difference("different_output", "from pkg import f\nf(-1) > 5\n")]
    status, out, _ = run_bench(tmp_path, reported, "refactor", [])
    assert status == 0 and "false_alarms=0/1" in out.splitlines()[-1]
    assert "reported=1 reproduced=0 not_reproduced=1" in out
    assert "# frozen: detected=0/0 false_alarms=0/1 reported=1 not_reproduced=1 unanalysed=0" in out


def test_run_resumes_from_kept_commits(tmp_path: Path) -> None:
    keep = tmp_path / "keep.jsonl"
    reported = [difference("different_output", "from pkg import f\nf(1)\n")]
    run_bench(tmp_path / "a", reported, "feature", ["--keep", str(keep)])
    assert len(keep.read_text().splitlines()) == 1
    # The same commit, CLI and arguments: the kept row is used, nothing is appended.
    resumed = rerun(tmp_path / "a", ["--keep", str(keep)], [])
    assert "frozen_detected=1/1" in resumed.splitlines()[-1]
    assert len(keep.read_text().splitlines()) == 1


def test_run_reruns_a_commit_stopped_by_the_time_limit(tmp_path: Path) -> None:
    keep = tmp_path / "keep.jsonl"
    reported = [difference("different_output", "from pkg import f\nf(1)\n")]
    _, out, _ = run_bench(tmp_path / "a", reported, "fix",
                          ["--keep", str(keep), "--time-limit", "1"], sleep=5.0)
    assert "unanalysed" in out and "frozen_detected=0/1" in out.splitlines()[-1]
    again = rerun(tmp_path / "a", ["--keep", str(keep)], reported)
    assert "frozen_detected=1/1" in again.splitlines()[-1]
    assert len(keep.read_text().splitlines()) == 2


def test_run_says_what_to_do_without_cli_or_clone(tmp_path: Path) -> None:
    status, _, err = run_bench(tmp_path, [], "fix", ["--cli", str(tmp_path / "nothing")])
    assert status == 2 and "cmake --build" in err
    shutil.rmtree(tmp_path / "repos" / "someone+pkg")
    done = subprocess.run(
        [sys.executable, str(BENCH / "run.py"), "--repos", str(tmp_path / "repos"), "--cli",
         str(tmp_path / "fake-cli"), "--manifest", str(tmp_path / "manifest.json"), "--half",
         "frozen"], capture_output=True, text=True)
    assert done.returncode == 2
    assert "git clone https://github.com/someone/pkg" in done.stderr
