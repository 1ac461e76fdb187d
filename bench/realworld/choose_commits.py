#!/usr/bin/env python3
"""Chooses the commits of the real-world benchmark by a fixed rule and writes manifest.json.

The rule, the same for every project of projects.PROJECTS, in that order:

1. Walk the newest SCAN_LIMIT commits of HEAD's first-parent line, newest first; each commit is
   compared with its first parent (a merge commit stands for its whole pull request).
2. A commit is a candidate when it changes at least one *package file* (a non-test `.py` file of
   the project's importable packages, under `src/` or the tree's root) and at most
   MAX_PACKAGE_LINES lines (added plus removed) in package files.
3. A candidate whose message matches REFACTOR_PHRASES (and not NOT_REFACTOR_PHRASES), while the
   project still takes refactors, is judged as a refactor: the test modules that exercise the
   changed modules (the tree's test modules, wherever they are, that name a changed module,
   i.e. a component of its dotted name below the top-level package, as a word; a top-level
   module or `__init__.py` of the top-level package is named by the package) run on the new
   tree and on the old tree with the commit's changed test files laid over it. It is a
   **refactor** when at least one test passes and no test passes on one side and fails on the
   other (tests failing on both sides, for want of a locale or a time-zone file here, are
   recorded). When some test's outcome differs, it is judged by 4.
4. Any other candidate that adds or changes a test module is judged as a behaviour change: only
   those test modules run, on the new tree and on the old tree with the commit's changed test
   files laid over it. It is a **fix** (message matches FIX_PHRASES) or a **feature** when at
   least one test passes on the new tree and fails on the old one (or cannot be collected
   there). A commit whose new tests fail on the new tree too is rejected.
5. A project contributes its first BEHAVIOUR_CAP behaviour changes and first REFACTOR_CAP
   refactors; at most MAX_JUDGED candidates per project are run, and a project's judging stops
   after MAX_TIMEOUTS candidates whose tests hit the time limit (a suite too slow for a bench).
   A project whose tests cannot run here (missing Debian packages, C extensions, a newer Python
   or pytest) simply yields no commit; each rejection and its reason is counted in the manifest.
6. Each chosen commit goes to the frozen half when sha256(commit id) is odd, else to the
   development half: decided here, before any DiffTriage run.

Tests run with `python3 -m pytest` (Debian's), no network, a time limit (suite.py). Rerunning this
script on the same clones gives the same manifest, up to tests that are themselves flaky.

Each project's result is kept in `--partial DIR` (default: a folder beside the clones) under a
key of the rule, the interpreter and the project's HEAD, so an interrupted run resumes.

Usage: choose_commits.py --repos DIR [--out bench/realworld/manifest.json] [--only OWNER/NAME]
                         [--partial DIR]
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from typing import Any, Dict, List, Optional, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from projects import PROJECTS, Project, all_debian_packages, import_root  # noqa: E402
from projects import missing_version_files, prepare, prepare_command  # noqa: E402
from suite import SuiteRun, run_pytest  # noqa: E402
from trees import Commit, changed_files, export_tree, file_at, first_parent_history  # noqa: E402
from trees import git  # noqa: E402

SCAN_LIMIT = 400
MAX_PACKAGE_LINES = 400
MAX_JUDGED = 20
MAX_TIMEOUTS = 2
BEHAVIOUR_CAP = 3
REFACTOR_CAP = 1
TEST_TIME_LIMIT = 180.0
SUITE_TIME_LIMIT = 300.0
PYTHON = "/usr/bin/python3"

REFACTOR_PHRASES = [
    r"refactor", r"clean[ -]?up", r"tidy", r"typing", r"type hints?", r"type annotations?",
    r"annotat", r"mypy", r"lint", r"flake8", r"ruff", r"pylint", r"style", r"reformat",
    r"black", r"rename", r"simplif", r"moderni[sz]e", r"pyupgrade", r"dead code", r"unused",
    r"no (functional|behaviou?r(al)?) changes?", r"internal",
]
NOT_REFACTOR_PHRASES = [r"\bbugs?\b", r"regression", r"crash", r"\bfix(es|ed)?\b"]
FIX_PHRASES = [r"\bfix", r"\bbugs?\b", r"\bissue", r"regression", r"crash", r"\berror",
               r"incorrect", r"wrong", r"broken"]
TEST_DIRS = ("tests", "test", "testing", "unittests")


def matches(phrases: List[str], text: str) -> bool:
    return any(re.search(p, text, re.IGNORECASE) for p in phrases)


def is_test_path(path: str) -> bool:
    parts = path.split("/")
    base = parts[-1]
    return any(p in TEST_DIRS for p in parts[:-1]) or base.startswith("test") or \
        base.endswith("_test.py") or base == "conftest.py"


def is_test_module(path: str) -> bool:
    base = path.split("/")[-1]
    return path.endswith(".py") and is_test_path(path) and \
        (base.startswith("test") or base.endswith("_test.py"))


def is_package_file(path: str, project: Project) -> bool:
    if not path.endswith(".py") or is_test_path(path):
        return False
    parts = path.split("/")
    if parts[0] == "src":
        parts = parts[1:]
    if not parts:
        return False
    return parts[0] in project.packages or (len(parts) == 1 and parts[0][:-3] in project.packages)


def half_of(sha: str) -> str:
    return "frozen" if int(hashlib.sha256(sha.encode()).hexdigest(), 16) % 2 else "dev"


def suite_modules(tree: str) -> List[str]:
    """Every test module of the tree (also those inside a package), tree-relative."""
    found: List[str] = []
    for folder, dirs, files in os.walk(tree):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        rel = os.path.relpath(folder, tree)
        found += sorted(os.path.normpath(os.path.join(rel, f)) for f in files
                        if is_test_module(os.path.normpath(os.path.join(rel, f))))
    return found


def module_words(path: str) -> List[str]:
    """The names a test would use for a changed package file: the components of its dotted
    name below the top-level package (the top-level name itself for a top-level module or
    `__init__.py`)."""
    parts = path[:-3].split("/")
    if parts[0] == "src":
        parts = parts[1:]
    if parts[-1] == "__init__" and len(parts) > 1:
        parts = parts[:-1]
    return parts[1:] if len(parts) > 1 else parts


def exercising_modules(tree: str, package_files: List[str]) -> List[str]:
    words = [re.compile(r"\b" + re.escape(w) + r"\b")
             for p in package_files for w in module_words(p)]
    chosen = []
    for module in suite_modules(tree):
        with open(os.path.join(tree, module), encoding="utf-8", errors="replace") as handle:
            text = handle.read()
        if any(w.search(text) for w in words):
            chosen.append(module)
    return chosen


class Judge:
    """Exports the two trees of one commit and runs tests on them."""

    def __init__(self, clone: str, project: Project, commit: Commit, scratch: str) -> None:
        self.project = project
        self.commit = commit
        self.new = os.path.join(scratch, "new")
        self.old = os.path.join(scratch, "old")
        export_tree(clone, commit.sha, self.new)
        export_tree(clone, commit.parent, self.old)
        self.prepared = bool(missing_version_files(self.new) or missing_version_files(self.old))
        for tree in (self.new, self.old):
            prepare(tree, PYTHON)
        self.root_new = import_root(self.new, project.packages)
        self.root_old = import_root(self.old, project.packages)

    def overlay_tests(self, clone: str, tests: List[Tuple[str, str]]) -> None:
        """Lays the commit's changed test files over the old tree (a deleted one is removed)."""
        for status, path in tests:
            target = os.path.join(self.old, path)
            if status == "D":
                if os.path.exists(target):
                    os.remove(target)
                continue
            os.makedirs(os.path.dirname(target) or self.old, exist_ok=True)
            with open(target, "wb") as handle:
                handle.write(file_at(clone, self.commit.sha, path))

    def run_both(self, paths: List[str], limit: float) -> Tuple[SuiteRun, SuiteRun]:
        assert self.root_new is not None and self.root_old is not None
        return (run_pytest(self.old, self.root_old, paths, PYTHON, limit),
                run_pytest(self.new, self.root_new, paths, PYTHON, limit))


