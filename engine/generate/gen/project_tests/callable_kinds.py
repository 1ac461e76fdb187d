"""Mutants of a converted test whose callables are of another kind than the test wrote.

A change that asks what kind of callable it was given (``inspect.isgeneratorfunction``,
``iscoroutinefunction``, ``__wrapped__``) behaves differently only for callables of that kind,
and a project's older tests pass plain functions: a hook, a key, a callback.  ``inspected_kinds``
reads the kinds the changed lines ask about; ``callable_mutants`` then offers each function the
test passes to a call (a lambda, or a name the snippet binds with ``def``) wrapped as that kind
of callable, one at a time, before any literal moves.  The wrappers are those of the
``callable_objects`` rule, written into the snippet.
"""

from __future__ import annotations

import ast
from typing import Any, Iterable, Iterator, List, Sequence, Set, Tuple

from ..rules.callables import AS_COROUTINE, AS_GENERATOR, WRAPPED
from .render import render_module

# what a changed line names → the kind of callable it tells apart
KIND_OF_NAME = {
    "isgeneratorfunction": "generator", "isgenerator": "generator",
    "isasyncgenfunction": "generator", "GeneratorType": "generator",
    "iscoroutinefunction": "coroutine", "iscoroutine": "coroutine",
    "isawaitable": "coroutine", "markcoroutinefunction": "coroutine",
    "__wrapped__": "wrapped", "unwrap": "wrapped",
}
KINDS = ("generator", "coroutine", "wrapped")  # the order the mutants come in
WRAPPER = {"generator": ("as_generator", AS_GENERATOR, None),
           "coroutine": ("as_coroutine", AS_COROUTINE, None),
           "wrapped": ("wrapped", WRAPPED, "import functools")}
MAX_SITES = 8
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def inspected_kinds(functions: Iterable[Tuple[Any, Sequence[int]]]) -> List[str]:
    """The callable kinds that the statements starting on the given lines of each function
    (its changed lines) name, in KINDS order."""
    found: Set[str] = set()
    for func, lines in functions:
        wanted = set(lines)
        for statement in ast.walk(func) if isinstance(func, FUNCTIONS) else []:
            if isinstance(statement, ast.stmt) and statement.lineno in wanted and \
                    not isinstance(statement, FUNCTIONS + (ast.ClassDef,)):
                for node in ast.walk(statement):
                    name = node.id if isinstance(node, ast.Name) else \
                        node.attr if isinstance(node, ast.Attribute) else None
                    if name in KIND_OF_NAME:
                        found.add(KIND_OF_NAME[name])
    return [kind for kind in KINDS if kind in found]


def _defined_functions(tree: ast.Module) -> Set[str]:
    return {node.name for node in ast.walk(tree) if isinstance(node, FUNCTIONS)}


def _sites(tree: ast.Module) -> List[Tuple[List[Any], int]]:
    """(the list holding it, its index) for each function passed to a call, the last first
    (the test's own statements come after the module-level set-up it shares with its file): a
    lambda, or a name the snippet defines a function under; never an observation's."""
    functions = _defined_functions(tree)
    found: List[Tuple[List[Any], int]] = []
    for call in sorted((n for n in ast.walk(tree) if isinstance(n, ast.Call)),
                       key=lambda n: (-n.lineno, n.col_offset)):
        if isinstance(call.func, ast.Name) and call.func.id in ("print", "repr", "type"):
            continue
        for index, arg in enumerate(call.args):
            if _is_function(arg, functions):
                found.append((call.args, index))
        for index, keyword in enumerate(call.keywords):
            if keyword.arg is not None and _is_function(keyword.value, functions):
                found.append((call.keywords, index))
    return found[:MAX_SITES]


def _is_function(node: ast.AST, functions: Set[str]) -> bool:
    return isinstance(node, ast.Lambda) or isinstance(node, ast.Name) and node.id in functions


def _with_helper(body: List[ast.stmt], kind: str) -> List[ast.stmt]:
    """``body`` with the kind's wrapper defined after its imports (and its own import)."""
    _name, source, needs = WRAPPER[kind]
    at = 0
    while at < len(body) and isinstance(body[at], (ast.Import, ast.ImportFrom)):
        at += 1
    added = ast.parse(((needs + "\n") if needs else "") + source).body
    return body[:at] + added + body[at:]


def _wrap(holder: List[Any], index: int, kind: str) -> Any:
    """Wraps the site in place; returns the item it replaced, to put back."""
    item = holder[index]
    value = item.value if isinstance(item, ast.keyword) else item
    wrapped = ast.Call(func=ast.Name(id=WRAPPER[kind][0], ctx=ast.Load()), args=[value],
                       keywords=[])
    holder[index] = ast.keyword(arg=item.arg, value=wrapped) \
        if isinstance(item, ast.keyword) else wrapped
    return item


def callable_mutants(code: str, kinds: Sequence[str]) -> Iterator[str]:
    """``code`` with one of its passed functions wrapped as each kind in turn."""
    if not kinds:
        return
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError):
        return
    found = _sites(tree)
    for kind in kinds:
        for holder, index in found:
            original = _wrap(holder, index, kind)
            try:
                yield render_module(_with_helper(tree.body, kind))
            except (ValueError, RecursionError):
                pass
            finally:
                holder[index] = original
