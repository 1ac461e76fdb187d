"""``shapes``: containers, elements and objects shaped the way the code uses the parameter.

A parameter the function iterates as ``for name, qty in rows``, indexes as ``row["weight"]``,
or reads as ``item.price`` gets values of that shape (:mod:`gen.shape_infer` reads the function
and, two calls deep, the project functions it passes the value to): a list of ``(str, int)``
pairs, a list of dicts with a ``weight`` key, an object with a ``price`` attribute
(``SimpleNamespace``), or, when the code calls ``read``, ``readline``, ``seek`` or ``write``
on it, an ``io.BytesIO`` or ``io.StringIO`` over the parameter's own texts; a parameter the
code unwraps (``p = getattr(p, "a", p)``) gets wrappers whose ``a`` holds the parameter's own
candidate values.  Untyped, such a parameter otherwise
gets flat pools (``[1, 2]``) that fail the same way on both versions before reaching the change.

The calls: every shaped parameter set to its typical value at once (the shaped base call), then
each shaped parameter's variants one at a time on that base: an empty container, one element,
three elements, a mapping without one of its keys or with one more, other leaf values.  The
parameters of the receiver's constructor are shaped the same way (``PatchOperation(operation)``
reading ``operation['path']``), on the base call and each in turn; the object built so then
takes each other argument's first values.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Tuple

from ..plans import EntryPlan
from ..registry import Context, strategy
from ..shape_infer import Shape, infer
from ..strategies import per_plan
from ..values import (Value, dedupe, key, vbool, vbytes, vcall, vdict, vfloat, vint, vnone,
                      vseq, vstr)
from .common import base_receiver, call_with, each_value, interleave, param_of

NAMESPACE = ["from types import SimpleNamespace"]
MAX_VARIANTS = 10
PLAIN = 8  # values of an unshaped argument tried on a receiver built from shapes
MAX_WRAPPED = 6  # candidates of the parameter put inside one unwrapped attribute
LEAVES = {
    "str": [vstr("abc"), vstr("A b"), vstr(""), vstr("x-1")],
    "bytes": [vbytes(b"abc"), vbytes(b"")],
    "number": [vint(2), vfloat(2.5), vint(0), vint(-1), vfloat(0.125)],
    "bool": [vbool(True), vbool(False)],
    "any": [vint(1), vstr("abc"), vfloat(2.5), vnone()],
}


@strategy("shapes", 1, rule=True)
def shapes(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """Parameters given values shaped the way the function and its callees use them: lists of
    pairs for `for a, b in rows`, dicts with the keys the code reads, objects with the
    attributes it reads, elements of the types the code treats them as; all shaped parameters
    at once, then each one's variants (empty, one element, three, a key missing or added)."""
    return per_plan(ctx, "shapes", lambda plan, _rng: _plan_stream(plan))


def _plan_stream(plan: EntryPlan) -> Iterator[Dict[str, Any]]:
    shaped = shaped_values(plan)
    # the receiver's constructor too: an object set up from a mapping it reads keys of
    built = shaped_values(plan, "ctor") if plan.ctor else {}
    if not shaped and not built:
        return
    base = {name: values[0] for name, values in shaped.items()}
    ctor = dict(base_receiver(plan), **{name: values[0] for name, values in built.items()})
    yield call_with(plan, base, ctor)
    for rank in range(1, MAX_VARIANTS):
        for name, values in shaped.items():
            if rank < len(values):
                yield call_with(plan, dict(base, **{name: values[rank]}), ctor)
        for name, values in built.items():
            if rank < len(values):
                yield call_with(plan, base, dict(ctor, **{name: values[rank]}))
    if built:  # the other arguments' own values, on the object only a shape builds
        yield from interleave([each_value(plan, "call", slot.name, slot.values[:PLAIN], ctor,
                                          call=base)
                               for slot in plan.call if slot.name not in shaped and
                               slot.kind != "var_positional"])


def shaped_base(plan: EntryPlan) -> Dict[str, Value]:
    """Each shaped parameter's typical value: a base call that gets past the parameters other
    rules do not vary (``options.config`` read from an object)."""
    return {name: values[0] for name, values in shaped_values(plan).items()}


def shaped_values(plan: EntryPlan, where: str = "call") -> Dict[str, List[Value]]:
    """The shaped parameters of the call (or of the receiver's constructor: ``where``) and
    their values, typical first."""
    source = plan.source
    if source is None:
        return {}
    shaped: Dict[str, List[Value]] = {}
    for slot in plan.call if where == "call" else plan.ctor or []:
        param = param_of(plan, where, slot.name)
        if param is None or param.owner is None or slot.kind == "var_positional":
            continue
        shape = infer(source.tree, param.module, param.owner, slot.name, param.owner_class)
        values = wrappers(shape, slot.values) + streams(shape, slot.values)
        if shape.structured():
            known = {key(v) for v in slot.values}
            values += [v for v in values_of(shape) if key(v) not in known]
        if values:
            shaped[slot.name] = dedupe(values)
    return shaped


READS = {"read", "readline", "readlines", "readinto", "read1", "seek", "tell"}
WRITES = {"write", "writelines", "flush"}
STREAM_TEXTS = ["abc\n", "", "123456789012345", "a=1\nb=2\n"]
MAX_STREAMS = 8


