"""One test of the project's own suite turned into a differential snippet.

``convert(sources, file, name)`` reads the test (``test_f``, ``test_f[1]``, ``TestA::test_b``,
``Cases::test_c[0][2]``; a dotted name is a doctest, :mod:`.doctests`) from the old tree and
returns readable Python that runs on both versions:

1. the imports and module-level helpers it needs (constants, functions, classes, registrations;
   those of a helper module of the test suite are inlined, :mod:`.scope`, :mod:`.sources`);
2. a parametrised case's values as assignments, and its fixtures inlined (:mod:`.fixtures`);
3. for a method, its class without its tests, then ``case = Class()`` and the set-up methods;
4. the test's body with ``self`` renamed ``case`` and every check an observation
   (:mod:`.observe`); a body that returns early or awaits runs inside ``scenario()``.

``Unconvertible`` says why a test cannot become a snippet.  Needs ``ast.unparse`` (3.9+).
"""

from __future__ import annotations

import ast
import copy
import re
from typing import List, Optional, Set, Tuple

from .doctests import convert_doctest
from .assemble import Assembly
from .fixtures import FixturePlan, Unconvertible, parameters
from .observe import ExcinfoRewriter, Observer, named_contexts
from .scope import ModuleScope, bound_names, decorator_name, own_nodes, used_names
from .sources import TreeSources
from ..values import literal_of

INSTANCE = "case"


def split_name(name: str) -> Tuple[List[str], List[int]]:
    """``Class::test_m[1][0]`` → (["Class", "test_m"], [1, 0])."""
    base = name.split("[", 1)[0]
    return base.split("::"), [int(i) for i in re.findall(r"\[(\d+)\]", name[len(base):])]


class _Rename(ast.NodeTransformer):
    """``self`` → ``case``, except inside nested functions that have their own ``self``."""

    def __init__(self, old: str, new: str) -> None:
        self.old, self.new = old, new

    def visit_Name(self, node: ast.Name) -> ast.AST:  # noqa: N802 - ast's API
        if node.id == self.old:
            return ast.copy_location(ast.Name(self.new, node.ctx), node)
        return node

    def _scoped(self, node: ast.AST) -> ast.AST:
        args = getattr(node, "args", None)
        if args is not None and self.old in [a.arg for a in args.args + args.kwonlyargs]:
            return node
        return self.generic_visit(node)

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _scoped  # noqa: N815


def _is_parametrize(node: Optional[ast.AST]) -> bool:
    return isinstance(node, ast.Call) and decorator_name(node).split(".")[-1] == "parametrize"


def _parametrize_marks(function: ast.AST, module: ast.Module) -> List[ast.Call]:
    """The test's parametrize marks, a mark the module names (``parsers =
    pytest.mark.parametrize(...)`` and ``@parsers``) too."""
    named = {t.id: s.value for s in module.body if isinstance(s, ast.Assign)
             and _is_parametrize(s.value) for t in s.targets if isinstance(t, ast.Name)}
    marks = [named.get(d.id) if isinstance(d, ast.Name) else d
             for d in getattr(function, "decorator_list", [])]
    # pytest applies the decorator nearest the function first; the runner numbers cases so
    return [m for m in reversed(marks) if _is_parametrize(m)]  # type: ignore[misc]


def _mark_argument(mark: ast.Call, index: int, keyword: str) -> Optional[ast.expr]:
    if len(mark.args) > index:
        return mark.args[index]
    return next((k.value for k in mark.keywords if k.arg == keyword), None)


