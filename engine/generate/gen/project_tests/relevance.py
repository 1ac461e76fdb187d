"""How closely each candidate test's own text matches the changed lines: the run order's key.

A budget runs only the first tests of a large suite, and a class or module that names the changed
code holds many tests, most of which never reach the changed branch.  The test written for that
branch usually shares its words: the identifiers, messages and comments of the changed lines
(``range_error``, "Invalid range notation") recur in its name, docstring, data and comments.
Each test (a function, or ``Class::method``) scores the changed lines' words its source holds,
weighted by how rare each word is among the candidate tests (a word every test holds, such as
the class under test, counts for nothing), in tenths.
"""

from __future__ import annotations

import ast
import keyword
import math
import os
import re
from typing import Any, Dict, List, Optional, Set, Tuple

from .sources import TreeSources

WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")
MAX_WORDS = 200
MAX_TEST_LINES = 400
IGNORED = {"test", "tests", "self", "cls", "none", "true", "false", "return", "args", "kwargs",
           "the", "and", "for", "not", "with", "this", "that", "from", "import"}


def words_of(text: str) -> Set[str]:
    return {w.lower() for w in WORD.findall(text) if len(w) >= 3} - IGNORED - \
        set(keyword.kwlist)


def _lines(path: str) -> Optional[List[str]]:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read().splitlines()
    except OSError:
        return None


def changed_words(request: Dict[str, Any], old: TreeSources) -> Set[str]:
    """The words of the changed lines, old and new."""
    targets = request.get("targets") or {}
    roots = {"old": old.root, "new": (targets.get("new") or {}).get("root")}
    wanted: Dict[Tuple[str, str], Set[int]] = {}
    for function in targets.get("changed_functions") or []:
        if not isinstance(function, dict):
            continue
        for side in roots:
            relpath = (function.get("files") or {}).get(side)
            numbers = (function.get("changed_lines") or {}).get(side) or []
            if relpath:
                wanted.setdefault((side, relpath), set()).update(numbers)
    # the diff's own lines too: a changed function's lines are its statements' first lines, and
    # the entry that changed in a long dict (``'ipv4': r'...'``) is not the first line
    for row in targets.get("changed_lines") or []:
        if isinstance(row, dict) and row.get("side") in roots and row.get("file"):
            wanted.setdefault((row["side"], row["file"]), set()).add(row.get("line"))
    found: Set[str] = set()
    for (side, relpath), numbers in sorted(wanted.items()):
        lines = _lines(os.path.join(roots[side], relpath)) if roots[side] else None
        for number in numbers if lines else []:
            if isinstance(number, int) and 0 < number <= len(lines):
                found |= words_of(lines[number - 1])
    return set(sorted(found)[:MAX_WORDS]) if len(found) > MAX_WORDS else found


def test_words(tree: ast.Module, text: str) -> Dict[str, Set[str]]:
    """{test name as the collector gives it (``fn``, ``Class::method``): words of its source,
    decorators (parametrised data) included}."""
    lines = text.splitlines()

    def words(node: ast.AST) -> Set[str]:
        first = min([d.lineno for d in getattr(node, "decorator_list", [])] + [node.lineno])
        last = min(getattr(node, "end_lineno", None) or node.lineno, first + MAX_TEST_LINES)
        return words_of("\n".join(lines[first - 1:last]))

    found: Dict[str, Set[str]] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found[node.name] = words(node)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    found["%s::%s" % (node.name, item.name)] = words(item)
    return found


def scores(per_file: Dict[str, Dict[str, Set[str]]], wanted: Set[str]) -> Dict[str, Dict[str, int]]:
    """{file: {test: score}} for the tests holding a changed word, rare words counting most."""
    if not wanted:
        return {}
    total = sum(len(tests) for tests in per_file.values())
    frequency: Dict[str, int] = {}
    for tests in per_file.values():
        for held in tests.values():
            for word in held & wanted:
                frequency[word] = frequency.get(word, 0) + 1
    weight = {w: math.log((total + 1) / (n + 1)) for w, n in frequency.items()}
    out: Dict[str, Dict[str, int]] = {}
    for relpath, tests in per_file.items():
        for name, held in tests.items():
            score = int(round(10 * sum(weight[w] for w in held & wanted)))
            if score > 0:
                out.setdefault(relpath, {})[name] = score
    return out
