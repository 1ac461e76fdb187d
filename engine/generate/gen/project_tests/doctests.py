"""A doctest of a project module turned into a differential snippet.

The doctest named ``pkg.mod.Class.method`` (``doctest``'s own naming) is found in the module's
source; each example becomes statements: an expression whose doctest shows a value prints its
``repr`` (``print(...)`` calls stay as they are), an example that expects a traceback runs in a
``try`` that prints the type of what it raised, and everything else runs as written.  The names
the examples take from the module are imported from it explicitly (private ones too), as the
doctest's globals would have them.
"""

from __future__ import annotations

import ast
import doctest
from typing import List, Optional

from .fixtures import Unconvertible
from .observe import Observer, observation
from .render import render_module
from .scope import bound_names, decorator_name, used_names
from .sources import TreeSources


def _docstring_of(tree: ast.Module, path: List[str]) -> Optional[str]:
    node: ast.AST = tree
    for part in path:
        body = getattr(node, "body", [])
        found = next((n for n in body if isinstance(
            n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n.name == part), None)
        if found is None:
            return None
        node = found
    return ast.get_docstring(node, clean=False)  # type: ignore[arg-type]


def _example_statements(example: doctest.Example) -> List[ast.stmt]:
    try:
        statements = ast.parse(example.source).body
    except (SyntaxError, ValueError):
        raise Unconvertible("a doctest example does not parse: %s" % example.source.strip())
    if example.exc_msg is not None:
        expected = ast.Name("Exception", ast.Load())
        return [Observer(None).try_block(expected, statements or [ast.Pass()], None)]
    if len(statements) == 1 and isinstance(statements[0], ast.Expr) and example.want.strip():
        value = statements[0].value
        if not (isinstance(value, ast.Call) and decorator_name(value) == "print"):
            return [observation(value)]
    return statements


def convert_doctest(sources: TreeSources, relpath: str, name: str) -> str:
    module = sources.module_name(relpath)
    scope = sources.scope(relpath)
    if module is None or scope is None:
        raise Unconvertible("%s is not an importable module of the project" % relpath)
    if name != module and not name.startswith(module + "."):
        raise Unconvertible("doctest %s is not in module %s" % (name, module))
    path = [p for p in name[len(module):].split(".") if p]
    docstring = _docstring_of(scope.tree, path)
    if not docstring:
        raise Unconvertible("no docstring for doctest %s" % name)
    examples = doctest.DocTestParser().get_examples(docstring)
    if not examples:
        raise Unconvertible("doctest %s has no examples" % name)
    body: List[ast.stmt] = []
    for example in examples:
        body += _example_statements(example)
    own = set().union(*(bound_names(s) for s in body))
    wanted = sorted(n for n in used_names(body) - own
                    if scope.binds(n))
    imports: List[ast.stmt] = []
    if wanted:
        imports.append(ast.ImportFrom(module=module, names=[ast.alias(name=n) for n in wanted],
                                      level=0))
    code = render_module(imports + body)
    try:
        compile(code, "<test>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as exc:
        raise Unconvertible("the converted doctest does not compile: %s" % exc)
    return code
