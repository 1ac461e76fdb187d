"""``flag_settings``: the options a changed condition decides on, set to each of their values.

A change often alters what happens under one setting of an option: ``elif self.extra ==
ALLOW_EXTRA`` moved above ``elif error``, ``if strict and ...`` added.  The names the changed
lines compare with constants, or take as true or false, are its *flags*
(:meth:`gen.mined.Mined.changed_flags`); a parameter of the target, of its class's constructor
or of an entry point on its call path with the flag's name (or the name without its leading
underscores: ``self._strict = strict``) is set to each constant it is compared with and its
neighbours (the other members of a set of modes), or to True and False.  On a generated call
the parameter takes each value on the base call; on the project's tests (whose objects the
generator cannot build) each call to such an entry point gets each value, as a keyword or in
place of the argument it passes (:mod:`gen.project_tests.flag_keywords`).  There, the classes
whose constructor stores a parameter as an attribute the changed conditions read of another
object (``getattr(key, "_error", None)``: :mod:`gen.attribute_setters`) count as entry points.
An option read as an attribute (``self.options.parser == "lalr"``) that no parameter names is
given by name to a call or constructor taking ``**options``, on both kinds of test: objects
often keep the keywords they were built with in an options record.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Tuple

from ..plans import EntryPlan, Target
from ..registry import Context, strategy
from ..strategies import per_plan
from ..values import from_python
from .common import base_receiver, each_value, interleave, slots, takes_keywords

STRATEGY = "flag_settings"


@strategy(STRATEGY, 1, rule=True)
def flag_settings(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """Each parameter named like an option the changed lines decide on (``self.extra ==
    ALLOW_EXTRA``, ``if strict``) set to each value they compare it with, its neighbours, or
    True and False; the project's tests get the same settings on their calls."""
    flags = ctx.target.mined.changed_flags()
    if not flags:
        return iter(())
    options = ctx.target.mined.options()
    return per_plan(ctx, STRATEGY, lambda plan, _rng: _plan_stream(plan, flags, options))


def flag_of(name: str, flags: Dict[str, List[Any]]) -> List[Any]:
    """The values of the flag a parameter called ``name`` sets, or none."""
    return flags.get(name) or flags.get(name.lstrip("_")) or \
        next((values for flag, values in flags.items() if flag.lstrip("_") == name), [])


def _plan_stream(plan: EntryPlan, flags: Dict[str, List[Any]],
                 options: Dict[str, List[Any]]) -> Iterator[Dict[str, Any]]:
    ctor = base_receiver(plan)
    streams = []
    for where, slot in slots(plan):
        values = [v for v in (from_python(x) for x in flag_of(slot.name, flags)) if v]
        if values and slot.kind != "var_positional":
            streams.append(each_value(plan, where, slot.name, values, ctor))
    for where, name, values in unnamed_options(plan, options):
        streams.append(each_value(plan, where, name, values, ctor))
    return interleave(streams)


def unnamed_options(plan: EntryPlan, options: Dict[str, List[Any]]
                    ) -> List[Tuple[str, str, List[Any]]]:
    """(where, keyword, values) for each option no parameter of the plan names, given to the
    call's ``**kwargs``, else to its constructor's."""
    named = {slot.name.lstrip("_") for _where, slot in slots(plan)}
    where = next((w for w in ("call", "ctor") if takes_keywords(plan, w)), None)
    if where is None:
        return []
    out = []
    for name, raw in options.items():
        values = [v for v in (from_python(x) for x in raw) if v]
        if name not in named and values:
            out.append((where, name, values))
    return out


def project_flags(target: Target) -> Dict[str, List[Any]]:
    """The target's flags by the parameter names of its entry points that set them."""
    flags = target.mined.changed_flags()
    if not flags:
        return {}
    out: Dict[str, List[Any]] = {}
    options = target.mined.options()
    for plan in target.plans:
        for _where, slot in slots(plan):
            values = flag_of(slot.name, flags)
            if values and slot.name not in out:
                out[slot.name] = values
        if takes_keywords(plan, "call") or takes_keywords(plan, "ctor"):
            for name, values in options.items():
                out.setdefault(name, values)
    return out
