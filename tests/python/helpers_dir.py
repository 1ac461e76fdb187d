"""Where the shipped Python helpers are: every stage's scripts and packages in one directory.

ctest passes the build tree's ``share/difftriage/python`` in ``DIFFTRIAGE_PYTHON_DIR``; run by hand,
the suites use the default build directory's copy (build first).
"""

from __future__ import annotations

import os
from pathlib import Path

HELPERS = Path(os.environ.get("DIFFTRIAGE_PYTHON_DIR",
                              Path(__file__).resolve().parent.parent.parent / "build" / "share" /
                              "difftriage" / "python"))