def failing_on_old(old: SuiteRun, new_passed: List[str]) -> List[str]:
    """Tests that pass on the new tree and fail (or cannot be collected) on the old one."""
    failed = []
    for test in new_passed:
        outcome = old.tests.get(test)
        module = test.split("::")[0]
        if outcome == "failed" or (outcome is None and any(
                err == module or module.startswith(err.rstrip("/") + "/")
                for err in old.collect_errors)):
            failed.append(test)
    return failed


def judge_behaviour(judge: Judge, modules: List[str]) -> Tuple[Optional[Dict[str, Any]], str]:
    old, new = judge.run_both(modules, TEST_TIME_LIMIT)
    if new.timed_out or old.timed_out:
        return None, "tests_time_limit"
    if not new.passed():
        return None, "new_tests_do_not_pass"
    if new.failed():
        return None, "new_tests_fail_on_new_tree"
    shown = failing_on_old(old, new.passed())
    if not shown:
        return None, "tests_pass_on_old_tree"
    return {"tests_run": modules, "tests_passed_new": len(new.passed()),
            "fail_old_pass_new": shown[:20], "fail_old_pass_new_count": len(shown)}, "chosen"


def judge_refactor(judge: Judge, package_files: List[str]) -> Tuple[Optional[Dict[str, Any]],
                                                                    str]:
    paths = exercising_modules(judge.new, package_files)
    if not paths:
        return None, "no_tests_for_changed_modules"
    old, new = judge.run_both(paths, SUITE_TIME_LIMIT)
    if new.timed_out or old.timed_out:
        return None, "suite_time_limit"
    if not new.passed():
        return None, "suite_does_not_run"
    differing = sorted(t for t in set(old.tests) | set(new.tests)
                       if {old.tests.get(t), new.tests.get(t)} == {"passed", "failed"})
    if differing or sorted(old.collect_errors) != sorted(new.collect_errors):
        return None, "suite_outcomes_differ"
    return {"tests_run": len(paths), "tests_passed_new": len(new.passed()),
            "failing_both": len(new.failed()), "collect_errors_both": len(new.collect_errors)}, \
        "chosen"


