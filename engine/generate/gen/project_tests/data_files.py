"""The other documents of a data-driven project test: the files beside the one that reached.

A test that loops over the suite's data files (``for path in DATA.glob('**/*.toml'):
loads(path.read_text())``) reaches a changed line with some of them, and the runner records the
call of the first (``entry_calls``).  Its text argument is then a whole file of the suite, and
the files of the same kind beside it are the suite's other documents: real, structured inputs a
parser's change is about, which no mutation of one document writes (``a = {b = 1,}`` from
``a = {}``).  Each becomes the same call with that file's text.  Those whose path shares a word
with a changed function's name come first (``inline-table/`` for ``parse_inline_table``), then
those nearest the recorded file.
"""

from __future__ import annotations

import ast
import os
import re
from typing import Any, Dict, Iterator, List, Optional, Set, Tuple

from .entry_calls import entry_call_snippet

MIN_TEXT = 8  # characters of a text taken for a file's: shorter ones match by chance
MAX_BYTES = 8000  # a recorded call holds at most this much (entry_calls.MAX_CALL)
MAX_WALKED = 5000  # files looked at under a test folder
MAX_SIBLINGS = 1000
MIN_WORD = 3
WORDS = re.compile(r"[a-z0-9]+")
SKIPPED = {"__pycache__", ".git", ".hg", ".tox", "node_modules"}


def name_words(qualnames: List[str]) -> Set[str]:
    """The words of the changed functions' names (``parse_inline_table``: parse, inline,
    table), never a dunder's."""
    return {w for name in qualnames for part in name.split(".") if not part.startswith("__")
            for w in WORDS.findall(part.lower()) if len(w) >= MIN_WORD}


def _walk(folder: str) -> Iterator[str]:
    """The files under ``folder``, at most MAX_WALKED, in a stable order."""
    count = 0
    for top, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED and not d.startswith("."))
        for name in sorted(files):
            count += 1
            if count > MAX_WALKED:
                return
            yield os.path.join(top, name)


def _read(path: str, kind: type) -> Optional[Any]:
    try:
        if os.path.getsize(path) > MAX_BYTES or os.path.islink(path):
            return None
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
        return data if kind is bytes else data.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _texts(call: str) -> List[Tuple[ast.Constant, Any]]:
    """The call's text arguments long enough to be a file's: (node, value), in the parsed
    call whose root is first."""
    try:
        node = ast.parse(call, mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    if not isinstance(node, ast.Call):
        return []
    values = list(node.args) + [k.value for k in node.keywords]
    return [(node, v) for v in values if isinstance(v, ast.Constant) and
            isinstance(v.value, (str, bytes)) and len(v.value) >= MIN_TEXT]  # type: ignore


class DataFiles:
    """The files under a test file's folder, looked at once per request."""

    def __init__(self, root: str) -> None:
        self.root = os.path.realpath(root)
        self._sizes: Dict[str, Dict[int, List[str]]] = {}

    def _by_size(self, folder: str) -> Dict[int, List[str]]:
        if folder not in self._sizes:
            sizes: Dict[int, List[str]] = {}
            for path in _walk(folder):
                try:
                    if not os.path.islink(path):
                        sizes.setdefault(os.path.getsize(path), []).append(path)
                except OSError:
                    continue
            self._sizes[folder] = sizes
        return self._sizes[folder]

    def holder(self, test_file: str, text: Any) -> Optional[str]:
        """The file under the test file's folder whose whole content is ``text``, or None."""
        folder = os.path.realpath(os.path.join(self.root, os.path.dirname(test_file)))
        if not folder.startswith(self.root + os.sep):
            return None
        data = text if isinstance(text, bytes) else text.encode("utf-8")
        for path in self._by_size(folder).get(len(data), []):
            if path.endswith(".py") or _read(path, bytes) != data:
                continue
            return path
        return None

    def siblings(self, found: str, test_file: str, words: Set[str]) -> List[str]:
        """The files of ``found``'s kind (its suffix) under its folder, or the nearest folder
        above within the test file's folder that holds another: those whose path shares the
        most ``words`` first, then the nearest, then by path."""
        limit = os.path.realpath(os.path.join(self.root, os.path.dirname(test_file)))
        suffix = os.path.splitext(found)[1]
        folder = os.path.dirname(found)
        while True:
            kin = [p for p in _walk(folder) if p != found and p.endswith(suffix) and
                   os.path.splitext(p)[1] == suffix]
            if kin or folder == limit or not folder.startswith(limit + os.sep):
                break
            folder = os.path.dirname(folder)

        def rank(path: str) -> Tuple[int, int, str]:
            relative = os.path.relpath(path, folder)
            shared = len(words & set(WORDS.findall(relative.lower())))
            return (-shared, relative.count(os.sep), relative)

        return sorted(kin, key=rank)[:MAX_SIBLINGS]


def sibling_snippets(files: DataFiles, test_file: str, call: Any,
                     words: Set[str]) -> Iterator[str]:
    """The snippets of ``call`` (a recorded entry call) with each of its data file's siblings in
    place of the file's text; nothing when no text argument is a file's."""
    if not isinstance(call, dict) or not isinstance(call.get("call"), str):
        return
    for root, node in _texts(call["call"]):
        found = files.holder(test_file, node.value)
        if found is None:
            continue
        kind = type(node.value)
        original = node.value
        for path in files.siblings(found, test_file, words):
            text = _read(path, kind)
            if text is None:
                continue
            node.value = text
            code = entry_call_snippet(dict(call, call=ast.unparse(root)))
            node.value = original
            if code is not None:
                yield code
        return  # one document per call
