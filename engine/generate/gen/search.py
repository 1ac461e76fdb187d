"""The candidate search: the targets' strategies taking turns, deduplication, caps.

Each target wanted by the request is served by the strategies active at its level
(:mod:`gen.registry`): the request's ``schedule`` gives each target its level and the strategies
that plateaued on it, ``disabled_strategies`` switches strategies off everywhere.  Within a target
the strategies take turns, one candidate each; the targets take turns too, those served least so
far first, so every target gets its share.  Codes already tried (feedback tests) or already
emitted are skipped without costing a turn; an entry point that exists on one side only gets at
most two candidates over the whole run (they show ``api_change`` differences, which the pipeline
groups).  Strategies served once (the relation checks) come on top in the first round.  The
request-fed ``project_tests`` strategy (:mod:`gen.project_tests`) serves the project's own
tests that reach the changed code: converted first, before the round's candidates, and their
mutants after them; the request-fed ``command_line`` strategy (:mod:`gen.command_line`) runs the
project's command-line entry points the change reaches, right after the converted tests.
Every candidate names the strategy that made it, in its genome and beside it.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Set, Tuple

from .attribute_setters import attribute_setters
from .command_line import candidates as command_line
from .genome import is_genome
from .mined import MAX_BOUNDS, W_CHANGED, W_TARGET, change_rewrites
from .plans import SIDES, EntryPlan, Target, Workspace
from .project_tests.candidates import STRATEGY as PROJECT_TESTS
from .project_tests.callable_kinds import inspected_kinds
from .project_tests.candidates import MutationHints, ProjectTests, is_project_genome, \
    project_candidate, tried_codes
from .project_tests.flag_keywords import signatures_of
from .project_tests.messages import observed_candidates
from .project_tests.test_objects import STRATEGY as TEST_OBJECTS, call_shapes
from .number_parsers import DIGIT_RUNS, bound_digits
from .percent_formats import formats_with_percent
from .rules.checked_classes import STRATEGY as CHECKED_CLASSES
from .rules.encoded_texts import STRATEGY as ENCODED_TEXTS
from .rules.exception_messages import STRATEGY as EXCEPTION_MESSAGES, changed_raises
from .rules.flag_settings import STRATEGY as FLAG_SETTINGS, project_flags
from .rules.number_spellings import STRATEGY as NUMBER_SPELLINGS
from .rules.regex_inputs import STRATEGY as REGEX_SAMPLES
from .rules.variety import STRATEGY as TYPE_VARIETY
from .registry import MAX_LEVEL, Context, Strategy, active, check_names
from .relation_plans import PER_REQUEST, PER_TARGET, relation_label
from .shape_infer import unwrapped_on
from .snippet import render_genome
from .values import reset_keys
from .attribute_walk import with_walks
from .written_attributes import watched

ONE_SIDED_CAP = 2
MAX_SKIPS = 5000  # consecutive duplicates a strategy may skip before it counts as exhausted


class _Emitter:
    """Turns a strategy's genomes into new candidates: rendered, deduplicated, capped."""

    def __init__(self, tried: Set[str], one_sided: Dict[str, int]) -> None:
        self.seen = set(tried)
        self.one_sided = one_sided

    def fresh(self, target: Target, name: str, stream: Iterator[Tuple[EntryPlan, Dict[str, Any]]]
              ) -> Iterator[Dict[str, Any]]:
        skipped = 0
        for plan, genome in stream:
            if skipped >= MAX_SKIPS:
                return
            candidate = self.make(target, name, plan, genome)
            if candidate is None:
                skipped += 1
                continue
            skipped = 0
            yield candidate

    def make(self, target: Target, name: str, plan: EntryPlan, genome: Dict[str, Any]
             ) -> Optional[Dict[str, Any]]:
        if plan.versions != "both" and self.one_sided.get(plan.qualname, 0) >= ONE_SIDED_CAP:
            return None
        genome = dict(genome)
        genome["strategy"] = name
        try:
            code = render_genome(genome)
        except (KeyError, TypeError, ValueError, AttributeError):
            return None
        if code in self.seen:
            return None
        self.seen.add(code)
        if plan.versions != "both":
            self.one_sided[plan.qualname] = self.one_sided.get(plan.qualname, 0) + 1
        out = {"target": target.qualname, "entry": plan.qualname, "genome": genome,
               "code": code, "strategy": name}
        if genome.get("relation") is not None:
            out["relation"] = relation_label(genome)
        return out


