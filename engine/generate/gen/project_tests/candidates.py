"""The ``project_tests`` strategy's candidates for a ``generate`` request.

The request's ``project_tests.tests`` lists the project's own tests that reached a changed line on
the old version (``file``, ``name``, ``covered``), found by the engine in the sandbox. Each is
converted (:mod:`.convert`), and each call into the project through which it reached the change
that a snippet can repeat (:mod:`.entry_calls`) is a candidate too; each aims at the changed
function whose changed lines the test covered most. Round 0 offers every converted test, then
the first mutants of each (:mod:`.literals`); later rounds offer further mutants of the tests
aimed at a target that is still uncovered, each round starting at the test after the last one
the round before reached (a round's few mutants would otherwise always go to the first tests).
A candidate's genome records the strategy, the test it came from and its code, so feedback and
shrinking need nothing else.
``disabled_strategies`` naming ``project_tests`` turns all of this off.
"""

from __future__ import annotations

import ast
import functools
import itertools
import sys
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Optional, Sequence, Set, Tuple

from ..genome import derive_seed
from ..regex_rewrites import Rewrite
from ..registry import Context, strategy
from .callable_kinds import callable_mutants
from .convert import convert
from .data_files import DataFiles, name_words, sibling_snippets
from .entry_calls import entry_call_snippet, entry_call_snippets, repeats_a_call_of
from .fixtures import Unconvertible
from .flag_keywords import Signature, flag_mutants
from .lead_lines import lead_lines, led_snippets
from .literals import focus_keys, mutants
from .reach import beside_lines
from .relevance import changed_words
from .removed_names import NewModules, removed_private_imports
from .sources import TreeSources
from .test_objects import CallShape, object_calls

STRATEGY = "project_tests"
MAX_TESTS = 80
MUTANTS_FIRST_ROUND = 24
MUTANTS_PER_ROUND = 16
# Or this share of the round's other candidates, when more: an effort that spends more tests
# spends them on the project's own tests too, the seeds nearest to real use.
MUTANT_SHARE = 4
# The share while the mutants have found more that was new than every other strategy together
# (feedback: lines, outcome signatures, differences): the budget goes where the finds are.
LEADING_SHARE = 2
# Turns a test that calls its target itself takes for one of a test that reaches it through
# other calls: its literals go straight into the changed function's parameters.
DIRECT_TURNS = 3


@strategy(STRATEGY, 0, request_fed=True)
def project_tests(ctx: Context) -> Iterator[Any]:
    """The project's own tests that reached a changed line of the old version (the request's
    ``project_tests``), converted into differential snippets, then their literals mutated."""
    return iter(())


def enabled(request: Dict[str, Any]) -> bool:
    disabled = request.get("disabled_strategies") or []
    return isinstance(disabled, list) and STRATEGY not in disabled


def is_project_genome(genome: Any) -> bool:
    return isinstance(genome, dict) and genome.get("strategy") == STRATEGY and \
        isinstance(genome.get("code"), str) and isinstance(genome.get("origin"), dict)


def old_tree(request: Dict[str, Any]) -> TreeSources:
    return tree_of(request, "old", ".")  # type: ignore[return-value]


def tree_of(request: Dict[str, Any], side: str, default_root: str = "") -> Optional[TreeSources]:
    """The sources of one side's tree, None when the request names no root for it."""
    targets = request.get("targets") or {}
    root = request.get(side + "_root") or (targets.get(side) or {}).get("root") or default_root
    if not root:
        return None
    roots = request.get("import_roots") or {}
    chosen = roots.get(side) if isinstance(roots, dict) else roots
    if not isinstance(chosen, (str, list)):
        chosen = (targets.get(side) or {}).get("import_roots") or ["."]
    listed = [chosen] if isinstance(chosen, str) else [r for r in chosen if isinstance(r, str)]
    return TreeSources(str(root), listed)


