"""Fixtures inlined into a converted test, or the reason they cannot be.

A fixture is looked up the way pytest does: the test class, the test module, then the conftest
files from the test's folder up to the tree root.  It can be inlined when it only builds a value:
its body is statements ending in ``return VALUE``, or statements, one ``yield VALUE`` and a
teardown (dropped: every snippet runs in a fresh process); a ``yield`` inside a ``with``
block enters its context (``mocked = mock.patch("time.sleep").__enter__()``) and never
leaves.  Its statements become snippet lines followed by ``NAME = VALUE``; the fixtures it asks
for come first.  The built-ins ``tmp_path`` (a fresh temporary directory), ``tmpdir`` (the same
as a ``py.path.local``) and ``monkeypatch`` (``pytest.MonkeyPatch()``) are inlined too.
A parametrised fixture (``@pytest.fixture(params=(native, speedups))``, a suite run against
each implementation) is inlined with its first parameter: ``request.param`` becomes
``(native, speedups)[0]`` (the value of a ``pytest.param(...)`` entry), its only use of
``request`` allowed.  A fixture's local name that the test or another fixture uses too is
renamed in the fixture (``table`` as ``table_small``).  Anything else (``request``, ``capsys``,
an ``async`` fixture, one with several returns) raises ``Unconvertible`` with the reason.
"""

from __future__ import annotations

import ast
import copy
from typing import Dict, List, Optional, Set, Tuple

from .scope import ModuleScope, decorator_name, is_fixture, own_nodes, used_names

BUILTIN_CODE = {
    "tmp_path": ("import pathlib\nimport tempfile\n"
                 "tmp_path = pathlib.Path(tempfile.mkdtemp())\n"),
    "tmpdir": "import py\nimport tempfile\ntmpdir = py.path.local(tempfile.mkdtemp())\n",
    "monkeypatch": "import pytest\nmonkeypatch = pytest.MonkeyPatch()\n",
}


class Unconvertible(Exception):
    """A test that cannot become a snippet; the message is the reason recorded."""


def fixture_options(function: ast.AST) -> Dict[str, ast.expr]:
    for decorator in getattr(function, "decorator_list", []):
        if isinstance(decorator, ast.Call) and decorator_name(decorator).endswith("fixture"):
            return {k.arg: k.value for k in decorator.keywords if k.arg}
    return {}


def fixture_name(function: ast.AST) -> str:
    name = fixture_options(function).get("name")
    if isinstance(name, ast.Constant) and isinstance(name.value, str):
        return name.value
    return getattr(function, "name", "")


def fixtures_of(body: List[ast.stmt]) -> Dict[str, ast.FunctionDef]:
    return {fixture_name(f): f for f in body if is_fixture(f)}  # type: ignore[misc]


def autouse_of(body: List[ast.stmt]) -> List[str]:
    names = []
    for function in body:
        if is_fixture(function):
            flag = fixture_options(function).get("autouse")
            if isinstance(flag, ast.Constant) and flag.value is True:
                names.append(fixture_name(function))
    return names


def parameters(function: ast.AST) -> List[str]:
    args = function.args  # type: ignore[attr-defined]
    names = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
    defaults = len(args.defaults)
    required = names[:len(names) - defaults] if defaults else names
    return [n for n in required if n not in ("self", "cls")]


def _entered(body: List[ast.stmt]) -> List[ast.stmt]:
    """``with mock.patch("time.sleep") as mocked: yield mocked`` as ``mocked =
    mock.patch("time.sleep").__enter__()`` and the block's statements: the value is made inside
    a context the snippet enters and, as with any teardown, never leaves."""
    for index, statement in enumerate(body):
        if isinstance(statement, ast.With) and any(
                isinstance(n, (ast.Yield, ast.YieldFrom)) for n in own_nodes(statement.body)):
            entered: List[ast.stmt] = []
            for item in statement.items:
                call = ast.Call(ast.Attribute(item.context_expr, "__enter__", ast.Load()), [], [])
                entered.append(ast.Assign([item.optional_vars], call, lineno=0)
                               if item.optional_vars is not None else ast.Expr(call))
            return body[:index] + entered + _entered(statement.body) + body[index + 1:]
    return body