def streams(shape: Shape, candidates: List[Value]) -> List[Value]:
    """For a file-like parameter (the code calls ``read``, ``readline``, ``seek`` or ``write``
    on it), real streams: ``io.BytesIO`` and ``io.StringIO`` over the parameter's own texts
    (its mined strings first), then over a few plain ones, empty for a sink.  An object whose
    ``read`` is a value is no stream, and one whose ``read`` always returns the same text never
    ends."""
    if shape.kind() != "obj" or not shape.methods & (READS | WRITES):
        return []
    if not shape.methods & READS:
        return [vcall("io.StringIO", ["import io"], []), vcall("io.BytesIO", ["import io"], [])]
    texts = [v["v"] for v in candidates if v.get("k") in ("str", "bytes") and
             isinstance(v.get("v"), str)] + STREAM_TEXTS
    texts = list(dict.fromkeys(texts))[:MAX_STREAMS // 2]
    return [vcall("io.BytesIO", ["import io"], [vbytes(text.encode("latin-1", "replace"))])
            for text in texts] + [vcall("io.StringIO", ["import io"], [vstr(text)])
                                  for text in texts]


def wrappers(shape: Shape, inner: List[Value]) -> List[Value]:
    """For each attribute the code unwraps the value through, objects holding the
    parameter's own candidates there (its mined constants first): what the unwrapped code
    sees is what the plain code saw."""
    out: List[Value] = []
    for name in shape.unwraps:
        out += [vcall("SimpleNamespace", NAMESPACE, [], [(name, v)], obj=True)
                for v in inner[:MAX_WRAPPED]]
    return out


def values_of(shape: Shape, depth: int = 0) -> List[Value]:
    """Values of a shape, the typical one first, then variants."""
    kind = shape.kind()
    if depth > 4:
        return LEAVES["any"][:1]
    if kind == "map":
        return _maps(shape, depth)
    if kind == "tuple":
        return _tuples(shape, depth)
    if kind == "seq":
        element = values_of(shape.element, depth + 1) if shape.element is not None \
            else LEAVES["any"]
        return _lists(element, max(shape.length, 2))
    if kind == "obj":
        return _objects(shape, depth)
    return list(LEAVES.get(kind, LEAVES["any"]))


def _lists(element: List[Value], typical: int) -> List[Value]:
    cycle = element or LEAVES["any"]
    typical_items = [cycle[i % len(cycle)] for i in range(typical)]
    out = [vseq("list", typical_items), vseq("list", []), vseq("list", cycle[:1]),
           vseq("list", [cycle[(i + 1) % len(cycle)] for i in range(3)]),
           vseq("list", [cycle[0]] * 2)]
    out += [vseq("list", [alt]) for alt in cycle[1:4]]
    return dedupe(out)


def _tuples(shape: Shape, depth: int) -> List[Value]:
    size = max(shape.length, max(shape.items) + 1 if shape.items else 0)
    columns = [values_of(shape.items[i], depth + 1) if i in shape.items else LEAVES["any"]
               for i in range(size)]
    base = [column[0] for column in columns]
    out = [vseq("tuple", base)]
    for index, column in enumerate(columns):
        for alt in column[1:3]:
            out.append(vseq("tuple", base[:index] + [alt] + base[index + 1:]))
    out.append(vseq("list", base))
    return dedupe(out)


def _maps(shape: Shape, depth: int) -> List[Value]:
    if shape.keys:
        columns = {name: values_of(part, depth + 1) for name, part in sorted(shape.keys.items())}
        base = [(vstr(name), values[0]) for name, values in columns.items()]
        out = [vdict(base)]
        for index, (name, values) in enumerate(columns.items()):
            out.append(vdict(base[:index] + base[index + 1:]))  # the key missing
            for alt in values[1:3]:
                out.append(vdict(base[:index] + [(vstr(name), alt)] + base[index + 1:]))
        out.append(vdict(base + [(vstr("extra"), vint(1))]))
        return dedupe(out)
    keys = values_of(shape.key, depth + 1) if shape.key is not None else LEAVES["str"]
    values = values_of(shape.value, depth + 1) if shape.value is not None else LEAVES["any"]
    keys = [k for k in keys if k.get("k") in ("str", "int", "float", "bytes", "bool", "tuple")]
    keys = keys or LEAVES["str"]
    out = [vdict([(keys[0], values[0]), (keys[1 % len(keys)], values[1 % len(values)])]),
           vdict([]), vdict([(keys[0], values[0])])]
    out += [vdict([(keys[0], alt)]) for alt in values[1:4]]
    return dedupe(out)


def _objects(shape: Shape, depth: int) -> List[Value]:
    columns = {name: values_of(part, depth + 1) for name, part in sorted(shape.attrs.items())
               if name.isidentifier() and not name.startswith("__")}
    if not columns:
        return [vcall("SimpleNamespace", NAMESPACE, [])]
    base = [(name, values[0]) for name, values in columns.items()]
    out = [vcall("SimpleNamespace", NAMESPACE, [], base, obj=True)]
    for index, (name, values) in enumerate(columns.items()):
        for alt in values[1:3]:
            out.append(vcall("SimpleNamespace", NAMESPACE, [],
                             base[:index] + [(name, alt)] + base[index + 1:], obj=True))
    return dedupe(out)
