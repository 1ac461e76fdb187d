"""Fixtures shared by the analyze.py test files: the analyser's answers on the shapes fixture."""

from __future__ import annotations

from typing import Any, Dict

import pytest

from analyze_support import CHANGES, NEW, OLD, run

# The fixture trees carry their own tests/ folders: they are data, not part of this suite.
collect_ignore = ["fixtures"]


@pytest.fixture(scope="module")
def old_index() -> Dict[str, Any]:
    return run("index", "--root", str(OLD))


@pytest.fixture(scope="module")
def shapes_targets() -> Dict[str, Any]:
    return run("targets", "--old-root", str(OLD), "--new-root", str(NEW), "--changes",
               str(CHANGES))


# ---------------------------------------------------------------------------------------------
