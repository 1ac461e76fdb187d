"""The snippet put together: imports, inlined helpers, fixtures, then the converted test.

``Assembly.build`` takes what the test itself runs (set-up, parametrised values, the converted
body) and the inlined fixtures, finds in each module the definitions they need
(``ModuleScope.closure``), follows imports of the test suite's own helper modules into those
modules (their definitions are inlined; a relative import of an importable package becomes an
absolute one), refuses names that two modules define differently, strips test classes of their
tests, turns the checks of the helpers it keeps into observations, puts every import first and
renders the whole with ``ast.unparse``.
"""

from __future__ import annotations

import ast
import copy
from typing import Dict, List, Optional, Set, Tuple

from .fixtures import BUILTIN_CODE, FixturePlan, Unconvertible
from .imported_checks import check_overrides
from .observe import UNITTEST_CHECKS, Observer
from .render import render_module
from .scope import ModuleScope, bound_names, decorator_name, used_names
from .sources import TreeSources

MAX_SNIPPET_LINES = 400
MAX_HELPER_DEPTH = 2

TEST_CLASS_ENDINGS = ("TestCase", "Tests", "Test")


def _is_test_class(node: ast.ClassDef, stripped: Set[str]) -> bool:
    """A class of tests by its name or its bases' (``DateTestCase(BaseTestCase)``, whose base
    a snippet imports): the runner would run the tests a snippet leaves in one."""
    bases = {decorator_name(b).split(".")[-1] for b in node.bases}
    return node.name.startswith("Test") or node.name.endswith(TEST_CLASS_ENDINGS) or \
        any(b.endswith(TEST_CLASS_ENDINGS) for b in bases) or bool(bases & stripped)


def strip_tests(statements: List[ast.stmt]) -> List[ast.stmt]:
    """Test classes keep their helpers and set-up but lose their tests (which the runner would
    otherwise run) and their marks."""
    out: List[ast.stmt] = []
    stripped: Set[str] = set()
    for statement in statements:
        if isinstance(statement, ast.ClassDef) and _is_test_class(statement, stripped):
            stripped.add(statement.name)
            statement = copy.deepcopy(statement)
            statement.body = [s for s in statement.body if not (
                isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and
                (s.name.startswith("test") or any(
                    decorator_name(d).split(".")[-1] == "fixture" for d in s.decorator_list)))
            ] or [ast.Pass()]
            statement.decorator_list = [d for d in statement.decorator_list if not (
                decorator_name(d).startswith(("pytest.mark", "mark.", "unittest.skip",
                                              "skip")))]
        out.append(statement)
    return out


def observe_helpers(statements: List[ast.stmt], imports: List[ast.stmt],
                    sources: TreeSources) -> List[ast.stmt]:
    """The test suite's own helpers with their checks turned into observations like the
    test's (``RuleTestCase.check`` calling ``self.assertEqual(problems, expected)``): a mutant
    of the test's input breaks a helper's expectation on both versions alike, and the
    AssertionError it raised on both hid what each version computed.  A test class whose
    helpers come from an imported base overrides the checks they call (imported_checks.py)."""
    out: List[ast.stmt] = []
    for statement in statements:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                _checks(statement, None):
            statement = copy.deepcopy(statement)
            statement.body = Observer(None).block(statement.body)
        elif isinstance(statement, ast.ClassDef) and _is_test_class(statement, set()):
            overrides = check_overrides(statement, imports, sources)
            statement = copy.copy(statement)
            statement.body = [s for s in (_observed_method(s) for s in statement.body)
                              if not (overrides and isinstance(s, ast.Pass))] + overrides
        out.append(statement)
    return out


def _observed_method(statement: ast.stmt) -> ast.stmt:
    if not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) or \
            not statement.args.args or not _checks(statement, statement.args.args[0].arg):
        return statement
    statement = copy.deepcopy(statement)
    statement.body = Observer(statement.args.args[0].arg).block(statement.body)
    return statement


