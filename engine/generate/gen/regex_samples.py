"""Strings a regular expression matches, built from the expression itself.

A parser's changed line often hands its input to a regular expression (``LINK_RE.match(text)``,
``re.sub(r"\\\\([<>])", ...)``): only text of the expression's own shape reaches what comes after
the match, and ordinary test data rarely has it.  ``samples`` walks the parsed expression (the
standard library's own parser) and writes a few matching strings: every repetition once, every
repetition at its minimum, a few more repetitions, and other alternatives of each choice.  Every
sample is checked against the compiled expression; one that does not match (a look-around the walk
ignores) is dropped.
"""

from __future__ import annotations

import re
import sys
import warnings
from typing import Any, Dict, List, Optional, Set

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    if sys.version_info >= (3, 11):
        from re import _parser as P  # type: ignore[attr-defined]
    else:
        import sre_parse as P  # type: ignore[no-redef]

MAX_SAMPLES = 4
MAX_LENGTH = 80
# longest pattern read: a verbose one spends most of its text on layout and comments
MAX_PATTERN = 4000
MODES = ("one", "min", "more", "other")  # how repetitions and choices are taken
OUTSIDE_CANDIDATES = "a0 _-.xZ/\t"  # tried in turn for a negated class

# What one character of a category is, and which candidates it excludes when negated.
CATEGORY_CHAR = {"DIGIT": "0", "NOT_DIGIT": "a", "SPACE": " ", "NOT_SPACE": "a", "WORD": "a",
                 "NOT_WORD": " ", "LINEBREAK": "\n", "NOT_LINEBREAK": "a"}


def samples(pattern: Any, flags: int = 0) -> List[str]:
    """Up to ``MAX_SAMPLES`` distinct strings ``pattern`` matches (searched), shortest walk
    first; none for a pattern that does not compile or holds what the walk cannot write."""
    if not isinstance(pattern, str) or len(pattern) > MAX_PATTERN:
        return []
    try:
        compiled = re.compile(pattern, flags)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            parsed = P.parse(pattern, flags)
    except (re.error, ValueError, TypeError, OverflowError, RecursionError):
        return []
    # A repetition inside a repetition can backtrack for ages on a text it does not match:
    # such a pattern's samples are kept unchecked, and only when it has no look-around the
    # walk leaves out (the only way a sample can miss).
    try:
        risky = _nested_repeat(parsed, False)
    except RecursionError:
        return []
    if risky and _has_lookaround(parsed):
        return []
    out: List[str] = []
    for mode in MODES:
        try:
            text = _Walk(mode).sequence(parsed)
        except RecursionError:
            text = None
        if text is not None and len(text) <= MAX_LENGTH and text not in out and \
                (risky or compiled.search(text) is not None):
            out.append(text)
    return out[:MAX_SAMPLES]


def safe_compiled(pattern: Any, flags: int = 0,
                  risky: bool = False) -> Optional["re.Pattern[str]"]:
    """``pattern`` compiled, unless it cannot be or (unless ``risky``) holds a repetition
    inside a repetition, which can backtrack for ages on a text it does not match."""
    if not isinstance(pattern, str) or len(pattern) > MAX_PATTERN:
        return None
    try:
        compiled = re.compile(pattern, flags)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            parsed = P.parse(pattern, flags)
        return None if not risky and _nested_repeat(parsed, False) else compiled
    except (re.error, ValueError, TypeError, OverflowError, RecursionError):
        return None


