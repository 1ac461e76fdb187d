"""``unicode_forms``: a string parameter's own values in the Unicode forms text code treats apart.

ASCII samples never tell ``isdigit()`` from ``isdecimal()`` or from a check for ASCII digits,
``lower()`` from ``casefold()``, ``split()`` from ``split(' ')``, ``\\d`` from ``[0-9]`` or a
composed accent from a decomposed one, yet these are the swaps text-handling changes make.  Each
string parameter's leading values (the mined constants and the project's literals first) are
given, one at a time on the base call, with:

* their digits written as full-width and as Arabic-Indic digits, or such a digit added; a
  superscript two added (a digit to ``isdigit``, not to ``isdecimal``);
* their spaces written as no-break and em spaces, or one put in the middle;
* a full-width letter for their first ASCII letter (NFKC folds it), a sharp s (``casefold``
  gives ``ss``), a dotted capital I (two code points when lowered) and a title-case digraph;
* an accent composed and decomposed (NFC and NFD differ), a zero-width space inside and a
  character outside the Basic Multilingual Plane (two UTF-16 units, four UTF-8 bytes).

Each form is given on the base call, then with each of two of the call's flags (a parameter
defaulting to a boolean, or an ``Optional[bool]`` one defaulting to ``None``) turned the other
way (``None`` to True): a lenient mode or an opt-in is often the only way past a strict pattern
to the code that reads the text.  The two are those the target's code reads most closely (on
the changed lines first), then the first in the signature.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterator, List, Tuple

from ..plans import EntryPlan
from ..registry import Context, strategy
from ..strategies import per_plan
from ..values import Value, vbool, vstr
from .common import (base_receiver, bool_annotated, default_value, each_value, interleave,
                     kinds, param_of)

STRATEGY = "unicode_forms"
OWN_VALUES = 3  # leading string values of a parameter given the forms
MAX_FLAGS = 2  # flags turned from their defaults for a second pass
SAMPLES = ["123", "a b", "Straße"]  # after a parameter's own: digits, a space, letters
WIDE_DIGITS = {str(d): chr(0xFF10 + d) for d in range(10)}
ARABIC_DIGITS = {str(d): chr(0x0660 + d) for d in range(10)}


def _digits(table: Dict[str, str], extra: str) -> Callable[[str], str]:
    def form(text: str) -> str:
        if any(c in table for c in text):
            return "".join(table.get(c, c) for c in text)
        return text + extra
    return form


def _spaces(space: str) -> Callable[[str], str]:
    def form(text: str) -> str:
        if " " in text:
            return text.replace(" ", space)
        middle = len(text) // 2
        return text[:middle] + space + text[middle:]
    return form


def _wide_letter(text: str) -> str:
    for index, c in enumerate(text):
        if c.isascii() and c.isalpha():
            return text[:index] + chr(ord(c) + 0xFEE0) + text[index + 1:]
    return text + "\uff41"


def _inside(mark: str) -> Callable[[str], str]:
    def form(text: str) -> str:
        middle = max(1, len(text) // 2)
        return text[:middle] + mark + text[middle:]
    return form


FORMS: List[Callable[[str], str]] = [
    _digits(WIDE_DIGITS, "\uff11"),
    _spaces("\u00a0"),
    _wide_letter,
    lambda text: text + "\u00df",
    _digits(ARABIC_DIGITS, "\u0661"),
    lambda text: text + "\u00b2",
    lambda text: text + "e\u0301",
    lambda text: text + "\u00e9",
    lambda text: "\u0130" + text,
    _spaces("\u2003"),
    _inside("\u200b"),
    lambda text: text + "\u01c5",
    lambda text: text + "\U0001f600",
]


@strategy(STRATEGY, 1, rule=True)
def unicode_forms(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """Each string parameter's own leading values in the Unicode forms text code treats
    apart: full-width and Arabic-Indic digits, a superscript two, no-break and em spaces, a
    full-width letter, a sharp s, a dotted capital I, a title-case digraph, an accent composed
    and decomposed, a zero-width space and an astral character: ASCII samples
    never tell isdigit from isdecimal, lower from casefold or split() from split(' ')."""
    relevance = ctx.target.mined.relevance
    return per_plan(ctx, STRATEGY, lambda plan, _rng: _plan_stream(plan, relevance))


def _plan_stream(plan: EntryPlan, relevance: Callable[[str], int]
                 ) -> Iterator[Dict[str, Any]]:
    ctor = base_receiver(plan)
    strings = [(where, slot) for where, slots in (("call", plan.call), ("ctor", plan.ctor or []))
               for slot in slots if slot.kind != "var_positional" and "str" in kinds(slot)]
    # Each form on the base call, then with each flag turned from its default: a lenient mode
    # (``strict=False``) is often the only way past a pattern to the code that reads the text.
    modes = [{}] + [{flag: value} for flag, value in flipped_flags(plan, relevance)]
    return interleave([_forms(plan, where, slot.name, forms_of(slot.values), modes, ctor)
                       for where, slot in strings])


def _forms(plan: EntryPlan, where: str, name: str, values: List[Value],
           modes: List[Dict[str, Value]], ctor: Dict[str, Value]) -> Iterator[Dict[str, Any]]:
    for value in values:
        for call in modes:
            yield from each_value(plan, where, name, [value], ctor, call)


def flipped_flags(plan: EntryPlan, relevance: Callable[[str], int]) -> List[Tuple[str, Value]]:
    """Each boolean-defaulted parameter of the call with the other boolean, and each option
    annotated ``Optional[bool]`` defaulting to ``None`` (``allow_x=None``, read as a module's
    default) with True: an opt-in is the likelier gate.  The two the code reads most closely
    (``relevance``, by name or as ``self._name``), in signature order among equals."""
    out = []
    for slot in plan.call:
        param = param_of(plan, "call", slot.name)
        default = default_value(param)
        if default is not None and default.get("k") == "bool":
            out.append((slot.name, vbool(not default.get("v"))))
        elif default is not None and default.get("k") == "none" and bool_annotated(param):
            out.append((slot.name, vbool(True)))
    ranked = sorted(out, key=lambda flag: -max(relevance(flag[0]), relevance("_" + flag[0])))
    return ranked[:MAX_FLAGS]


def forms_of(values: List[Value]) -> List[Value]:
    """The forms of a slot's leading non-empty strings, form by form, without repeats."""
    own = [v["v"] for v in values if v.get("k") == "str" and v.get("v")][:OWN_VALUES]
    texts = own + [text for text in SAMPLES if text not in own]
    out: List[Value] = []
    seen = set(texts)
    for form in FORMS:
        for text in texts:
            changed = form(text)
            if changed not in seen:
                seen.add(changed)
                out.append(vstr(changed))
    return out
