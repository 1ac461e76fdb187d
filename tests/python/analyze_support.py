"""Shared helpers and fixtures for the analyze.py tests: run the analyser as the C++ driver does
(``python -I analyze.py ...`` in a subprocess) and shape its JSON for exact comparisons."""

from __future__ import annotations

import difflib
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from helpers_dir import HELPERS
from typing import Any, Dict, List, Optional, Tuple


HERE = Path(__file__).resolve().parent
ANALYZE = HELPERS \
    / "analyze.py"
SHAPES = HERE / "fixtures" / "analyze" / "shapes"
OLD = SHAPES / "old"
NEW = SHAPES / "new"
CHANGES = SHAPES / "changes.json"


# ---------------------------------------------------------------------------------------------
# helpers


def run_raw(*args: str, stdin: Optional[str] = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-I", str(ANALYZE)] + list(args), input=stdin,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          timeout=120)


def run(*args: str) -> Dict[str, Any]:
    proc = run_raw(*args)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def write_tree(root: Path, files: Dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return root


def diff_changes(old: Path, new: Path) -> Dict[str, Any]:
    """CHANGES.json for two trees, the way the C++ side derives it from a git diff."""
    rels = set()
    for base in (old, new):
        for path in base.rglob("*"):
            if path.is_file():
                rels.add(path.relative_to(base).as_posix())
    files = []
    for rel in sorted(rels):
        a_path, b_path = old / rel, new / rel
        a = a_path.read_text(encoding="utf-8").splitlines() if a_path.exists() else []
        b = b_path.read_text(encoding="utf-8").splitlines() if b_path.exists() else []
        if a == b and a_path.exists() == b_path.exists():
            continue
        old_lines: List[int] = []
        new_lines: List[int] = []
        matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag != "equal":
                old_lines.extend(range(i1 + 1, i2 + 1))
                new_lines.extend(range(j1 + 1, j2 + 1))
        files.append({"old_path": rel if a_path.exists() else None,
                      "new_path": rel if b_path.exists() else None,
                      "old_lines": old_lines, "new_lines": new_lines})
    return {"files": files}


def targets_for(tmp_path: Path, old_files: Dict[str, str], new_files: Dict[str, str],
                *extra: str) -> Dict[str, Any]:
    old = write_tree(tmp_path / "old", old_files)
    new = write_tree(tmp_path / "new", new_files)
    changes = tmp_path / "changes.json"
    changes.write_text(json.dumps(diff_changes(old, new)), encoding="utf-8")
    return run("targets", "--old-root", str(old), "--new-root", str(new), "--changes",
               str(changes), *extra)


def by_name(items: List[Dict[str, Any]], key: str = "qualname") -> Dict[str, Dict[str, Any]]:
    return {item[key]: item for item in items}


def edges(func: Dict[str, Any]) -> List[Tuple[str, str]]:
    return sorted((c["callee"], c["via"]) for c in func["calls"])


def summary(result: Dict[str, Any]) -> Dict[str, Tuple[Any, ...]]:
    return {c["qualname"]: (c["versions"], c["kind"], c["changed_lines"]["old"],
                            c["changed_lines"]["new"], c["reasons"], c["module_level_names"])
            for c in result["changed_functions"]}


def paths(result: Dict[str, Any], target: str) -> List[Tuple[str, List[str]]]:
    access = by_name(result["access"], "target")[target]
    return [(m["versions"], m["path"]) for m in access["methods"]]