def param_assignments(function: ast.AST, indices: List[int], module: ast.Module
                      ) -> List[ast.stmt]:
    marks = _parametrize_marks(function, module)
    if len(marks) != len(indices):
        raise Unconvertible("the test's parametrisation does not match its id")
    out: List[ast.stmt] = []
    for mark, index in zip(marks, indices):
        if any(k.arg == "indirect" for k in mark.keywords):
            raise Unconvertible("an indirect parametrisation goes through fixtures")
        names_node = _mark_argument(mark, 0, "argnames")
        values = _mark_argument(mark, 1, "argvalues")
        if isinstance(names_node, ast.Constant) and isinstance(names_node.value, str):
            names = [n.strip() for n in names_node.value.split(",") if n.strip()]
        elif isinstance(names_node, (ast.List, ast.Tuple)):
            names = [e.value for e in names_node.elts if isinstance(e, ast.Constant)]
        else:
            raise Unconvertible("the parametrised names are computed")
        if isinstance(values, (ast.List, ast.Tuple)):
            if index >= len(values.elts):
                raise Unconvertible("the test has fewer parametrised cases than its id says")
            case: ast.expr = values.elts[index]
        elif values is not None:
            case = ast.Subscript(value=ast.Call(ast.Name("list", ast.Load()), [values], []),
                                 slice=ast.Constant(index), ctx=ast.Load())
        else:
            raise Unconvertible("the parametrisation has no values")
        # pytest takes a case as the one value only for one name given as a string (or in
        # pytest.param); for a tuple or list of names, even of one, it is their sequence
        single = len(names) == 1 and isinstance(names_node, ast.Constant)
        if isinstance(case, ast.Call) and decorator_name(case).split(".")[-1] == "param":
            case = ast.Tuple(elts=list(case.args), ctx=ast.Load()) if len(names) > 1 \
                else case.args[0]
            single = len(names) == 1
        if single:
            out.append(ast.Assign(targets=[ast.Name(names[0], ast.Store())], value=case,
                                  lineno=0))
        elif isinstance(case, (ast.Tuple, ast.List)) and len(case.elts) == len(names):
            out += [ast.Assign(targets=[ast.Name(n, ast.Store())], value=v, lineno=0)
                    for n, v in zip(names, case.elts)]
        else:
            target = ast.Tuple(elts=[ast.Name(n, ast.Store()) for n in names], ctx=ast.Store())
            out.append(ast.Assign(targets=[target], value=case, lineno=0))
    return out


def _usefixtures(node: ast.AST) -> List[str]:
    names = []
    for decorator in getattr(node, "decorator_list", []):
        if isinstance(decorator, ast.Call) and \
                decorator_name(decorator).split(".")[-1] == "usefixtures":
            names += [a.value for a in decorator.args if isinstance(a, ast.Constant)]
    return names


def _class_methods(scope: ModuleScope, node: ast.ClassDef, seen: Set[str]) -> Set[str]:
    names = {s.name for s in node.body if isinstance(s, (ast.FunctionDef,
                                                         ast.AsyncFunctionDef))}
    for base in node.bases:
        base_name = decorator_name(base)
        if base_name in seen:
            continue
        seen.add(base_name)
        for index in scope.binders.get(base_name, []):
            parent = scope.statements[index]
            if isinstance(parent, ast.ClassDef):
                names |= _class_methods(scope, parent, seen)
    return names


def _find_class(scope: ModuleScope, name: str) -> ast.ClassDef:
    for index in scope.binders.get(name, []):
        node = scope.statements[index]
        if isinstance(node, ast.ClassDef):
            return node
    raise Unconvertible("no class %s in the test file" % name)


def _find_method(scope: ModuleScope, cls: ast.ClassDef, name: str,
                 seen: Optional[Set[int]] = None) -> ast.AST:
    seen = (seen or set()) | {id(cls)}
    for node in cls.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            return node
    for base in cls.bases:
        try:
            found = _find_class(scope, decorator_name(base))
        except Unconvertible:
            continue
        # ``class TestOther(Mixin, TestOther)`` over an imported class of that name: the file's
        # name is the class itself, and its base is out of reach
        if id(found) not in seen:
            try:
                return _find_method(scope, found, name, seen)
            except Unconvertible:
                continue
    raise Unconvertible("no method %s in class %s" % (name, cls.name))


def _call_statement(text: str) -> List[ast.stmt]:
    return ast.parse(text).body


def _class_setup(scope: ModuleScope, cls: ast.ClassDef) -> List[ast.stmt]:
    methods = _class_methods(scope, cls, set())
    lines = []
    for hook in ("setUpClass", "setup_class"):
        if hook in methods:
            lines.append("%s.%s()" % (cls.name, hook))
    lines.append("%s = %s()" % (INSTANCE, cls.name))
    if "setUp" in methods:
        lines.append("%s.setUp()" % INSTANCE)
    if "setup_method" in methods:
        lines.append("%s.setup_method(None)" % INSTANCE)
    return _call_statement("\n".join(lines))


