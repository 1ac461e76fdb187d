"""Module-level constants folded to their values, to tell a rewrite from a change.

``PATTERN = "({0}|{1})".format(A, B)`` rewritten as ``"({}|{})".format(A, B)``, or a string
split over two lines, changes a line and not the value: every function reading the name would
otherwise become a target and share the budget with the real change.  A changed name whose
value folds to the same constant on both versions is not a changed name.

Folding is static and small: literals and containers of them, names bound once to a foldable
value in the module or in the package module they are imported from (``grammar.WORD``), ``+``,
``%`` and ``*`` (sizes bounded), f-strings, ``str.format`` with bare fields, ``str.join``, and
``re.compile`` of a foldable pattern with ``re`` flags.  Anything else does not fold, and the
name stays changed.
"""

from __future__ import annotations

import ast
import re
import string
from typing import Any, Dict, Optional, Set, Tuple

from pymodel.modules import absolute_module

from .model import ModuleInfo

MAX_DEPTH = 80  # expression nesting and names followed, together
MAX_SIZE = 100_000  # characters or items a folded value may hold

# A printf width or precision of three digits or more, or taken from an argument: refused, a
# hostile constant could ask for gigabytes of padding.
WIDE_PRINTF = re.compile(r"%[^a-zA-Z%]*(\d{3,}|\*)")

Folded = Tuple[bool, Any]


class Sym(tuple):
    """A value known only by how it is built (a name bound in both branches of an ``if``, and
    what is joined from it): two versions building it alike hold equal values."""


