"""The constants mined for one target (:class:`Mined`) and how they are handed out.

Each constant is kept with the name it is compared with (its *subject*) and a weight (the
changed lines first, then the target, then its callees and call paths); a parameter of the
subject's name gets the constants linked to it, with their boundary neighbours
(:func:`expand`). :mod:`gen.mine` walks the code and fills it.
"""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Dict, List, Optional, Set, Tuple

from .encoded_forms import SPLICES, forms, hex_code, opens_escape
from .mutate import decimal_text_neighbours, str_variants
from .number_parsers import NUMBER
from .regex_rewrites import Rewrite, rewrites
from .regex_samples import samples
from .values import first_of_each

# weights: higher first
W_CHANGED = 4
W_TARGET = 3
W_RELATED = 1
MAX_LENGTH = 4096  # longest literal a changed length check asks for
MAX_WORD = 24  # a changed string longer than this is a message, not a word
MAX_REGEXES = 6  # patterns of one target sampled
MAX_FLAGS = 4  # names the changed lines decide on, set by the flag settings
MAX_FLAG_VALUES = 6
MAX_BOUNDS = 6  # numbers a text's digits are set to
MIN_BOUND = 3  # 0, 1 and 2 are a number's neighbours, not a limit
WORD = re.compile(r"[A-Za-z][\w-]*")


@dataclass
class Constant:
    value: Any  # int, float, str, bytes, bool, None, Decimal
    subject: Optional[str]
    weight: int
    length: bool = False  # the subject's len() is compared
    order: int = 0


def kind_key(value: Any) -> Tuple[str, str]:
    return (type(value).__name__, repr(value))


