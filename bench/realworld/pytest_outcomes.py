"""A pytest plugin that records each test's outcome as JSON: `-p pytest_outcomes`.

Written to the file named by `$REALWORLD_OUTCOMES`: `{"tests": {nodeid: "passed" | "failed" |
"skipped"}, "collect_errors": [path, ...]}`. A test counts as failed when its setup, call or
teardown fails; an expected failure (xfail) counts as skipped, an unexpected pass as passed.
When Hypothesis is installed, its examples are derandomised and have no deadline, so a loaded
machine does not turn a slow example into a failure on one side only.
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, List

_tests: Dict[str, str] = {}
_collect_errors: List[str] = []


def pytest_configure(config: Any) -> None:
    try:
        from hypothesis import settings
    except ImportError:
        return
    settings.register_profile("realworld-bench", deadline=None, derandomize=True, database=None)
    settings.load_profile("realworld-bench")


def pytest_runtest_logreport(report: Any) -> None:
    if report.failed:
        _tests[report.nodeid] = "failed"
    elif report.skipped and _tests.get(report.nodeid) != "failed":
        _tests[report.nodeid] = "skipped"
    elif report.when == "call" and report.passed and report.nodeid not in _tests:
        _tests[report.nodeid] = "passed"


def pytest_collectreport(report: Any) -> None:
    if report.failed:
        _collect_errors.append(report.nodeid)


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    path = os.environ.get("REALWORLD_OUTCOMES")
    if path:
        with open(path, "w", encoding="utf-8") as handle:
            json.dump({"tests": _tests, "collect_errors": _collect_errors}, handle)
