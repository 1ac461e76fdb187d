"""Which files of a Python tree are its tests: one answer for the analysis, the generator and the
runner.

A test module is a ``.py`` file named ``test_*.py`` or ``*_test.py`` (pytest's names),
``tests.py`` or ``*_tests.py`` (a suite in one module beside the package: unittest finds it),
or any module under a folder named ``tests``, ``test`` or ``testing``.  ``test.py`` is no test
name: packages ship public modules called so (a test client).  ``conftest.py`` is pytest's
set-up of the tests around it.  Standard library only: the runner imports it too.
"""

from __future__ import annotations

from typing import Sequence

TEST_FOLDERS = ("tests", "test", "testing")
CONFTEST = "conftest.py"


def is_test_name(name: str) -> bool:
    """Whether a file name is a test module's."""
    return name.endswith(".py") and (name.startswith("test_") or name == "tests.py" or
                                     name.endswith(("_test.py", "_tests.py")))


def is_test_path(relpath: str) -> bool:
    """Whether a path (``/``-separated, relative to the tree) is a test module's, or a
    conftest's."""
    parts = relpath.split("/")
    return parts[-1] == CONFTEST or is_test_name(parts[-1]) or in_test_folder(parts[:-1])


def in_test_folder(folders: Sequence[str]) -> bool:
    return any(folder in TEST_FOLDERS for folder in folders)
