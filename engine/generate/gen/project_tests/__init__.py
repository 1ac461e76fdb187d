"""The ``project_tests`` strategy: the project's own tests as differential snippets.

The engine runs the project's test files on the old version in the sandbox and keeps the tests
that reach a changed line; this package turns each into a snippet that runs on both versions and
prints what the test checked, then mutates its literals like any other candidate's values.

* :mod:`.discover` - which test files may reach the changed code (static, ``ast``);
* :mod:`.sources` - the old tree's files, parsed once; what a test file's imports refer to;
* :mod:`.scope` - a module's top level by the names it binds; what a piece of code needs;
* :mod:`.fixtures` - fixtures inlined, or the reason they cannot be;
* :mod:`.observe` - asserts, ``pytest.raises``, ``unittest`` assertions as observations;
* :mod:`.convert` - one test (function, method, parametrised case) to a snippet;
* :mod:`.doctests` - one doctest to a snippet;
* :mod:`.entry_calls` - the calls into the project through which a test reached the change;
* :mod:`.data_files` - a data-driven test's other documents, as its recorded call;
* :mod:`.messages` - a test that raised through a changed ``raise``, printing what it raises;
* :mod:`.assemble` - imports, inlined helpers, fixtures and the body put together;
* :mod:`.literals` - mutants: the snippet's literals moved a step;
* :mod:`.shrink` - simpler variants of a snippet;
* :mod:`.candidates` - the strategy's candidates for a ``generate`` request, and its switch.
"""

from typing import Any, Dict

from .candidates import ProjectTests, old_tree
from .discover import find_test_files

DEFAULT_MAX_FILES = 30


def find_tests(request: Dict[str, Any]) -> Dict[str, Any]:
    """The ``find-tests`` answer: candidate test files, best first."""
    limit = request.get("max_files", DEFAULT_MAX_FILES)
    return find_test_files(request, old_tree(request), int(limit))


def convert_tests(request: Dict[str, Any]) -> Dict[str, Any]:
    """The ``convert-tests`` answer: which tests became snippets (and their target), which did
    not and why."""
    project = ProjectTests(request)
    tests = {c["test"]: c["target"] for c in project.converted}  # first target, tests in order
    return {"converted": [{"test": t, "target": target} for t, target in tests.items()],
            "skipped": project.skipped}
