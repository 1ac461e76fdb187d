"""Module-level bindings and star imports: every statement that binds a name at a module's top.

:func:`collect_bindings` walks a module body once, into every compound statement (``if``,
``try``, loops, ``with``, ``match``) but not into function or class bodies, and records each
binding in walk order with where it stands:

* ``fallback``: inside an ``else`` branch of an ``if`` or an ``except`` handler, the code that
  runs when the main path could not (``try: import json`` / ``except ImportError: json = None``);
* ``loop_or_match``: inside a loop or a ``match`` statement;
* ``type_only``: inside ``if TYPE_CHECKING:``, which never runs (a name a type hint names
  there cannot be imported at run time).

The analyzer reads every binding (a name means one thing only when all of them agree); the
generator reads the :func:`primary` one of those outside loops and ``match`` statements.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from executable_lines import child_blocks

from .syntax import FUNCTION_NODES, bound_names, lambda_assignment

_TRY_NODES: Tuple[type, ...] = tuple(t for t in (getattr(ast, "Try", None),
                                                 getattr(ast, "TryStar", None)) if t is not None)
# Compound statements whose blocks a reader of the module's names looks into.
_READ_COMPOUNDS: Tuple[type, ...] = (ast.If, ast.With, ast.AsyncWith) + _TRY_NODES


@dataclass
class Binding:
    """One statement binding a module-level name."""

    kind: str  # def | class | lambda | import | importfrom | assign | other
    line: int
    col: int = 0
    node: Optional[ast.AST] = None  # def / class: the statement; lambda: the Lambda
    value: Optional[ast.expr] = None  # assign and lambda: the value expression
    module: str = ""  # import: the module bound; importfrom: the module as written ("" for ".")
    name: str = ""  # importfrom: the name imported
    level: int = 0  # importfrom: the number of leading dots
    fallback: bool = False
    loop_or_match: bool = False
    type_only: bool = False


@dataclass
class StarImport:
    """``from <level dots><module> import *`` at a module's top."""

    module: str
    level: int
    line: int
    col: int
    fallback: bool = False
    loop_or_match: bool = False
    type_only: bool = False


@dataclass
class ModuleBindings:
    """Every module-level binding per name, and the star imports, in walk order."""

    names: Dict[str, List[Binding]] = field(default_factory=dict)
    stars: List[StarImport] = field(default_factory=list)


def collect_bindings(body: Sequence[ast.stmt]) -> ModuleBindings:
    """The bindings of a module body (walk order: a compound statement's own names first, then
    its blocks as :func:`executable_lines.child_blocks` lists them)."""
    out = ModuleBindings()
    _walk(body, out, False, False, False)
    return out


def primary(bindings: Sequence[Binding]) -> Binding:
    """The binding a reader takes a name's meaning from: the last one outside ``else`` branches
    and ``except`` handlers (the walk meets those in source order), else the first fallback in
    source order."""
    firm = [b for b in bindings if not b.fallback]
    if firm:
        return firm[-1]
    return min(bindings, key=lambda b: (b.line, b.col))


def compound_binds(node: ast.stmt) -> List[str]:
    """Names a compound statement's header binds: loop targets, ``with ... as``, ``except ...
    as``."""
    out: List[str] = []
    if isinstance(node, (ast.For, ast.AsyncFor)):
        out.extend(bound_names(node.target))
    if isinstance(node, (ast.With, ast.AsyncWith)):
        for item in node.items:
            if item.optional_vars is not None:
                out.extend(bound_names(item.optional_vars))
    for handler in getattr(node, "handlers", None) or []:
        if handler.name:
            out.append(handler.name)
    return out


def _walk(body: Sequence[ast.stmt], out: ModuleBindings, fallback: bool,
          loop_or_match: bool, type_only: bool) -> None:
    for stmt in body:
        _statement(stmt, out, fallback, loop_or_match, type_only)


def _type_checking(test: ast.expr) -> bool:
    """``TYPE_CHECKING`` or ``typing.TYPE_CHECKING`` (any module's)."""
    return isinstance(test, ast.Name) and test.id == "TYPE_CHECKING" or \
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _statement(stmt: ast.stmt, out: ModuleBindings, fallback: bool, loop_or_match: bool,
               type_only: bool) -> None:
    def bind(local: str, kind: str, **fields: Any) -> None:
        binding = Binding(kind, stmt.lineno, stmt.col_offset, fallback=fallback,
                          loop_or_match=loop_or_match, type_only=type_only, **fields)
        out.names.setdefault(local, []).append(binding)

    if isinstance(stmt, FUNCTION_NODES) or isinstance(stmt, ast.ClassDef):
        bind(stmt.name, "class" if isinstance(stmt, ast.ClassDef) else "def", node=stmt)
        return
    named = lambda_assignment(stmt)
    if named is not None:
        bind(named[0], "lambda", node=named[1], value=named[1])
        return
    if isinstance(stmt, ast.Import):
        for alias in stmt.names:
            top = alias.name.split(".")[0]
            bind(alias.asname or top, "import", module=alias.name if alias.asname else top)
        return
    if isinstance(stmt, ast.ImportFrom):
        for alias in stmt.names:
            if alias.name == "*":
                out.stars.append(StarImport(stmt.module or "", stmt.level, stmt.lineno,
                                            stmt.col_offset, fallback, loop_or_match,
                                            type_only))
            else:
                bind(alias.asname or alias.name, "importfrom", module=stmt.module or "",
                     name=alias.name, level=stmt.level)
        return
    if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        for target in targets:
            if isinstance(target, ast.Name) and not isinstance(stmt, ast.AugAssign):
                if stmt.value is not None:
                    bind(target.id, "assign", value=stmt.value)
            else:
                for name in bound_names(target):
                    if name != "__all__":
                        bind(name, "other")
        return
    if isinstance(stmt, ast.Delete):
        return
    blocks = child_blocks(stmt)
    if not blocks:
        return
    for name in compound_binds(stmt):
        bind(name, "other")
    handlers = [h.body for h in getattr(stmt, "handlers", None) or []]
    for block in blocks:
        if loop_or_match or not isinstance(stmt, _READ_COMPOUNDS):
            _walk(block, out, fallback, True, type_only)
        else:
            alternative = (isinstance(stmt, ast.If) and block is stmt.orelse) or \
                any(block is h for h in handlers)
            checking = isinstance(stmt, ast.If) and block is stmt.body and \
                _type_checking(stmt.test)
            _walk(block, out, fallback or alternative, False, type_only or checking)
