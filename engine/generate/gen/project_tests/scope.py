"""The top level of a test module (or a conftest, or a test helper module) as the conversion sees it.

``ModuleScope`` indexes the module-level statements by the names they bind, and ``closure`` gives
the statements a piece of code needs: the definitions of the names it uses, and of the names
those use in turn, plus the module-level statements with side effects that touch them or the
project (a plugin registered by ``registry.add(MyPlugin)`` or ``@register`` at import time, a
subclass of a project class).  Imports keep only the names that are needed.  Never included:
``if __name__ == "__main__":`` blocks, fixtures, test functions, other classes of tests (unless
the code names them), and side effects that read ``__file__`` (``sys.path`` set-up: a snippet
has no file beside it).
"""

from __future__ import annotations

import ast
import builtins
import copy
from typing import Dict, Iterable, Iterator, List, Optional, Set, Tuple

BUILTINS = set(dir(builtins))


def used_names(nodes: Iterable[ast.AST]) -> Set[str]:
    """Every name read (or deleted) anywhere in ``nodes``: an over-approximation of what they
    need from the module level."""
    found: Set[str] = set()
    for node in nodes:
        for child in ast.walk(node):
            if isinstance(child, ast.Name) and not isinstance(child.ctx, ast.Store):
                found.add(child.id)
    return found


def own_nodes(statements: Iterable[ast.AST]) -> Iterator[ast.AST]:
    """The nodes of ``statements`` outside nested functions, lambdas and classes: what runs in
    their own scope."""
    todo = list(statements)
    while todo:
        node = todo.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                      ast.ClassDef)):
                todo.append(child)


def bound_names(statement: ast.stmt) -> Set[str]:
    """The names a module-level statement binds (a compound statement: all it binds inside)."""
    names: Set[str] = set()
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {statement.name}
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        for alias in statement.names:
            if alias.name != "*":
                names.add(alias.asname or alias.name.split(".")[0])
        return names
    for child in ast.walk(statement):
        if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store):
            names.add(child.id)
        elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(child.name)
        elif isinstance(child, (ast.Import, ast.ImportFrom)):
            for alias in child.names:
                if alias.name != "*":
                    names.add(alias.asname or alias.name.split(".")[0])
    return names


def _is_main_guard(statement: ast.stmt) -> bool:
    test = getattr(statement, "test", None)
    return isinstance(statement, ast.If) and isinstance(test, ast.Compare) and \
        isinstance(test.left, ast.Name) and test.left.id == "__name__"


def decorator_name(node: ast.expr) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    parts: List[str] = []
    while isinstance(target, ast.Attribute):
        parts.insert(0, target.attr)
        target = target.value
    if isinstance(target, ast.Name):
        parts.insert(0, target.id)
    return ".".join(parts)


def is_fixture(function: ast.stmt) -> bool:
    return isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
        decorator_name(d) in ("pytest.fixture", "fixture", "pytest.yield_fixture")
        for d in function.decorator_list)


TEST_DECORATORS = ("pytest.", "mark.", "unittest.", "fixture", "staticmethod", "classmethod",
                   "property", "functools.", "dataclass", "dataclasses.")


def is_test_class(statement: ast.ClassDef) -> bool:
    """A class of tests: named ``Test...`` (pytest collects it) or a ``...TestCase``."""
    bases = [decorator_name(base).split(".")[-1] for base in statement.bases]
    return statement.name.startswith("Test") or any(b.endswith("TestCase") for b in bases)


def effect_triggers(statement: ast.stmt) -> Optional[Set[str]]:
    """The names whose presence makes a module-level statement needed for its side effects, or
    None: a call or a statement that binds nothing (all it reads), a definition decorated by
    something other than a test or language decorator (its decorators: ``@register``), a class
    with bases or a metaclass (its bases: subclassing may register it) unless it is a class of
    tests."""
    if isinstance(statement, ast.ClassDef) and is_test_class(statement):
        return None  # another test's class: what it sets up is its tests' own
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        decorators = [d for d in statement.decorator_list
                      if not decorator_name(d).startswith(TEST_DECORATORS)]
        triggers = used_names(decorators)
        if isinstance(statement, ast.ClassDef):
            triggers |= used_names(statement.bases + [k.value for k in statement.keywords])
        return triggers or None
    if isinstance(statement, ast.Expr):
        return used_names([statement]) if isinstance(statement.value, ast.Call) else None
    if not bound_names(statement):
        return used_names([statement])
    return None


