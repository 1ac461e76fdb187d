"""``regex_samples``: strings of the shape the target's regular expressions match.

Parsers hand their input to regular expressions, and what follows a match (a group taken apart,
an escape undone, a destination unquoted) runs only for text of the expression's own shape.
Ordinary strings and the mined constants rarely have it: a ``\\\\x`` followed by two hex digits, a
``<...>`` without a newline inside, a date with its optional time.  For every expression the
target's code applies (:mod:`gen.mine`: ``re.match(r"...", text)``, ``LINK_RE.sub(f, text)``, a
changed module-level ``re.compile``), :mod:`gen.regex_samples` writes a few matching strings, and
each goes to the parameter the expression is applied to (else to each parameter that takes
strings; a method's ``self.text`` to its constructor's ``text``, else to the constructor's
string parameters when the method takes none), one at a time on the base call; the project's
own tests get the samples of the patterns on changed lines (or changed themselves) spliced into
their string literals too (:mod:`gen.search`).  A parameter the target reads as a match object
(``m.group(1)``, ``m.groups()``, ``m.start()``) gets the match itself:
``re.compile(PATTERN, FLAGS).search(SAMPLE)`` for the patterns of the target and of the functions
on its call paths, which is how a parser's helper that takes its caller's match is reached.
When the change rewrites a pattern, the texts its two versions read differently
(:mod:`gen.regex_rewrites`) go first, and before them each string parameter's own longer values
(from the project's tests and docs) with the pattern's text inside replaced by them.
"""

from __future__ import annotations

import ast
from typing import Any, Dict, Iterator, List, Optional, Set, Tuple

from ..mine import W_RELATED
from ..plans import SIDES, EntryPlan, Target
from ..regex_rewrites import Rewrite, rewritten
from ..registry import Context, strategy
from ..strategies import per_plan
from ..values import Value, vexpr, vstr
from .common import base_receiver, kinds, target_def, with_one

STRATEGY = "regex_samples"
MAX_SLOTS = 3  # parameters one sample is given to when no parameter is the subject
MAX_MATCHES = 12  # match objects tried on a parameter read as one
MAX_REWRITTEN = 12  # values of one parameter searched for a changed pattern's text
MATCH_METHODS = {"group", "groups", "groupdict", "start", "end", "span", "lastindex",
                 "lastgroup", "expand"}


@strategy(STRATEGY, 1, rule=True)
def regex_samples(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """For every regular expression the target's code applies, a few strings it matches
    (each repetition once, at its minimum and a few times more, other alternatives), given to
    the parameter it is applied to, else to each string parameter; a parameter read as a match
    object (m.group(1)) gets matches of the patterns on the target's call paths: only text of
    the expression's shape reaches what the code does with a match."""
    # The texts a changed pattern's two versions read differently first.
    rewrites = ctx.target.mined.regex_rewrites()
    telling = [(None, text) for rewrite in rewrites for text in rewrite.texts]
    texts = telling + [t for t in ctx.target.mined.regex_texts() if t not in telling]
    matched = match_parameters(ctx.target)
    matches = [vexpr("re.compile(%r, %d).search(%r)" % (pattern, flags, text), ["import re"])
               for pattern, flags, _s, text in ctx.target.mined.regex_samples(W_RELATED)
               ][:MAX_MATCHES] if matched else []
    if not texts and not matches:
        return iter(())
    return per_plan(ctx, STRATEGY,
                    lambda plan, _rng: _plan_stream(plan, texts, matched, matches, rewrites))


def _plan_stream(plan: EntryPlan, texts: List[Tuple[Optional[str], str]], matched: Set[str],
                 matches: List[Value], rewrites: List[Rewrite]) -> Iterator[Dict[str, Any]]:
    ctor = base_receiver(plan)
    names = [slot.name for slot in plan.call]
    for value in matches:
        for name in names:
            if name in matched:
                yield with_one(plan, "call", name, value, ctor=ctor)
    stringy = [slot.name for slot in plan.call
               if "str" in kinds(slot) and slot.name not in matched][:MAX_SLOTS]
    # A longer value of the parameter's own (a document from the project's tests or docs) with
    # the changed pattern's text replaced keeps the context a bare sample lacks.
    for slot in plan.call if rewrites else []:
        for value in slot.values[:MAX_REWRITTEN] if slot.name in stringy else []:
            for text in rewritten(value.get("v"), rewrites) if value.get("k") == "str" else []:
                yield with_one(plan, "call", slot.name, vstr(text), ctor=ctor)
    # A method matching its object's text (``self.text``) is given the text through the
    # constructor's parameter of that name, else through its string parameters.
    held = [slot.name for slot in plan.ctor or []]
    held_stringy = [slot.name for slot in plan.ctor or [] if "str" in kinds(slot)][:MAX_SLOTS]
    for subject, text in texts:
        if subject in names:
            yield with_one(plan, "call", subject, vstr(text), ctor=ctor)
            continue
        for name in stringy:
            yield with_one(plan, "call", name, vstr(text), ctor=ctor)
        holder = _holder(subject, held)
        through_ctor = [holder] if holder else held_stringy if not stringy else []
        for name in through_ctor:
            yield with_one(plan, "ctor", name, vstr(text), ctor=ctor)


def _holder(subject: Optional[str], params: List[str]) -> Optional[str]:
    """The constructor parameter an attribute read as ``self.<subject>`` most likely holds:
    the same name, or the name without its leading underscores (``self._text = text``)."""
    if not subject:
        return None
    for name in (subject, subject.lstrip("_")):
        if name in params:
            return name
    return None


def match_parameters(target: Target) -> Set[str]:
    """The target's parameters it reads as match objects, on either side."""
    out: Set[str] = set()
    for side in SIDES:
        node = target_def(target, side)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        params = {a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs}
        for sub in ast.walk(node):
            if isinstance(sub, ast.Attribute) and sub.attr in MATCH_METHODS and \
                    isinstance(sub.value, ast.Name) and sub.value.id in params:
                out.add(sub.value.id)
    return out
