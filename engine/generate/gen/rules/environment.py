"""``environment_variables``: the variables of the environment the target reads, set.

Configuration by environment variable is everywhere (``NO_COLOR``, ``*_DEBUG``, a locale, a
path), and a change behind such a switch never shows while the variable is unset, which is how
every other test runs.  When the target (either version) reads a variable by a constant name
(``os.environ.get('X')``, ``os.environ['X']``, ``os.getenv('X')``, ``'X' in os.environ``, the
same through ``from os import environ, getenv``; in its body, in the module-level assignment of
a name it reads, or in a function of its module it calls), its tests run again with the
variable set: to
each string the code compares the variable with, to the usual switch spellings, and unset.  The
snippet sets it before anything is imported, so it reads as an ordinary script; each test runs
in its own process, so nothing leaks into the next.
"""

from __future__ import annotations

import ast
import copy
import json
from typing import Any, Dict, Iterator, List, Optional, Set, Tuple

from ..feedback import covered_lines
from ..genome import is_genome, make_genome
from ..plans import SIDES, EntryPlan, Target
from ..registry import Context, strategy
from .common import base_receiver, target_def, target_module

SWITCH_VALUES = ("1", "0", "", "true", "false")
MAX_VALUES = 8  # per variable, unset included
MAX_BASES = 3  # the target's tests each variable setting is tried on
MAX_PER_TARGET = 24  # tests with a variable set, per target over the whole run


