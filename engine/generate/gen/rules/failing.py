"""``failing_callables``: for code that catches what a function it was given raises.

A retry loop, a fallback, a counter of errors: code that calls a function inside ``try``
behaves differently only when that function raises, and the lambdas of the pools never do.
``failing(times, error)`` raises ``error`` on its first ``times`` calls and then returns its
first argument, so a retry that gives up one attempt earlier shows.  The errors are the builtin
ones the code's ``except`` clauses name, also through a parameter's default (``except
exceptions`` with ``exceptions=(ValueError,)``); ``ValueError`` for a clause that catches
everything.  They go to each parameter whose values are functions, one at a time on the base
call, and to the function a decorator returned by the entry point gets (``retry()(failing(2,
ValueError))(3)``, through ``returned_callables``' chains).  The helper is written into the
snippet, so the test stays ordinary Python.
"""

from __future__ import annotations

import ast
import builtins
import copy
from typing import Any, Dict, Iterator, List, Tuple

from ..plans import EntryPlan
from ..registry import Context, strategy
from ..values import Value, vexpr
from .callables import first_function
from .common import base_receiver, each_value, interleave, slots
from .returned_callables import call_chains, outer_calls

FAILING = '''def failing(times, error):
    # raises error on its first `times` calls, then returns its first argument
    calls = []

    def function(*args, **kwargs):
        calls.append(args)
        if len(calls) <= times:
            raise error('call %d of %d fails' % (len(calls), times))
        return args[0] if args else None
    return function'''

TIMES = (1, 2)
MAX_ERRORS = 2
CATCH_ALL = {"Exception", "BaseException"}


def _defaults(node: Any) -> Dict[str, Any]:
    """Parameter name -> default expression, over ``node`` and the functions inside it."""
    found: Dict[str, Any] = {}
    for sub in ast.walk(node):
        args = getattr(sub, "args", None)
        if not isinstance(args, ast.arguments):
            continue
        positional = list(args.posonlyargs) + list(args.args)
        for param, default in zip(positional[len(positional) - len(args.defaults):],
                                  args.defaults):
            found.setdefault(param.arg, default)
        for param, default in zip(args.kwonlyargs, args.kw_defaults):
            if default is not None:
                found.setdefault(param.arg, default)
    return found


def _is_builtin_error(name: str) -> bool:
    value = getattr(builtins, name, None)
    return isinstance(value, type) and issubclass(value, BaseException)


def caught_errors(node: Any) -> List[str]:
    """The builtin exception classes ``node``'s ``except`` clauses catch, in order."""
    if node is None:
        return []
    defaults = _defaults(node)
    found: List[str] = []
    for handler in ast.walk(node):
        if not isinstance(handler, ast.ExceptHandler):
            continue
        caught = handler.type
        if isinstance(caught, ast.Name) and caught.id in defaults:
            caught = defaults[caught.id]
        names = ["Exception"] if caught is None else [
            e.id for e in (caught.elts if isinstance(caught, ast.Tuple) else [caught])
            if isinstance(e, ast.Name)]
        for name in names:
            name = "ValueError" if name in CATCH_ALL else name
            if _is_builtin_error(name) and name not in found:
                found.append(name)
    return found[:MAX_ERRORS]


def failing_callables(errors: List[str]) -> List[Value]:
    """``failing(times, error)`` for each error and each number of failing calls."""
    return [vexpr("failing(%d, %s)" % (times, error), [], defs=[FAILING])
            for error in errors for times in TIMES]


@strategy("failing_callables", 1, rule=True)
def failing_callables_rule(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """When the code catches errors, functions that raise one on their first calls: for each
    function parameter, one at a time, and for the function a returned decorator gets; a retry
    or a fallback around the call runs only then."""
    streams = []
    for plan in ctx.target.plans:
        errors = caught_errors(plan.source.node if plan.source is not None else None)
        if errors:
            streams.append(_slot_values(plan, failing_callables(errors)))
            streams.append(_decorated(ctx, plan, errors))
    return interleave(streams)


def _slot_values(plan: EntryPlan, values: List[Value]) -> Iterator[Tuple[EntryPlan, Any]]:
    ctor = base_receiver(plan)
    streams = [each_value(plan, where, slot.name, values, ctor) for where, slot in slots(plan)
               if slot.kind not in ("var_positional", "var_keyword") and
               first_function(slot) is not None]
    for genome in interleave(streams):
        yield plan, genome


def _decorated(ctx: Context, plan: EntryPlan, errors: List[str]
               ) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    if plan.op not in ("call", "static", "method") or plan.source is None:
        return
    chains = call_chains(plan.source.node, failing_callables(errors))
    for genome in outer_calls(ctx, plan) if chains else []:
        for chain, times in chains:
            extended = copy.deepcopy(genome)
            extended["entry"]["call_result"] = {"chain": chain, "times": times}
            yield plan, extended
