"""``callable_objects``: the callable protocol implemented in unusual but legal ways.

A parameter that takes a function (a key, a hook, a callback, a factory) gets plain lambdas from
the pools; code that inspects what it was given (``inspect.isgeneratorfunction``,
``iscoroutinefunction``, ``__name__``, ``__wrapped__``, the signature, whether it is a bound
method) or calls it in a new way behaves differently only for other kinds of callables.  For
each parameter whose values are functions, one at a time on the base call, the slot's first
function wrapped as:

* a ``functools.partial`` (no ``__name__``, not a function);
* an instance with ``__call__`` (``CallableObject``) and a bound method of one;
* a generator function (calling it runs nothing until the result is iterated);
* a coroutine function (calling it returns a coroutine);
* a ``functools.wraps`` wrapper taking ``*args, **kwargs`` (``__wrapped__`` set).

The helpers are written into the snippet, so the test stays ordinary Python.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Tuple

from ..plans import EntryPlan, Slot
from ..registry import Context, strategy
from ..strategies import per_plan
from ..values import Value, key, vcall, vexpr
from .common import base_receiver, each_value, interleave, slots

CALLABLE_OBJECT = '''class CallableObject:
    """An instance with __call__ (and a bound method): callable, but not a function."""

    def __init__(self, func):
        self.func = func

    def __call__(self, *args, **kwargs):
        return self.func(*args, **kwargs)

    def method(self, *args, **kwargs):
        return self.func(*args, **kwargs)

    def __repr__(self):
        return 'CallableObject(%r)' % (self.func,)'''

AS_GENERATOR = '''def as_generator(func):
    # a generator function: calling it runs nothing until the result is iterated
    def generator(*args, **kwargs):
        yield func(*args, **kwargs)
    return generator'''

AS_COROUTINE = '''def as_coroutine(func):
    # a coroutine function: calling it returns a coroutine
    async def coroutine(*args, **kwargs):
        return func(*args, **kwargs)
    return coroutine'''

WRAPPED = '''def wrapped(func):
    # a decorated function: *args, **kwargs, with __wrapped__ pointing at func
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)
    return wrapper'''


@strategy("callable_objects", 1, rule=True)
def callable_objects(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """The callable protocol in unusual but legal ways, one function parameter at a time: a
    functools.partial, an instance with __call__, a bound method, a generator function, a
    coroutine function, a functools.wraps wrapper: code that inspects or calls what it was
    given meets the callables its contract allows."""
    return per_plan(ctx, "callable_objects", lambda plan, _rng: _plan_stream(plan))


def _plan_stream(plan: EntryPlan) -> Iterator[Dict[str, Any]]:
    ctor = base_receiver(plan)
    streams = []
    for where, slot in slots(plan):
        if slot.kind in ("var_positional", "var_keyword"):
            continue
        function = first_function(slot)
        if function is None:
            continue
        known = {key(v) for v in slot.values}
        values = [v for v in wrappers(function) if key(v) not in known]
        streams.append(each_value(plan, where, slot.name, values, ctor))
    return interleave(streams)


def first_function(slot: Slot, limit: int = 16) -> Optional[Value]:
    """The slot's first lambda: the function its other callables are made from."""
    for value in slot.values[:limit]:
        if value.get("k") == "expr" and str(value.get("code", "")).startswith("lambda"):
            return {k: v for k, v in value.items() if k != "src"}
    return None


def wrappers(function: Value) -> List[Value]:
    """Other kinds of callables that call ``function``."""
    instance = vcall("CallableObject", [], [function], defs=[CALLABLE_OBJECT])
    return [vcall("partial", ["from functools import partial"], [function]),
            instance,
            vexpr("CallableObject(%s).method" % function["code"],
                  list(function.get("imports") or []), defs=[CALLABLE_OBJECT]),
            vcall("as_generator", [], [function], defs=[AS_GENERATOR]),
            vcall("as_coroutine", [], [function], defs=[AS_COROUTINE]),
            vcall("wrapped", ["import functools"], [function], defs=[WRAPPED])]
