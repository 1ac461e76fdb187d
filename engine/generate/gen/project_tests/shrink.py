"""Simpler variants of a converted project test, for shrinking the difference it found.

Statements go, never imports directly: first everything after an observation (the prefixes
that end at one, shortest first: the first that still shows the difference ends at the print
that shows it), then single statements from the last to the first, then each literal made
simpler.  After a cut, imports,
undecorated functions and classes, and literal assignments that nothing uses any more go too.
Every variant's code is strictly shorter, so repeated shrinking ends.
"""

from __future__ import annotations

import ast
from typing import Any, Dict, List, Optional, Set

from ..mutate import simpler
from ..values import from_python, render
from .literals import literal_value, replace_site, site_node, sites
from .messages import is_observed, message_observed, message_unwrapped
from .render import render_module
from .scope import bound_names, used_names

MAX_VARIANTS = 40
MAX_PREFIXES = 6


def _prunable(statement: ast.stmt) -> bool:
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        return True
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return not statement.decorator_list
    if isinstance(statement, ast.Assign) and all(isinstance(t, ast.Name)
                                                 for t in statement.targets):
        return literal_value(statement.value) is not None or isinstance(statement.value,
                                                                   ast.Constant)
    return False


def prune(statements: List[ast.stmt]) -> List[ast.stmt]:
    """Drop definitions and imports nothing else uses, until none is left."""
    current = list(statements)
    while True:
        kept: List[ast.stmt] = []
        for index, statement in enumerate(current):
            if _prunable(statement):
                others = current[:index] + current[index + 1:]
                names = bound_names(statement)
                if isinstance(statement, (ast.Import, ast.ImportFrom)):
                    aliases = [a for a in statement.names
                               if (a.asname or a.name.split(".")[0]) in used_names(others)]
                    if not aliases:
                        continue
                    if len(aliases) != len(statement.names):
                        statement = type(statement)(**{**statement.__dict__, "names": aliases})
                elif names and not names & used_names(others):
                    continue
            kept.append(statement)
        if len(kept) == len(current) and all(a is b for a, b in zip(kept, current)):
            return kept
        current = kept


def _code(statements: List[ast.stmt]) -> Optional[str]:
    try:
        return render_module(prune(statements))
    except (ValueError, RecursionError, TypeError):
        return None


def _observes(statement: ast.stmt) -> bool:
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "print"
               for n in ast.walk(statement))


def variants(code: str) -> List[str]:
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError):
        return []
    body = tree.body
    cuttable = [i for i, s in enumerate(body) if not isinstance(s, (ast.Import, ast.ImportFrom))]
    out: List[str] = []
    seen: Set[str] = {code}

    def offer(text: Optional[str]) -> None:
        if text is not None and len(text) < len(code) and text not in seen:
            seen.add(text)
            out.append(text)

    # the shortest prefix that still shows the difference ends at the observation showing it
    ends = [i for i in cuttable if _observes(body[i])]
    if len(ends) > MAX_PREFIXES:
        step = len(ends) / MAX_PREFIXES
        ends = [ends[int(k * step)] for k in range(MAX_PREFIXES)]
    for end in ends:
        offer(_code(body[:end + 1]))
    for index in reversed(cuttable):
        offer(_code(body[:index] + body[index + 1:]))
    for site in sites(tree):
        value = from_python(literal_value(site_node(site)))
        for simpler_value in (simpler(value) if value is not None else [])[:2]:
            imports: Set[str] = set()
            try:
                node = ast.parse(render(simpler_value, imports), mode="eval").body
            except (SyntaxError, ValueError):
                continue
            if imports:
                continue
            original = site_node(site)
            replace_site(site, node)
            offer(_code(tree.body))
            replace_site(site, original)
    return out[:MAX_VARIANTS]


def _observed_variants(code: str) -> List[str]:
    """The variants of a test that prints what it raises (messages.py): those of the test it
    wraps, each wrapped again."""
    inner = message_unwrapped(code)
    wrapped = (message_observed(v) for v in variants(inner)) if inner is not None else iter(())
    return [text for text in wrapped if text is not None and len(text) < len(code)]


def shrink_candidates(genome: Dict[str, Any], code: str) -> List[Dict[str, Any]]:
    candidates = []
    for text in _observed_variants(code) if is_observed(genome) else variants(code):
        shrunk = dict(genome)
        shrunk["code"] = text
        candidates.append({"target": genome.get("target"),
                           "entry": (genome.get("origin") or {}).get("test"),
                           "genome": shrunk, "code": text})
    return candidates
