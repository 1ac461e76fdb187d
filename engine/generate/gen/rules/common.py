"""What the input-model rules share: slots with their parameters, the base call, literals, the
target's def on one side."""

from __future__ import annotations

import ast
from typing import Any, Dict, Iterator, List, Optional, Tuple

from pymodel.params import Param

from ..genome import make_genome
from ..plans import EntryPlan, Slot, Target
from ..strategies import receivers
from ..values import Value, from_python, literal_of, tag

Where = str  # "call" or "ctor"


def slots(plan: EntryPlan, ctor_too: bool = True) -> List[Tuple[Where, Slot]]:
    out: List[Tuple[Where, Slot]] = [("call", s) for s in plan.call]
    if ctor_too:
        out += [("ctor", s) for s in plan.ctor or []]
    return out


def param_of(plan: EntryPlan, where: Where, name: str) -> Optional[Param]:
    """The parameter behind a slot (None for synthetic slots such as ``other``)."""
    source = plan.source
    if source is None:
        return None
    params = source.params if where == "call" else (source.ctor_params or [])
    return next((p for p in params if p.name == name), None)


def takes_keywords(plan: EntryPlan, where: Where) -> bool:
    """Whether the call (``where == "call"``) or the receiver's constructor takes
    ``**kwargs``: a keyword no slot names is then still accepted."""
    source = plan.source
    if source is None or (where == "ctor" and plan.ctor is None):
        return False
    params = source.params if where == "call" else (source.ctor_params or [])
    return any(p.kind == "var_keyword" for p in params)


def base_receiver(plan: EntryPlan) -> Dict[str, Value]:
    return receivers(plan)[0]


def call_with(plan: EntryPlan, call: Dict[str, Value], ctor: Dict[str, Value]
              ) -> Dict[str, Any]:
    return make_genome(plan, call, ctor)


def with_one(plan: EntryPlan, where: Where, name: str, value: Value,
             call: Optional[Dict[str, Value]] = None,
             ctor: Optional[Dict[str, Value]] = None) -> Dict[str, Any]:
    """A call with one argument (of the call or of the receiver) set, on top of the others."""
    call = dict(call or {})
    ctor = dict(base_receiver(plan) if ctor is None else ctor)
    (call if where == "call" else ctor)[name] = value
    return make_genome(plan, call, ctor)


def class_probe(plan: EntryPlan, probe: str) -> Dict[str, Any]:
    """The genome of a test observing the plan's class itself (the snippet's ``probe``): no
    receiver and no arguments."""
    genome = make_genome(plan, {}, None)
    genome["ctor"] = None
    genome["args"] = []
    genome["entry"]["probe"] = probe
    return genome


def default_value(param: Optional[Param]) -> Optional[Value]:
    """The parameter's default as a value, when it is a literal."""
    if param is None or param.default is None:
        return None
    if isinstance(param.default, ast.Constant) and param.default.value is None:
        return {"k": "none"}
    lit = literal_of(param.default)
    return from_python(lit) if lit is not None else None


def bool_annotated(param: Optional[Param]) -> bool:
    """Annotated ``bool``, or ``bool`` or ``None`` (``Optional[bool]``, ``bool | None``,
    ``Union[bool, None]``): an option whose ``None`` stands for a default flag setting."""
    note = param.annotation if param is not None else None
    if isinstance(note, ast.Constant) and isinstance(note.value, str):  # a string annotation
        try:
            note = ast.parse(note.value, mode="eval").body
        except SyntaxError:
            return False
    names = {n.id if isinstance(n, ast.Name) else n.attr for n in ast.walk(note)
             if isinstance(n, (ast.Name, ast.Attribute))} if note is not None else set()
    nones = any(isinstance(n, ast.Constant) and n.value is None for n in ast.walk(note)) \
        if note is not None else False
    return "bool" in names and names <= {"bool", "Optional", "Union", "typing", "None"} and \
        (nones or "Optional" in names or names == {"bool"})


def kinds(slot: Slot, limit: int = 16) -> List[str]:
    """The coarse types among a slot's leading values, in order of first appearance."""
    out: List[str] = []
    for value in slot.values[:limit]:
        t = tag(value)
        if t not in out:
            out.append(t)
    return out


def each_value(plan: EntryPlan, where: Where, name: str, values: List[Value],
               ctor: Dict[str, Value], call: Optional[Dict[str, Value]] = None
               ) -> Iterator[Dict[str, Any]]:
    """One call per value, set on the named slot on top of the base call (or of ``call``).  A
    function, not a generator expression in a loop: that would read the loop's last slot when
    iterated."""
    for value in values:
        yield with_one(plan, where, name, value, call=call, ctor=ctor)


def interleave(streams: List[Iterator[Any]]) -> Iterator[Any]:
    live = list(streams)
    while live:
        still = []
        for stream in live:
            try:
                yield next(stream)
            except StopIteration:
                continue
            still.append(stream)
        live = still


def target_def(target: Target, side: str) -> Optional[ast.AST]:
    """The def of the target on one side, from the first plan whose tree holds it."""
    found = _found(target, side)
    return found[1][1] if found is not None else None


def target_place(target: Target, side: str) -> Optional[Tuple[Any, str, ast.AST]]:
    """(the tree, the module, the def) of the target on one side, a function nested in
    another (``f.<locals>.g``) too."""
    found = _found(target, side, nested=True)
    return (found[0], found[1][0], found[1][1]) if found is not None else None


def target_module(target: Target, side: str) -> Optional[ast.Module]:
    """The parsed module holding the target on one side."""
    found = _found(target, side)
    module = found[0].load(found[1][0]) if found is not None else None
    return module.tree if module is not None else None


def _found(target: Target, side: str, nested: bool = False
           ) -> Optional[Tuple[Any, Tuple[str, Any, Any]]]:
    """(the tree, its find_def answer, or find_local_def's when ``nested``) of the first plan
    whose tree on ``side`` holds the target."""
    for plan in target.plans:
        raw = plan.source.sides.get(side) if plan.source is not None else None
        find = (raw.tree.find_local_def if nested else raw.tree.find_def) if raw else None
        found = find(target.qualname) if find is not None else None
        if found is not None:
            return raw.tree, found
    return None
