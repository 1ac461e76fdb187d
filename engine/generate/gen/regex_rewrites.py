"""The texts that tell a changed regular expression's two versions apart, put where a project
test's string holds text of the expression's shape.

A change to a pattern (a part made optional, a character class widened, an alternative split)
shows only for text that one version matches and the other does not, and only where the parser
around it gets that far: a whole document ``07:32`` fails on both versions long before the time
pattern runs.  A project test's document holds text of the pattern's shape in a valid context
(``start = 07:32:00``).  Each span of it that either version matches, replaced by a text only
one version matches (``start = 07:32``), reaches the difference.

The telling texts are the samples of either pattern (:mod:`gen.regex_samples`) and those samples
with one character replaced, inserted or deleted, the characters taken from the two patterns
(``a\\n=-`` when a heading's underline may no longer mix ``=`` and ``-``), that the versions read
differently.  The characters among them that only one pattern names (a letter a widened class
now accepts) are *telling characters*: spliced into a string at its start, after
its first quotes, brackets and separators (``@``, ``:``, ``=``, ``/``), in its middle and at its
end, they reach a pattern applied to a part of the string no span of its own matches
(``éemail@here.com``).  And each matched span is edited in place, a telling character put in
for one of its characters, a separator dropped, the span cut before a separator, keeping the
edits the versions read differently (``06:40:34.00`` → ``06:40:34,00``): the rest of a valid
text stays valid.

The patterns come from the changed lines and the changed module-level names of each side
(:mod:`gen.mine`); a pattern found on both sides did not change.  A pattern with a repetition
inside a repetition can backtrack for ages on text it does not match: it is only run on short
texts.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .regex_samples import alphabet, safe_compiled, samples

Pattern = Tuple[str, int]  # (pattern, flags)

MAX_PAIRS = 4  # old-new pairs of changed patterns compared
MAX_TEXTS = 6  # telling texts of one pair
MAX_CHARS = 3  # telling characters of one pair
MAX_SPANS = 3  # matched spans of one string replaced
MAX_SCANNED = 4000  # longest string searched for matches
RISKY_LENGTH = 20  # longest text a pattern that can backtrack for ages is run on
MAX_MUTATED = 16  # characters of a sample mutated
MAX_ALPHABET = 16  # characters of one pattern put into samples
MAX_NAMED = 64  # characters of one pattern compared with the other's
MAX_EDITED_LENGTH = 80  # longest matched text edited in place
MAX_EDITS = 4  # in-place edits of one matched text


@dataclass
class Rewrite:
    patterns: List[Pattern]  # the old and the new pattern, whose matches are replaced
    texts: List[str] = field(default_factory=list)  # the texts that tell them apart
    chars: List[str] = field(default_factory=list)  # characters that alone tell them apart
    late: bool = False  # a test's literal takes it after its other variants, not first


class _Reader:
    """A pattern's reading of texts, refused on texts too long for a risky pattern."""

    def __init__(self, pattern: Pattern) -> None:
        self.compiled = safe_compiled(*pattern)
        self.limit = MAX_SCANNED
        if self.compiled is None:
            self.compiled = safe_compiled(*pattern, risky=True)
            self.limit = RISKY_LENGTH

    def usable(self, text: str) -> bool:
        return self.compiled is not None and len(text) <= self.limit

    def reading(self, text: str) -> Tuple[bool, bool]:
        """Whether a match starts at the start of ``text``, and whether it matches in full."""
        return self.compiled.match(text) is not None, self.compiled.fullmatch(text) is not None


def _mutants(text: str, chars: Sequence[str]) -> List[Tuple[str, str]]:
    """(mutant, the character put in or "" for a deletion) of ``text``: each of its first
    characters replaced by, or preceded by, each of ``chars``, or deleted."""
    out: List[Tuple[str, str]] = []
    for index in range(min(len(text), MAX_MUTATED) + 1):
        for char in chars:
            if index < len(text) and text[index] != char:
                out.append((text[:index] + char + text[index + 1:], char))
            out.append((text[:index] + char + text[index:], char))
        if index < len(text):
            out.append((text[:index] + text[index + 1:], ""))
    return out