@strategy("environment_variables", 0, rule=True)
def environment_variables(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """When the target reads an environment variable by name, its tests run again with the
    variable set to each value the code compares it with, to 1, 0, empty, true and false, and
    unset: a change behind a switch of the environment never shows while the switch is off."""
    variables = environment_reads(ctx.target)
    if not variables:
        return
    mine = [t for t in ctx.tests if t.get("target") == ctx.target.qualname and
            is_genome(t.get("genome")) and t["genome"].get("relation") is None]
    done = {_key(t["genome"]) for t in mine if t["genome"].get("environ")}
    budget = MAX_PER_TARGET - len(done)
    for plan, genome in _bases(ctx, mine):
        for name, values in sorted(variables.items()):
            for value in values:
                if budget <= 0:
                    return
                varied = copy.deepcopy(genome)
                varied["environ"] = {name: value}
                if _key(varied) in done:
                    continue
                done.add(_key(varied))
                budget -= 1
                yield plan, varied


def environment_reads(target: Target) -> Dict[str, List[Optional[str]]]:
    """Per variable the target reads by a constant name, the values to try (None: unset): in
    its own body, in the module-level assignments of the names it reads (``STYLE =
    os.environ.get('STYLE')``, read at import) and in the bodies of its module's functions it
    calls by name."""
    compared: Dict[str, List[str]] = {}
    for side in SIDES:
        scopes, aliases = _scopes(target, side)
        for scope in scopes:
            _reads_in(scope, aliases, compared)
    out: Dict[str, List[Optional[str]]] = {}
    for name, strings in compared.items():
        values: List[Optional[str]] = list(dict.fromkeys(strings + list(SWITCH_VALUES)))
        out[name] = values[:MAX_VALUES - 1] + [None]
    return out


def _reads_in(scope: ast.AST, aliases: Dict[str, str], compared: Dict[str, List[str]]) -> None:
    """Adds the variables ``scope`` reads, with the strings it compares them with; a name of
    ``aliases`` stands for the variable the module assigned it from."""
    for sub in ast.walk(scope):
        name = _read_name(sub)
        if name is not None:
            compared.setdefault(name, [])
        elif isinstance(sub, ast.Compare):
            operands = [sub.left] + list(sub.comparators)
            names = [n for o in operands for x in ast.walk(o)
                     for n in [_read_name(x) or _alias(x, aliases)] if n]
            for name in names:
                compared.setdefault(name, []).extend(
                    s for o in operands for s in _strings(o) if s != name)


def _alias(node: ast.AST, aliases: Dict[str, str]) -> Optional[str]:
    return aliases.get(node.id) if isinstance(node, ast.Name) else None


def _scopes(target: Target, side: str) -> Tuple[List[ast.AST], Dict[str, str]]:
    """The target's def on one side, the module-level assignments of names it reads that read
    the environment, and its module's functions it calls by name; and those names, each with
    the variable it holds."""
    node = target_def(target, side)
    module = target_module(target, side)
    if node is None:
        return [], {}
    if module is None:
        return [node], {}
    read = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
    scopes: List[ast.AST] = [node]
    aliases: Dict[str, str] = {}
    for statement in module.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if statement.name in read and statement is not node:
                scopes.append(statement)
            continue
        assigned = _assigned(statement) & read
        variables = [v for v in map(_read_name, ast.walk(statement)) if v]
        if assigned and variables:
            scopes.append(statement)
            aliases.update((name, variables[0]) for name in assigned)
    return scopes, aliases


def _assigned(statement: ast.stmt) -> Set[str]:
    targets = statement.targets if isinstance(statement, ast.Assign) else \
        [statement.target] if isinstance(statement, ast.AnnAssign) else []
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


def _read_name(node: ast.AST) -> Optional[str]:
    """The variable ``node`` reads from the environment by a constant name, if it does."""
    if isinstance(node, ast.Call) and node.args and _text(node.args[0]) is not None:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "get" and _is_environ(func.value):
            return _text(node.args[0])
        if _dotted(func) in ("os.getenv", "getenv"):
            return _text(node.args[0])
    if isinstance(node, ast.Subscript) and _is_environ(node.value):
        return _text(node.slice)
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and \
            isinstance(node.ops[0], (ast.In, ast.NotIn)) and _is_environ(node.comparators[0]):
        return _text(node.left)
    return None


def _is_environ(node: ast.AST) -> bool:
    return _dotted(node) in ("os.environ", "environ")


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return inner + "." + node.attr if inner else ""
    return ""


def _text(node: ast.AST) -> Optional[str]:
    if isinstance(node, ast.Index):  # Python 3.8
        node = node.value  # type: ignore[attr-defined]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _strings(node: ast.AST) -> List[str]:
    """The string constants of an operand: ``'yes'``, ``('1', 'true')``, ``{'on'}``."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for element in node.elts for s in _strings(element)]
    text = _text(node)
    return [text] if text is not None and len(text) <= 64 else []


def _bases(ctx: Context, mine: List[Dict[str, Any]]) -> List[Tuple[EntryPlan, Dict[str, Any]]]:
    """The tests to vary: the latest that reached a changed line, else the latest, else the
    base call of the first plan (the first round has no tests yet)."""
    plain = [t for t in reversed(mine) if not t["genome"].get("environ")
             and not t["genome"]["entry"].get("observe")]
    reached = [t for t in plain if _reaches_change(t, ctx.target)]
    out: List[Tuple[EntryPlan, Dict[str, Any]]] = []
    seen = set()
    for test in reached + plain:
        plan = ctx.plans_by_key.get(str(test["genome"]["entry"].get("plan") or ""))
        if plan is None or _key(test["genome"]) in seen:
            continue
        seen.add(_key(test["genome"]))
        out.append((plan, test["genome"]))
        if len(out) >= MAX_BASES:
            break
    if not out and ctx.target.plans:
        plan = ctx.target.plans[0]
        out.append((plan, make_genome(plan, {}, base_receiver(plan))))
    return out


def _reaches_change(test: Dict[str, Any], target: Target) -> bool:
    return any(set(target.changed.get(side) or []) & set(covered_lines(
        test, side, target.files.get(side))) for side in SIDES)


def _key(genome: Dict[str, Any]) -> str:
    chosen: List[Any] = [(genome.get("entry") or {}).get("plan"), genome.get("environ")] + \
        [genome.get(k) for k in ("ctor", "setup", "args")]
    return json.dumps(chosen, sort_keys=True, default=str)
