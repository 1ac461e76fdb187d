"""A test's checks turned into observations: what it asserted is printed, not asserted.

A differential snippet runs on both versions and compares what they print, so every check of the
project's test becomes a print of what it looked at:

* ``assert a == b`` prints ``repr`` of each operand that is not a constant (``assert x`` prints
  ``x``, ``assert not x`` prints ``x``);
* ``self.assertEqual(a, b)`` and the other ``unittest`` assertions likewise (``assertIsInstance``
  prints whether it is one); the message argument is dropped;
* ``with pytest.raises(E):`` (and ``assertRaises``, and their call forms) becomes a ``try`` that
  prints the type of the exception raised, or ``raises nothing``, and goes on; ``excinfo.value``
  afterwards is the exception itself; where the test checked the message (``match=``,
  ``assertRaisesRegex``, a helper given the message: ``raises(E, "msg")``) the message is printed
  too; a context bound to a module-level name (``SE = raises(E)``, then ``with SE:``) likewise;
* ``with pytest.warns(W):`` (and ``assertWarns``) records the warnings and prints their categories;
* ``subTest`` is dropped and its body kept;
* a handler of the test's own ``try`` that prints nothing (``except Error: pass``) prints the type
  it caught.
"""

from __future__ import annotations

import ast
import copy
import unittest
from typing import Dict, List, Optional, Set

from ..values import literal_of
from .fixtures import Unconvertible
from .scope import decorator_name

ONE_OPERAND = {"assertTrue", "assertFalse", "assertIsNone", "assertIsNotNone", "assert_",
               "failUnless", "failIf", "assertRegex", "assertNotRegex", "assertRegexpMatches"}
INSTANCE = {"assertIsInstance", "assertNotIsInstance"}
# unittest's own checks, with the aliases older Pythons still have
UNITTEST_CHECKS = {name for name in dir(unittest.TestCase)
                   if name.startswith(("assert", "fail"))} | {
    "assertEquals", "assertNotEquals", "assertAlmostEquals", "assertNotAlmostEquals",
    "assert_", "failUnless", "failIf", "failUnlessEqual", "failIfEqual", "failUnlessRaises",
    "assertRegexpMatches", "assertNotRegexpMatches", "assertRaisesRegexp", "assertItemsEqual",
    "assertDictContainsSubset"} - {"fail", "failureException"}
RAISES = {"raises", "assertRaises", "assertRaisesRegex", "assertRaisesRegexp"}
MESSAGE_CHECKS = {"assertRaisesRegex", "assertRaisesRegexp", "assertWarnsRegex"}
WARNS = {"warns", "deprecated_call", "assertWarns", "assertWarnsRegex"}
DROPPED = {"subTest"}
# keywords of a raises context that check the message (pytest's, and suites' own helpers')
MESSAGE_KEYWORDS = {"match", "msg", "message", "regex", "regexp"}
BASE_ONLY = {"SystemExit", "KeyboardInterrupt", "GeneratorExit", "BaseException"}


def _call(name: str, *args: ast.expr) -> ast.Call:
    return ast.Call(func=ast.Name(name, ast.Load()), args=list(args), keywords=[])


def observation(expr: ast.expr) -> ast.stmt:
    """``print(repr(expr))``."""
    return ast.Expr(_call("print", _call("repr", expr)))


def _print(*values: ast.expr) -> ast.stmt:
    return ast.Expr(_call("print", *values))


def is_constant(expr: ast.expr, constants: Set[str] = frozenset()) -> bool:  # type: ignore
    """A value that reads the same on both versions: literals, names bound to literals (a
    parametrised case's expected value) and arithmetic on them, or ``approx`` of such."""
    if isinstance(expr, ast.Call) and decorator_name(expr).split(".")[-1] == "approx":
        return all(is_constant(a, constants) for a in expr.args)
    if literal_of(expr) is not None:
        return True
    for node in ast.walk(expr):
        if isinstance(node, ast.Name):
            if node.id not in constants:
                return False
        elif not isinstance(node, (ast.Constant, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Tuple,
                                   ast.List, ast.operator, ast.unaryop, ast.boolop,
                                   ast.expr_context)):
            return False
    return True


def assert_operands(test: ast.expr, constants: Set[str] = frozenset()) -> List[ast.expr]:  # type: ignore
    if isinstance(test, ast.Compare):
        operands = [test.left] + list(test.comparators)
    elif isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return assert_operands(test.operand, constants)
    else:
        operands = [test]
    return [o for o in operands if not is_constant(o, constants)]