def choose_target(covered: Any, targets: Dict[str, Any]) -> Optional[str]:
    """The changed function whose old changed lines the test covered most; else the first one
    in a file it covered; else the first changed function."""
    covered = covered if isinstance(covered, dict) else {}
    best: Tuple[int, int, str] = (0, 0, "")
    functions = [f for f in targets.get("changed_functions") or [] if isinstance(f, dict)]
    for function in functions:
        path = (function.get("files") or {}).get("old")
        lines = set((function.get("changed_lines") or {}).get("old") or [])
        hit = covered.get(path) or []
        score = (len(lines & set(hit)), 1 if hit else 0, function.get("qualname") or "")
        if score[:2] > best[:2]:
            best = score
    if best[2]:
        return best[2]
    return functions[0].get("qualname") if functions else None


@dataclass
class MutationHints:
    """What a target's changed code tells the mutants of the tests that reach it."""

    inserts: List[Any] = field(default_factory=list)  # strings it handles: spliced in first
    lengths: List[int] = field(default_factory=list)  # lengths it compares with
    wraps: List[str] = field(default_factory=list)  # attributes it unwraps values through
    # its entry points' signatures and the options its changed conditions decide on
    # (flag_keywords.py): set on the test's calls, after the callable kinds
    signatures: Dict[str, Signature] = field(default_factory=dict)
    flags: Dict[str, List[Any]] = field(default_factory=dict)
    # of those callables, the classes whose objects it reads an attribute of (the
    # attribute_setters.py part): their constructions handed to other code come first
    handed: List[str] = field(default_factory=list)
    known: List[str] = field(default_factory=list)  # words it compares with: swapped first
    # (import line, expression) of the project classes it tests values against: wrapped first
    classes: List[Tuple[str, str]] = field(default_factory=list)
    tuples: bool = False  # it formats with ``%``: scalars offered as tuples of themselves
    # how a snippet calls the target itself: on the objects the test builds (test_objects.py)
    shapes: List[CallShape] = field(default_factory=list)


def mutants_lead(tests: List[Any]) -> bool:
    """Whether the project tests' mutants among the feedback ``tests`` were novel more often
    than the tests of every other strategy together (the originals, a fixed set run once, left
    out)."""
    mutants = others = 0
    for test in tests:
        if not isinstance(test, dict) or not test.get("novel"):
            continue
        if test.get("strategy") != STRATEGY:
            others += 1
        elif (test.get("genome") or {}).get("mutant"):
            mutants += 1
    return mutants > others


