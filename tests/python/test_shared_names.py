"""A target renamed with its old name kept as an alias (gen/shared_names.py): tests import it
by the name both versions bind, so the rename alone shows no difference."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from analyze_support import targets_for
from helpers_dir import HELPERS

OLD = '''
class TextParser:
    def __init__(self, debug=False):
        self.debug = debug

    def parse(self, text):
        return text.split(".")
'''

NEW = OLD.replace("class TextParser:", "class PathParser:") + "\n\nTextParser = PathParser\n"


def _generated(tmp_path: Path, new: str):
    if str(HELPERS) not in sys.path:
        sys.path.insert(0, str(HELPERS))
    from gen.search import generate
    files = {"pkg/__init__.py": ""}
    targets = targets_for(tmp_path, dict(files, **{"pkg/parser.py": OLD}),
                          dict(files, **{"pkg/parser.py": new}))
    request = {"old_root": str(tmp_path / "old"), "new_root": str(tmp_path / "new"),
               "targets": targets, "seed": 1, "round": 0, "max_candidates": 40}
    return [c for c in generate(request)["candidates"] if "PathParser" in c["target"]]


def _outputs(tmp_path: Path, code: str):
    return [subprocess.run([sys.executable, "-c", code], cwd=str(tmp_path / side),
                           capture_output=True, text=True, timeout=60)
            for side in ("old", "new")]


def test_a_renamed_class_is_imported_by_its_alias(tmp_path: Path) -> None:
    found = _generated(tmp_path, NEW)
    assert found
    for candidate in found:
        assert "from pkg.parser import TextParser as PathParser\n" in candidate["code"]
        old, new = _outputs(tmp_path, candidate["code"])
        assert "ImportError" not in old.stderr + old.stdout, candidate["code"]
        assert (old.stdout, old.returncode) == (new.stdout, new.returncode), candidate["code"]


def test_a_new_class_without_an_old_name_keeps_its_own_import(tmp_path: Path) -> None:
    found = _generated(tmp_path, NEW.replace("TextParser = PathParser\n", ""))
    assert found
    assert all("from pkg.parser import PathParser\n" in c["code"] for c in found)
