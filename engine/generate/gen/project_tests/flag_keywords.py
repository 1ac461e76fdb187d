"""Mutants of a converted test that set the options a changed condition decides on.

A change often alters what happens under one setting of an option (``elif self.extra ==
ALLOW_EXTRA``, ``if strict and ...``), and the project's tests that reach it mostly leave the
option at its default: their literals, however moved, never take the other arm.  Each call of
the test to an entry point that takes such an option (:mod:`gen.rules.flag_settings` maps the
options to parameters) is given each of the option's values: in place of the argument where
the call passes it, as a keyword where it leaves it out.  The calls are matched by the name
they call (a function, a method or a class); their arguments stay as the test wrote them.
"""

from __future__ import annotations

import ast
from typing import Any, Collection, Dict, Iterator, List, Optional, Sequence, Tuple

from ..rules.common import takes_keywords
from ..values import from_python, render
from .render import render_module

Signature = List[Tuple[str, str]]  # (parameter, kind) in order, without self
POSITIONAL = ("positional_only", "positional_or_keyword")
MAX_CALLS = 6  # calls of one test given the options
KEYWORDS = "**"  # the name of a signature's ``**kwargs`` entry


def flag_mutants(code: str, signatures: Dict[str, Signature],
                 flags: Dict[str, List[Any]], handed: Collection[str] = ()) -> Iterator[str]:
    """The test ``code`` with one option of ``flags`` set on one of its calls to a callable
    of ``signatures``: each call's first value first, then the second of each, and so on.
    The objects of the classes in ``handed`` matter only where the test hands them to other
    code: a construction whose own method the test calls at once (``Regex(p).validate(v)``)
    comes after the others."""
    if not signatures or not flags:
        return
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return
    settings: List[Tuple[ast.Call, str, int, List[ast.expr]]] = []
    for call in _calls(tree, signatures, handed)[:MAX_CALLS]:
        signature = signatures[_called_name(call) or ""]
        named = [param for param, _kind in signature]
        for index, (param, kind) in enumerate(signature):
            # ``**options`` takes each flag no parameter names, as a keyword
            params = [f for f in flags if f not in named] if kind == "var_keyword" else [param]
            for name in params:
                nodes = [node for node in (_literal(v) for v in flags.get(name) or [])
                         if node is not None]
                if nodes and kind != "var_positional":
                    settings.append((call, name, index if kind in POSITIONAL else -1, nodes))
    given = {code}
    for rank in range(max([len(nodes) for *_rest, nodes in settings] + [0])):
        for call, param, index, nodes in settings:
            if rank < len(nodes):
                text = _rendered(tree, call, param, index, nodes[rank])
                if text is not None and text not in given:
                    given.add(text)
                    yield text


def _called_name(call: ast.Call) -> Optional[str]:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _calls(tree: ast.AST, signatures: Dict[str, Signature], handed: Collection[str] = ()
           ) -> List[ast.Call]:
    """The calls of the test to a callable of ``signatures``, in source order; those of
    ``handed`` whose result is only the receiver of a method call last."""
    receivers = {id(node.func.value) for node in ast.walk(tree) if isinstance(node, ast.Call)
                 and isinstance(node.func, ast.Attribute) and
                 isinstance(node.func.value, ast.Call)}
    found = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and
             _called_name(node) in signatures]
    return sorted(found, key=lambda node: (_called_name(node) in handed and
                                           id(node) in receivers, node.lineno, node.col_offset))


def _literal(value: Any) -> Optional[ast.expr]:
    converted = from_python(value)
    if converted is None:
        return None
    imports: set = set()
    text = render(converted, imports)
    if imports:
        return None
    try:
        return ast.parse(text, mode="eval").body
    except (SyntaxError, ValueError, RecursionError):
        return None


def _rendered(tree: ast.Module, call: ast.Call, param: str, index: int,
              value: ast.expr) -> Optional[str]:
    """The test with ``call`` passing ``value`` for ``param``; the call is put back after."""
    args, keywords = list(call.args), list(call.keywords)
    try:
        if not _set(call, param, index, value):
            return None
        return render_module(tree.body)
    except (ValueError, RecursionError):
        return None
    finally:
        call.args, call.keywords = args, keywords


def _set(call: ast.Call, param: str, index: int, value: ast.expr) -> bool:
    for at, keyword in enumerate(call.keywords):
        if keyword.arg == param:
            call.keywords = call.keywords[:at] + [ast.keyword(arg=param, value=value)] + \
                call.keywords[at + 1:]
            return True
    starred = [isinstance(arg, ast.Starred) for arg in call.args]
    if 0 <= index < len(call.args) and not any(starred[:index + 1]):
        call.args = call.args[:index] + [value] + call.args[index + 1:]
        return True
    if any(starred) or any(keyword.arg is None for keyword in call.keywords):
        return False  # ``*args`` or ``**options`` may already pass it
    call.keywords = call.keywords + [ast.keyword(arg=param, value=value)]
    return True


def signatures_of(plans: Sequence[Any]) -> Dict[str, Signature]:
    """The callables the target's entry plans call, by the name a test calls them by: the
    function or method, and the class whose constructor the plan calls."""
    out: Dict[str, Signature] = {}
    for plan in plans:
        called = (plan.method if plan.op == "method" and plan.method else
                  plan.expr.split(".")[-1] if plan.op in ("call", "static") else None)
        if called and called not in out:
            out[called] = [(slot.name, slot.kind) for slot in plan.call] + _keywords(plan, "call")
        if plan.ctor is not None:
            out.setdefault(plan.expr.split(".")[-1],
                           [(s.name, s.kind) for s in plan.ctor] + _keywords(plan, "ctor"))
    return out


def _keywords(plan: Any, where: str) -> Signature:
    """The ``**kwargs`` entry of a signature whose callable takes one (slots leave it out)."""
    return [(KEYWORDS, "var_keyword")] if takes_keywords(plan, where) else []