# Comparisons whose operands' reprs may not show the answer (``version in spec``: a spec's repr
# is its text, and what it matches is the behaviour): the relation is printed after them.
RELATIONS = (ast.In, ast.NotIn, ast.Lt, ast.LtE, ast.Gt, ast.GtE)
# A unittest check of a relation between its first two arguments, as that comparison.
CHECKED_RELATIONS = {"assertIn": ast.In, "assertNotIn": ast.NotIn, "assertLess": ast.Lt,
                     "assertLessEqual": ast.LtE, "assertGreater": ast.Gt,
                     "assertGreaterEqual": ast.GtE}


def assert_observations(test: ast.expr, constants: Set[str] = frozenset()  # type: ignore
                        ) -> List[ast.stmt]:
    """An assert's operands that are not constants, each printed; then, for a comparison of
    a relation (``in``, ``<``), the comparison's own answer."""
    operands = assert_operands(test, constants)
    out = [observation(o) for o in operands]
    while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test = test.operand
    if isinstance(test, ast.Compare) and any(isinstance(op, RELATIONS) for op in test.ops):
        out.append(observation(copy.deepcopy(test)))
    return out


def _prints(statements: List[ast.stmt]) -> bool:
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "print"
               for s in statements for n in ast.walk(s))


def _observe_caught(handler: ast.ExceptHandler) -> None:
    """A test's own handler that swallows what it catches (``except Error: pass``) prints the
    type it caught first: a change from one subclass to another, or to the base it catches,
    shows."""
    if handler.name is None:
        handler.name = "caught"
        if handler.type is None:  # a bare ``except:``: ``except as caught`` is no Python
            handler.type = ast.Name("BaseException", ast.Load())
    seen = ast.Attribute(ast.Call(ast.Name("type", ast.Load()),
                                  [ast.Name(handler.name, ast.Load())], []),
                         "__name__", ast.Load())
    handler.body = [ast.Expr(ast.Call(ast.Name("print", ast.Load()),
                                      [ast.Constant("caught"), seen], []))] + handler.body


