"""The command-line entry points of a tree, and which of them a change touches.

Console scripts come from ``pyproject.toml`` (``[project.scripts]``, ``[tool.poetry.scripts]``),
``setup.cfg`` (``console_scripts`` of ``[options.entry_points]``) and ``setup.py``
(``entry_points={"console_scripts": [...]}``); ``python -m`` entry points are the packages with a
``__main__.py`` and the changed modules with an ``if __name__ == "__main__":`` block.
Everything is read statically, nothing of the project is imported.
"""

from __future__ import annotations

import ast
import configparser
import os
import re
from dataclasses import dataclass
from typing import Dict, List, Optional, Set, Tuple

from pymodel.modules import absolute_module
from pymodel.project import Tree

SCRIPT_SECTIONS = ("project.scripts", "tool.poetry.scripts")
SCRIPT_LINE = re.compile(r"""^\s*["']?([A-Za-z0-9_.\-]+)["']?\s*=\s*["']([\w.]+)\s*:\s*([\w.]+)""")
SPEC = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*=\s*([\w.]+)\s*:\s*([\w.]+)")
MAIN_BLOCK = re.compile(r"""^if\s+__name__\s*==\s*['"]__main__['"]\s*:""", re.M)
MAX_MAIN_DEPTH = 3  # folders below an import root searched for __main__.py


@dataclass(frozen=True)
class Entry:
    """One way to run the project from a shell, on one tree."""

    name: str  # the script name, or the package for ``python -m``
    module: str  # the module holding the function (``pkg.__main__`` for ``-m``)
    function: Optional[str]  # None: ``python -m`` runs the module itself

    @property
    def key(self) -> Tuple[str, str]:
        return ("script" if self.function else "module", self.name)


def entries(tree: Tree, changed_files: Set[str]) -> Dict[Tuple[str, str], Entry]:
    """The tree's entry points by key (``("script", name)`` or ``("module", name)``)."""
    found: Dict[Tuple[str, str], Entry] = {}
    for name, module, function in _scripts(tree.root):
        found.setdefault(("script", name), Entry(name, module, function))
    for package in _main_packages(tree):
        found.setdefault(("module", package), Entry(package, package + ".__main__", None))
    for module in _main_blocks(tree, changed_files):
        found.setdefault(("module", module), Entry(module, module, None))
    return found


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read()
    except OSError:
        return ""


def _scripts(root: str) -> List[Tuple[str, str, str]]:
    out = _pyproject_scripts(_read(os.path.join(root, "pyproject.toml")))
    out += _setup_cfg_scripts(_read(os.path.join(root, "setup.cfg")))
    out += _setup_py_scripts(_read(os.path.join(root, "setup.py")))
    return out


def _pyproject_scripts(text: str) -> List[Tuple[str, str, str]]:
    out: List[Tuple[str, str, str]] = []
    section = ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("["):
            section = stripped.strip("[] ")
            continue
        match = SCRIPT_LINE.match(line) if section in SCRIPT_SECTIONS else None
        if match:
            out.append((match.group(1), match.group(2), match.group(3)))
    return out


def _setup_cfg_scripts(text: str) -> List[Tuple[str, str, str]]:
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(text)
        value = parser.get("options.entry_points", "console_scripts", fallback="")
    except configparser.Error:
        return []
    return _specs(value.splitlines())


def _setup_py_scripts(text: str) -> List[Tuple[str, str, str]]:
    try:
        module = ast.parse(text)
    except (SyntaxError, ValueError):
        return []
    specs: List[str] = []
    for node in ast.walk(module):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if isinstance(key, ast.Constant) and key.value == "console_scripts":
                    items = value.elts if isinstance(value, (ast.List, ast.Tuple)) else [value]
                    specs += [i.value for i in items
                              if isinstance(i, ast.Constant) and isinstance(i.value, str)]
    return _specs(specs)


def _specs(lines: List[str]) -> List[Tuple[str, str, str]]:
    out = []
    for line in lines:
        match = SPEC.match(line)
        if match:
            out.append((match.group(1), match.group(2), match.group(3)))
    return out


def _main_packages(tree: Tree) -> List[str]:
    out: List[str] = []
    for root in tree.import_roots:
        for folder, dirs, files in os.walk(root):
            relative = os.path.relpath(folder, root)
            depth = 0 if relative == "." else relative.count(os.sep) + 1
            dirs[:] = sorted(d for d in dirs if d.isidentifier() and depth < MAX_MAIN_DEPTH)
            if depth and "__main__.py" in files and "__init__.py" in files:
                out.append(relative.replace(os.sep, "."))
    return sorted(set(out))


def _main_blocks(tree: Tree, changed_files: Set[str]) -> List[str]:
    """The changed modules that run something when started with ``python -m``."""
    out = []
    for relative in sorted(changed_files):
        path = os.path.join(tree.root, relative)
        module = _module_name(tree, path)
        last = (module or "").rsplit(".", 1)[-1]
        # python -m runs a package's __main__, never its __init__
        if module and last not in ("__main__", "__init__") and MAIN_BLOCK.search(_read(path)):
            out.append(module)
    return out


def _module_name(tree: Tree, path: str) -> Optional[str]:
    for root in tree.import_roots:
        relative = os.path.relpath(path, root)
        if relative.startswith("..") or not relative.endswith(".py"):
            continue
        parts = relative[:-3].split(os.sep)
        if all(part.isidentifier() for part in parts):
            return ".".join(parts)
    return None


def touched(tree: Tree, entry: Entry, changed_files: Set[str]) -> List[str]:
    """The changed files (relative to the tree root) through which the change reaches the entry
    point: its own module's, then those of the modules it imports; empty when the change is
    elsewhere."""
    out: List[str] = []
    own = _relative(tree, entry.module)
    if own in changed_files:
        out.append(own)  # type: ignore[arg-type]
    found = tree.module_file(entry.module)
    try:
        module = ast.parse(_read(found[0])) if found else None
    except (SyntaxError, ValueError):
        module = None
    for node in ast.walk(module) if module is not None else []:
        names: List[str] = []
        if isinstance(node, ast.ImportFrom):
            base = absolute_module(entry.module, bool(found and found[1]), node.module,
                                   node.level)
            if base:
                names = [base] + [base + "." + a.name for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            path = _relative(tree, name)
            if path in changed_files and path not in out:
                out.append(path)  # type: ignore[arg-type]
    return out


def _relative(tree: Tree, module: str) -> Optional[str]:
    found = tree.module_file(module)
    return os.path.relpath(found[0], tree.root).replace(os.sep, "/") if found else None
