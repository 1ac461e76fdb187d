"""Runs (part of) a project's own test suite in an exported tree and returns each test's outcome.

`python3 -m pytest` with the tree's import root on PYTHONPATH, no network (a new network
namespace when `unshare -n` works), a private HOME and TMPDIR, a time limit, and the project's
pytest options that need plugins Debian may lack switched off (`addopts`, unknown marks).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from typing import Dict, List, Optional

HERE = os.path.dirname(os.path.abspath(__file__))


@dataclass
class SuiteRun:
    tests: Dict[str, str] = field(default_factory=dict)
    collect_errors: List[str] = field(default_factory=list)
    exit_code: Optional[int] = None
    timed_out: bool = False
    tail: str = ""

    def failed(self) -> List[str]:
        return sorted(t for t, outcome in self.tests.items() if outcome == "failed")

    def passed(self) -> List[str]:
        return sorted(t for t, outcome in self.tests.items() if outcome == "passed")


def _no_network_prefix() -> List[str]:
    unshare = shutil.which("unshare")
    if unshare and subprocess.run([unshare, "-n", "true"], capture_output=True).returncode == 0:
        return [unshare, "-n"]
    return []


NO_NETWORK = _no_network_prefix()


def run_pytest(tree: str, import_root: str, paths: List[str], python: str,
               time_limit: float) -> SuiteRun:
    """Runs the given tree-relative test paths; outcomes per pytest node id."""
    scratch = tempfile.mkdtemp(prefix="realworld-suite-")
    try:
        outcomes = os.path.join(scratch, "outcomes.json")
        # The plugin alone on the path: the bench's other modules must not shadow the project's.
        plugins = os.path.join(scratch, "plugins")
        os.makedirs(plugins)
        shutil.copy(os.path.join(HERE, "pytest_outcomes.py"), plugins)
        env = {
            "PATH": "/usr/bin:/bin",
            "HOME": scratch,
            "TMPDIR": scratch,
            "LANG": "C.UTF-8",
            "PYTHONPATH": os.pathsep.join([os.path.join(tree, import_root), plugins]),
            "PYTHONDONTWRITEBYTECODE": "1",
            "PYTHONHASHSEED": "0",
            "REALWORLD_OUTCOMES": outcomes,
            "HYPOTHESIS_STORAGE_DIRECTORY": os.path.join(scratch, "hypothesis"),
        }
        command = [*NO_NETWORK, python, "-m", "pytest", "-p", "pytest_outcomes",
                   "-p", "no:cacheprovider", "-o", "addopts=", "-q",
                   "-W", "ignore::pytest.PytestUnknownMarkWarning",
                   "--continue-on-collection-errors", "--rootdir", tree, *paths]
        run = SuiteRun()
        try:
            done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True,
                                  errors="replace", timeout=time_limit)
            run.exit_code = done.returncode
            run.tail = (done.stdout + done.stderr)[-2000:]
        except subprocess.TimeoutExpired:
            run.timed_out = True
            return run
        if os.path.isfile(outcomes):
            with open(outcomes, encoding="utf-8") as handle:
                data = json.load(handle)
            run.tests = data["tests"]
            run.collect_errors = data["collect_errors"]
        return run
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