class Observer:
    """Rewrites a test's statements; ``instance`` is the name the test case object has."""

    def __init__(self, instance: Optional[str], constants: Set[str] = frozenset(),  # type: ignore
                 contexts: Optional[Dict[str, ast.Call]] = None) -> None:
        self.instance = instance
        self.constants = set(constants)
        self.contexts = dict(contexts or {})  # module-level names bound to a raises context
        self.imports: Set[str] = set()
        self.excinfo: Set[str] = set()  # names bound to a caught exception
        self.unittest_excinfo: Set[str] = set()

    def _method(self, call: ast.expr) -> str:
        """The checker a call names: ``raises`` for ``pytest.raises(...)``, ``assertEqual`` for
        ``self.assertEqual(...)``; empty for anything else."""
        if not isinstance(call, ast.Call):
            return ""
        name = decorator_name(call)
        parts = name.split(".")
        if self.instance and len(parts) == 2 and parts[0] == self.instance:
            return parts[1]
        if name in ("pytest.raises", "raises", "pytest.warns", "warns",
                    "pytest.deprecated_call", "deprecated_call"):
            return parts[-1]
        return ""

    def block(self, statements: List[ast.stmt]) -> List[ast.stmt]:
        out: List[ast.stmt] = []
        for statement in statements:
            out.extend(self.statement(statement))
        return out or [ast.Pass()]

    def statement(self, statement: ast.stmt) -> List[ast.stmt]:
        if isinstance(statement, ast.Assert):
            return assert_observations(statement.test, self.constants)
        if isinstance(statement, (ast.With, ast.AsyncWith)):
            return self._with(statement)
        if isinstance(statement, ast.Expr):
            method = self._method(statement.value)
            if method:
                return self._checker_call(method, statement.value)  # type: ignore[arg-type]
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(statement, field, None)
            if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt) and \
                    not isinstance(statement, ast.ClassDef):
                setattr(statement, field, self.block(inner))
        for handler in getattr(statement, "handlers", []) or []:
            handler.body = self.block(handler.body)
            if not _prints(handler.body):
                _observe_caught(handler)
        return [statement]

    def _checker_call(self, method: str, call: ast.Call) -> List[ast.stmt]:
        args = list(call.args) + [k.value for k in call.keywords
                                  if k.arg not in ("msg", "places", "delta")]
        first = 2 if method in MESSAGE_CHECKS else 1  # (E, regex, f, ...) or (E, f, ...)
        if (method in RAISES or method in WARNS) and len(call.args) > first:
            invoke = ast.Expr(ast.Call(func=call.args[first], args=list(call.args[first + 1:]),
                                       keywords=list(call.keywords)))
            if method in WARNS:  # the warnings reach the runner, which compares them
                return [invoke]
            return [self.try_block(call.args[0], [invoke], None, method in MESSAGE_CHECKS)]
        if method in INSTANCE and len(args) >= 2:
            return [observation(_call("isinstance", args[0], args[1]))]
        if method not in UNITTEST_CHECKS:
            # the test suite's own helper (``self.assert_selector(markup, css, ids)``): its
            # work is what the test exercises, so it runs (its own checks observed by
            # assemble.observe_helpers)
            return [ast.Expr(call)]
        keep = 1 if method in ONE_OPERAND or method in RAISES or method in WARNS else 2
        if method in CHECKED_RELATIONS and len(call.args) >= 2:
            return assert_observations(ast.Compare(call.args[0], [CHECKED_RELATIONS[method]()],
                                                   [call.args[1]]), self.constants)
        return [observation(a) for a in args[:keep] if not is_constant(a, self.constants)]

    def try_block(self, expected: ast.expr, body: List[ast.stmt], name: Optional[str],
                  message: bool = False) -> ast.stmt:
        """``try: body`` printing the type of what it raised (and its message when the test
        checked the message: ``match=``, ``assertRaisesRegex``), or ``raises nothing``."""
        names = {n.id for n in ast.walk(expected) if isinstance(n, ast.Name)}
        caught = "BaseException" if names & BASE_ONLY else "Exception"
        error = ast.Name("error", ast.Load())
        seen = [ast.Constant("raises"),
                ast.Attribute(_call("type", error), "__name__", ast.Load())]
        handler_body = [_print(*(seen + [_call("str", error)] if message else seen))]
        if name:
            handler_body.append(ast.Assign(targets=[ast.Name(name, ast.Store())],
                                           value=ast.Name("error", ast.Load()), lineno=0))
        handler = ast.ExceptHandler(type=ast.Name(caught, ast.Load()), name="error",
                                    body=handler_body)
        return ast.Try(body=body, handlers=[handler],
                       orelse=[_print(ast.Constant("raises nothing"))], finalbody=[])

    def _with(self, statement: ast.stmt) -> List[ast.stmt]:
        items = list(statement.items)  # type: ignore[attr-defined]
        for item in items:
            if isinstance(item.context_expr, ast.Name) and item.context_expr.id in self.contexts:
                item.context_expr = copy.deepcopy(self.contexts[item.context_expr.id])
        body = self.block(statement.body)  # type: ignore[attr-defined]
        raises = [i for i in items if self._method(i.context_expr) in RAISES]
        warns = [i for i in items if self._method(i.context_expr) in WARNS]
        kept = [i for i in items if i not in raises and i not in warns and
                self._method(i.context_expr) not in DROPPED]
        for item in items:
            if self._method(item.context_expr) in ("assertLogs", "assertNoLogs") and \
                    item.optional_vars is not None:
                raise Unconvertible("the test reads what assertLogs recorded")
        kept = [i for i in kept if self._method(i.context_expr) not in ("assertLogs",
                                                                         "assertNoLogs")]
        if kept:
            statement.items = kept  # type: ignore[attr-defined]
            statement.body = body  # type: ignore[attr-defined]
            body = [statement]
        after: List[ast.stmt] = []
        for item in warns:
            body, record = self._recorded(item, body)
            after.append(observation(ast.Call(
                func=ast.Name("sorted", ast.Load()),
                args=[ast.SetComp(
                    elt=ast.Attribute(ast.Attribute(ast.Name("w", ast.Load()), "category",
                                                    ast.Load()), "__name__", ast.Load()),
                    generators=[ast.comprehension(target=ast.Name("w", ast.Store()),
                                                  iter=ast.Name(record, ast.Load()),
                                                  ifs=[], is_async=0)])], keywords=[])))
        for item in raises:
            call = item.context_expr
            name = item.optional_vars.id if isinstance(item.optional_vars, ast.Name) else None
            if name:
                (self.unittest_excinfo if self.instance and self._method(call).startswith(
                    "assert") else self.excinfo).add(name)
            expected = call.args[0] if call.args else ast.Name("Exception", ast.Load())
            # ``with raises(E, "msg"):`` is no pytest form: a suite's helper checking the message
            message = self._method(call) in MESSAGE_CHECKS or len(call.args) > 1 or \
                any(k.arg in MESSAGE_KEYWORDS for k in call.keywords)
            body = [self.try_block(expected, body, name, message)]
            if name:  # what comes after reads it even when nothing was raised
                body.insert(0, ast.Assign(targets=[ast.Name(name, ast.Store())],
                                          value=ast.Constant(None), lineno=0))
        return body + after

    def _recorded(self, item: ast.withitem, body: List[ast.stmt]):  # type: ignore[no-untyped-def]
        self.imports.add("warnings")
        record = item.optional_vars.id if isinstance(item.optional_vars, ast.Name) else "caught"
        catch = ast.withitem(
            context_expr=ast.Call(
                func=ast.Attribute(ast.Name("warnings", ast.Load()), "catch_warnings",
                                   ast.Load()),
                args=[], keywords=[ast.keyword("record", ast.Constant(True))]),
            optional_vars=ast.Name(record, ast.Store()))
        always = ast.Expr(ast.Call(func=ast.Attribute(ast.Name("warnings", ast.Load()),
                                                      "simplefilter", ast.Load()),
                                   args=[ast.Constant("always")], keywords=[]))
        return [ast.With(items=[catch], body=[always] + body)], record