class ProjectTests:
    """The request's project tests, converted once."""

    def __init__(self, request: Dict[str, Any]) -> None:
        self.converted: List[Dict[str, Any]] = []  # {test, file, target, code, focus}
        self.skipped: List[Dict[str, str]] = []
        self.leads: Dict[str, List[str]] = {}  # per target: lead_lines.py
        self.leading = mutants_lead((request.get("feedback") or {}).get("tests") or [])
        listed = (request.get("project_tests") or {}).get("tests") or []
        if not listed or not enabled(request):
            return
        if sys.version_info < (3, 9):
            self.skipped = [{"test": _test_id(t), "reason": "converting tests needs Python 3.9"}
                            for t in listed[:MAX_TESTS] if isinstance(t, dict)]
            return
        sources = old_tree(request)
        targets = request.get("targets") or {}
        # the tests that ran a changed line first, then those that took an arm beside one
        beside = beside_lines(targets, sources)
        listed = sorted(listed, key=lambda test: not _ran_changed(test, beside))[:MAX_TESTS]
        files = DataFiles(sources.root)
        new_modules = NewModules(tree_of(request, "new"))
        words = name_words([str(f.get("qualname")) for f in targets.get("changed_functions") or []
                            if isinstance(f, dict)])
        for test in listed:
            if not isinstance(test, dict) or not isinstance(test.get("file"), str) or \
                    not isinstance(test.get("name"), str):
                continue
            target = choose_target(test.get("covered"), targets)
            calls = entry_call_snippets(test)
            try:
                code = convert(sources, test["file"], test["name"])
                removed = removed_private_imports(code, new_modules)
                if removed:
                    raise Unconvertible("it imports %s, which the new version no longer has" %
                                        ", ".join(removed))
            except Unconvertible as exc:
                reason = str(exc)
            except (RecursionError, ValueError, TypeError, AttributeError) as exc:
                reason = "the conversion failed: %s" % exc
            else:
                reason = ""
                calls = [call for call in calls if not repeats_a_call_of(call, code)]
                lines = [n for n in test.get("reached_from") or [] if isinstance(n, int)]
                if target:
                    self.converted.append({"test": _test_id(test), "file": test["file"],
                                           "target": target, "code": code, "focus": focus_keys(
                                               sources.text(test["file"]), lines),
                                           "siblings": None, "direct": calls_by_name(code, target)})
            if reason and not (calls and target):
                self.skipped.append({"test": _test_id(test), "reason": reason})
            # the outermost call only: where the test's own document went in whole (an inner
            # call's other arguments are positions into that document)
            outermost = next((c for c in test.get("entry_calls") or [] if isinstance(c, dict)),
                             None)
            recorded = {entry_call_snippet(outermost): outermost} if outermost else {}
            for call in calls if target else []:
                # every literal of the call is one the changed line saw: all are the focus
                self.converted.append({"test": _test_id(test), "file": test["file"],
                                       "target": target, "code": call,
                                       "focus": focus_keys(call, range(1, call.count("\n") + 1)),
                                       "siblings": functools.partial(
                                           sibling_snippets, files, test["file"],
                                           recorded[call], words) if call in recorded else None,
                                       "direct": calls_by_name(call, target)})
        changed = changed_words(request, sources)
        for target in {item["target"] for item in self.converted}:
            self.leads[target] = lead_lines(
                (i["code"] for i in self.converted if i["target"] == target), changed)

    def candidate(self, item: Dict[str, Any], code: str, mutant: bool) -> Dict[str, Any]:
        return project_candidate({"strategy": STRATEGY, "target": item["target"], "code": code,
                                  "origin": {"file": item["file"], "test": item["test"]},
                                  "mutant": mutant})

    def round_candidates(self, seed: Any, round_index: int, seen: Set[str],
                         wanted: Optional[Set[str]],
                         hints: Optional[Dict[str, MutationHints]] = None,
                         max_candidates: int = 0, kinds: Sequence[str] = (),
                         rewrites: Sequence[Rewrite] = ()) -> List[Dict[str, Any]]:
        """The originals (round 0) and then mutants not seen yet, for the wanted targets, as
        each target's ``hints`` direct (see MutationHints); before them, the functions a test
        passes are wrapped as each of the callable ``kinds`` the change asks about (see
        callable_kinds).  The change's ``rewrites`` put the texts a changed pattern's versions
        read differently where the literals hold text of its shape, before the inserts."""
        out: List[Dict[str, Any]] = []
        if round_index == 0:
            for item in self.converted:
                if item["code"] not in seen:
                    seen.add(item["code"])
                    out.append(self.candidate(item, item["code"], False))
        items = [i for i in self.converted if wanted is None or i["target"] in wanted]
        # the tests that ran the changed lines themselves (not only a stand-in) go first
        items.sort(key=lambda i: not i["focus"])
        share = LEADING_SHARE if self.leading else MUTANT_SHARE
        first, later = (max(n, max_candidates // share)
                        for n in (MUTANTS_FIRST_ROUND, MUTANTS_PER_ROUND))
        limit = first if round_index == 0 else later
        if items and round_index > 0:  # each round goes on where the last one stopped
            start = (first + (round_index - 1) * later) % len(items)
            items = items[start:] + items[:start]
        streams: List[Tuple[Dict[str, Any], Iterator[str]]] = [
            (item, itertools.chain(
                callable_mutants(item["code"], kinds),
                flag_mutants(item["code"], hint.signatures, hint.flags, hint.handed),
                alternating(object_calls(item["code"], item["target"], hint.shapes, seed,
                                         item["test"]),
                            mutants(item["code"], derive_seed(seed, "project_tests", item["test"]),
                                    hint.inserts, hint.lengths, item["focus"], hint.wraps,
                                    rewrites, hint.known, hint.classes, hint.tuples))))
            for item, hint in ((i, (hints or {}).get(i["target"]) or MutationHints())
                               for i in items)]
        out += self._taking_turns(streams, limit, seen)
        # a data-driven test's other documents (data_files.py), as many again: each is a whole
        # real document, where a mutant changes one literal
        out += self._taking_turns([(i, i["siblings"]()) for i in items if i["siblings"]],
                                  limit, seen)
        # and its documents headed by another test's line of the changed words (lead_lines.py)
        return out + self._taking_turns(
            [(i, led_snippets(i["code"], self.leads.get(i["target"], []))) for i in items],
            limit, seen)

    def _taking_turns(self, streams: List[Tuple[Dict[str, Any], Iterator[str]]], limit: int,
                      seen: Set[str]) -> List[Dict[str, Any]]:
        """Up to ``limit`` candidates from the streams in turn, none seen before: one per turn,
        DIRECT_TURNS from a test that calls its target itself when others do not."""
        out: List[Dict[str, Any]] = []
        mixed = len({item["direct"] for item, _stream in streams}) > 1
        while streams and len(out) < limit:
            still = []
            for item, stream in streams:
                taken = 0
                for code in stream:
                    if code in seen:
                        continue
                    seen.add(code)
                    out.append(self.candidate(item, code, True))
                    taken += 1
                    if taken >= (DIRECT_TURNS if mixed and item["direct"] else 1) or \
                            len(out) >= limit:
                        break
                if taken:
                    still.append((item, stream))
                if len(out) >= limit:
                    break
            streams = still
        return out


def alternating(first: Iterator[str], second: Iterator[str]) -> Iterator[str]:
    """One of each in turn, then the rest of the longer."""
    for pair in itertools.zip_longest(first, second):
        yield from (code for code in pair if code is not None)


def _ran_changed(test: Any, beside: Dict[str, Set[int]]) -> bool:
    """Whether a test's covered lines hold one that is not only an arm beside the change."""
    covered = test.get("covered") if isinstance(test, dict) else None
    return isinstance(covered, dict) and any(
        set(lines) - beside.get(path, set()) for path, lines in covered.items()
        if isinstance(lines, list))


def calls_by_name(code: str, qualname: str) -> bool:
    """Whether a statement of ``code`` itself, not a helper it defines, calls the function
    ``qualname`` names by its name (a constructor by its class's)."""
    parts = qualname.split(".")
    name = parts[-2] if parts[-1] == "__init__" and len(parts) > 1 else parts[-1]
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    own = [s for s in tree.body if not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                      ast.ClassDef))]
    return any(isinstance(n, ast.Call) and (
        isinstance(n.func, ast.Name) and n.func.id == name or
        isinstance(n.func, ast.Attribute) and n.func.attr == name)
        for statement in own for n in ast.walk(statement))


def project_candidate(genome: Dict[str, Any]) -> Dict[str, Any]:
    """The candidate running a project-test genome's code."""
    return {"target": genome["target"], "entry": genome["origin"]["test"], "genome": genome,
            "code": genome["code"], "strategy": STRATEGY}


def _test_id(test: Dict[str, Any]) -> str:
    return "%s::%s" % (test.get("file"), test.get("name"))


def tried_codes(tests: List[Dict[str, Any]]) -> Set[str]:
    """The codes of the strategy's candidates among the feedback tests."""
    return {t["genome"]["code"] for t in tests if is_project_genome(t.get("genome"))}