def _module_setup(scope: ModuleScope, function_test: bool) -> List[ast.stmt]:
    out = []
    for hook in ("setUpModule", "setup_module") + (("setup_function",) if function_test else ()):
        for index in scope.binders.get(hook, []):
            node = scope.statements[index]
            if isinstance(node, ast.FunctionDef):
                out += _call_statement("%s(%s)" % (hook, "None" if parameters(node) else ""))
    return out


def _needs_wrapping(body: List[ast.stmt], is_async: bool) -> bool:
    return is_async or any(isinstance(n, (ast.Return, ast.Yield, ast.YieldFrom, ast.Await,
                                          ast.AsyncFor, ast.AsyncWith))
                           for n in own_nodes(body))


def _wrap(body: List[ast.stmt], is_async: bool) -> List[ast.stmt]:
    kind = ast.AsyncFunctionDef if is_async or any(
        isinstance(n, (ast.Await, ast.AsyncFor, ast.AsyncWith)) for n in own_nodes(body)) \
        else ast.FunctionDef
    definition = kind(name="scenario", args=ast.arguments(
        posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None,
        defaults=[]), body=body, decorator_list=[], returns=None, lineno=0)
    call = "import asyncio\nasyncio.run(scenario())" if kind is ast.AsyncFunctionDef \
        else "scenario()"
    return [definition] + _call_statement(call)  # type: ignore[list-item]


def convert(sources: TreeSources, relpath: str, name: str) -> str:
    """The snippet for test ``name`` of the file ``relpath``; raises ``Unconvertible``."""
    if "::" not in name and "." in name.split("[")[0]:
        return convert_doctest(sources, relpath, name)
    scope = sources.scope(relpath)
    if scope is None:
        raise Unconvertible("%s cannot be read or parsed" % relpath)
    parts, indices = split_name(name)
    cls: Optional[ast.ClassDef] = None
    if len(parts) == 2:
        cls = _find_class(scope, parts[0])
        test = _find_method(scope, cls, parts[1])
    elif len(parts) == 1:
        test = next((s for s in scope.tree.body if isinstance(
            s, (ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == parts[0]), None)
        if test is None:
            raise Unconvertible("no test function %s in the test file" % parts[0])
    else:
        raise Unconvertible("a test id names a function or a class and its method")
    return _assemble(sources, relpath, scope, cls, test, indices)


def _assemble(sources: TreeSources, relpath: str, scope: ModuleScope,
              cls: Optional[ast.ClassDef], test: ast.AST, indices: List[int]) -> str:
    scopes = [s for s in (sources.scope(c) for c in sources.conftests(relpath))
              if s is not None] + [scope]
    plan = FixturePlan([(s, s.tree.body) for s in scopes], cls.body if cls else None)
    params = param_assignments(test, indices, scope.tree)
    given = set().union(*(bound_names(a) for a in params)) if params else set()
    for fixture in plan.autouse + _usefixtures(cls) + _usefixtures(test) + parameters(test):
        if fixture not in given:
            plan.add(fixture)
    body = copy.deepcopy(list(test.body))  # type: ignore[attr-defined]
    assigned = set().union(*(bound_names(s) for s in body)) if body else set()
    constants = {a.targets[0].id for a in params if isinstance(a.targets[0], ast.Name) and
                 literal_of(a.value) is not None} - assigned
    contexts = {name: call for name, call in named_contexts(scope.tree.body).items()
                if name not in assigned}
    observer = Observer(INSTANCE if cls is not None else None, constants, contexts)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    if cls is not None:
        body = [_Rename("self", INSTANCE).visit(s) for s in body]
    body = observer.block(body)
    rewriter = ExcinfoRewriter(observer.excinfo, observer.unittest_excinfo)
    body = [rewriter.visit(s) for s in body]
    is_async = isinstance(test, ast.AsyncFunctionDef)
    if _needs_wrapping(body, is_async):
        body = _wrap(body, is_async)
    needed = used_names(body) | used_names([s for _scope, s in plan.statements])
    params = [a for a in params if bound_names(a) & needed]  # an expected value goes unused
    own = set().union(*(bound_names(s) for s in body + params)) if body + params else set()
    plan.check_clashes(own | {INSTANCE})
    setup = _module_setup(scope, cls is None)
    if cls is not None:
        setup += _class_setup(scope, cls)
    extra = set(observer.imports) | ({"re"} if rewriter.needs_re else set())
    return Assembly(sources, scopes).build(plan, setup + params + body, extra, own)