def choose_for(project: Project, clone: str, log: Any) -> Tuple[List[Dict[str, Any]],
                                                                Dict[str, Any]]:
    chosen: List[Dict[str, Any]] = []
    counts = {"behaviour": 0, "refactor": 0}
    rejected: Dict[str, int] = {}
    judged = scanned = 0
    history = first_parent_history(clone, SCAN_LIMIT)
    for commit in history:
        if counts["behaviour"] >= BEHAVIOUR_CAP and counts["refactor"] >= REFACTOR_CAP:
            break
        if judged >= MAX_JUDGED or rejected.get("tests_time_limit", 0) + \
                rejected.get("suite_time_limit", 0) >= MAX_TIMEOUTS:
            break
        scanned += 1
        changes = changed_files(clone, commit.parent, commit.sha)
        package = [(s, p, n) for s, p, n in changes if is_package_file(p, project)]
        tests = [(s, p) for s, p, _ in changes if p.endswith(".py") and is_test_path(p)]
        if not package:
            continue
        if sum(n for _, _, n in package) > MAX_PACKAGE_LINES:
            rejected["too_large"] = rejected.get("too_large", 0) + 1
            continue
        message = commit.message or commit.subject
        is_refactor = matches(REFACTOR_PHRASES, message) and \
            not matches(NOT_REFACTOR_PHRASES, message)
        modules = sorted(p for s, p in tests if s != "D" and is_test_module(p))
        behaviour_open = counts["behaviour"] < BEHAVIOUR_CAP and bool(modules)
        if is_refactor and counts["refactor"] >= REFACTOR_CAP:
            is_refactor = False
        if not is_refactor and not behaviour_open:
            continue
        judged += 1
        with tempfile.TemporaryDirectory(prefix="realworld-choose-") as scratch:
            try:
                judge = Judge(clone, project, commit, scratch)
            except (OSError, subprocess.CalledProcessError, RuntimeError) as error:
                reason, detail = "cannot_export", None
                print(f"  {commit.sha[:10]} export failed: {error}", file=log)
            else:
                if judge.root_new is None or judge.root_old is None:
                    reason, detail = "no_import_root", None
                else:
                    judge.overlay_tests(clone, tests)
                    if is_refactor:
                        detail, reason = judge_refactor(judge, [p for _, p, _ in package])
                        if reason == "suite_outcomes_differ" and behaviour_open:
                            is_refactor = False
                    if not is_refactor:
                        detail, reason = judge_behaviour(judge, modules)
        kind = "refactor" if is_refactor else \
            ("fix" if matches(FIX_PHRASES, message) else "feature")
        print(f"  {commit.sha[:10]} {kind:8} {reason:28} {commit.subject[:70]}", file=log,
              flush=True)
        if detail is None:
            rejected[reason] = rejected.get(reason, 0) + 1
            continue
        counts["refactor" if is_refactor else "behaviour"] += 1
        chosen.append({
            "project": project.key, "upstream": project.upstream,
            "directory": project.directory, "commit": commit.sha, "parent": commit.parent,
            "subject": commit.subject, "kind": kind, "half": half_of(commit.sha),
            "import_root": judge.root_new, "import_root_old": judge.root_old,
            "prepare": prepare_command() if judge.prepared else None,
            "package_files": [p for _, p, _ in package],
            "package_lines": sum(n for _, _, n in package),
            "evidence": detail,
        })
    summary = {"project": project.key, "upstream": project.upstream,
               "directory": project.directory, "packages": list(project.packages),
               "debian": list(project.debian), "scanned": scanned, "judged": judged,
               "behaviour_changing": counts["behaviour"], "refactors": counts["refactor"],
               "rejected": rejected, "head": history[0].sha if history else None}
    return chosen, summary