@functools.lru_cache(maxsize=64)
def telling(old: Pattern, new: Pattern) -> Optional[Rewrite]:
    """The texts and characters the two patterns read differently, those one version finds a
    match at the start of and the other does not before those only one matches in full;
    samples before mutants, the new pattern's first (what a change widens is what its tests
    add).  None when nothing tells them apart."""
    first, second = _reader(old), _reader(new)
    if first.compiled is None or second.compiled is None:
        return None

    def strength(text: str) -> int:
        if not (first.usable(text) and second.usable(text)):
            return 0
        one, other = first.reading(text), second.reading(text)
        return 2 if one[0] != other[0] else 1 if one[1] != other[1] else 0

    seeds = list(dict.fromkeys(samples(*new) + samples(*old)))
    chars = list(dict.fromkeys(alphabet(*new, most=MAX_ALPHABET) +
                               alphabet(*old, most=MAX_ALPHABET)))
    found: Dict[str, Tuple[int, int, str]] = {}  # text -> (-strength, order, char put in)
    candidates = [(seed, "") for seed in seeds] + \
        [mutant for seed in seeds for mutant in _mutants(seed, chars)]
    for order, (text, char) in enumerate(candidates):
        if text not in found:
            level = strength(text)
            if level:
                found[text] = (-level, order, char)
    ranked = sorted(found, key=lambda text: found[text][:2])
    if not ranked:
        return None
    # a character only one pattern names (a letter a widened class added), not one both use
    apart = set(alphabet(*new, most=MAX_NAMED)) ^ set(alphabet(*old, most=MAX_NAMED))
    put_in = [found[text][2] for text in ranked if found[text][2] in apart]
    return Rewrite([old, new], ranked[:MAX_TEXTS], list(dict.fromkeys(put_in))[:MAX_CHARS])


def rewrites(old: Sequence[Pattern], new: Sequence[Pattern]) -> List[Rewrite]:
    """For each pair of a pattern only the old side has and one only the new side has, both
    patterns and what tells them apart (pairs nothing tells apart are left out)."""
    gone = [p for p in old if p not in new]
    came = [p for p in new if p not in old]
    out: List[Rewrite] = []
    for before in gone:
        for after in came:
            if len(out) >= MAX_PAIRS:
                return out
            found = telling(before, after)
            if found is not None:
                out.append(found)
    return out


def rewritten(text: Any, found: Sequence[Rewrite]) -> List[str]:
    """``text`` with each of the first MAX_SPANS non-empty spans a rewrite's patterns match
    replaced by each of its telling texts, then with each telling character spliced in."""
    if not isinstance(text, str) or not text or len(text) > MAX_SCANNED:
        return []
    out: List[str] = []
    for rewrite in found:
        for span in _spans(text, rewrite.patterns):
            for replacement in rewrite.texts:
                out.append(text[:span[0]] + replacement + text[span[1]:])
            edits = _telling_edits(text[span[0]:span[1]], tuple(rewrite.patterns[:2]),
                                   tuple(rewrite.chars))
            out.extend(text[:span[0]] + edit + text[span[1]:] for edit in edits)
    for rewrite in found:
        for char in rewrite.chars:
            for at in _splice_points(text):
                out.append(text[:at] + char + text[at:])
    return [v for v in dict.fromkeys(out) if v != text]


@functools.lru_cache(maxsize=1024)
def _telling_edits(piece: str, patterns: Tuple[Pattern, ...], chars: Tuple[str, ...]
                   ) -> List[str]:
    """A matched text edited in place so that the two patterns read it differently: one of its
    characters replaced by a telling character (``06:40:34.00`` → ``06:40:34,00`` when ``[.,]``
    took the place of ``\\.``), a separator dropped, or the text cut before a separator
    (``2013-10-01`` → ``2013-10`` when the day became optional).  The rest of a valid text
    stays valid, where a sample put in its place rarely is."""
    if len(patterns) != 2 or not piece or len(piece) > MAX_EDITED_LENGTH:
        return []
    first, second = _reader(patterns[0]), _reader(patterns[1])
    if not (first.usable(piece) and second.usable(piece)):
        return []
    edits: List[str] = []
    for index, current in enumerate(piece):
        edits.extend(piece[:index] + char + piece[index + 1:] for char in chars
                     if char != current)
        if index and not current.isalnum():
            edits.extend([piece[:index] + piece[index + 1:], piece[:index]])
    out: List[str] = []
    for edit in dict.fromkeys(edits):
        if first.usable(edit) and first.reading(edit) != second.reading(edit):
            out.append(edit)
            if len(out) >= MAX_EDITS:
                break
    return out


def _splice_points(text: str) -> List[int]:
    """The start, just after the first three quotes, brackets or separators, the middle and
    the end."""
    points = [0]
    for index, char in enumerate(text[:-1]):
        if char in "\"'<([{@:=/" and len(points) < 4:
            points.append(index + 1)
    return list(dict.fromkeys(points + [len(text) // 2, len(text)]))


@functools.lru_cache(maxsize=64)
def _reader(pattern: Pattern) -> _Reader:
    """One reader per pattern: every literal of every mutated test is searched with it."""
    return _Reader(pattern)


def _spans(text: str, patterns: Sequence[Pattern]) -> List[Tuple[int, int]]:
    spans: List[Tuple[int, int]] = []
    for pattern in patterns:
        reader = _reader(pattern)
        if not reader.usable(text):
            continue
        for match in reader.compiled.finditer(text):
            if match.end() > match.start() and match.span() not in spans:
                spans.append(match.span())
            if len(spans) >= MAX_SPANS:
                return spans
    return spans
