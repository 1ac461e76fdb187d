"""The project's own test files, imported in a child the way pytest's default import mode does.

``load_test_file`` imports one file of the tree (a test module, or a project module for its
doctests): the first folder above it that is not a package goes first on ``sys.path`` and the
module gets its dotted name from there (``tests/test_x.py`` → ``test_x``, or
``tests.test_x`` when ``tests`` is a package).  The ``conftest.py`` files from the tree root down
to the file's folder are imported first; their fixtures, and the module's, are the namespaces a
``FixtureResolver`` searches.  Only files inside the tree are accepted.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import types
from typing import Any, Dict, List, Tuple

from .pytest_support import UsageError


def _package_base(path: str, root: str) -> Tuple[str, str]:
    """(folder to put on sys.path, dotted module name) for the file at ``path``."""
    folder = os.path.dirname(path)
    parts = [os.path.splitext(os.path.basename(path))[0]]
    if parts[0] == "__init__":
        parts = []
    while folder != root and folder.startswith(root + os.sep) and \
            os.path.isfile(os.path.join(folder, "__init__.py")):
        parts.insert(0, os.path.basename(folder))
        folder = os.path.dirname(folder)
    if not parts:
        parts = [os.path.basename(os.path.dirname(path))]
    return folder, ".".join(parts)


def resolve_in_tree(root: str, relpath: str) -> str:
    """The absolute path of ``relpath``, which must be a ``.py`` file inside the tree."""
    if not isinstance(relpath, str) or not relpath.endswith(".py") or os.path.isabs(relpath):
        raise ValueError("a test file is a relative path to a .py file, not %r" % (relpath,))
    path = os.path.normpath(os.path.join(root, relpath))
    if not path.startswith(root.rstrip(os.sep) + os.sep):
        raise ValueError("test file %r is outside the tree" % relpath)
    return path


def _put_first(folder: str) -> None:
    if folder not in sys.path:
        sys.path.insert(0, folder)


def _load_conftests(root: str, path: str) -> List[Dict[str, Any]]:
    folders: List[str] = []
    folder = os.path.dirname(path)
    while True:
        folders.insert(0, folder)
        if folder == root or not folder.startswith(root + os.sep):
            break
        folder = os.path.dirname(folder)
    namespaces: List[Dict[str, Any]] = []
    for index, folder in enumerate(folders):
        conftest = os.path.join(folder, "conftest.py")
        if not os.path.isfile(conftest) or conftest == path:
            continue
        base, name = _package_base(conftest, root)
        _put_first(base)
        if name in sys.modules:  # two non-package conftests would both be "conftest"
            name = "conftest_%d" % index
        spec = importlib.util.spec_from_file_location(name, conftest)
        if spec is None or spec.loader is None:
            continue
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        namespaces.append(module.__dict__)
    return namespaces


def load_test_file(root: str, relpath: str) -> Tuple[types.ModuleType, List[Dict[str, Any]]]:
    """Import the file and its conftests; (module, fixture namespaces, module's last)."""
    root = os.path.abspath(root)
    path = resolve_in_tree(root, relpath)
    if not os.path.isfile(path):
        raise UsageError("no test file %s in the tree" % relpath)
    namespaces = _load_conftests(root, path)
    base, name = _package_base(path, root)
    _put_first(base)
    module = sys.modules.get(name)
    if module is None or os.path.abspath(getattr(module, "__file__", "") or "") != path:
        sys.modules.pop(name, None)
        module = importlib.import_module(name)
    if os.path.abspath(getattr(module, "__file__", "") or "") != path:
        raise UsageError("%s imports as %s, which is another file: %s"
                         % (relpath, name, getattr(module, "__file__", None)))
    namespaces.append(module.__dict__)
    return module, namespaces
