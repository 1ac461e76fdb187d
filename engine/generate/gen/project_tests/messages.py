"""Project tests that reached a changed ``raise`` statement, run again printing the exception.

``rules/exception_messages.py`` observes messages for generated calls; this is the same for the
project's own tests and their mutants.  A converted test that ran into a changed ``raise`` (on
either version) and raised on the old one may raise the same type on both for different reasons:
the old version failed further on (``illegal header line``), the new one at the check the change
added (``malformed chunk footer``).  Definition 2 sees the same type twice.  The test runs again
with everything after its imports inside a ``try`` that prints the type and message of what it
raises, so the two reasons show as different outputs.  What the test catches itself (its
``pytest.raises`` and ``assertRaises``, converted to print the type they caught) prints the
message too, so a test that reached the statement and did not raise is observed as well.
"""

from __future__ import annotations

import ast
from typing import Any, Dict, Iterable, List, Optional, Set

from ..feedback import covered_lines
from ..plans import SIDES, Target
from .render import render_module

MAX_PER_TARGET = 8  # observed project tests per target over the whole run
HANDLER = ("try:\n    pass\nexcept Exception as error:\n"
           "    print('raises', type(error).__name__, str(error))\n")


def _caught_types(tree: ast.AST) -> List[ast.Call]:
    """The test's own ``print('raises', type(e).__name__)`` observations of what it caught."""
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call) and
            isinstance(n.func, ast.Name) and n.func.id == "print" and len(n.args) == 2 and
            not n.keywords and isinstance(n.args[0], ast.Constant) and
            n.args[0].value == "raises" and isinstance(n.args[1], ast.Attribute) and
            n.args[1].attr == "__name__" and isinstance(n.args[1].value, ast.Call) and
            isinstance(n.args[1].value.func, ast.Name) and n.args[1].value.func.id == "type" and
            len(n.args[1].value.args) == 1 and isinstance(n.args[1].value.args[0], ast.Name)]


def catches(code: str) -> bool:
    """Whether the test observes an exception it catches (which message_observed prints)."""
    if "'raises'" not in code and '"raises"' not in code:
        return False  # the parse below runs on every feedback test each round
    try:
        return bool(_caught_types(ast.parse(code)))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False


def message_observed(code: str) -> Optional[str]:
    """``code`` with every statement after its leading imports inside a ``try`` that prints the
    type and message of the exception it raises, and its observations of what it catches
    printing the message too; None when it cannot parse or has no body."""
    try:
        module = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    for call in _caught_types(module):
        error = call.args[1].value.args[0]  # type: ignore[attr-defined]
        call.args.append(ast.Call(ast.Name("str", ast.Load()), [ast.Name(error.id, ast.Load())],
                                  []))
    body = module.body
    split = next((i for i, s in enumerate(body) if not isinstance(s, (ast.Import,
                                                                      ast.ImportFrom))),
                 len(body))
    if split == len(body):
        return None
    wrapper = ast.parse(HANDLER).body[0]
    wrapper.body = body[split:]  # type: ignore[attr-defined]
    try:
        head = render_module(body[:split]) if split else ""
        text = render_module(body[:split] + [wrapper])
    except (ValueError, RecursionError):
        return None
    # the blank line unparse puts before a definition at the top of the try
    at = text.find("try:\n\n", len(head))
    return text[:at] + "try:\n" + text[at + 6:] if at == len(head) + bool(head) else text


def message_unwrapped(code: str) -> Optional[str]:
    """The test ``message_observed`` wrapped, as it was (up to layout); None for another."""
    try:
        body = ast.parse(code).body
        handler = ast.dump(ast.parse(HANDLER).body[0].handlers[0])  # type: ignore[attr-defined]
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    last = body[-1] if body else None
    if not isinstance(last, ast.Try) or len(last.handlers) != 1 or \
            ast.dump(last.handlers[0]) != handler or last.orelse or last.finalbody:
        return None
    try:
        return render_module(body[:-1] + last.body)
    except (ValueError, RecursionError):
        return None


def is_observed(genome: Any) -> bool:
    return isinstance(genome, dict) and genome.get("observe") == "exception"


def observed_candidates(tests: List[Dict[str, Any]], targets: Iterable[Target],
                        raises: Dict[str, Dict[str, Set[int]]], is_project: Any
                        ) -> List[Dict[str, Any]]:
    """For the project tests among ``tests`` (feedback, latest last) that raised on the old
    version, or caught an exception themselves, and covered a changed raise statement of a
    target (``raises``: target -> side -> lines), their genomes observing messages: {target,
    genome}, at most MAX_PER_TARGET per target over the run, the latest tests first."""
    files = {t.qualname: t.files for t in targets}
    budget = {name: MAX_PER_TARGET for name in raises}
    for test in tests:
        genome = test.get("genome")
        if is_project(genome) and is_observed(genome) and genome.get("target") in budget:
            budget[genome["target"]] -= 1
    out: List[Dict[str, Any]] = []
    for test in reversed(tests):
        genome = test.get("genome")
        if not is_project(genome) or is_observed(genome) or \
                test.get("outcome") != "raised" and not catches(genome["code"]):
            continue
        reached = [name for name, lines in raises.items() if budget.get(name, 0) > 0 and any(
            lines.get(side) and lines[side] & set(covered_lines(
                test, side, (files.get(name) or {}).get(side))) for side in SIDES)]
        code = message_observed(genome["code"]) if reached else None
        if code is None:
            continue
        budget[reached[0]] -= 1
        out.append({"target": reached[0], "genome": dict(genome, code=code,
                                                         target=reached[0],
                                                         observe="exception")})
    return out
