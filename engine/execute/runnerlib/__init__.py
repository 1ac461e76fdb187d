"""The implementation of runner.py, the DiffTriage test worker, split by responsibility.

=================  ==========================================================================
``common``         constants, JSON-safe text helpers, the path scrubber, the runner's own files
``osutil``         Linux plumbing: rlimits, prctl, /proc, inherited fds, private directories
``protocol``       JSON-lines framing on private descriptors; request field parsing
``worker``         ``Worker``: the ops (hello, run, run_batch, check_imports, collect_tests, shutdown)
``forkserver``     forking, child setup and limits, supervising, killing, reaping, outcomes
``capture``        output capture: per-snippet sinks (run_batch), capped pipe streams
``child``          the child's result channel, limits spec, code cache import hook, teardown
``probe``          coverage of the requested lines: sys.monitoring, compiled probes, settrace
``instrument``     compiles requested files with line probes (``probes``, 3.10-3.11)
``confine``        each test's own Landlock domain: what it may read, whom it may signal
``refusal``        which OS errors the sandbox caused (the judge compares nothing with them)
``entry_calls``    the project calls through which a project test reached a changed line
``snippet``        ``SnippetRunner``: runs one snippet and its tests, or one project test
``collect``        which tests a module holds: functions, test classes, TestCases, doctests
``cases``          running one collected test item
``fixtures``       fixture values: the project's ``@pytest.fixture``s and the built-ins
``suite``          importing the project's test files and their conftests
``pytest_support`` built-in fixtures, marks and helpers for pytest-style tests without pytest
=================  ==========================================================================

Import discipline: runner.py runs under ``python3 -I``, so its directory is not on ``sys.path``.
It adds the directory only while it imports this package and removes it again, so this package
imports every one of its modules (and ``executable_lines``, ``test_files``) right here: nothing
can be imported from it later.  Children drop all of these modules from ``sys.modules`` before a
test runs, so a test cannot reach runner internals by importing them.  Standard library only; Python 3.8-3.13.
"""

from __future__ import annotations

import sys

import executable_lines
import test_files

from . import (capture, cases, child, collect, common, confine, entry_calls, fixtures,
               forkserver, instrument, osutil, probe, protocol, pytest_support, refusal, snippet,
               suite, worker)
from .worker import Worker

__all__ = ["Worker"]

for _module in (sys.modules[__name__], common, osutil, protocol, worker, forkserver, capture,
                child, confine, refusal, entry_calls, instrument, probe, snippet, pytest_support,
                collect, cases, fixtures, suite, executable_lines, test_files):
    if _module.__file__:
        common.register_own_module(_module.__name__, _module.__file__)
del _module
