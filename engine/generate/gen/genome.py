"""Genomes: the structured, JSON-serialisable description of one candidate call.

See :mod:`gen.snippet` for the format.  These helpers build argument records from chosen slot
values (required parameters positionally, optional ones by keyword, so that any subset can be
dropped), attach set-up calls, and read choices back from a genome.
"""

from __future__ import annotations

import hashlib
from typing import Any, Dict, List, Optional, Tuple

from .plans import EntryPlan, Slot
from .values import Value, is_value


def derive_seed(*parts: Any) -> int:
    text = "|".join(str(p) for p in parts)
    return int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:16], 16)


def make_args(slots: List[Slot], chosen: Dict[str, Value]) -> List[Dict[str, Any]]:
    """Argument records for the chosen values (missing optional slots keep their defaults).

    Required parameters are passed positionally, optional ones by keyword (readable, and any
    subset can be dropped); when extra ``*args`` values are passed, every positional parameter
    before them must be passed positionally.  Chosen names no slot has (a keyword a ``**kwargs``
    parameter takes, a parameter only the other version has) follow as keywords.
    """
    star = any(s.kind == "var_positional" and chosen.get(s.name) is not None for s in slots)
    args: List[Dict[str, Any]] = []
    gap = False
    for slot in slots:
        value = chosen.get(slot.name)
        if slot.kind == "var_positional":
            if value is not None and not gap:
                args.append({"name": slot.name, "value": value, "pass": "star", "opt": True,
                             "kind": slot.kind})
            star = False
            continue
        positional = slot.kind in ("positional_only", "positional_or_keyword")
        if gap and slot.kind == "positional_only":
            continue
        if value is None:
            if slot.required or (star and positional):
                value = slot.values[0] if slot.values else {"k": "none"}
            else:
                if slot.kind == "positional_only":
                    gap = True
                continue
        if positional and (slot.required or star or slot.kind == "positional_only") \
                and not gap:
            mode = "pos"
        else:
            mode = "kw"
        args.append({"name": slot.name, "value": value, "pass": mode,
                     "opt": not slot.required, "kind": slot.kind})
    names = {slot.name for slot in slots}
    for name, value in chosen.items():
        if name not in names and value is not None and name.isidentifier():
            args.append({"name": name, "value": value, "pass": "kw", "opt": True,
                         "kind": "var_keyword"})
    return args


def make_genome(plan: EntryPlan, call: Dict[str, Value],
                ctor: Optional[Dict[str, Value]] = None,
                setup: Optional[List[Dict[str, Any]]] = None) -> Dict[str, Any]:
    genome = {"target": plan.target, "entry": plan.meta(),
              "ctor": make_args(plan.ctor, ctor or {}) if plan.ctor is not None else None,
              "args": make_args(plan.call, call)}
    if setup and plan.ctor is not None:
        genome["setup"] = setup
    return genome


def make_setup(plan: EntryPlan, method: str, chosen: Dict[str, Value]) -> Dict[str, Any]:
    for item in plan.setups:
        if item.method == method:
            return {"method": method, "args": make_args(item.slots, chosen)}
    return {"method": method, "args": []}


def genome_choices(genome: Dict[str, Any]) -> Tuple[Dict[str, Value], Dict[str, Value]]:
    call = {a["name"]: a["value"] for a in genome.get("args") or []}
    ctor = {a["name"]: a["value"] for a in genome.get("ctor") or []}
    return call, ctor


def site_choice(slots: List[Slot], site: Any) -> Dict[str, Value]:
    chosen: Dict[str, Value] = {}
    positional = [s for s in slots if s.kind in ("positional_only", "positional_or_keyword")]
    for slot, value in zip(positional, site.args):
        chosen[slot.name] = value
    names = {s.name for s in slots}
    for name, value in site.kwargs:
        if name in names:
            chosen[name] = value
    return chosen


def _args_ok(args: Any) -> bool:
    return isinstance(args, list) and all(
        isinstance(a, dict) and isinstance(a.get("name"), str) and is_value(a.get("value")) and
        a.get("pass", "pos") in ("pos", "kw", "star") for a in args)


def is_genome(genome: Any) -> bool:
    """Whether a genome (from feedback or a shrink request) is well formed."""
    if not isinstance(genome, dict) or not isinstance(genome.get("entry"), dict):
        return False
    entry = genome["entry"]
    if not all(isinstance(entry.get(k, ""), (str, type(None))) for k in
               ("qualname", "plan", "op", "import", "expr", "method", "dunder", "obj")):
        return False
    if not _args_ok(genome.get("args", [])):
        return False
    if genome.get("ctor") is not None and not _args_ok(genome["ctor"]):
        return False
    setup = genome.get("setup", [])
    return isinstance(setup, list) and all(
        isinstance(item, dict) and isinstance(item.get("method"), str) and
        item["method"].isidentifier() and _args_ok(item.get("args", [])) for item in setup)