class Mined:
    """The mined constants of one target."""

    def __init__(self) -> None:
        self.items: Dict[Tuple[Optional[str], bool, Tuple[str, str]], Constant] = {}
        self._order = 0
        self.kinds: Dict[str, Set[str]] = {}  # subject -> type names from isinstance()
        self.names: Dict[str, int] = {}  # names/attributes read by the code, with weights
        # (pattern, flags) -> (the subject it is applied to, weight)
        self.regexes: Dict[Tuple[str, int], Tuple[Optional[str], int]] = {}
        self.side: Optional[str] = None  # the side being mined
        self.changed_regexes: Dict[str, List[Tuple[str, int]]] = {}  # side -> changed patterns
        # family of a decoder's input (gen.encoded_forms, or NUMBER for a parser) -> weight
        self.decoders: Dict[str, int] = {}
        # names the changed lines' conditions decide on -> the values they compare them with
        self.flags: Dict[str, List[Any]] = {}
        # attributes of other objects those conditions read (gen.attribute_setters)
        self.deciding_attributes: List[str] = []
        # the flags read as an object's attribute (``self.options.parser``): options an object
        # was built with, which a constructor taking ``**options`` may be given by name
        self.option_flags: List[str] = []

    def add_flag(self, name: Optional[str], values: List[Any], attribute: bool = False) -> None:
        if name:
            self.flags[name] = uniq(self.flags.get(name, []) + values)
            if attribute and name not in self.option_flags:
                self.option_flags.append(name)

    def options(self) -> Dict[str, List[Any]]:
        """The changed flags read as attributes, by the keyword that would set them (without
        leading underscores: ``self._strict`` is set by ``strict=``)."""
        flags = self.changed_flags()
        out: Dict[str, List[Any]] = {}
        for name in self.option_flags:
            word = name.lstrip("_")
            if name in flags and word.isidentifier() and not keyword.iskeyword(word):
                out.setdefault(word, flags[name])
        return out

    def deciding_symbols(self, longest: int = 3) -> List[str]:
        """The operator-like strings (no letter, digit or space; ``'<'``, ``'<='``) that the
        tests deciding whether the changed lines run compare a name with
        (``elif clause.operator in (Range.OP_LT, Range.OP_LTE)``): what a text must hold, in
        place of its own operator, to take the changed arm."""
        return uniq([v for values in self.flags.values() for v in values
                     if isinstance(v, str) and 0 < len(v) <= longest and
                     not any(ch.isalnum() or ch.isspace() for ch in v)])  # type: ignore[misc]

    def changed_flags(self, most: int = MAX_FLAGS) -> Dict[str, List[Any]]:
        """The names the changed lines decide on (:mod:`gen.flags`), then those they compare
        with constants elsewhere, each with the values to set it to: the constants (numbers
        with their neighbours: the other members of a set of modes), or True and False."""
        out: Dict[str, List[Any]] = {}
        for name, values in self.flags.items():
            if len(out) < most:
                out[name] = [v for value in values for v in
                             (expand(value)[:3] if type(value) is int else [value])]
        for c in self._sorted():
            if c.subject and c.weight >= W_CHANGED and not c.length and \
                    isinstance(c.value, (bool, int, float, str)) and \
                    (c.subject in out or len(out) < most):
                out.setdefault(c.subject, []).extend(expand(c.value)[:3])
        return {name: uniq(values)[:MAX_FLAG_VALUES] for name, values in out.items()}

    def add_regex(self, pattern: Any, flags: int, subject: Optional[str], weight: int) -> None:
        if not isinstance(pattern, str) or not pattern:
            return
        if weight >= W_CHANGED and self.side is not None:
            on_side = self.changed_regexes.setdefault(self.side, [])
            if (pattern, flags) not in on_side:
                on_side.append((pattern, flags))
        old = self.regexes.get((pattern, flags))
        if old is None or weight > old[1] or (weight == old[1] and old[0] is None):
            self.regexes[(pattern, flags)] = (subject, weight)

    def regex_texts(self, min_weight: int = W_RELATED) -> List[Tuple[Optional[str], str]]:
        """(subject, a string the pattern matches) for the patterns the target's code applies,
        strongest first: the changed lines' patterns, then the rest of the target's, then those
        of its callees and of the functions on its call paths (whose parameters a plan fills)."""
        return [(subject, text) for _p, _f, subject, text in self.regex_samples(min_weight)]

    def regex_samples(self, min_weight: int) -> List[Tuple[str, int, Optional[str], str]]:
        """(pattern, flags, subject, a string it matches), strongest pattern first."""
        ranked = sorted(((w, pattern, flags, subject) for (pattern, flags), (subject, w)
                         in self.regexes.items() if w >= min_weight), key=lambda r: -r[0])
        return [(pattern, flags, subject, text) for _w, pattern, flags, subject
                in ranked[:MAX_REGEXES] for text in samples(pattern, flags)]

    def regex_rewrites(self) -> List[Rewrite]:
        """The changed patterns' old-new pairs and the texts that tell them apart."""
        return change_rewrites([self])

    def add_decoder(self, family: str, weight: int) -> None:
        self.decoders[family] = max(weight, self.decoders.get(family, -1))

    def encoded_forms(self, min_weight: int = W_TARGET) -> List[str]:
        """Texts in the encoded forms the decoders of the target (or of the changed lines of
        its callees) read, the strongest decoder's first (:mod:`gen.encoded_forms`)."""
        ranked = sorted((f for f, w in self.decoders.items() if w >= min_weight),
                        key=lambda f: (-self.decoders[f], f))
        return forms(ranked)

    def parses_numbers(self, min_weight: int = W_TARGET) -> bool:
        return self.decoders.get(NUMBER, -1) >= min_weight

    def encoded_splices(self) -> List[str]:
        """The short escapes of the same families, spliced into project tests' strings."""
        return [SPLICES[f] for f in sorted(self.decoders, key=lambda f: (-self.decoders[f], f))
                if self.decoders[f] >= W_TARGET and f in SPLICES]

    def read(self, name: str, weight: int) -> None:
        if weight > self.names.get(name, -1):
            self.names[name] = weight

    def relevance(self, name: str) -> int:
        """How strongly the mined code depends on a name (0: not read at all)."""
        best = self.names.get(name, -1) + 1
        for c in self.items.values():
            if c.subject == name:
                best = max(best, c.weight + 1)
        return best

    def add(self, value: Any, subject: Optional[str], weight: int, length: bool = False) -> None:
        if isinstance(value, str) and len(value) > 200:
            return
        if isinstance(value, (int, float)) and not isinstance(value, bool) and \
                abs(value) > 10 ** 15:
            return
        key = (subject, length, kind_key(value))
        old = self.items.get(key)
        if old is None:
            self._order += 1
            self.items[key] = Constant(value, subject, weight, length, self._order)
        elif weight > old.weight:
            old.weight = weight

    def _sorted(self) -> List[Constant]:
        return sorted(self.items.values(), key=lambda c: (-c.weight, c.order))

    def linked(self, name: str) -> List[Any]:
        """Values for a parameter called ``name`` (constants compared with it, neighbours)."""
        out: List[Any] = []
        for c in self._sorted():
            if c.subject == name and not c.length:
                out.extend(expand(c.value))
        return uniq(out)

    def lengths(self, name: Optional[str]) -> List[int]:
        out: List[int] = []
        for c in self._sorted():
            if c.length and (name is None or c.subject == name) and isinstance(c.value, int) \
                    and not isinstance(c.value, bool):
                out.extend(x for x in (c.value - 1, c.value, c.value + 1) if 0 <= x <= 100000)
        return uniq(out)  # type: ignore[return-value]

    def unlinked(self, min_weight: int = 0, exclude: Set[str] = frozenset()) -> List[Any]:
        """All constants, strongest first, with neighbours; constants compared with a name in
        ``exclude`` (another parameter of the same call, which gets them) are left out."""
        taken = {kind_key(c.value) for c in self.items.values() if c.subject in exclude}
        out: List[Any] = []
        for c in self._sorted():
            if c.weight >= min_weight and not c.length and kind_key(c.value) not in taken:
                out.extend(expand(c.value))
        return uniq(out)

    def changed_strings(self, longest: int = 3, kind: type = str) -> List[Any]:
        """The short strings (or bytes) the changed lines themselves use (the characters they
        escape, split on or look for), strongest first."""
        return [c.value for c in self._sorted() if isinstance(c.value, kind) and
                0 < len(c.value) <= longest and c.weight >= W_CHANGED and not c.length]

    def changed_escapes(self, most: int = 4) -> List[str]:
        """Each short string of the changed lines that opens an escape (``\\x``, ``%``,
        ``&#x``: it starts with punctuation) followed by as many hex digits as a small count in
        the target says (``parse_hex(src, pos, 2)``), a valid code: the escape in full,
        which the opening alone never is (a parser rejects ``\\x"`` on both versions)."""
        openings = [s for s in self.changed_strings() if opens_escape(s)]
        counts = [c.value for c in self._sorted() if type(c.value) is int and
                  c.weight >= W_TARGET and not c.length and 1 <= c.value <= 8]
        return [opening + hex_code(count) for count in uniq(counts)
                for opening in openings][:most]

    def changed_words(self, most: int = 4) -> List[str]:
        """The longer strings the changed lines use (a key they add, a format's name, a type
        name they compare with), strongest first: what a test's own strings could be instead."""
        return [c.value for c in self._sorted() if isinstance(c.value, str) and
                3 < len(c.value) <= MAX_WORD and c.weight >= W_CHANGED and not c.length][:most]

    def known_words(self, most: int = 24) -> List[str]:
        """The words the code compares with or looks up (``quote_type == 'single'``), the
        strongest first: the values a test writes as text where a changed word could stand."""
        return list(dict.fromkeys(
            c.value for c in self._sorted() if isinstance(c.value, str) and
            1 < len(c.value) <= MAX_WORD and WORD.fullmatch(c.value) and not c.length))[:most]

    def changed_lengths(self, most: int = 4) -> List[int]:
        """The lengths the changed lines compare with (``len(value) > LIMIT``), each bound and
        one past it: a length nearer the limit than any ordinary test data."""
        out: List[int] = []
        for c in self._sorted():
            if c.length and c.weight >= W_CHANGED and isinstance(c.value, int) and \
                    not isinstance(c.value, bool) and 0 < c.value <= MAX_LENGTH:
                out.extend((c.value + 1, c.value))
        return uniq(out)[:most]  # type: ignore[return-value]

    def numeric_bounds(self, most: int = MAX_BOUNDS) -> List[int]:
        """The larger whole numbers the code compares with (``hour > RANGES[i][1]`` gives each
        row's bound), strongest first and the largest first among equals: the limits a number
        written inside a text can be set to."""
        found = [c for c in self.items.values() if type(c.value) is int and not c.length and
                 c.weight >= W_TARGET and abs(c.value) >= MIN_BOUND]
        found.sort(key=lambda c: (-c.weight, -abs(c.value), c.order))
        return uniq([c.value for c in found])[:most]  # type: ignore[return-value]

    def raw(self) -> List[Any]:
        return uniq([c.value for c in self._sorted() if not c.length])


