"""Lines of the project tests' documents put at the head of another test's document.

A document's first lines often set a mode for the rest (``from __future__ import annotations``,
a version directive, a doctype): a change in how the mode is read shows only in a document that
has both the line and the content of another test.  The suite holds such lines in the tests
written for the mode, and a line holding a word of the changed lines (``annotations`` for
``annotationsFutureEnabled``) is one of them.  ``lead_lines`` picks those lines from the
multi-line string literals of the tests that reached a target, most shared words first;
``led_snippets`` gives a test with one of them put before the first line of each of its own
multi-line strings, indented like that line (a test that dedents its document still can).
"""

from __future__ import annotations

import ast
from typing import Iterable, Iterator, List, Set

from .literals import replace_site, site_node
from .relevance import words_of
from .render import render_module

MAX_LEADS = 3  # lines per target
MAX_LINE = 120  # a longer line is content, not a mode
MAX_DOCUMENTS = 8  # multi-line strings of one test that take a lead


def _documents(tree: ast.AST) -> Iterator[ast.Constant]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                "\n" in node.value.strip():
            yield node


def lead_lines(codes: Iterable[str], words: Set[str]) -> List[str]:
    """The lines of the tests' multi-line strings that hold the most of ``words``, up to
    MAX_LEADS, each once."""
    scored = {}
    for code in codes:
        try:
            tree = ast.parse(code)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        for node in _documents(tree):
            for line in node.value.splitlines():
                line = line.strip()
                shared = len(words_of(line) & words) if len(line) <= MAX_LINE else 0
                if shared and line not in scored:
                    scored[line] = shared
    return sorted(scored, key=lambda line: (-scored[line], len(line), line))[:MAX_LEADS]


def with_lead(text: str, line: str) -> str:
    """``text`` with ``line`` before its first non-blank line, indented like it."""
    lines = text.split("\n")
    at = next((i for i, held in enumerate(lines) if held.strip()), 0)
    indent = lines[at][:len(lines[at]) - len(lines[at].lstrip())]
    return "\n".join(lines[:at] + [indent + line] + lines[at:])


def led_snippets(code: str, leads: List[str]) -> Iterator[str]:
    """``code`` with one of ``leads`` at the head of one of its multi-line strings, each lead
    on every document before the next lead."""
    if not leads:
        return
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return
    sites: List[tuple] = []
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            children = value if isinstance(value, list) else [value]
            for index, child in enumerate(children):
                if isinstance(child, ast.Constant) and isinstance(child.value, str) and \
                        "\n" in child.value.strip() and not isinstance(parent, ast.Expr):
                    sites.append((parent, field, index if isinstance(value, list) else None))
    for line in leads:
        for site in sites[:MAX_DOCUMENTS]:
            original = site_node(site)
            if line in original.value:
                continue
            replace_site(site, ast.Constant(with_lead(original.value, line)))
            try:
                yield render_module(tree.body)
            except (ValueError, RecursionError):
                pass
            finally:
                replace_site(site, original)
