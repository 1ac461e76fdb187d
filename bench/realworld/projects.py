"""The projects of the real-world benchmark: data only, the same for every commit of a project.

Each project is a pure-Python library whose dependencies and test tools are Debian `python3-*`
packages. `packages` are the project's importable top-level names (a package directory or a
single module); the import root of a tree is wherever they sit (`src/` or the tree's root), found
per commit because projects move to a `src/` layout over their history. The clone of each project
is expected at `<repos>/<owner>+<name>` (see `clone_dir`).
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple


@dataclass(frozen=True)
class Project:
    owner: str
    name: str
    packages: Tuple[str, ...]
    debian: Tuple[str, ...] = field(default_factory=tuple)

    @property
    def key(self) -> str:
        return f"{self.owner}/{self.name}"

    @property
    def upstream(self) -> str:
        return f"https://github.com/{self.owner}/{self.name}"

    @property
    def directory(self) -> str:
        return f"{self.owner}+{self.name}"


# Test tools every project needs: the suites run with Debian's pytest.
COMMON_DEBIAN: Tuple[str, ...] = ("python3-pytest",)

PROJECTS: Tuple[Project, ...] = (
    Project("python-attrs", "attrs", ("attr", "attrs"),
            ("python3-hypothesis", "python3-zope.interface", "python3-cloudpickle")),
    Project("dateutil", "dateutil", ("dateutil",),
            ("python3-hypothesis", "python3-freezegun", "python3-six")),
    Project("pyparsing", "pyparsing", ("pyparsing",),
            ("python3-railroad-diagrams", "python3-jinja2")),
    Project("pypa", "packaging", ("packaging",), ("python3-pretend", "python3-tomli-w")),
    Project("andialbrecht", "sqlparse", ("sqlparse",)),
    Project("astanin", "python-tabulate", ("tabulate",), ("python3-wcwidth",)),
    Project("jmespath", "jmespath.py", ("jmespath",)),
    Project("un33k", "python-slugify", ("slugify",),
            ("python3-text-unidecode", "python3-unidecode")),
    Project("gweis", "isodate", ("isodate",)),
    Project("SethMMorton", "natsort", ("natsort",), ("python3-hypothesis", "python3-pytest-mock")),
    Project("martinblech", "xmltodict", ("xmltodict",)),
    Project("python-semver", "python-semver", ("semver",)),
    Project("r1chardj0n3s", "parse", ("parse",)),
    Project("jab", "bidict", ("bidict",),
            ("python3-hypothesis", "python3-sortedcontainers", "python3-sortedcollections")),
    Project("python-poetry", "tomlkit", ("tomlkit",), ("python3-yaml",)),
    Project("pytest-dev", "pluggy", ("pluggy",)),
)

# Never measured here: they are kept for independent evaluation.
RESERVED = frozenset({"boltons", "humanize", "more-itertools", "marshmallow", "cachetools",
                      "toolz"})


def by_key() -> Dict[str, Project]:
    return {project.key: project for project in PROJECTS}


def all_debian_packages() -> List[str]:
    names = set(COMMON_DEBIAN)
    for project in PROJECTS:
        names.update(project.debian)
    return sorted(names)


def import_root(tree: str, packages: Tuple[str, ...]) -> Optional[str]:
    """The tree-relative directory holding the project's importable names, or None."""
    for root in ("src", "."):
        base = os.path.join(tree, root)
        for name in packages:
            if os.path.isfile(os.path.join(base, name, "__init__.py")) or \
                    os.path.isfile(os.path.join(base, name + ".py")):
                return root
    return None


# A tree exported from git has no version file that setuptools-scm or hatch-vcs would write at
# build time; a package that imports it cannot be imported. PREPARE_CODE, run in a tree's root,
# writes each version file that pyproject.toml, setup.py or setup.cfg names and the tree lacks.
VERSION_FILE_PATTERN = r"""(?:write_to|version_file|version-file)['"]?\s*[=:]\s*['"]([^'"]+)"""
VERSION_FILE_TEXT = ('__version__ = version = "0.0.0"\n'
                     '__version_tuple__ = version_tuple = (0, 0, 0)\n')
CONFIG_FILES = ("pyproject.toml", "setup.py", "setup.cfg")

PREPARE_CODE = (
    "import os, re\n"
    f"pattern = re.compile({VERSION_FILE_PATTERN!r})\n"
    f"for config in {CONFIG_FILES!r}:\n"
    "    if not os.path.isfile(config):\n"
    "        continue\n"
    "    for path in pattern.findall(open(config, encoding='utf-8').read()):\n"
    "        if path.endswith('.py') and not os.path.exists(path) \\\n"
    "                and os.path.isdir(os.path.dirname(path) or '.'):\n"
    f"            open(path, 'w').write({VERSION_FILE_TEXT!r})\n"
)


def prepare_command() -> str:
    """The shell command form of PREPARE_CODE (for the CLI's `--prepare`)."""
    return "python3 -c " + shlex.quote(PREPARE_CODE)


def missing_version_files(tree: str) -> List[str]:
    """The version files PREPARE_CODE would write in this tree."""
    pattern = re.compile(VERSION_FILE_PATTERN)
    missing: List[str] = []
    for name in CONFIG_FILES:
        path = os.path.join(tree, name)
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8") as handle:
            for found in pattern.findall(handle.read()):
                if found.endswith(".py") and not os.path.exists(os.path.join(tree, found)) and \
                        os.path.isdir(os.path.join(tree, os.path.dirname(found) or ".")):
                    missing.append(found)
    return missing


def prepare(tree: str, python: str) -> None:
    """Runs PREPARE_CODE in `tree` with `python`."""
    subprocess.run([python, "-c", PREPARE_CODE], cwd=tree, check=True, capture_output=True)