def _round_robin(streams: List[Iterator[Any]]) -> Iterator[Any]:
    active_streams = list(streams)
    while active_streams:
        still = []
        for stream in active_streams:
            try:
                yield next(stream)
            except StopIteration:
                continue
            still.append(stream)
        active_streams = still


def _schedule(request: Dict[str, Any]) -> Optional[Dict[str, Tuple[int, List[str]]]]:
    """target -> (level, plateaued strategies) from the request's ``schedule``, or None."""
    schedule = request.get("schedule")
    if not isinstance(schedule, dict):
        return None
    out: Dict[str, Tuple[int, List[str]]] = {}
    for name, entry in schedule.items():
        entry = entry if isinstance(entry, dict) else {}
        level = entry.get("level", 0)
        level = level if isinstance(level, int) and not isinstance(level, bool) else 0
        plateaued = entry.get("plateaued") or []
        out[str(name)] = (max(0, min(level, MAX_LEVEL)),
                          check_names(plateaued if isinstance(plateaued, list) else []))
    return out


def generate(request: Dict[str, Any]) -> Dict[str, Any]:
    """Answer one ``generate`` request (see generate.py / GENERATE_PROTOCOL.md)."""
    reset_keys()
    seed = request.get("seed", 0)
    round_index = int(request.get("round") or 0)
    max_candidates = max(0, int(request.get("max_candidates", 50) or 0))
    disabled = check_names(request.get("disabled_strategies") or [])
    schedule = _schedule(request)
    feedback = request.get("feedback") or {}
    tests = [t for t in feedback.get("tests") or [] if isinstance(t, dict)]
    uncovered_all = feedback.get("uncovered")
    uncovered_all = uncovered_all if isinstance(uncovered_all, dict) else {}
    workspace = Workspace(request)
    targets = workspace.build()
    if schedule is not None:
        wanted = [t for t in targets if t.qualname in schedule]
    elif uncovered_all:
        wanted = [t for t in targets if t.qualname in uncovered_all]
    else:
        wanted = targets
    plans_by_key: Dict[str, EntryPlan] = {}
    for target in targets:
        for plan in target.plans:
            plans_by_key.setdefault(plan.key, plan)
            plans_by_key.setdefault("%s|%s" % (plan.qualname, plan.side), plan)

    tried: Set[str] = set()
    one_sided: Dict[str, int] = {}
    served: Dict[str, int] = {}
    for test in tests:
        genome = test.get("genome")
        if isinstance(test.get("target"), str):
            served[test["target"]] = served.get(test["target"], 0) + 1
        if not is_genome(genome):
            continue
        try:
            tried.add(render_genome(genome))
        except (KeyError, TypeError, ValueError, AttributeError):
            pass
        plan = plans_by_key.get(((genome.get("entry") or {}).get("plan")) or "")
        if plan is not None and plan.versions != "both":
            one_sided[plan.qualname] = one_sided.get(plan.qualname, 0) + 1

    tried |= tried_codes(tests) | command_line.tried_codes(tests)
    # targets that had the fewest tests so far go first: with more targets than candidates,
    # every round serves the ones the previous rounds could not reach
    wanted = sorted(wanted, key=lambda t: (served.get(t.qualname, 0), t.qualname))
    project = _project_tests(request, schedule, disabled, wanted, tried, workspace, targets)
    commands = _command_lines(request, workspace, schedule, disabled, wanted, tried)
    emitter = _Emitter(tried, one_sided)
    streams = []
    once: List[Tuple[Context, Strategy]] = []
    for target in wanted:
        if not target.plans:
            continue
        level, plateaued = schedule.get(target.qualname, (0, [])) if schedule is not None \
            else (MAX_LEVEL, [])
        ctx = Context(target, seed, round_index, request, tests,
                      uncovered_all.get(target.qualname), plans_by_key)
        parts = []
        for strat in active(level, disabled, plateaued):
            if strat.request_fed:  # served per request, below
                continue
            if strat.once:
                once.append((ctx, strat))
            else:
                parts.append(emitter.fresh(target, strat.name, strat.stream(ctx)))
        streams.append(_round_robin(parts))
    out: List[Dict[str, Any]] = []
    live = list(streams)
    while live and len(out) < max_candidates:
        still = []
        for stream in live:
            if len(out) >= max_candidates:
                break
            candidate = next(stream, None)
            if candidate is not None:
                out.append(candidate)
                still.append(stream)
        live = still
    if round_index == 0:  # strategies served once come on top of the round's candidates
        out.extend(_once(once, emitter))
    originals = [c for c in project if not c["genome"]["mutant"]]
    candidates = originals + commands + out + [c for c in project if c["genome"]["mutant"]]
    watch = watched(workspace.targets_json, workspace.trees)
    return {"candidates": with_walks(candidates, watch)}


