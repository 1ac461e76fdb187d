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
* a ``functools.wraps`` wrapper taking ``*args, **kwargs`` (``__wrapped__`` set);
* the same lambda with another signature: its parameters positional-only, or one more
  keyword-only, ``**kwargs``, ``*args`` or optional parameter (code that counts or binds a
  callback's parameters by their kind).

The helpers are written into the snippet, so the test stays ordinary Python.
"""

from __future__ import annotations

import ast
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


# Callables a slot may hold instead of a lambda (a type, a builtin): such a parameter takes
# functions too, and code that tells types from functions treats a lambda differently.
BUILTIN_CALLABLES = {"int", "str", "float", "bool", "bytes", "list", "dict", "tuple", "set",
                     "type", "object", "len", "str.lower", "repr", "abs"}


def first_function(slot: Slot, limit: int = 16) -> Optional[Value]:
    """The slot's first lambda: the function its other callables are made from; an identity
    lambda when the slot holds only types or builtins."""
    builtin = False
    for value in slot.values[:limit]:
        code = str(value.get("code", "")) if value.get("k") == "expr" else ""
        if code.startswith("lambda"):
            return {k: v for k, v in value.items() if k != "src"}
        builtin = builtin or code in BUILTIN_CALLABLES
    return vexpr("lambda x: x") if builtin else None


def wrappers(function: Value) -> List[Value]:
    """Other kinds of callables that call ``function``."""
    instance = vcall("CallableObject", [], [function], defs=[CALLABLE_OBJECT])
    return [vcall("partial", ["from functools import partial"], [function]),
            instance,
            vexpr("CallableObject(%s).method" % function["code"],
                  list(function.get("imports") or []), defs=[CALLABLE_OBJECT]),
            vcall("as_generator", [], [function], defs=[AS_GENERATOR]),
            vcall("as_coroutine", [], [function], defs=[AS_COROUTINE]),
            vcall("wrapped", ["import functools"], [function], defs=[WRAPPED])] + \
        signature_variants(function)


def signature_variants(function: Value) -> List[Value]:
    """``function`` (a lambda) with parameters of other kinds; its body unchanged."""
    code = str(function.get("code", ""))
    try:
        node = ast.parse(code, mode="eval").body
    except (SyntaxError, ValueError, RecursionError):
        return []
    body = ast.get_source_segment(code, node.body) if isinstance(node, ast.Lambda) else None
    if body is None:
        return []
    params = code[len("lambda"):node.body.col_offset].strip().rstrip(":").strip()
    args = node.args
    names = {a.arg for a in args.posonlyargs + args.args + args.kwonlyargs}
    plain = not (args.vararg or args.kwarg or args.kwonlyargs)
    added = []
    if args.args and not args.posonlyargs and plain:
        added.append(params + ", /")
    if plain:
        added += [p for p in ("*, option=None", "*args", "extra=None") if
                  p.lstrip("*").split("=")[0].strip(", ") not in names]
    if not args.kwarg and "kwargs" not in names:
        added.append("**kwargs")
    imports = list(function.get("imports") or [])
    out = []
    for extra in added:
        signature = extra if extra.endswith("/") else \
            ", ".join(p for p in (params, extra) if p)
        out.append(vexpr("lambda %s: %s" % (signature, body), imports))
    return out
