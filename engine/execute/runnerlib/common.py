"""Constants and small helpers shared by the worker and its children.

Protocol constants and request defaults, JSON-safe text helpers, the path scrubber that replaces
the tree root and the run directory with placeholders, and the registry of the runner's own files
and modules (filled in by ``runnerlib/__init__.py`` and ``runner.py``).
"""

from __future__ import annotations

import os
import sys
from typing import Any, Dict, Iterable, List, Set, Tuple

PROTOCOL_VERSION = 1
TEST_FILENAME = "<test>"
TREE_PLACEHOLDER = "<tree>"
TMP_PLACEHOLDER = "<tmp>"

DEFAULT_TIMEOUT_S = 10.0
DEFAULT_MEM_MB = 2048
DEFAULT_MAX_OUTPUT = 64 * 1024
DEFAULT_MAX_PROCESSES = 64
DEFAULT_FSIZE_MB = 64
MAX_TEXT_FIELD = 64 * 1024  # exception messages, tracebacks, value reprs
MAX_WARNINGS = 100
MAX_TEST_ENTRIES = 1000
MAX_RESULT_PIPE_BYTES = 32 * 1024 * 1024
RUNNER_ERROR_EXIT = 70
RESULT_FD_MIN = 200  # the child's private result pipe lives at a high fd number

# Source files of the runner (runner.py, executable_lines.py, this package): their frames are
# removed from the tracebacks a test reports.
OWN_FILES: Set[str] = set()
# Module names of the runner's helpers: children drop them from sys.modules, so a test cannot
# reach runner internals by importing them.
OWN_MODULES: List[str] = []


def register_own_module(name: str, filename: str) -> None:
    """Record a helper module of the runner (its name, and its file as given and absolute)."""
    if name not in OWN_MODULES:
        OWN_MODULES.append(name)
    register_own_file(filename)


def register_own_file(filename: str) -> None:
    OWN_FILES.update({filename, os.path.abspath(filename)})


# --------------------------------------------------------------------------------------------
# Text and descriptors
# --------------------------------------------------------------------------------------------

def clean_text(text: Any, limit: int = MAX_TEXT_FIELD) -> str:
    """A str safe for strict JSON parsers: lone surrogates become visible escapes; long text is
    cut."""
    if not isinstance(text, str):
        text = str(text)
    if len(text) > limit:
        text = text[:limit] + "...[truncated]"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def qualified_name(cls: type) -> str:
    """``module.QualName`` for a class; builtins (ValueError, DeprecationWarning) stay bare."""
    module = getattr(cls, "__module__", None)
    name = getattr(cls, "__qualname__", None) or getattr(cls, "__name__", repr(cls))
    if not module or module == "builtins":
        return str(name)
    return "%s.%s" % (module, name)


def safe_str(obj: Any) -> str:
    try:
        return clean_text(str(obj))
    except BaseException:  # noqa: B902 - a hostile __str__ must not kill the report
        return "<str() failed>"


def safe_repr(value: Any) -> str:
    try:
        return clean_text(repr(value))
    except BaseException as exc:  # noqa: B902
        return "<repr() failed: %s>" % qualified_name(type(exc))


def write_all(fd: int, data: bytes) -> bool:
    view = memoryview(data)
    while view:
        try:
            written = os.write(fd, view)
        except InterruptedError:
            continue
        except OSError:
            return False
        view = view[written:]
    return True


# --------------------------------------------------------------------------------------------
# Placeholders for paths
# --------------------------------------------------------------------------------------------

class PathScrubber:
    """Replaces the tree root (and the run directory) in text with stable placeholders."""

    def __init__(self, pairs: Iterable[Tuple[str, str]]) -> None:
        seen: Dict[str, str] = {}
        for path, placeholder in pairs:
            for variant in {path, os.path.realpath(path)}:
                variant = variant.rstrip("/")
                if len(variant) > 1:
                    seen.setdefault(variant, placeholder)
        # Longest first, so a run directory inside the tree is not half-replaced.
        self._pairs = sorted(seen.items(), key=lambda item: -len(item[0]))

    def __call__(self, text: str) -> str:
        for path, placeholder in self._pairs:
            if path in text:
                text = text.replace(path + "/", placeholder + "/")
                text = _replace_whole(text, path, placeholder)
        return text


def _replace_whole(text: str, path: str, placeholder: str) -> str:
    """Replace ``path`` where it is not the prefix of a longer file name."""
    out: List[str] = []
    start = 0
    while True:
        index = text.find(path, start)
        if index < 0:
            out.append(text[start:])
            return "".join(out)
        end = index + len(path)
        following = text[end:end + 1]
        if following and (following.isalnum() or following in "_-.~"):
            out.append(text[start:end])
        else:
            out.append(text[start:index])
            out.append(placeholder)
        start = end


def shadowed_by_tree(names: Iterable[str], import_root: str, tree: str) -> List[str]:
    """The modules among ``names`` that the tree's own code should provide, loaded from elsewhere.

    pytest imports some libraries (attrs, pluggy, packaging, ...) from the system.  When the
    project under test *is* one of them, the copy pytest left in ``sys.modules`` would answer
    the test's ``import`` instead of the tree's: these are the entries to drop.
    """
    provided: Dict[str, bool] = {}
    shadowed: List[str] = []
    tree = os.path.realpath(tree)
    for name in names:
        top = name.partition(".")[0]
        if top not in provided:
            base = os.path.join(import_root, top)
            provided[top] = os.path.isdir(base) or os.path.isfile(base + ".py")
        if not provided[top]:
            continue
        module = sys.modules.get(name)
        location = getattr(module, "__file__", None)
        if location and os.path.realpath(location).startswith(tree + os.sep):
            continue
        shadowed.append(name)
    return shadowed