def _project_tests(request: Dict[str, Any], schedule: Optional[Dict[str, Tuple[int, List[str]]]],
                   disabled: List[str], wanted: List[Target], tried: Set[str],
                   workspace: Workspace, targets: List[Target]) -> List[Dict[str, Any]]:
    """The request-fed ``project_tests`` strategy's candidates: for every wanted target it has
    not plateaued on (all targets when the request narrows none), unless it is disabled.  Their
    codes join ``tried``, so no other strategy emits them again."""
    if PROJECT_TESTS in disabled:
        return []
    aimed = _aimed(request, schedule, wanted, PROJECT_TESTS)
    seed = request.get("seed", 0)
    round_index = int(request.get("round") or 0)
    hints = _mutation_hints(disabled, wanted, workspace, targets)
    samples = REGEX_SAMPLES not in disabled
    # Any changed pattern of the change: a test's text of its shape may be read by any target.
    rewrites = change_rewrites([t.mined for t in targets]) if samples else []
    # rules/number_spellings.py, switched off with it: when a changed line parses numbers, the
    # digits inside a test's strings spelled the ways parsers disagree on
    if NUMBER_SPELLINGS not in disabled and \
            any(t.mined.parses_numbers(W_CHANGED) for t in targets):
        rewrites = rewrites + [DIGIT_RUNS]
    # and set to the limits a target parsing numbers checks them against
    bounds = bound_digits(list(dict.fromkeys(
        b for t in targets if t.mined.parses_numbers(W_TARGET)
        for b in t.mined.numeric_bounds()))[:MAX_BOUNDS]) \
        if NUMBER_SPELLINGS not in disabled else None
    if bounds is not None:
        rewrites = rewrites + [bounds]
    out = ProjectTests(request).round_candidates(seed, round_index, tried, aimed, hints,
                                                 int(request.get("max_candidates") or 0),
                                                 _inspected(workspace), rewrites)
    return out + ([] if EXCEPTION_MESSAGES in disabled else _observed(request, targets, tried))


def _mutation_hints(disabled: List[str], wanted: List[Target], workspace: Workspace,
                    targets: List[Target]) -> Dict[str, MutationHints]:
    """What each wanted target's changed code tells the mutants of the tests reaching it."""
    # rules/regex_inputs.py, switched off with it: the changed code's own patterns only, so
    # that a parser full of patterns does not push every other variant of a literal back
    samples = REGEX_SAMPLES not in disabled
    # rules/encoded_texts.py, switched off with it: an escape a decoder reads, spliced last
    encoded = ENCODED_TEXTS not in disabled
    # the words the change's targets add and compare with: a test of one target reaches its
    # callees too (a new option value checked in a helper)
    change_words = list(dict.fromkeys(w for t in targets for w in t.mined.changed_words()))
    known = list(dict.fromkeys(w for t in targets for w in t.mined.known_words()))
    hints: Dict[str, MutationHints] = {t.qualname: MutationHints(
        inserts=t.mined.changed_strings() + t.mined.changed_strings(kind=bytes) +
        t.mined.changed_escapes() + t.mined.changed_words() +
        ([text for _subject, text in t.mined.regex_texts(W_CHANGED)] if samples else []) +
        (t.mined.encoded_splices() if encoded else []) +
        [w for w in change_words if w not in t.mined.changed_words()] +
        [w for w in t.mined.deciding_symbols() if w not in t.mined.changed_strings()],
        lengths=t.mined.changed_lengths(), wraps=_unwrapped(workspace, t),
        known=t.mined.known_words() + [w for w in known if w not in t.mined.known_words()])
        for t in wanted}
    # rules/flag_settings.py, switched off with it: the options the changed lines decide on
    for t in wanted if FLAG_SETTINGS not in disabled else ():
        hints[t.qualname].signatures = signatures_of(t.plans)
        hints[t.qualname].flags = project_flags(t)
        # and the constructors that set the attributes those conditions read of an object
        classes, settings = attribute_setters(list(workspace.trees.values()), t.qualname,
                                              t.mined.deciding_attributes, t.mined.flags)
        for name, signature in classes.items():
            if name not in hints[t.qualname].signatures:  # an entry point's class stays one
                hints[t.qualname].signatures[name] = signature
                hints[t.qualname].handed.append(name)
        for param, values in settings.items():
            hints[t.qualname].flags.setdefault(param, values)
    # rules/checked_classes.py, switched off with it: literals in the classes it tests for
    for t in wanted if CHECKED_CLASSES not in disabled else ():
        hints[t.qualname].classes = t.checked_classes
    # rules/variety.py, switched off with it: a value formatted with ``%`` as a tuple
    for t in wanted if TYPE_VARIETY not in disabled else ():
        hints[t.qualname].tuples = formats_with_percent(workspace.trees, t.qualname, t.changed)
    # project_tests/test_objects.py, switched off with it: the target called on the tests' objects
    for t in wanted if TEST_OBJECTS not in disabled else ():
        hints[t.qualname].shapes = call_shapes(t.plans, t.qualname)
    return hints