def _without_tests(statement: ast.stmt) -> ast.stmt:
    """A ``try:`` or ``if`` block without the test functions defined inside it (``try: from
    dateutil import ...`` then ``def test_...``): a snippet keeps the block for what it binds,
    and a runner that collects ``test*`` functions would run a test the snippet never set up."""
    if not isinstance(statement, (ast.Try, ast.If)):
        return statement
    fields = ("body", "orelse", "finalbody")
    if not any(isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)) and
               inner.name.startswith("test") for field in fields
               for inner in getattr(statement, field, [])) and \
            not any(isinstance(inner, (ast.Try, ast.If)) for field in fields
                    for inner in getattr(statement, field, [])):
        return statement
    statement = copy.copy(statement)
    for field in fields:
        body = getattr(statement, field, None)
        if body:
            kept = [_without_tests(inner) for inner in body
                    if not (isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)) and
                            inner.name.startswith("test"))]
            setattr(statement, field, kept or [ast.Pass()])
    return statement


class ModuleScope:
    """The module-level statements of one source file, by the names they bind."""

    def __init__(self, tree: ast.Module, relpath: str) -> None:
        self.tree = tree
        self.relpath = relpath
        self.statements: List[ast.stmt] = []
        self.binders: Dict[str, List[int]] = {}
        self.effects: List[Tuple[int, Set[str]]] = []  # statements needed for what they do
        self.star_imports: List[int] = []
        for statement in tree.body:
            if _is_main_guard(statement) or is_fixture(statement):
                continue
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                    statement.name.startswith("test"):
                continue
            statement = _without_tests(statement)
            index = len(self.statements)
            self.statements.append(statement)
            if isinstance(statement, ast.ImportFrom) and \
                    any(alias.name == "*" for alias in statement.names):
                self.star_imports.append(index)
            for name in bound_names(statement):
                self.binders.setdefault(name, []).append(index)
            triggers = effect_triggers(statement)
            if triggers and "__file__" not in used_names([statement]):
                self.effects.append((index, triggers))  # beside the test file: none in a snippet

    def binds(self, name: str) -> bool:
        return name in self.binders

    def closure(self, names: Set[str], known: Optional[Set[str]] = None,
                project: Optional[Set[str]] = None) -> List[ast.stmt]:
        """The statements (in module order, imports cut to what is used) that ``names`` need,
        with the side effects on them or on the ``project``'s names."""
        wanted = set(names)
        chosen: Set[int] = set()
        pending = [n for n in wanted if n not in BUILTINS or n in self.binders]
        always = set(project or ())

        def choose(index: int) -> None:
            chosen.add(index)
            for more in used_names([self.statements[index]]) - wanted:
                wanted.add(more)
                pending.append(more)

        while True:
            while pending:
                for index in self.binders.get(pending.pop(), []):
                    if index not in chosen:
                        choose(index)
            for index, triggers in self.effects:
                if index not in chosen and triggers & (wanted | always):
                    choose(index)
            if not pending:
                break
        missing = {n for n in wanted if n not in self.binders and n not in BUILTINS}
        if known is not None:
            missing -= known
        if missing:
            chosen.update(self.star_imports)
        out: List[ast.stmt] = []
        for index in sorted(chosen):
            statement = self.statements[index]
            if isinstance(statement, (ast.Import, ast.ImportFrom)) and \
                    index not in self.star_imports:
                statement = _only_needed(statement, wanted)
            out.append(statement)
        return out


def _only_needed(statement: ast.stmt, wanted: Set[str]) -> ast.stmt:
    kept = copy.copy(statement)
    kept.names = [alias for alias in statement.names  # type: ignore[attr-defined]
                  if (alias.asname or alias.name.split(".")[0]) in wanted]
    return kept