def named_contexts(module: List[ast.stmt]) -> Dict[str, ast.Call]:
    """The module-level names bound once to a raises context (``SE = raises(SchemaError)``),
    which the suite's tests then enter as ``with SE:``."""
    bound: Dict[str, List[ast.expr]] = {}
    for statement in module:
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    bound.setdefault(target.id, []).append(statement.value)
    checker = Observer(None)
    return {name: values[0] for name, values in bound.items()  # type: ignore[misc]
            if len(values) == 1 and checker._method(values[0]) in RAISES}


class ExcinfoRewriter(ast.NodeTransformer):
    """``excinfo.value`` → ``excinfo`` (the caught exception), ``excinfo.type`` →
    ``type(excinfo)``, ``excinfo.typename`` → ``type(excinfo).__name__``,
    ``excinfo.match(p)`` → ``re.search(p, str(excinfo))``, ``excinfo.errisinstance(E)`` →
    ``isinstance(excinfo, E)``; for ``assertRaises`` contexts ``cm.exception`` → ``cm``."""

    def __init__(self, pytest_names: Set[str], unittest_names: Set[str]) -> None:
        self.pytest_names = pytest_names
        self.unittest_names = unittest_names
        self.needs_re = False

    def visit_Call(self, node: ast.Call) -> ast.AST:  # noqa: N802 - ast's API
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "match" and \
                isinstance(func.value, ast.Name) and func.value.id in self.pytest_names:
            self.needs_re = True
            return ast.Call(func=ast.Attribute(ast.Name("re", ast.Load()), "search", ast.Load()),
                            args=[self.visit(a) for a in node.args[:1]] +
                            [_call("str", ast.Name(func.value.id, ast.Load()))], keywords=[])
        if isinstance(func, ast.Attribute) and func.attr == "errisinstance" and \
                isinstance(func.value, ast.Name) and func.value.id in self.pytest_names and \
                len(node.args) == 1:
            return ast.Call(func=ast.Name("isinstance", ast.Load()),
                            args=[ast.Name(func.value.id, ast.Load()), self.visit(node.args[0])],
                            keywords=[])
        return self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:  # noqa: N802
        if isinstance(node.value, ast.Name):
            name = node.value.id
            if name in self.pytest_names and node.attr == "value" or \
                    name in self.unittest_names and node.attr == "exception":
                return ast.Name(name, ast.Load())
            if name in self.pytest_names and node.attr == "type":
                return _call("type", ast.Name(name, ast.Load()))
            if name in self.pytest_names and node.attr == "typename":
                return ast.Attribute(_call("type", ast.Name(name, ast.Load())), "__name__",
                                     ast.Load())
        return self.generic_visit(node)
