"""The small shop project the project-test conversion tests write, and running a snippet on it
(test_project_tests.py, test_project_test_fixtures.py)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Dict, Optional

from helpers_dir import HELPERS

if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))

from gen.project_tests.sources import TreeSources  # noqa: E402

PYTHON = sys.executable

SHOP = '''
REGISTRY = {}


def register(cls):
    REGISTRY[cls.kind] = cls
    return cls


class Cart:
    def __init__(self):
        self.items = []

    def add(self, price, count=1):
        if price < 0:
            raise ValueError("negative price")
        self.items.append((price, count))

    def total(self, kind="plain"):
        pricing = REGISTRY[kind]()
        return sum(pricing.price(p) * c for p, c in self.items)


def discount(amount):
    """Ten off from 100 on.

    >>> discount(100)
    90
    >>> discount(-1)
    Traceback (most recent call last):
    ValueError: negative
    """
    if amount < 0:
        raise ValueError("negative")
    if amount >= 100:
        return amount - 10
    return amount
'''


def write(root: Path, files: Dict[str, str]) -> None:
    for relpath, text in files.items():
        path = root / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")


def project(tmp_path: Path, tests: Dict[str, str], new_shop: Optional[str] = None) -> Path:
    """An old tree (the shop package and ``tests``) and, with ``new_shop``, a new one."""
    old = tmp_path / "old"
    write(old, dict({"src/shop/__init__.py": SHOP}, **tests))
    if new_shop is not None:
        write(tmp_path / "new", {"src/shop/__init__.py": new_shop})
    return old


def sources(root: Path) -> TreeSources:
    return TreeSources(str(root), ["src"])


def run(code: str, tree: Path) -> str:
    """What the snippet prints with the package of ``tree`` (stdout, then the error's type)."""
    done = subprocess.run([PYTHON, "-c", code], cwd=str(tree), capture_output=True, text=True,
                          env={"PYTHONPATH": str(tree / "src"), "PATH": "/usr/bin:/bin"},
                          timeout=60)
    if done.returncode:
        return done.stdout + "raised " + done.stderr.strip().splitlines()[-1].split(":")[0]
    return done.stdout
