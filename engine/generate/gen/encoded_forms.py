"""Text already in the encoded form a decoder on the target's code reads.

Code that decodes its input (``unquote(value)``, ``html.unescape(text)``, ``b64decode(data)``)
often decides by it: ``if unquote(v) == v: quote(v)`` leaves text already escaped as it is. Only
text holding a valid escape tells such code apart from code that escapes everything, and no
ordinary value holds one: ``'a%2F'`` is as rare in test data as it is common in URLs.  The
decoders a target's code calls name the families; each family gives a few texts: valid escapes
first, then malformed ones a decoder may reject or keep.  The project's tests get one short
valid escape per family spliced into their strings: a test's own text holding an escape.  The
escapes the changed lines open themselves (``\\x``, ``%``, ``&#x`` and a hex code) are written
here too (``hex_code``, ``is_escape_form``).  Unicode normalisation
(``unicodedata.normalize``) reads text the same way: only text in another normal form (a
decomposed accent, a ligature, the ohm sign) tells code that normalises from code that does not.
"""

from __future__ import annotations

from typing import Dict, Iterable, List, Optional

from pymodel.syntax import dotted

# The last part of the called name -> the family of its input.
DECODERS: Dict[str, str] = {
    "unquote": "percent", "unquote_plus": "percent", "unquote_to_bytes": "percent",
    "unescape": "entity", "b64decode": "base64", "urlsafe_b64decode": "base64",
    "standard_b64decode": "base64", "decodebytes": "base64", "a2b_base64": "base64",
    "unhexlify": "hex", "a2b_hex": "hex", "fromhex": "hex",
}

FORMS: Dict[str, List[str]] = {
    "percent": ["a%2Fb", "%41", "a%20b", "%E2%82%AC", "%25", "a+b", "%", "%2", "%zz"],
    "entity": ["&amp;", "a &lt;b&gt;", "&#65;", "&#x41;", "&nbsp;", "&amp", "&bogus;", "&#;",
               "a\\*b"],
    "base64": ["YWI=", "YWJj", "-_8=", "+/8=", "YWI", "YQ", "!!!!"],
    "hex": ["41", "4142", "41 42", "4", "zz", "0x41"],
    "unicode": ["e\u0301", "\u00e9", "A\u030a", "\ufb01", "\u2126", "\u1e9b\u0323"],
}

# The characters that quote text; a run of them is a way of quoting a parser may learn.
QUOTES = "\"'`"

# Functions named in full whose last name alone says too little (``x.normalize()``).
QUALIFIED: Dict[str, str] = {"unicodedata.normalize": "unicode",
                             "unicodedata.is_normalized": "unicode"}

# The escape a project test's strings get spliced in (:mod:`gen.project_tests.literals`): short,
# valid, and meaning a character the text could hold as it is.
SPLICES: Dict[str, str] = {"percent": "%2F", "entity": "&lt;", "unicode": "e\u0301"}


def decoder_family(call: object) -> Optional[str]:
    """The family a call's decoder reads (``urllib.parse.unquote(v)`` -> ``percent``)."""
    name = dotted(getattr(call, "func", None)) or ""
    if name in QUALIFIED:
        return QUALIFIED[name]
    if not name:
        func = getattr(call, "func", None)
        name = getattr(func, "attr", "") or ""  # a method of a value: bytes.fromhex, x.unescape
    return DECODERS.get(name.rsplit(".", 1)[-1])


def forms(families: Iterable[str]) -> List[str]:
    """The texts of the families, one family at a time in turn: each family's valid escapes
    come before any malformed one."""
    lists = [FORMS[f] for f in families if f in FORMS]
    out: List[str] = []
    for i in range(max((len(x) for x in lists), default=0)):
        out.extend(x[i] for x in lists if i < len(x))
    return out


def hex_code(digits: int) -> str:
    """A code point in ``digits`` hex digits that any escape accepts: ``41`` (A) padded with
    zeros, ``7`` for one digit."""
    return "7" if digits < 2 else "0" * (digits - 2) + "41"


def opens_escape(text: str) -> bool:
    return 0 < len(text) <= 3 and not text[0].isalnum() and not text[0].isspace() and \
        text[0] not in "\"'"


def is_escape_form(text: str) -> bool:
    """``text`` is one of ``changed_escapes``: an opening and its hex code."""
    return any(text.endswith(hex_code(n)) and opens_escape(text[:len(text) - len(hex_code(n))])
               for n in range(1, 9))
