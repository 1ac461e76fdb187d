"""Module names: the file a dotted name imports under some import roots, and absolute names of
relative imports."""

from __future__ import annotations

import os
from typing import Optional, Sequence, Tuple


def module_file(import_roots: Sequence[str], name: str) -> Optional[Tuple[str, bool]]:
    """(path, is_package) of the file ``import name`` loads from the first root having it."""
    if not name or any(not part.isidentifier() for part in name.split(".")):
        return None
    for root in import_roots:
        base = os.path.join(root, *name.split("."))
        init = os.path.join(base, "__init__.py")
        if os.path.isfile(init):
            return init, True
        if os.path.isfile(base + ".py"):
            return base + ".py", False
    return None


def absolute_module(importer: str, is_package: bool, module: Optional[str],
                    level: int) -> Optional[str]:
    """The module ``from <level dots><module> import ...`` in module ``importer`` names.

    None when the dots climb above the top-level package; "" for the top itself (``from . import
    x`` in a top-level module, which Python refuses).
    """
    if level == 0:
        return module or None
    parts = importer.split(".")
    if not is_package:
        parts = parts[:-1]
    drop = level - 1
    if drop > len(parts):
        return None
    parts = parts[:len(parts) - drop]
    if module:
        parts = parts + module.split(".")
    return ".".join(parts)
