"""How instances of a class are built: which definition takes the constructor's arguments, and
the fields a dataclass's generated ``__init__`` takes.

Both stages share the order of :func:`constructor_source`; the generator also knows the bases
that bring a constructor of their own (NamedTuple, TypedDict, exceptions, enums), the analyzer
calls those unknown.  The stages read dataclass fields with their own tests for ``ClassVar``,
``KW_ONLY`` and ``field(...)`` (:class:`FieldRules`).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Callable, Iterator, List, Optional, Sequence

from executable_lines import child_blocks

from .syntax import FUNCTION_NODES, decorator_names

ENUM_BASES = {"enum.Enum", "enum.IntEnum", "enum.StrEnum", "enum.Flag", "enum.IntFlag"}


def has_dataclass_decorator(node: ast.ClassDef) -> bool:
    return any(name.split(".")[-1] == "dataclass" for name in decorator_names(node))


def constructor_source(has_init: bool, is_dataclass: bool, has_new: bool,
                       external_bases: Sequence[str], special_bases: bool) -> str:
    """What defines a class's constructor parameters: ``__init__``, ``dataclass``,
    ``namedtuple``, ``__new__``, ``typeddict``, ``exception``, ``unknown`` (an external base
    hides it) or ``default`` (none: no arguments).

    ``special_bases``: NamedTuple and TypedDict bases give their fields, exception bases a
    message, enum and ``abc`` bases nothing; else every external base hides the constructor.
    """
    lasts = [base.split(".")[-1] for base in external_bases]
    if has_init:
        return "__init__"
    if is_dataclass:
        return "dataclass"
    if special_bases and "NamedTuple" in lasts:
        return "namedtuple"
    if has_new:
        return "__new__"
    if not special_bases:
        return "unknown" if external_bases else "default"
    if "TypedDict" in lasts:
        return "typeddict"
    if external_bases and not all(b in ENUM_BASES or b.startswith("abc.") for b in external_bases):
        if all(b.split(".")[-1] in ("Exception", "BaseException") or
               b.endswith(("Error", "Warning")) for b in external_bases):
            return "exception"
        return "unknown"
    return "default"


@dataclass(frozen=True)
class FieldRules:
    """How one stage recognises the parts of a dataclass body."""

    classvar: Callable[[ast.expr], bool]  # the annotation of a class variable, not a field
    kw_only_marker: Callable[[ast.expr], bool]  # ``_: KW_ONLY``
    field_call: Callable[[ast.expr], bool]  # the function of ``x: int = field(...)``
    nested: bool  # also the fields inside ``if`` / ``try`` / ... blocks of the class body
    lambdas: bool  # ``f: Callable = lambda ...`` is a field (else a method)


@dataclass
class DataclassField:
    """One annotated name of a dataclass body (or, with ``marker``, its ``KW_ONLY``)."""

    stmt: ast.AnnAssign
    name: str
    default: Optional[ast.expr] = None  # the value, ``field(default=...)`` or the factory
    factory: bool = False  # ``default`` is a ``default_factory``
    kw_only: Optional[bool] = None  # ``field(kw_only=...)``
    marker: bool = False


def dataclass_fields(body: List[ast.stmt], rules: FieldRules) -> Iterator[DataclassField]:
    """The fields of a dataclass body in order, class variables and ``init=False`` fields left
    out."""
    for stmt in body:
        if isinstance(stmt, FUNCTION_NODES) or isinstance(stmt, ast.ClassDef):
            continue
        if not (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)):
            if rules.nested:
                for block in child_blocks(stmt):
                    yield from dataclass_fields(block, rules)
            continue
        if isinstance(stmt.value, ast.Lambda) and not rules.lambdas:
            continue
        if rules.classvar(stmt.annotation):
            continue
        if rules.kw_only_marker(stmt.annotation):
            yield DataclassField(stmt, stmt.target.id, marker=True)
            continue
        found = _field(stmt, rules)
        if found is not None:
            yield found


def _field(stmt: ast.AnnAssign, rules: FieldRules) -> Optional[DataclassField]:
    assert isinstance(stmt.target, ast.Name)
    value = stmt.value
    if not (isinstance(value, ast.Call) and rules.field_call(value.func)):
        return DataclassField(stmt, stmt.target.id, value)
    out = DataclassField(stmt, stmt.target.id)
    for kw in value.keywords:
        if kw.arg == "init" and isinstance(kw.value, ast.Constant) and kw.value.value is False:
            return None
        if kw.arg in ("default", "default_factory"):
            out.default, out.factory = kw.value, kw.arg == "default_factory"
        elif kw.arg == "kw_only" and isinstance(kw.value, ast.Constant):
            out.kw_only = bool(kw.value.value)
    return out