def _observed(request: Dict[str, Any], targets: List[Target], tried: Set[str]
              ) -> List[Dict[str, Any]]:
    """rules/exception_messages.py for the project's tests (project_tests/messages.py): those
    that reached a changed raise statement and raised, run again printing the exception."""
    raises = {t.qualname: changed_raises(t) for t in targets}
    raises = {name: lines for name, lines in raises.items() if any(lines.values())}
    if not raises:
        return []
    tests = [t for t in (request.get("feedback") or {}).get("tests") or [] if isinstance(t, dict)]
    out = []
    for item in observed_candidates(tests, targets, raises, is_project_genome):
        if item["genome"]["code"] not in tried:
            tried.add(item["genome"]["code"])
            out.append(project_candidate(item["genome"]))
    return out


def _unwrapped(workspace: Workspace, target: Target) -> List[str]:
    """The attributes the target's new changed lines unwrap a value through."""
    found = workspace.trees["new"].find_def(target.qualname)
    return unwrapped_on(found[1], target.changed.get("new") or []) if found else []


def _inspected(workspace: Workspace) -> List[str]:
    """The callable kinds the change's changed lines ask about, on either side, in any changed
    function: the question is often asked in a helper of the code that takes the callable."""
    functions = []
    for item in workspace.targets_json.get("changed_functions") or []:
        lines = item.get("changed_lines") if isinstance(item, dict) else None
        # a nested function's lines are read in the function that holds it
        outer = str(item.get("qualname")).split(".<locals>.")[0] if lines else ""
        for side in SIDES:
            found = workspace.trees[side].find_def(outer) if outer else None
            if found and isinstance(lines, dict) and lines.get(side):
                functions.append((found[1], lines[side]))
    return inspected_kinds(functions)


def _aimed(request: Dict[str, Any], schedule: Optional[Dict[str, Tuple[int, List[str]]]],
           wanted: List[Target], name: str) -> Optional[Set[str]]:
    """The targets a request-fed strategy serves: those of the schedule it has not plateaued on,
    the wanted ones when feedback narrows them, else all (None)."""
    if schedule is not None:
        return {t.qualname for t in wanted if name not in schedule.get(t.qualname, (0, []))[1]}
    if (request.get("feedback") or {}).get("uncovered"):
        return {t.qualname for t in wanted}
    return None


def _command_lines(request: Dict[str, Any], workspace: Workspace,
                   schedule: Optional[Dict[str, Tuple[int, List[str]]]], disabled: List[str],
                   wanted: List[Target], tried: Set[str]) -> List[Dict[str, Any]]:
    """The request-fed ``command_line`` strategy's candidates (:mod:`gen.command_line`)."""
    if command_line.STRATEGY in disabled:
        return []
    aimed = _aimed(request, schedule, wanted, command_line.STRATEGY)
    return command_line.round_candidates(request, workspace, aimed, tried)


def _once(entries: List[Tuple[Context, Strategy]], emitter: _Emitter) -> List[Dict[str, Any]]:
    """The candidates of the strategies served once, at most PER_TARGET per target and strategy
    and PER_REQUEST in all."""
    out: List[Dict[str, Any]] = []
    for ctx, strat in entries:
        count = 0
        for candidate in emitter.fresh(ctx.target, strat.name, strat.stream(ctx)):
            if count >= PER_TARGET or len(out) >= PER_REQUEST:
                break
            count += 1
            out.append(candidate)
    return out
