"""Running one collected test item: a function, a test-class method, a TestCase method or a doctest.

``run_item`` returns how the item ended: ``("ok", None)``, ``("skipped", reason)`` or
``("raised", exception)``.  ``SystemExit`` propagates (the caller reports an exit).  Functions
and pytest-style methods get their fixtures from a ``FixtureResolver`` (and ``setup_method`` /
``teardown_method``); ``unittest.TestCase`` methods run through a one-test ``TestSuite``, which
honours ``setUpModule``, ``setUpClass``, ``setUp``, ``tearDown``, cleanups, ``tearDownClass``
and skips; a doctest runs with ``ELLIPSIS`` and fails with ``difftriage.DoctestFailure``
(the report of its failing examples goes to stderr).
"""

from __future__ import annotations

import sys
from typing import Any, Callable, Optional, Tuple

from .collect import TestItem
from .fixtures import FixtureResolver
from .pytest_support import is_awaitable, is_skip

class DoctestFailure(AssertionError):
    """A doctest whose examples did not print what they show (details on stderr)."""


DoctestFailure.__module__ = "difftriage"

Ending = Tuple[str, Any]  # ("ok", None) | ("skipped", reason) | ("raised", exception)


def run_item(item: TestItem, resolver: FixtureResolver) -> Ending:
    if item.skip is not None:
        return "skipped", item.skip
    try:
        if item.kind == "unittest":
            return _run_testcase(item)
        if item.kind == "doctest":
            return _run_doctest(item)
        _run_callable(item, resolver)
        return "ok", None
    except SystemExit:
        raise
    except BaseException as exc:  # noqa: B902 - the test's exception is its outcome
        if is_skip(exc):
            return "skipped", exc
        return "raised", exc


def _await(outcome: Any) -> None:
    if is_awaitable(outcome):
        import asyncio

        asyncio.run(outcome)  # type: ignore[arg-type]


def _run_callable(item: TestItem, resolver: FixtureResolver) -> None:
    func = item.func
    assert func is not None
    target: Callable[..., Any] = func
    instance = None
    if item.owner is not None:
        instance = item.owner()
        target = getattr(instance, func.__name__)
        setup = getattr(instance, "setup_method", None)
        if setup is not None:
            setup(target)
    resolver.run_autouse()
    _await(target(**resolver.arguments(func, item.owner is not None, item.params)))
    if instance is not None:
        teardown = getattr(instance, "teardown_method", None)
        if teardown is not None:
            teardown(target)


def _run_testcase(item: TestItem) -> Ending:
    import unittest

    class Result(unittest.TestResult):
        """Keeps the first error's exception object, not only its formatted traceback."""

        first: Optional[BaseException] = None
        skip_reason: Optional[str] = None

        def _keep(self, err: Any) -> None:
            if self.first is None and err and err[1] is not None:
                self.first = err[1]

        def addError(self, test: Any, err: Any) -> None:  # noqa: N802 - unittest's API
            self._keep(err)
            super().addError(test, err)

        def addFailure(self, test: Any, err: Any) -> None:  # noqa: N802
            self._keep(err)
            super().addFailure(test, err)

        def addSubTest(self, test: Any, subtest: Any, err: Any) -> None:  # noqa: N802
            if err is not None:
                self._keep(err)
            super().addSubTest(test, subtest, err)

        def addSkip(self, test: Any, reason: str) -> None:  # noqa: N802
            self.skip_reason = reason
            super().addSkip(test, reason)

    assert item.owner is not None and item.func is not None
    result = Result()
    # A top-level suite run sets the class and module fixtures up and tears them down again.
    unittest.TestSuite([item.owner(item.name.split("::")[-1])]).run(result)
    if isinstance(result.first, SystemExit):
        raise result.first
    if result.first is not None:
        return "raised", result.first
    if result.skip_reason is not None:
        return "skipped", result.skip_reason
    return "ok", None


def _run_doctest(item: TestItem) -> Ending:
    import doctest

    test = item.doctest
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS, verbose=False)
    outcome = runner.run(test, out=sys.stderr.write, clear_globs=True)
    if outcome.failed:
        return "raised", DoctestFailure("%d of %d examples of %s failed"
                                        % (outcome.failed, outcome.attempted, test.name))
    return "ok", None
