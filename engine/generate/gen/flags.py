"""The options a change decides on: its *flags*, for :mod:`gen.rules.flag_settings`.

A changed line runs, or not, under the conditions it sits beside: the tests of every arm of an
``if``/``elif`` chain holding it (an arm moved above ``elif self.extra == ALLOW_EXTRA`` changes
what that setting does without touching its line) and any condition on the changed lines
themselves.  Each name or attribute such a test compares with constants is a flag with those
values (``mode in ("a", "b")``: both); one it takes as true or false (``if strict``, ``not
self._lenient``) is a flag with True and False.
"""

from __future__ import annotations

import ast
from typing import Any, Callable, Iterator, List, Tuple

SCALARS = (bool, int, float, str)


def conditions(node: Any) -> List[Any]:
    """The expressions ``node`` decides on: an ``if``'s, ``while``'s, conditional
    expression's, ``assert``'s or comprehension's test, and a boolean operation's operands."""
    if isinstance(node, (ast.If, ast.While, ast.IfExp, ast.Assert)):
        return [node.test]
    if isinstance(node, ast.comprehension):
        return list(node.ifs)
    if isinstance(node, ast.BoolOp):
        return list(node.values)
    return []


def _chain(top: ast.If) -> List[ast.If]:
    """``top`` and the ``elif`` arms after it."""
    chain = [top]
    while len(chain[-1].orelse) == 1 and isinstance(chain[-1].orelse[0], ast.If):
        chain.append(chain[-1].orelse[0])
    return chain


def deciding_tests(function: Any, touched: Callable[[ast.AST], bool]) -> List[ast.expr]:
    """The tests deciding whether the changed lines run (``touched`` tells a node on or
    around one): every arm's test of a chain holding one, and the changed conditions."""
    tests: List[ast.expr] = []
    for node in ast.walk(function):
        if isinstance(node, ast.If) and touched(node):
            tests += [arm.test for arm in _chain(node) if arm.test not in tests]
        tests += [test for test in conditions(node) if touched(test) and test not in tests]
    return tests


def flags_in(test: ast.expr, const: Callable[[Any], Tuple[bool, Any]],
             name_of: Callable[[Any], Any]) -> Iterator[Tuple[str, List[Any]]]:
    """(name, values) for each flag ``test`` decides on; ``const`` evaluates a constant,
    ``name_of`` names a compared expression."""
    while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    if isinstance(test, ast.BoolOp):
        for value in test.values:
            yield from flags_in(value, const, name_of)
    elif isinstance(test, (ast.Name, ast.Attribute)):
        yield name_of(test), [True, False]
    elif isinstance(test, ast.Compare) and len(test.ops) == 1:
        for subject, other in ((test.left, test.comparators[0]),
                               (test.comparators[0], test.left)):
            found, value = const(other) if isinstance(subject, (ast.Name, ast.Attribute)) \
                else (False, None)
            values = list(value) if isinstance(value, (tuple, list, set, frozenset)) else \
                [value]
            values = [v for v in values if isinstance(v, SCALARS)]
            if found and values:
                yield name_of(subject), sorted(values, key=repr) if len(values) > 1 else values
                return


def attributes_read(test: ast.expr) -> Iterator[str]:
    """The attributes ``test`` reads of another object than the receiver: ``key.error``,
    ``getattr(key, "_error", None)``, ``hasattr(key, "name")``; not the methods it calls."""
    called = {id(node.func) for node in ast.walk(test) if isinstance(node, ast.Call)}
    for node in ast.walk(test):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and \
                id(node) not in called and \
                not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            yield node.attr
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id in ("getattr", "hasattr") and len(node.args) >= 2 and \
                isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str):
            yield node.args[1].value