def alphabet(pattern: Any, flags: int = 0, most: int = 24) -> List[str]:
    """Characters ``pattern`` names, in its order: literals, each class member (a range's
    first and last character), one of each category (``\\d`` as ``0``)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            parsed = P.parse(pattern, flags)
    except (re.error, ValueError, TypeError, OverflowError, RecursionError):
        return []
    out: List[str] = []

    def add(text: Optional[str]) -> None:
        if text and text not in out and len(out) < most:
            out.append(text)

    def visit(items: Any, depth: int) -> None:
        for op, av in items:
            if depth > 40:
                return
            if op in (P.LITERAL, P.NOT_LITERAL):
                add(chr(av))
            elif op is P.IN:
                for member, value in av:
                    if member is P.LITERAL:
                        add(chr(value))
                    elif member is P.RANGE:
                        add(chr(value[0]))
                        add(chr(value[1]))
                    elif member is P.CATEGORY:
                        add(CATEGORY_CHAR.get(_category_name(value)))
            elif op is P.CATEGORY:
                add(CATEGORY_CHAR.get(_category_name(av)))
            for child in _children(op, av):
                visit(child, depth + 1)

    try:
        visit(parsed, 0)
    except RecursionError:
        return out
    return out


def _children(op: Any, av: Any) -> List[Any]:
    """The sub-sequences of one parsed item."""
    if op is P.BRANCH:
        return list(av[1])
    if op is P.SUBPATTERN or op in _REPEATS:
        return [av[-1]]
    if op in (P.ASSERT, P.ASSERT_NOT):
        return [av[1]]
    if op is P.GROUPREF_EXISTS:
        return [part for part in av[1:] if part is not None]
    if op is getattr(P, "ATOMIC_GROUP", None):
        return [av]
    return []


def _nested_repeat(items: Any, inside: bool) -> bool:
    for op, av in items:
        repeats = op in _REPEATS and av[1] > 1
        if repeats and inside:
            return True
        if any(_nested_repeat(child, inside or repeats) for child in _children(op, av)):
            return True
    return False


def _has_lookaround(items: Any) -> bool:
    return any(op in (P.ASSERT, P.ASSERT_NOT) or
               any(_has_lookaround(child) for child in _children(op, av)) for op, av in items)


class _Walk:
    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.groups: Dict[int, str] = {}

    def sequence(self, items: Any) -> Optional[str]:
        parts: List[str] = []
        for op, av in items:
            text = self.item(op, av)
            if text is None:
                return None
            parts.append(text)
        return "".join(parts)

    def item(self, op: Any, av: Any) -> Optional[str]:
        if op is P.LITERAL:
            return chr(av)
        if op is P.NOT_LITERAL:
            return "a" if chr(av) != "a" else "b"
        if op is P.ANY:
            return "a"
        if op is P.IN:
            return self.char_class(av)
        if op is P.CATEGORY:
            return self.category(av)
        if op is P.BRANCH:
            branches = av[1]
            pick = 1 if self.mode == "other" and len(branches) > 1 else 0
            return self.sequence(branches[pick])
        if op is P.SUBPATTERN:
            group, body = av[0], av[-1]
            text = self.sequence(body)
            if group is not None and text is not None:
                self.groups[group] = text
            return text
        if op in _REPEATS:
            low, high, body = av
            count = {"min": low, "more": low + 2}.get(self.mode, max(low, 1))
            count = min(count, high) if high != P.MAXREPEAT else count
            text = self.sequence(body)
            return None if text is None else text * count
        if op is P.GROUPREF:
            return self.groups.get(av, "")
        if op is P.GROUPREF_EXISTS:
            group, yes, no = av
            return self.sequence(yes if group in self.groups or no is None else no)
        if op is P.ASSERT and av[0] < 0:  # a look-behind: its text comes just before
            return self.sequence(av[1])
        if op in (P.AT, P.ASSERT, P.ASSERT_NOT):
            return ""
        if op is getattr(P, "ATOMIC_GROUP", None):
            return self.sequence(av)
        return None

    def char_class(self, items: Any) -> Optional[str]:
        negated = any(op is P.NEGATE for op, _ in items)
        members = [(op, av) for op, av in items if op is not P.NEGATE]
        if negated:
            excluded = _excluded(members)
            return next((c for c in OUTSIDE_CANDIDATES if c not in excluded), None)
        if not members:
            return None
        op, av = members[-1] if self.mode == "other" else members[0]
        if op is P.LITERAL:
            return chr(av)
        if op is P.RANGE:
            return chr(av[1] if self.mode == "more" else av[0])
        if op is P.CATEGORY:
            return self.category(av)
        return None

    def category(self, code: Any) -> Optional[str]:
        """One character of ``\\d``, ``\\w`` ...; a digit other than 0 in the later modes, so
        that dates, versions and counts of all zeros are not the only ones tried."""
        name = _category_name(code)
        if name == "DIGIT" and self.mode in ("more", "other"):
            return "1"
        return CATEGORY_CHAR.get(name)


_REPEATS = tuple(op for op in (getattr(P, name, None) for name in
                               ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")) if op is not None)


def _category_name(code: Any) -> str:
    return str(code).replace("CATEGORY_", "").replace("UNI_", "")


def _excluded(members: Any) -> Set[str]:
    """The candidates a negated class leaves out."""
    out: Set[str] = set()
    for op, av in members:
        for c in OUTSIDE_CANDIDATES:
            if op is P.LITERAL and chr(av) == c:
                out.add(c)
            elif op is P.RANGE and av[0] <= ord(c) <= av[1]:
                out.add(c)
            elif op is P.CATEGORY and re.fullmatch(_CATEGORY_RE.get(_category_name(av), "(?!)"),
                                                   c):
                out.add(c)
    return out


_CATEGORY_RE = {"DIGIT": r"\d", "NOT_DIGIT": r"\D", "SPACE": r"\s", "NOT_SPACE": r"\S",
                "WORD": r"\w", "NOT_WORD": r"\W", "LINEBREAK": r"\n", "NOT_LINEBREAK": r"[^\n]"}
