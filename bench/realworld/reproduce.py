"""Reproduces a reported difference outside DiffTriage: the shrunk test, plain python3, both trees.

Each side runs `repro_driver.py` in a fresh process (no network when `unshare -n` works, a fresh
working directory, `PYTHONPATH` = that tree's import root, `PYTHONHASHSEED=0`, a time limit).
The two outcomes are compared by Definition 2 of docs/ARCHITECTURE.md, once, without reruns; a
difference *reproduces* when the kind comes out as reported and every side that raised raised the
reported exception type (an `api_change` is any raise of the reported type on the side it names).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import asdict, dataclass, field
from typing import Any, Dict, List, Optional

from suite import NO_NETWORK

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(HERE, "repro_driver.py")
ABORTS = ("timeout", "killed", "crashed")


@dataclass
class Outcome:
    status: str
    exc_type: Optional[str] = None
    exit_code: Optional[int] = None
    output: str = ""
    warnings: List[List[str]] = field(default_factory=list)


def normalise(text: str, roots: List[str], scratch: str) -> str:
    for root in sorted(set(roots + [os.path.realpath(r) for r in roots]), key=len, reverse=True):
        text = text.replace(root, "<tree>")
    text = text.replace(scratch, "<tmp>").replace(os.path.realpath(scratch), "<tmp>")
    text = re.sub(r"tmp[a-z0-9_]{8}", "tmpXXXXXXXX", text)
    text = re.sub(r" at 0x[0-9a-fA-F]+", " at 0x?", text)
    return re.sub(r"0x[0-9a-fA-F]{9,16}", "0x?", text)


def run_side(code: str, tree: str, import_root: str, python: str, time_limit: float) -> Outcome:
    scratch = tempfile.mkdtemp(prefix="realworld-repro-")
    try:
        test = os.path.join(scratch, "test_difference.py")
        result = os.path.join(scratch, "result.json")
        with open(test, "w", encoding="utf-8") as handle:
            handle.write(code)
        workdir = os.path.join(scratch, "cwd")
        os.makedirs(workdir)
        env = {"PATH": "/usr/bin:/bin", "HOME": scratch, "TMPDIR": scratch, "LANG": "C.UTF-8",
               "PYTHONPATH": os.path.join(tree, import_root), "PYTHONHASHSEED": "0",
               "PYTHONDONTWRITEBYTECODE": "1"}
        try:
            done = subprocess.run([*NO_NETWORK, python, DRIVER, test, result], cwd=workdir,
                                  env=env, capture_output=True, text=True, errors="replace",
                                  timeout=time_limit)
        except subprocess.TimeoutExpired:
            return Outcome("timeout")
        if not os.path.isfile(result):
            return Outcome("crashed", output=done.stderr[-500:])
        with open(result, encoding="utf-8") as handle:
            data = json.load(handle)
        output = done.stdout + (data["value_repr"] + "\n" if data["value_repr"] else "")
        return Outcome(data["status"], data["exc_type"], data["exit_code"],
                       normalise(output, [tree], scratch), data["warnings"])
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def kind_of(old: Outcome, new: Outcome) -> Optional[str]:
    """Definition 2 on one pair of runs (the spelling of core/Vocabulary), or None."""
    if old.status in ABORTS or new.status in ABORTS:
        if old.status in ABORTS and new.status in ABORTS:
            return None
        return "only_old_aborts" if old.status in ABORTS else "only_new_aborts"
    if old.status == "raised" and new.status == "raised":
        if old.exc_type != new.exc_type:
            return "different_exception"
    elif old.status == "raised":
        return "only_old_raises"
    elif new.status == "raised":
        return "only_new_raises"
    elif (old.output, old.exit_code, old.status) != (new.output, new.exit_code, new.status):
        return "different_output"
    # the same exception or the same output: what was warned on the way still counts
    if sorted(tuple(w) for w in old.warnings) != sorted(tuple(w) for w in new.warnings):
        return "different_warnings"
    return None


def reproduces(difference: Dict[str, Any], old: Outcome, new: Outcome) -> bool:
    reported = difference["kind"]
    kind = kind_of(old, new)
    want_old = (difference.get("old") or {}).get("error_type")
    want_new = (difference.get("new") or {}).get("error_type")
    if reported == "api_change":
        return (new.status == "raised" and old.status != "raised" and new.exc_type == want_new) \
            or (old.status == "raised" and new.status != "raised" and old.exc_type == want_old) \
            or (kind == "different_exception" and (old.exc_type, new.exc_type) ==
                (want_old, want_new))
    if kind != reported:
        return False
    if old.status == "raised" and old.exc_type != want_old:
        return False
    return not (new.status == "raised" and new.exc_type != want_new)


def check(difference: Dict[str, Any], old_tree: str, old_root: str, new_tree: str,
          new_root: str, python: str, time_limit: float) -> Dict[str, Any]:
    """Runs the difference's shrunk test on both trees; the outcomes and whether it reproduces."""
    code = difference.get("test_code") or difference.get("original_test_code") or ""
    old = run_side(code, old_tree, old_root, python, time_limit)
    new = run_side(code, new_tree, new_root, python, time_limit)
    return {"id": difference.get("id"), "kind": difference["kind"],
            "target": difference.get("target"), "reproduced": reproduces(difference, old, new),
            "reproduced_kind": kind_of(old, new), "old": asdict(old), "new": asdict(new)}