def _checks(function: ast.AST, instance: Optional[str]) -> bool:
    """Whether a function's body asserts, or calls its test case's checks."""
    for node in ast.walk(function):
        if isinstance(node, ast.Assert):
            return True
        if instance and isinstance(node, ast.Call) and \
                decorator_name(node).split(".")[0] == instance and \
                decorator_name(node).split(".")[-1] in UNITTEST_CHECKS:
            return True
    return False


def _definition(statement: ast.stmt, name: str) -> str:
    """What ``statement`` binds ``name`` to, as text: for an absolute import, that one name's
    import (a conftest's ``from pkg import Error, compile`` and a test's ``from pkg import
    Error`` bind the same object); otherwise the whole statement."""
    if isinstance(statement, ast.ImportFrom) and not statement.level:
        for alias in statement.names:
            if (alias.asname or alias.name) == name:
                return "from %s import %s" % (statement.module, alias.name)
    if isinstance(statement, ast.Import):
        for alias in statement.names:
            if alias.asname == name:
                return "import %s" % alias.name
            if not alias.asname and alias.name.split(".")[0] == name:
                return "import %s" % name
    return ast.unparse(statement)


class Assembly:
    def __init__(self, sources: TreeSources, scopes: List[ModuleScope]) -> None:
        self.sources = sources
        self.scopes = scopes  # conftests from the root down, the test module last
        self.chosen: Dict[str, List[ast.stmt]] = {}  # relpath -> its statements, in order
        self.body: List[ast.stmt] = []  # what the test itself runs
        self.order: List[str] = []  # helper modules first, then the scopes

    def project_names(self, scope: ModuleScope) -> Set[str]:
        """The names a module imports from the project (under an import root)."""
        names: Set[str] = set()
        for statement in scope.statements:
            if isinstance(statement, ast.Import):
                names |= {a.asname or a.name.split(".")[0] for a in statement.names
                          if self.sources.importable(a.name.split(".")[0])}
            elif isinstance(statement, ast.ImportFrom):
                if statement.level:
                    project = self.sources.resolve_import(scope.relpath, statement)[0] == \
                        "absolute"
                else:
                    project = self.sources.importable((statement.module or "").split(".")[0])
                if project:
                    names |= bound_names(statement)
        return names

    def _take(self, scope: ModuleScope, names: Set[str], known: Set[str], depth: int) -> None:
        statements = []
        closure = scope.closure(names, known, self.project_names(scope))
        for statement in closure:
            if isinstance(statement, ast.Import):
                for alias in statement.names:
                    top = alias.name.split(".")[0]
                    if not self.sources.importable(top) and self.sources.module_file(
                            self.sources.test_base(scope.relpath), alias.name):
                        raise Unconvertible("imports %s, a module of the test suite, as a "
                                            "whole" % alias.name)
            if isinstance(statement, ast.ImportFrom) and statement.names:
                star = statement.names[0].name == "*"
                kind, where = self.sources.resolve_import(scope.relpath, statement)
                if kind == "absolute":  # a snippet has no package: relative imports fail
                    statement = copy.copy(statement)
                    statement.module, statement.level = where, 0
                elif kind == "local" and star and statement.level:
                    raise Unconvertible("imports * from %s, a module of the test suite" %
                                        ("." * statement.level + (statement.module or "")))
                elif kind == "local" and not star:
                    statements += self._inline(statement, where, known, depth,
                                               closure + self.body)
                    continue
            statements.append(statement)
        if scope.relpath in self.chosen:
            self.chosen[scope.relpath] += [s for s in statements
                                           if s not in self.chosen[scope.relpath]]
        else:
            self.chosen[scope.relpath] = statements
            self.order.append(scope.relpath)

    def _inline(self, statement: ast.ImportFrom, where: str, known: Set[str], depth: int,
                uses: List[ast.stmt]) -> List[ast.stmt]:
        """Takes what ``statement`` imports from the test suite's module ``where``; a module of
        its package (``from . import helpers``) becomes a namespace of the definitions the
        statements ``uses`` read from it (``helpers.filled``), which are inlined."""
        helper = self.sources.scope(where) if where else None
        if helper is None or depth >= MAX_HELPER_DEPTH:
            raise Unconvertible("imports from %s, a module of the test suite that cannot be "
                                "inlined" % ("." * statement.level + (statement.module or "")))
        if any(alias.asname for alias in statement.names):
            raise Unconvertible("renames what it imports from the test suite's %s" % where)
        names = {alias.name for alias in statement.names}
        modules = {name: self.sources.submodule(where, name) for name in names
                   if not helper.binds(name)}
        if names - set(modules):
            self._take(helper, names - set(modules), known, depth + 1)
        out: List[ast.stmt] = []
        for name, path in sorted(modules.items()):
            module = self.sources.scope(path) if path else None
            if module is None or depth + 1 >= MAX_HELPER_DEPTH:
                continue  # as before: the name stays unbound
            attributes = sorted({node.attr for use in uses for node in ast.walk(use)
                                 if isinstance(node, ast.Attribute) and
                                 isinstance(node.value, ast.Name) and node.value.id == name and
                                 module.binds(node.attr)})
            if not attributes:
                raise Unconvertible("uses nothing it can find of the test suite's module %s" %
                                    path)
            self._take(module, set(attributes), known, depth + 1)
            out += ast.parse("import types\n%s = types.SimpleNamespace(%s)\n" % (
                name, ", ".join("%s=%s" % (a, a) for a in attributes))).body
        return out

    def build(self, plan: FixturePlan, statements: List[ast.stmt], extra_imports: Set[str],
              own: Set[str]) -> str:
        own_scope = len(self.scopes) - 1
        self.body = statements
        needs = used_names(statements) | plan.needed_names(own_scope)
        for index, scope in enumerate(self.scopes[:-1]):
            self._take(scope, plan.needed_names(index), own, 0)
        self._take(self.scopes[-1], needs, own, 0)
        builtin = [s for name in plan.builtins for s in ast.parse(BUILTIN_CODE[name]).body]
        imports, helpers = self._split(builtin, extra_imports)
        fixtures = [s for _scope, s in plan.statements]
        body = imports + observe_helpers(strip_tests(helpers), imports, self.sources) + \
            [s for s in builtin if not isinstance(s, (ast.Import, ast.ImportFrom))] + \
            fixtures + statements
        if "__file__" in used_names(body):
            raise Unconvertible("it reads __file__: files beside the test are out of reach")
        code = render_module(body)
        if code.count("\n") > MAX_SNIPPET_LINES:
            raise Unconvertible("it needs more than %d lines of helpers" % MAX_SNIPPET_LINES)
        try:
            compile(code, "<test>", "exec", dont_inherit=True)
        except (SyntaxError, ValueError) as exc:
            raise Unconvertible("the converted test does not compile: %s" % exc)
        return code

    def _split(self, builtin: List[ast.stmt], extra: Set[str]
               ) -> Tuple[List[ast.stmt], List[ast.stmt]]:
        """(every import, deduplicated, first; the other chosen statements in module order),
        refusing a name two modules define differently."""
        imports: List[ast.stmt] = []
        seen: Set[str] = set()
        helpers: List[ast.stmt] = []
        owner: Dict[str, Tuple[str, str]] = {}
        groups = [s for s in builtin if isinstance(s, (ast.Import, ast.ImportFrom))]
        groups += [ast.Import(names=[ast.alias(name=n)]) for n in sorted(extra)]
        for relpath in self.order:
            for statement in self.chosen[relpath]:
                for name in bound_names(statement):
                    text = _definition(statement, name)
                    previous = owner.get(name)
                    if previous is not None and previous[0] != relpath and previous[1] != text:
                        raise Unconvertible("%s and %s both define %r"
                                            % (previous[0], relpath, name))
                    owner[name] = (relpath, text)
                if isinstance(statement, (ast.Import, ast.ImportFrom)):
                    groups.append(statement)
                else:
                    helpers.append(statement)
        for statement in groups:
            text = ast.unparse(statement)
            if text not in seen and getattr(statement, "names", None):
                seen.add(text)
                imports.append(statement)
        return imports, helpers
