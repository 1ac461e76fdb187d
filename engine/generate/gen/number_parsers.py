"""Number parsers, and the spellings of a number they read differently.

``int(text)`` takes ``'-1'``, ``' 1'``, ``'1_0'`` and ``'١'``; ``text.isdigit()`` takes only the
last of them, and ``'²'`` besides, which ``int`` refuses; a pattern of ASCII digits takes none,
and a strict parser refuses ``'01'``.  A change that swaps one of these for another (``try:
int(port)`` for ``if port.isdigit()``) shows only for such a spelling, and a test's numbers are
plain: ``'443'``.  The changed code parses numbers when it calls one of ``PARSERS``.  Its
parameters that take strings get ``SPELLINGS``; in the project's tests, each run of ASCII
digits inside a string (the port of ``'http://h:443/'``, a part of ``'1.2.3'``) is replaced by
the first four of them and by two Unicode digits (``DIGIT_RUNS``), where the parser reads the
number as part of the text around it.
"""

from __future__ import annotations

from typing import Optional, Sequence

from pymodel.syntax import dotted

from .regex_rewrites import Rewrite

NUMBER = "number"  # the family of text a number parser reads (see gen.encoded_forms.DECODERS)

# The last part of the called name: a conversion of text to a number, or a test of its digits.
PARSERS = {"int", "float", "complex", "Decimal", "Fraction", "isdigit", "isdecimal",
           "isnumeric"}

# Most telling first: a sign, a leading zero, a space and an underscore int() allows, a plus, a
# fraction, an exponent, a number past 64 bits, zero.  Unicode digits go to parameters through
# unicode_forms; inside a test's text (DIGIT_RUNS) they come here: a superscript two, a digit to
# isdigit() that int() refuses, and an Arabic-Indic one, a digit to both.
SPELLINGS = ["-1", "01", " 1", "1_0", "+1", "1.5", "1e3", "99999999999999999999", "0"]
UNICODE_DIGITS = ["\u00b2", "\u0661"]

# A test's string holds several runs of digits, each given every text: the most telling only.
DIGIT_RUNS = Rewrite([(r"[0-9]+", 0)], SPELLINGS[:4] + UNICODE_DIGITS)


def bound_digits(bounds: Sequence[int]) -> Optional[Rewrite]:
    """The runs of digits inside a test's text set to each of the limits the parsing code
    checks numbers against (``'0 4/6 * * *'`` as ``'0 23/6 * * *'``): a test's numbers sit
    inside their ranges, and a change often treats the limit itself apart.  Late: each run
    takes every limit, too many variants to go before a literal's others."""
    texts = [str(b) for b in bounds if b >= 0]
    return Rewrite([(r"[0-9]+", 0)], texts, late=True) if texts else None


def number_family(call: object) -> Optional[str]:
    """``NUMBER`` for a call that parses a number from text (``int(v)``, ``v.isdigit()``)."""
    func = getattr(call, "func", None)
    name = dotted(func) or getattr(func, "attr", "") or ""
    return NUMBER if name.rsplit(".", 1)[-1] in PARSERS else None