def rule() -> Dict[str, Any]:
    return {"scan_limit": SCAN_LIMIT, "max_package_lines": MAX_PACKAGE_LINES,
            "max_judged": MAX_JUDGED, "max_timeouts": MAX_TIMEOUTS,
            "test_time_limit": TEST_TIME_LIMIT, "suite_time_limit": SUITE_TIME_LIMIT,
            "behaviour_cap": BEHAVIOUR_CAP, "refactor_cap": REFACTOR_CAP,
            "refactor_phrases": REFACTOR_PHRASES, "not_refactor_phrases": NOT_REFACTOR_PHRASES,
            "fix_phrases": FIX_PHRASES, "half": "frozen when sha256(commit id) is odd, else dev"}


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repos", required=True, help="directory holding the clones")
    parser.add_argument("--out", default=os.path.join(os.path.dirname(
        os.path.abspath(__file__)), "manifest.json"))
    parser.add_argument("--only", help="one project, OWNER/NAME (for trying the rule)")
    parser.add_argument("--partial", help="where each project's result is kept")
    args = parser.parse_args(argv)
    projects = [p for p in PROJECTS if not args.only or p.key == args.only]
    if not projects:
        parser.error(f"unknown project {args.only}")
    missing = [p for p in projects if not os.path.isdir(os.path.join(args.repos, p.directory))]
    if missing:
        for p in missing:
            print(f"missing clone: {os.path.join(args.repos, p.directory)}: "
                  f"git clone {p.upstream} {os.path.join(args.repos, p.directory)}",
                  file=sys.stderr)
        return 2
    python = subprocess.run([PYTHON, "-c", "import sys, pytest; print(sys.version.split()[0], "
                             "pytest.__version__)"], capture_output=True, text=True).stdout.split()
    partial = args.partial or os.path.join(args.repos, ".realworld-choices")
    os.makedirs(partial, exist_ok=True)
    commits: List[Dict[str, Any]] = []
    summaries: List[Dict[str, Any]] = []
    for project in projects:
        print(f"{project.key}", file=sys.stderr, flush=True)
        clone = os.path.join(args.repos, project.directory)
        key = hashlib.sha256(json.dumps([rule(), python, project.key, project.packages,
                                         git(clone, "rev-parse", "HEAD").strip(),
                                         open(__file__, "rb").read().hex()]).encode())
        saved = os.path.join(partial, f"{project.directory}-{key.hexdigest()[:16]}.json")
        if os.path.isfile(saved):
            with open(saved, encoding="utf-8") as handle:
                chosen, summary = json.load(handle)
            print("  (kept from an earlier run)", file=sys.stderr)
        else:
            chosen, summary = choose_for(project, clone, sys.stderr)
            with open(saved + ".tmp", "w", encoding="utf-8") as handle:
                json.dump([chosen, summary], handle)
            os.replace(saved + ".tmp", saved)
        commits += chosen
        summaries.append(summary)
    manifest = {
        "schema": "difftriage-realworld/1",
        "chosen_on": datetime.date.today().isoformat(),
        "python": python[0] if python else None, "pytest": python[1] if len(python) > 1 else None,
        "rule": rule(),
        "debian": all_debian_packages(),
        "projects": summaries,
        "commits": commits,
    }
    tmp = args.out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as handle:
        json.dump(manifest, handle, indent=1)
        handle.write("\n")
    os.replace(tmp, args.out)
    kinds: Dict[str, int] = {}
    for c in commits:
        kinds[f"{c['kind']}/{c['half']}"] = kinds.get(f"{c['kind']}/{c['half']}", 0) + 1
    print(f"commits={len(commits)} projects={len({c['project'] for c in commits})} "
          + " ".join(f"{k}={v}" for k, v in sorted(kinds.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
