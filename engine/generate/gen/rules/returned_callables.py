"""``returned_callables``: call the function an entry point returns.

Closures, decorators and decorator factories (``memoize(f)``, ``retry(3)``, ``compose(f, g)``)
return a function whose body is where the work happens; a test that only prints the returned
function never runs it, and a change inside it stays at 0 % coverage.  When the entry point's
own body returns a function it defines (a nested ``def`` or a ``lambda``), its calls are
followed by calls of the returned function: arguments chosen from the nested function's
parameters (a function for a parameter the body calls, a number, a string or a list otherwise;
one value for ``*args``), one link deeper when that function returns one of its own (a
decorator factory: ``result(lambda x: x)(3)``), and the first call made twice (caches,
counters, generators keep state between calls).  Each returned value is printed.
"""

from __future__ import annotations

import ast
import copy
import json
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

from pymodel.syntax import FUNCTION_NODES

from ..genome import is_genome, make_genome
from ..plans import EntryPlan
from ..registry import Context, strategy
from ..values import Value, vexpr, vint, vseq, vstr
from .common import base_receiver

Chain = List[List[Value]]
OUTER_TESTS = 3  # earlier calls of the entry point, besides the base call, given the chains
ABORTED = ("raised", "timeout", "killed", "crashed")
CALLABLE_NAMES = {"func", "fn", "f", "function", "callback", "wrapped", "method", "meth",
                  "key", "predicate", "pred", "hook", "handler", "fun", "callable", "g"}


@strategy("returned_callables", 1, rule=True)
def returned_callables(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """When the entry point returns a function it defines (a closure, a decorator, a decorator
    factory), the returned function is called: with a function, a number, a string or a list
    as its parameters ask, one link deeper for a decorator factory, the first call twice; a
    change inside the returned function is otherwise never run."""
    for plan in ctx.target.plans:
        if plan.op not in ("call", "static", "method") or plan.source is None:
            continue
        chains = call_chains(plan.source.node)
        if not chains:
            continue
        for genome in outer_calls(ctx, plan):
            for chain, times in chains:
                extended = copy.deepcopy(genome)
                extended["entry"]["call_result"] = {"chain": chain, "times": times}
                yield plan, extended


def outer_calls(ctx: Context, plan: EntryPlan) -> List[Dict[str, Any]]:
    """The base call, then the latest calls of this entry point that did not raise."""
    out = [make_genome(plan, {}, base_receiver(plan))]
    seen = {_choice_key(out[0])}
    for test in reversed(ctx.tests):
        genome = test.get("genome")
        if len(out) > OUTER_TESTS:
            break
        if not is_genome(genome) or test.get("outcome") in ABORTED or \
                genome["entry"].get("plan") != plan.key or genome.get("relation") is not None \
                or any(genome["entry"].get(k) for k in ("call_result", "observe", "probe")):
            continue
        key = _choice_key(genome)
        if key not in seen:
            seen.add(key)
            out.append(genome)
    return out


def call_chains(node: Any, functions: Sequence[Value] = ()) -> List[Tuple[Chain, int]]:
    """(argument lists of the successive calls, times) for a def returning a function; with
    ``functions``, only those for its callable parameters (rules/failing.py)."""
    first = returned_function(node)
    if first is None:
        return []
    second = returned_function(first)
    outer = argument_sets(first, functions)
    if not outer:
        return []
    inner = argument_sets(second)[:2] if second is not None else [[]]
    chains: List[Tuple[Chain, int]] = []
    for args in outer:
        for more in inner:
            chains.append(([args, more] if second is not None else [args], 1))
    chains.insert(1, (chains[0][0], 2))
    return chains


def returned_function(node: Any) -> Optional[Any]:
    """The nested def or lambda ``node``'s own body returns (None for anything else)."""
    if not isinstance(node, FUNCTION_NODES):
        return None
    nested: Dict[str, Any] = {}
    returned: List[Any] = []
    for sub in _own_scope(node):
        if isinstance(sub, FUNCTION_NODES) and sub is not node:
            nested[sub.name] = sub
        elif isinstance(sub, ast.Return) and sub.value is not None:
            returned.append(sub.value)
    for value in returned:
        if isinstance(value, ast.Lambda):
            return value
        if isinstance(value, ast.Name) and value.id in nested:
            return nested[value.id]
    return None


def _own_scope(node: Any) -> Iterator[Any]:
    """The nodes of a function's body, nested functions and classes included but not entered."""
    stack = list(reversed(node.body)) if isinstance(node.body, list) else [node.body]
    while stack:
        sub = stack.pop()
        yield sub
        if isinstance(sub, FUNCTION_NODES + (ast.Lambda, ast.ClassDef)):
            continue
        stack.extend(reversed(list(ast.iter_child_nodes(sub))))


def argument_sets(func: Any, functions: Sequence[Value] = ()) -> List[List[Value]]:
    """A few argument lists for a function's required positional parameters; with
    ``functions``, one per function for its callable parameters (none when it has none)."""
    args = func.args
    positional = list(getattr(args, "posonlyargs", [])) + list(args.args)
    required = positional[:len(positional) - len(args.defaults)]
    if required and required[0].arg in ("self", "cls"):
        required = required[1:]
    called = _called_names(func)
    if not required:
        if functions:
            return []
        return [[vint(3)], [vstr("abc")]] if args.vararg is not None else [[]]
    kinds = ["callable" if p.arg in called or p.arg in CALLABLE_NAMES else "value"
             for p in required]
    if functions:
        return [[f if kind == "callable" else vint(3) for kind in kinds] for f in functions] \
            if "callable" in kinds else []
    out = []
    for plain in (vint(3), vstr("abc"), vseq("list", [vint(1), vint(2)])):
        out.append([vexpr("lambda x: x") if kind == "callable" else plain for kind in kinds])
    if all(kind == "callable" for kind in kinds):
        return out[:1]
    return out


def _called_names(func: Any) -> set:
    body = func.body if isinstance(func.body, list) else [func.body]
    return {sub.func.id for stmt in body for sub in ast.walk(stmt)
            if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name)}


def _choice_key(genome: Dict[str, Any]) -> str:
    chosen: List[Any] = [genome.get(k) for k in ("ctor", "setup", "args")]
    return json.dumps(chosen, sort_keys=True, default=str)