def _has_sym(value: Any, depth: int = 0) -> bool:
    if isinstance(value, Sym):
        return True
    if depth > 8:
        return False
    if isinstance(value, (list, tuple, frozenset)):
        return any(_has_sym(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return any(_has_sym(v, depth + 1) for v in value.values())
    return False
NO: Folded = (False, None)


Modules = Dict[str, ModuleInfo]


def same_value(old: Modules, new: Modules, modname: str, name: str,
               branches_kept: bool = False) -> bool:
    """Whether module-level ``name`` of ``modname`` folds to equal values of the same type in
    both versions.  A name bound once in each; with ``branches_kept`` (the caller saw no
    condition around its bindings change), also one bound in several branches, alike."""
    sides = [(modules, modules.get(modname)) for modules in (old, new)]
    if any(mod is None or mod.error is not None for _m, mod in sides):
        return False
    try:
        folded = [_named(Folder(modules), mod, name, set(), 0) if branches_kept else
                  _single(Folder(modules), mod, name) for modules, mod in sides]
    except RecursionError:
        return False
    if not (folded[0][0] and folded[1][0]):
        return False
    a, b = folded[0][1], folded[1][1]
    if isinstance(a, Sym) and isinstance(b, Sym) and a[:1] == ("alternatives",):
        a, b = a[3:], b[3:]  # the name's own alternatives, not where it was read from
    return type(a) is type(b) and a == b


def _single(folder: "Folder", mod: ModuleInfo, name: str) -> Folded:
    value = _bound_value(mod, name)
    return fold(folder, mod, value, set(), 0) if value is not None else NO


def branch_lines(mod: Optional[ModuleInfo], name: str) -> Set[int]:
    """The header lines of the module-level compound statements (``if``, ``try``) around the
    bindings of ``name``: their conditions decide which binding runs."""
    out: Set[int] = set()
    if mod is None or mod.tree is None:
        return out
    lines = {b.line for b in mod.bindings_of(name)}
    for stmt in mod.tree.body:
        if isinstance(stmt, (ast.If, ast.Try)) and any(
                stmt.lineno <= line <= (stmt.end_lineno or stmt.lineno) for line in lines):
            out.add(stmt.lineno)
            out.update(h.lineno for h in getattr(stmt, "handlers", []))
            orelse = getattr(stmt, "orelse", [])
            if len(orelse) == 1 and isinstance(orelse[0], ast.If):
                out.add(orelse[0].lineno)  # an elif's condition
    return out


def _bound_value(mod: Optional[ModuleInfo], name: str) -> Optional[ast.expr]:
    if mod is None or mod.error is not None:
        return None
    bindings = mod.bindings_of(name)
    if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].value is None:
        return None
    return bindings[0].value


class Folder:
    """The package's modules of one version, for names imported from another module."""

    def __init__(self, modules: Modules) -> None:
        self.modules = modules

    def origin(self, mod: ModuleInfo, name: str) -> Tuple[Optional[str], Optional[str]]:
        """(module, name) that ``name`` of ``mod`` is imported as, or (module, None) when it
        is a module itself; (None, None) when it is not imported."""
        bindings = mod.bindings_of(name)
        if len(bindings) != 1:
            return None, None
        binding = bindings[0]
        if binding.kind == "import":
            return binding.module, None
        if binding.kind != "importfrom":
            return None, None
        source = absolute_module(mod.name, mod.is_package, binding.module, binding.level)
        if not source:
            return None, None
        full = "%s.%s" % (source, binding.name)
        return (full, None) if full in self.modules else (source, binding.name)


def fold(folder: Folder, mod: ModuleInfo, node: Any, seen: Set[str], depth: int) -> Folded:
    """(True, value) when ``node`` folds to a constant in ``mod``."""
    if depth > MAX_DEPTH:
        return NO
    if isinstance(node, ast.Constant):
        return True, node.value
    if isinstance(node, ast.Name):
        return _named(folder, mod, node.id, seen, depth)
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        module, name = folder.origin(mod, node.value.id)
        if module == "re" and name is None:
            return True, ("re", node.attr)  # a flag, compared by name
        other = folder.modules.get(module or "")
        if other is not None and name is None:
            return _named(folder, other, node.attr, seen, depth)
        return NO
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        items = [fold(folder, mod, e, seen, depth + 1) for e in node.elts]
        if not all(ok for ok, _v in items):
            return NO
        values = [v for _ok, v in items]
        kind = {ast.Tuple: tuple, ast.List: list, ast.Set: frozenset}[type(node)]
        try:
            return True, kind(values)
        except TypeError:
            return NO
    if isinstance(node, ast.Dict) and None not in node.keys:
        keys = [fold(folder, mod, k, seen, depth + 1) for k in node.keys]
        values = [fold(folder, mod, v, seen, depth + 1) for v in node.values]
        if not all(ok for ok, _v in keys + values):
            return NO
        try:
            return True, {k: v for (_a, k), (_b, v) in zip(keys, values)}
        except TypeError:
            return NO
    if isinstance(node, ast.BinOp):
        return _binop(folder, mod, node, seen, depth)
    if isinstance(node, ast.JoinedStr):
        return _fstring(folder, mod, node, seen, depth)
    if isinstance(node, ast.Call):
        compiled = _compiled(folder, mod, node, seen, depth)
        return compiled if compiled[0] else _str_call(folder, mod, node, seen, depth)
    return NO


def _compiled(folder: Folder, mod: ModuleInfo, node: ast.Call, seen: Set[str],
              depth: int) -> Folded:
    """``re.compile(PATTERN, FLAGS)``: the pattern and the flags, compared as such (two
    compilations of one pattern behave alike)."""
    func = node.func
    if not (isinstance(func, ast.Attribute) and func.attr == "compile" and
            isinstance(func.value, ast.Name) and
            folder.origin(mod, func.value.id) == ("re", None)) or node.keywords or \
            not 1 <= len(node.args) <= 2:
        return NO
    args = [fold(folder, mod, a, seen, depth + 1) for a in node.args]
    if not all(ok for ok, _v in args):
        return NO
    flags = _flag_set(args[1][1]) if len(args) == 2 else frozenset()
    if flags is None:
        return NO
    return True, ("re.compile", args[0][1], flags)


def _flag_set(value: Any) -> Optional[frozenset]:
    if isinstance(value, tuple) and len(value) == 2 and value[0] == "re":
        return frozenset([value[1]])
    if isinstance(value, frozenset):
        return value
    if value == 0:
        return frozenset()
    return None


def _named(folder: Folder, mod: ModuleInfo, name: str, seen: Set[str], depth: int) -> Folded:
    key = "%s.%s" % (mod.name, name)
    if key in seen:
        return NO
    module, imported = folder.origin(mod, name)
    if module is not None:
        other = folder.modules.get(module)
        if other is None or imported is None:
            return NO
        return _named(folder, other, imported, seen | {key}, depth + 1)
    value = _bound_value(mod, name)
    if value is not None:
        return fold(folder, mod, value, seen | {key}, depth + 1)
    # A name bound in each branch of a module-level ``if`` (a wide and a narrow character
    # range) folds to all of its values: equal on both versions whichever branch runs.  Only
    # for names read, never for a changed name itself, whose branch condition may have moved.
    bindings = mod.bindings_of(name)
    if len(bindings) < 2 or any(b.kind != "assign" or b.value is None for b in bindings):
        return NO
    values = [fold(folder, mod, b.value, seen | {key}, depth + 1) for b in bindings]
    if not all(ok for ok, _v in values):
        return NO
    return True, Sym(("alternatives", mod.name, name) + tuple(v for _ok, v in values))


def _sized(value: Any) -> Folded:
    if isinstance(value, (str, bytes, tuple, list)) and len(value) > MAX_SIZE:
        return NO
    return True, value


def _binop(folder: Folder, mod: ModuleInfo, node: ast.BinOp, seen: Set[str], depth: int) -> Folded:
    left = fold(folder, mod, node.left, seen, depth + 1)
    right = fold(folder, mod, node.right, seen, depth + 1)
    if not (left[0] and right[0]):
        return NO
    a, b = left[1], right[1]
    if _has_sym(a) or _has_sym(b):
        if isinstance(node.op, (ast.Add, ast.Mod)):
            return True, Sym(("op", type(node.op).__name__, a, b))
        return NO
    if isinstance(node.op, ast.BitOr) and _flag_set(a) is not None and \
            _flag_set(b) is not None and not isinstance(a, int):
        return True, _flag_set(a) | _flag_set(b)  # type: ignore[operator]
    try:
        if isinstance(node.op, ast.Add):
            return _sized(a + b)
        if isinstance(node.op, ast.Mod) and isinstance(a, str) and not WIDE_PRINTF.search(a):
            return _sized(a % b)
        if isinstance(node.op, ast.Mult) and isinstance(a, (str, tuple)) and \
                isinstance(b, int) and not isinstance(b, bool) and len(a) * b <= MAX_SIZE:
            return True, a * b
    except (TypeError, ValueError, KeyError, OverflowError):
        return NO
    return NO


def _fstring(folder: Folder, mod: ModuleInfo, node: ast.JoinedStr, seen: Set[str],
             depth: int) -> Folded:
    parts = []
    for value in node.values:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            parts.append(value.value)
            continue
        if not isinstance(value, ast.FormattedValue) or value.conversion != -1 or \
                value.format_spec is not None:
            return NO
        ok, folded = fold(folder, mod, value.value, seen, depth + 1)
        if ok and isinstance(folded, Sym):
            parts.append(folded)
            continue
        if not ok or not isinstance(folded, (str, int)) or isinstance(folded, bool):
            return NO
        parts.append(str(folded))
    if any(isinstance(p, Sym) for p in parts):
        return True, Sym(("fstring",) + tuple(parts))
    return _sized("".join(parts))


def _plain_fields(template: str) -> bool:
    """Whether every replacement field of a format string is bare (``{}``, ``{0}``, ``{name}``):
    no format spec (a width could ask for gigabytes), conversion, attribute or index."""
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError:
        return False
    for _text, name, spec, conversion in fields:
        if name is None:
            continue
        if spec or conversion or "." in name or "[" in name:
            return False
    return True


def _str_call(folder: Folder, mod: ModuleInfo, node: ast.Call, seen: Set[str],
              depth: int) -> Folded:
    """``"...".format(...)`` and ``"sep".join([...])`` on foldable strings."""
    func = node.func
    if not isinstance(func, ast.Attribute) or func.attr not in ("format", "join"):
        return NO
    owner = fold(folder, mod, func.value, seen, depth + 1)
    if not owner[0] or not isinstance(owner[1], str):
        return NO
    args = [fold(folder, mod, a.value if isinstance(a, ast.Starred) else a, seen, depth + 1)
            for a in node.args]
    keywords = {k.arg: fold(folder, mod, k.value, seen, depth + 1) for k in node.keywords}
    if not all(ok for ok, _v in args) or None in keywords or \
            not all(ok for ok, _v in keywords.values()):
        return NO
    values: list = []
    for arg, (_ok, value) in zip(node.args, args):
        if not isinstance(arg, ast.Starred):
            values.append(value)
        elif isinstance(value, (tuple, list)):
            values.extend(value)
        else:
            return NO
    if not all(isinstance(v, (str, int, float, tuple, list, frozenset, dict)) for v in values):
        return NO
    named = tuple(sorted((k, v) for k, (_ok, v) in keywords.items()))
    if _has_sym(values) or _has_sym([v for _k, v in named]):
        return True, Sym(("call", func.attr, owner[1], tuple(values), named))
    try:
        if func.attr == "format":
            if not _plain_fields(owner[1]):
                return NO
            return _sized(owner[1].format(*values, **dict(named)))
        if len(values) == 1 and not keywords:
            return _sized(owner[1].join(values[0]))
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        return NO
    return NO
