"""The project classes a target's changed lines test values against (``isinstance(x, Marker)``).

A project's test hands the code plain values (``'a'``); a change that adds or alters a branch for
an object of one of the project's own classes (``if isinstance(key, Optional):``, on a changed
line or guarding one) is reached only when the value is such an object.  The literal mutants of
the project's tests offer each scalar wrapped in each of these classes (``Optional('a')``),
where its constructor takes that one argument and the class is importable the same way from
both versions.  A helper that a changed line calls with a value (``self.is_complex =
self._is_complex(schema)``) tests it for the line: its ``isinstance`` checks of its own
parameters count too, and a class it imports inside its body (to dodge a circular import) is
found there.
"""

from __future__ import annotations

import ast
from typing import Any, Dict, List, Optional, Set, Tuple

from pymodel.modules import absolute_module
from pymodel.project import Tree
from pymodel.resolve import Ref
from pymodel.syntax import FUNCTION_NODES

from .forwarded import callee_of

MAX_CLASSES = 3
POSITIONAL = ("positional_only", "positional_or_keyword", "var_positional")


def _tested_types(func: Any, lines: List[int]) -> List[ast.expr]:
    """The second arguments of the ``isinstance`` calls in the statements starting on ``lines``
    and in the conditions of the ``if`` and ``while`` statements whose body holds one of them (a
    changed line inside ``if isinstance(key, Marker):`` runs only for a Marker); each type of a
    tuple apart."""
    wanted = set(lines)
    tested: List[ast.expr] = []
    for statement in ast.walk(func) if isinstance(func, FUNCTION_NODES) else []:
        if not isinstance(statement, ast.stmt) or \
                isinstance(statement, FUNCTION_NODES + (ast.ClassDef,)):
            continue
        if statement.lineno in wanted:
            tested.append(statement)
        elif isinstance(statement, (ast.If, ast.While)) and any(
                isinstance(inner, ast.stmt) and inner.lineno in wanted
                for held in statement.body for inner in ast.walk(held)):
            tested.append(statement.test)  # an ``elif`` arm is an ``if`` of its own
    return [kind for part in tested for kind in _isinstance_types(part)]


def _isinstance_types(node: Any, subjects: Optional[Set[str]] = None) -> List[ast.expr]:
    """The types the ``isinstance`` calls in ``node`` name, each of a tuple apart; with
    ``subjects``, only those of calls testing one of these names."""
    out: List[ast.expr] = []
    for call in ast.walk(node):
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and \
                call.func.id == "isinstance" and len(call.args) == 2 and \
                (subjects is None or isinstance(call.args[0], ast.Name) and
                 call.args[0].id in subjects):
            kinds = call.args[1]
            out += kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
    return out


def _one_argument(tree: Tree, qual: str) -> bool:
    """Whether ``qual`` is a concrete class built from one positional argument."""
    model = tree.class_model(qual)
    if model is None or model.is_exception or model.is_enum or model.is_abstract:
        return False
    if model.ctor is None:  # an external base (``class Markup(str)``) takes the value
        return bool(model.external_bases)
    takes = any(p.kind in POSITIONAL for p in model.ctor)
    return takes and sum(p.required for p in model.ctor) <= 1


def _classes_on(tree: Tree, qualname: str, lines: List[int]) -> List[str]:
    found = tree.find_local_def(qualname)
    if found is None or not lines:
        return []
    module, func, classes = found
    owner = qualname.rsplit(".", 1)[0] if classes else None
    tested = [(module, func, node) for node in _tested_types(func, lines)]
    out: List[str] = []
    for where, body, node in tested + _tested_by_callees(tree, module, func, lines, owner):
        ref = _resolved(tree, where, body, node)
        if ref is not None and ref.kind == "class" and ref.name not in out and \
                _one_argument(tree, ref.name):
            out.append(ref.name)
    return out


def _tested_by_callees(tree: Tree, module: str, func: Any, lines: List[int],
                       owner: Optional[str]) -> List[Tuple[str, Any, ast.expr]]:
    """(module, callee, type) for the ``isinstance`` checks of a project callable's own
    parameters, where a statement on ``lines`` calls it."""
    wanted = set(lines)
    out: List[Tuple[str, Any, ast.expr]] = []
    for statement in ast.walk(func) if isinstance(func, FUNCTION_NODES) else []:
        if not isinstance(statement, ast.stmt) or statement.lineno not in wanted or \
                isinstance(statement, FUNCTION_NODES + (ast.ClassDef,)):
            continue
        for call in (n for n in ast.walk(statement) if isinstance(n, ast.Call)):
            callee = callee_of(tree, module, call.func, owner)
            if callee is None or not isinstance(callee[3], FUNCTION_NODES):
                continue
            where = (tree.split(callee[0]) or (module, []))[0]
            params = {p.name for p in callee[1]}
            out += [(where, callee[3], kind) for kind in _isinstance_types(callee[3], params)]
    return out


def _resolved(tree: Tree, module: str, func: Any, node: ast.expr) -> Optional[Ref]:
    """``node`` as the module reads it, else as an import inside ``func`` binds it."""
    ref = tree.resolve(module, node)
    if ref is not None or not isinstance(node, ast.Name):
        return ref
    loaded = tree.load(module)
    for statement in ast.walk(func):
        if not isinstance(statement, ast.ImportFrom):
            continue
        for alias in statement.names:
            if (alias.asname or alias.name) == node.id and loaded is not None:
                source = absolute_module(module, loaded.is_package, statement.module,
                                         statement.level)
                return tree.lookup(source, alias.name) if source else None
    return None


def checked_classes(trees: Dict[str, Tree], qualname: str, changed: Dict[str, List[int]]
                    ) -> List[Tuple[str, str]]:
    """(import line, expression) of each project class the target's changed lines, old or
    new, test a value against, importable alike from both trees."""
    out: List[Tuple[str, str]] = []
    for side in ("new", "old"):
        for qual in _classes_on(trees[side], qualname, changed.get(side) or []):
            ref = _same_on_both(trees, qual)
            if ref is not None and ref not in out:
                out.append(ref)
    return out[:MAX_CLASSES]


def _same_on_both(trees: Dict[str, Tree], qual: str) -> Optional[Tuple[str, str]]:
    refs = set()
    for tree in trees.values():
        if tree.class_model(qual) is None:
            return None
        refs.add(tree.public_ref(qual))
    ref = refs.pop() if len(refs) == 1 else None
    return ref if ref is not None and ref[0] else None
