"""``exception_messages``: a change to what an exception says, observed.

Definition 2 compares the types of the exceptions the two versions raise, never their messages
(messages carry addresses, ids and wording nobody means to compare).  When a changed line lies
within a ``raise`` statement of the target (or assigns a name the statement reads), though, the
message is what the change is about.  So is it when a changed line builds an exception that
the code collects before it raises them together (``errors.append(er.RequiredFieldInvalid(msg,
path))``, then ``raise MultipleInvalid(errors)``: validation libraries report every error at
once, and the group's message is its members').  A test that reached that statement and
raised on the old version runs again inside a ``try`` that prints the exception's type and
message, so a message the change rewrote shows as a different output.  The project's tests that reached such a
statement and raised get the same (``project_tests/messages.py``, switched off with this rule).
Only these tests observe messages; every other test keeps Definition 2 as it is.
"""

from __future__ import annotations

import ast
import copy
import json
from typing import Any, Dict, Iterator, List, Set, Tuple

from ..feedback import covered_lines
from ..genome import is_genome
from ..plans import SIDES, EntryPlan, Target
from ..registry import Context, strategy
from .common import target_place

STRATEGY = "exception_messages"
OBSERVE = "exception"
MAX_PER_TARGET = 8  # observed tests per target over the whole run
# statements holding others: their own lines are a condition or a header, not a construction
COMPOUND = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try,
            ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


@strategy(STRATEGY, 0, rule=True)
def exception_messages(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """When a changed line lies within a raise statement, the tests that reached it and raised
    run again printing the exception's type and message: a reworded or reformatted message is a
    change of its own, which comparing exception types alone never shows."""
    raises = changed_raises(ctx.target)
    if not any(raises.values()):
        return
    mine = [t for t in ctx.tests if t.get("target") == ctx.target.qualname]
    done = {_choice_key(t["genome"]) for t in mine
            if is_genome(t.get("genome")) and t["genome"]["entry"].get("observe") == OBSERVE}
    budget = MAX_PER_TARGET - len(done)
    for test in reversed(mine):  # the latest first: the search's freshest inputs
        if budget <= 0:
            return
        genome = test.get("genome")
        if test.get("outcome") != "raised" or not is_genome(genome) or \
                genome["entry"].get("observe") or genome.get("relation") is not None:
            continue
        if _choice_key(genome) in done or not _reaches(test, ctx.target, raises):
            continue
        plan = ctx.plans_by_key.get(str(genome["entry"].get("plan") or ""))
        if plan is None:
            continue
        done.add(_choice_key(genome))
        budget -= 1
        observed = copy.deepcopy(genome)
        observed["entry"]["observe"] = OBSERVE
        yield plan, observed


def changed_raises(target: Target) -> Dict[str, Set[int]]:
    """Per side, the lines of the target's raise statements whose message changed: a changed
    line within the statement, or within an assignment to a name the statement reads (``msg =
    f"..."`` then ``raise ValueError(msg)``); and so for the statements that build a project
    exception without raising it."""
    out: Dict[str, Set[int]] = {}
    for side in SIDES:
        changed = set(target.changed.get(side) or [])
        place = target_place(target, side) if changed else None
        nodes = list(ast.walk(place[2])) if place is not None else []
        assigned = {name for sub in nodes if isinstance(sub, (ast.Assign, ast.AnnAssign,
                                                               ast.AugAssign))
                    and _span(sub) & changed for name in _stored_names(sub)}
        lines: Set[int] = set()
        for sub in nodes:
            if isinstance(sub, ast.Raise) and (_span(sub) & changed or assigned & {
                    n.id for n in ast.walk(sub) if isinstance(n, ast.Name)}):
                lines |= _span(sub)
            elif isinstance(sub, ast.stmt) and not isinstance(sub, COMPOUND) and \
                    (_span(sub) & changed or assigned & {
                        n.id for n in ast.walk(sub) if isinstance(n, ast.Name)}) and \
                    place is not None and _builds_exception(place[0], place[1], sub):
                lines |= _span(sub)
        out[side] = lines
    return out


def _builds_exception(tree: Any, module: str, statement: ast.stmt) -> bool:
    """Whether a simple statement calls a project exception class (``er.Invalid(msg)``)."""
    for call in (n for n in ast.walk(statement) if isinstance(n, ast.Call)):
        try:
            ref = tree.resolve(module, call.func)
        except (RecursionError, ValueError):
            continue
        model = tree.class_model(ref.name) if ref is not None and ref.kind == "class" \
            else None
        if model is not None and model.is_exception:
            return True
    return False


def _span(node: ast.AST) -> Set[int]:
    start = getattr(node, "lineno", 0)
    return set(range(start, (getattr(node, "end_lineno", None) or start) + 1))


def _stored_names(node: ast.AST) -> Set[str]:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]  # type: ignore
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


def _reaches(test: Dict[str, Any], target: Target, raises: Dict[str, Set[int]]) -> bool:
    return any(raises.get(side) and raises[side] & set(covered_lines(
        test, side, target.files.get(side))) for side in SIDES)


def _choice_key(genome: Dict[str, Any]) -> str:
    """The call a genome makes, whatever observes it."""
    chosen: List[Any] = [(genome.get("entry") or {}).get("plan")] + \
        [genome.get(k) for k in ("ctor", "setup", "args")]
    return json.dumps(chosen, sort_keys=True, default=str)
