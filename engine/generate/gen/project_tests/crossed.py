"""Two of a test's own texts joined into one: structured input grown without a grammar.

A formula, a query, a path or a selector written in a test holds one shape each
(``'a&b'``, ``'~a|b'``); a change in how a simplifier, a parser or a matcher treats two shapes
together (an absorption that leaves a duplicate behind) needs both in one input, and the
mutations of one text (splices, case, whitespace, sizes) never bring a second shape in.  A
text is joined with another text of the same test by an operator character it already holds
(``'a&b&~a|b'``), and, where either uses parentheses, also with each side in its own pair
(``'(a&b)&(~a|b)'``).  The joined text takes the first text's place.
"""

from __future__ import annotations

from typing import List, Sequence

OPERATORS = "&|+-*/,;:.^<>=~!?@%#$"
MAX_TEXT = 60  # longer texts are documents, not expressions
MAX_PARTNERS = 2  # other texts joined with one text
MAX_CROSSED = 6  # joined texts per text
OPERATORS_PER_TEXT = 2


def crossed(text: object, partners: Sequence[object]) -> List[str]:
    """``text`` joined with each of the first MAX_PARTNERS other ``partners`` by each of the
    first OPERATORS_PER_TEXT operator characters ``text`` holds."""
    if not _joinable(text):
        return []
    assert isinstance(text, str)
    operators = [ch for ch in dict.fromkeys(text) if ch in OPERATORS][:OPERATORS_PER_TEXT]
    if not operators:
        return []
    others = list(dict.fromkeys(p for p in partners if _joinable(p) and p != text))
    out: List[str] = []
    for other in others[:MAX_PARTNERS]:
        assert isinstance(other, str)
        grouped = "(" in text or "(" in other
        for op in operators:
            for joined in (text + op + other, "(%s)%s(%s)" % (text, op, other))[:1 + grouped]:
                if joined not in out:
                    out.append(joined)
    return out[:MAX_CROSSED]


def _joinable(text: object) -> bool:
    return isinstance(text, str) and 0 < len(text) <= MAX_TEXT and not text.isspace() and \
        "\n" not in text
