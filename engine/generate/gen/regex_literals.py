"""Recognising regular expressions in source: a string constant that is most likely a pattern,
the flags a multi-line pattern string implies, the ``re.I | re.M`` flags of a call."""

from __future__ import annotations

import ast
import re
from typing import Any

from pymodel.syntax import dotted


_REGEX_SYNTAX = re.compile(r"[\[(\\].*[*+?{]")  # a group, class or escape, then repetition
_REGEX_CLASSES = re.compile(r"\[[^\]]+\].*\[[^\]]+\]|\\[dws].*\\[dws]")  # two classes


def looks_like_regex(value: Any) -> bool:
    """A string constant that compiles, with groups or classes and repetition, or with two
    classes: most likely a pattern (sampling a plain string only gives the string back)."""
    if not isinstance(value, str) or not 3 <= len(value) <= 400 or \
            not (_REGEX_SYNTAX.search(value) or _REGEX_CLASSES.search(value)):
        return False
    try:
        re.compile(value)
    except (re.error, RecursionError, OverflowError):
        return False
    return True


def guessed_flags(pattern: str) -> int:
    """re.VERBOSE for a pattern written over several lines (its layout and comments are not
    text to match), else none."""
    if "\n" not in pattern.strip():
        return 0
    try:
        re.compile(pattern, re.VERBOSE)
    except (re.error, RecursionError, OverflowError):
        return 0
    return re.VERBOSE


def flags_of(node: ast.Call) -> int:
    """The ``re.I | re.M``-style flags among a call's arguments (0 when none or unknown)."""
    out = 0
    for arg in list(node.args[1:]) + [k.value for k in node.keywords if k.arg == "flags"]:
        for sub in ast.walk(arg):
            name = dotted(sub) if isinstance(sub, ast.Attribute) else None
            value = getattr(re, name[3:], None) if name and name.startswith("re.") else None
            if isinstance(value, re.RegexFlag):
                out |= int(value)
    return out