def _split(function: ast.FunctionDef) -> Tuple[List[ast.stmt], Optional[ast.expr]]:
    """(statements before the value, the value) of a fixture that only builds a value."""
    body = list(function.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring
    body = _entered(body)
    yields = [i for i, s in enumerate(body)
              if isinstance(s, ast.Expr) and isinstance(s.value, (ast.Yield, ast.YieldFrom))]
    nested = [n for n in own_nodes(body) if isinstance(n, (ast.Return, ast.Yield, ast.YieldFrom))]
    if len(yields) == 1:
        index = yields[0]
        value = body[index].value.value  # type: ignore[attr-defined]
        if len(nested) != 1 or any(isinstance(n, ast.Return) and n.value is not None
                                   for n in nested):
            raise Unconvertible("fixture %r yields more than once" % function.name)
        return body[:index], value
    if body and isinstance(body[-1], ast.Return) and len(nested) == 1:
        return body[:-1], body[-1].value
    if not nested:
        return body, None
    raise Unconvertible("fixture %r does more than build and return a value" % function.name)


class FixturePlan:
    """The inlined fixtures of one test, in the order they run."""

    def __init__(self, scopes: List[Tuple[ModuleScope, List[ast.stmt]]],
                 class_body: Optional[List[ast.stmt]] = None) -> None:
        # the innermost definition wins: test class, test module, conftests from deep to root
        self.lookup: List[Tuple[int, Dict[str, ast.FunctionDef]]] = []
        if class_body is not None:
            self.lookup.append((len(scopes) - 1, fixtures_of(class_body)))
        for index in range(len(scopes) - 1, -1, -1):
            self.lookup.append((index, fixtures_of(scopes[index][1])))
        self.autouse: List[str] = []
        for index in range(len(scopes)):
            self.autouse += [n for n in autouse_of(scopes[index][1]) if n not in self.autouse]
        self.statements: List[Tuple[int, ast.stmt]] = []  # (scope index, statement)
        self.builtins: List[str] = []
        self.done: Set[str] = set()
        self.locals: Dict[str, str] = {}  # a fixture's local name -> the fixture
        self.owned: Dict[str, range] = {}  # a fixture -> its indices in statements

    def add(self, name: str, trail: Tuple[str, ...] = ()) -> None:
        if name in self.done:
            return
        if name in trail:
            raise Unconvertible("fixture %r depends on itself" % name)
        found = self._find(name)
        if found is None:
            if name in BUILTIN_CODE:
                self.builtins.append(name)
                self.done.add(name)
                return
            raise Unconvertible("fixture %r cannot be inlined: it is not a simple fixture of "
                                "the project's tests" % name)
        scope, function = found
        options = fixture_options(function)
        if "params" in options:
            function = _with_first_param(function, options["params"])
        if isinstance(function, ast.AsyncFunctionDef):
            raise Unconvertible("fixture %r is async" % name)
        needs = parameters(function)
        if "self" in used_names(function.body):
            raise Unconvertible("fixture %r uses the test class's instance" % name)
        if "request" in needs:
            raise Unconvertible("fixture %r uses 'request'" % name)
        for need in needs:
            self.add(need, trail + (name,))
        before, value = _split(function)
        statements = before + ([ast.Assign(targets=[ast.Name(name, ast.Store())], value=value,
                                           lineno=0)] if value is not None else [])
        for local in sorted({n for s in before for n in _assigned(s)} - {name}):
            if self.locals.get(local, name) != name or local in self.done:
                # another fixture's local or value: this fixture's own takes another name
                statements = _renamed(statements, local, self._fresh(local, name))
        start = len(self.statements)
        for statement in statements:
            for local in _assigned(statement) - {name}:
                self.locals[local] = name
            self.statements.append((scope, statement))
        self.owned[name] = range(start, len(self.statements))
        self.done.add(name)

    def _fresh(self, local: str, fixture: str) -> str:
        taken = set(self.locals) | self.done
        fresh = "%s_%s" % (local, fixture)
        while fresh in taken:
            fresh += "_"
        return fresh

    def check_clashes(self, test_names: Set[str]) -> None:
        """A fixture's local name the test binds too is renamed in the fixture."""
        for local in sorted(set(self.locals) & test_names):
            fixture = self.locals.pop(local)
            fresh = self._fresh(local, fixture)
            self.locals[fresh] = fixture
            for index in self.owned[fixture]:
                scope, statement = self.statements[index]
                self.statements[index] = (scope, _renamed([statement], local, fresh)[0])

    def needed_names(self, scope: int) -> Set[str]:
        return used_names([s for i, s in self.statements if i == scope])

    def _find(self, name: str) -> Optional[Tuple[int, ast.FunctionDef]]:
        for scope, table in self.lookup:
            if name in table:
                return scope, table[name]
        return None


def _renamed(statements: List[ast.stmt], old: str, new: str) -> List[ast.stmt]:
    """Copies of ``statements`` with every use of the name ``old`` as ``new``."""

    class Rename(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.Name:  # noqa: N802 - ast's API
            return ast.copy_location(ast.Name(new, node.ctx), node) if node.id == old else node

        def visit_arg(self, node: ast.arg) -> ast.arg:
            if node.arg == old:
                node.arg = new
            return node

    return [Rename().visit(copy.deepcopy(s)) for s in statements]


def _with_first_param(function: ast.FunctionDef, params: ast.expr) -> ast.FunctionDef:
    """A copy of a parametrised fixture whose ``request.param`` is its first parameter, and
    which no longer asks for ``request`` (Unconvertible when it reads ``request`` otherwise)."""
    first: ast.expr = ast.Subscript(value=params, slice=ast.Constant(0), ctx=ast.Load())
    if isinstance(params, (ast.List, ast.Tuple)) and params.elts:
        first = params.elts[0]
        if isinstance(first, ast.Call) and decorator_name(first).endswith("param") and \
                first.args:
            first = first.args[0]  # pytest.param(value, id=...)
    copied = copy.deepcopy(function)

    class Substitute(ast.NodeTransformer):
        def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
            if isinstance(node.value, ast.Name) and node.value.id == "request" and \
                    node.attr == "param" and isinstance(node.ctx, ast.Load):
                return copy.deepcopy(first)
            return self.generic_visit(node)

    copied.body = [Substitute().visit(statement) for statement in copied.body]
    if "request" in used_names(copied.body):
        raise Unconvertible("fixture %r uses 'request' beyond its parameter" % function.name)
    args = copied.args
    args.args = [a for a in args.args if a.arg != "request"]
    args.posonlyargs = [a for a in args.posonlyargs if a.arg != "request"]
    kept = [i for i, a in enumerate(args.kwonlyargs) if a.arg != "request"]
    args.kwonlyargs = [args.kwonlyargs[i] for i in kept]
    args.kw_defaults = [args.kw_defaults[i] for i in kept]
    return copied


def _assigned(statement: ast.stmt) -> Set[str]:
    return {n.id for n in ast.walk(statement)
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
