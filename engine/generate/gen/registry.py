"""The strategy registry: every way the generator makes candidates is a named strategy.

A strategy is a function that, given one target's context, yields ``(plan, genome)`` pairs; its
docstring says what it tries and why.  Strategies register themselves with :func:`strategy`,
which records a *level* (when the search brings it in) and whether it is an *input-model rule*
(a rule the ablation tests prove, see docs/SEARCH.md):

* level 0, ``direct``: what aims straight at the changed code (the base call, call sites, mined
  boundaries, one parameter at a time, coverage feedback, the signature diff, protocol
  membership, exception messages);
* level 1, ``input_model``: the richer input model (optional and keyword parameters, more types,
  shapes from usage, sizes against the code's constants, relations among values, protocol
  objects);
* level 2, ``broad``: seeded random combinations, which never run dry.

The request's ``schedule`` gives each target its level (the pipeline escalates a target when it
plateaus) and the strategies that plateaued on it; ``disabled_strategies`` switches strategies
off by name everywhere (for tests and diagnosis).  A strategy fed from the request reads its
field through :attr:`Context.request`: seeds from the project's own tests, say, arrive as a
request field and are served by a strategy registered here like any other (``project_tests``,
:mod:`gen.project_tests.candidates`, is request-fed: the search makes its candidates per request).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

LEVELS = ("direct", "input_model", "broad")
MAX_LEVEL = len(LEVELS) - 1

Genome = Dict[str, Any]


@dataclass
class Context:
    """What a strategy sees for one target in one request."""

    target: Any  # plans.Target
    seed: Any
    round_index: int
    request: Dict[str, Any]
    tests: List[Dict[str, Any]] = field(default_factory=list)  # the feedback tests
    uncovered: Optional[Dict[str, Any]] = None  # the target's uncovered lines, if any
    plans_by_key: Dict[str, Any] = field(default_factory=dict)

    def rng(self, *parts: Any) -> random.Random:
        """A random stream owned by one strategy (and ``parts``): same request, same draws."""
        from .genome import derive_seed
        return random.Random(derive_seed(self.seed, self.round_index, *parts))


StreamFn = Callable[[Context], Iterator[Tuple[Any, Genome]]]


@dataclass(frozen=True)
class Strategy:
    name: str
    level: int
    rule: bool  # an input-model rule (each has an ablation test)
    stream: StreamFn
    once: bool = False  # served in the first round only, on top of its candidates
    request_fed: bool = False  # candidates made per request from a request field, not per target

    @property
    def doc(self) -> str:
        return " ".join((self.stream.__doc__ or "").split())


REGISTRY: Dict[str, Strategy] = {}

# The turn of each strategy within its level (a strategy not listed goes last, in registration
# order): coverage feedback first, as it aims at what is still unreached.
TURNS = ("project_tests", "command_line", "coverage_feedback", "signature_diff",
         "protocol_membership", "class_header", "changed_constants", "exception_messages",
         "environment_variables",
         "base", "call_sites", "callee_arguments", "boundaries", "one_at_a_time", "cross_links",
         "setup_calls", "relations", "optional_params", "flag_settings", "checked_classes",
         "test_objects",
         "shapes", "sizes", "regex_samples", "type_variety", "value_relations", "repeated_calls",
         "path_forms", "unicode_forms", "named_keys", "guard_strings", "encoded_texts",
         "number_spellings", "sparse_values", "protocol_objects", "callable_objects",
         "returned_callables", "failing_callables", "random_combinations")


def strategy(name: str, level: int, rule: bool = False, once: bool = False,
             request_fed: bool = False) -> Callable[[StreamFn], StreamFn]:
    """Registers a strategy (its turn within its level: TURNS).  A request-fed strategy's
    function documents it; its candidates are made by the search from the request's field."""
    def register(fn: StreamFn) -> StreamFn:
        if name in REGISTRY:
            raise ValueError("strategy registered twice: %s" % name)
        if not 0 <= level <= MAX_LEVEL:
            raise ValueError("strategy %s: no level %d" % (name, level))
        REGISTRY[name] = Strategy(name, level, rule, fn, once, request_fed)
        return fn
    return register


def _loaded() -> Dict[str, Strategy]:
    # every module that registers strategies, imported once here
    from . import feedback, relation_plans, strategies  # noqa: F401
    from .command_line import candidates as command_line  # noqa: F401
    from .project_tests import candidates  # noqa: F401
    from .rules import (  # noqa: F401
        callables, callee_arguments, changed_constants, checked_classes, class_header,
        encoded_texts, environment, exception_messages, failing, flag_settings, guard_strings,
        named_keys, number_spellings, optional, path_forms, protocol_membership, protocols,
        regex_inputs, repeated_calls, returned_callables, shapes, signature_diff, sizes,
        sparse_values, unicode_forms, value_relations, variety)
    return REGISTRY


def all_strategies() -> List[Strategy]:
    """Every registered strategy, level by level, in turn order within a level."""
    table = _loaded()
    order = {name: index for index, name in enumerate(TURNS)}
    registered = {name: index for index, name in enumerate(table)}
    return sorted(table.values(), key=lambda s: (s.level, order.get(s.name, len(TURNS)),
                                                 registered[s.name]))


def check_names(names: Sequence[Any]) -> List[str]:
    """The names as strings; ValueError for a name no strategy has."""
    known = _loaded()
    out = []
    for name in names:
        if not isinstance(name, str) or name not in known:
            raise ValueError("unknown strategy %r (known: %s)" % (name, ", ".join(known)))
        out.append(name)
    return out


def active(level: int, disabled: Sequence[str], plateaued: Sequence[str]) -> List[Strategy]:
    """The strategies serving a target at ``level``: every level up to it, minus the disabled
    ones and the ones that plateaued on this target."""
    off = set(disabled) | set(plateaued)
    return [s for s in all_strategies() if s.level <= level and s.name not in off]


def describe() -> List[Dict[str, Any]]:
    """The registry as data: ``generate.py strategies`` prints it."""
    return [{"name": s.name, "level": s.level, "level_name": LEVELS[s.level], "rule": s.rule,
             "once": s.once, "request_fed": s.request_fed, "doc": s.doc}
            for s in all_strategies()]