def change_rewrites(all_mined: List["Mined"]) -> List[Rewrite]:
    """The old-new pairs of the patterns changed anywhere in ``all_mined`` (each target's
    changed lines and changed module-level names) and the texts that tell them apart."""
    sides: Dict[str, List[Tuple[str, int]]] = {"old": [], "new": []}
    for mined in all_mined:
        for side, patterns in mined.changed_regexes.items():
            found = sides.setdefault(side, [])
            found.extend(p for p in patterns if p not in found)
    return rewrites(sides["old"], sides["new"])


def uniq(values: List[Any]) -> List[Any]:
    return first_of_each(values, kind_key)


def expand(value: Any) -> List[Any]:
    """A constant and its boundary neighbours, the constant first."""
    if isinstance(value, bool) or value is None:
        return [value]
    if isinstance(value, int):
        return [value, value - 1, value + 1]
    if isinstance(value, float):
        step = 0.01 if abs(value) < 10 else 1.0
        return [value, value - step, value + step]
    if isinstance(value, Decimal):
        return [value] + [Decimal(t) for t in decimal_text_neighbours(str(value))[:2]]
    if isinstance(value, str):
        return str_variants(value)[:7]
    if isinstance(value, bytes):
        return [value, b"", value.upper(), value.lower()]
    return [value]
