"""Tests for engine/generate/generate.py, the offline test generator.

The fixture in fixtures/generate (the ``tally`` package, ``old/`` and ``new/``) is copied into a
temporary directory; the changed lines are computed with difflib, ``analyze.py targets`` produces
the targets JSON exactly as the pipeline does, and ``generate.py`` is driven through its CLI (and
in-process for the finer checks).  The end-to-end test executes the candidates with
``/usr/bin/python3`` on both trees and expects a difference for the boundary regression.
"""

from __future__ import annotations

import ast
import difflib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from helpers_dir import HELPERS
from typing import Any, Dict, List, Optional, Tuple

import pytest

HERE = Path(__file__).resolve().parent
ENGINE = HELPERS
GENERATE = ENGINE / "generate.py"
ANALYZE = ENGINE / "analyze.py"
FIXTURE = HERE / "fixtures" / "generate"
PYTHON = os.environ.get("DIFFTRIAGE_TEST_PYTHON", "/usr/bin/python3")
if not os.path.exists(PYTHON):
    PYTHON = sys.executable

if str(ENGINE) not in sys.path:
    sys.path.insert(0, str(ENGINE))

from gen.search import generate as generate_inprocess  # noqa: E402
from gen.shrink import shrink as shrink_inprocess  # noqa: E402
from gen.snippet import render_genome  # noqa: E402


# ---------------------------------------------------------------------------------------------
# Fixture plumbing


def changed_lines(old: Path, new: Path) -> Dict[str, Any]:
    """CHANGES.json for two trees (what DiffAnalysis computes with libgit2)."""
    files = []
    rels = sorted({str(p.relative_to(old)) for p in old.rglob("*.py")} |
                  {str(p.relative_to(new)) for p in new.rglob("*.py")})
    for rel in rels:
        a = (old / rel).read_text(encoding="utf-8").splitlines() if (old / rel).exists() else []
        b = (new / rel).read_text(encoding="utf-8").splitlines() if (new / rel).exists() else []
        old_lines: List[int] = []
        new_lines: List[int] = []
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False
                                                           ).get_opcodes():
            if tag != "equal":
                old_lines.extend(range(i1 + 1, i2 + 1))
                new_lines.extend(range(j1 + 1, j2 + 1))
        if old_lines or new_lines:
            files.append({"old_path": rel if (old / rel).exists() else None,
                          "new_path": rel if (new / rel).exists() else None,
                          "old_lines": old_lines, "new_lines": new_lines})
    return {"files": files}


def analyze_targets(old: Path, new: Path, tmp: Path) -> Dict[str, Any]:
    changes = tmp / "changes.json"
    changes.write_text(json.dumps(changed_lines(old, new)), encoding="utf-8")
    proc = subprocess.run([PYTHON, "-I", str(ANALYZE), "targets", "--old-root", str(old),
                           "--new-root", str(new), "--changes", str(changes)],
                          capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr.decode()
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def trees(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, Any]:
    tmp = tmp_path_factory.mktemp("generate")
    old, new = tmp / "old", tmp / "new"
    shutil.copytree(str(FIXTURE / "old"), str(old))
    shutil.copytree(str(FIXTURE / "new"), str(new))
    targets = analyze_targets(old, new, tmp)
    return {"tmp": tmp, "old": old, "new": new, "targets": targets}


def request(trees: Dict[str, Any], **extra: Any) -> Dict[str, Any]:
    req = {"seed": 7, "round": 0, "max_candidates": 60, "old_root": str(trees["old"]),
           "new_root": str(trees["new"]),
           "import_roots": {"old": str(trees["old"]), "new": str(trees["new"])},
           "targets": trees["targets"]}
    req.update(extra)
    return req


def run_cli(mode: str, req: Dict[str, Any], tmp: Path, name: str = "req.json") -> bytes:
    path = tmp / name
    path.write_text(json.dumps(req), encoding="utf-8")
    proc = subprocess.run([PYTHON, "-I", str(GENERATE), mode, "--request", str(path)],
                          capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout


@pytest.fixture(scope="module")
def round0(trees: Dict[str, Any]) -> List[Dict[str, Any]]:
    out = json.loads(run_cli("generate", request(trees), trees["tmp"]))
    return out["candidates"]


def for_target(cands: List[Dict[str, Any]], suffix: str) -> List[Dict[str, Any]]:
    return [c for c in cands if c["target"].endswith(suffix)]


def call_args(code: str, func: str) -> List[ast.expr]:
    """Argument expressions of every call of ``func`` in ``code``."""
    out: List[ast.expr] = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id == func:
            out.extend(node.args)
            out.extend(k.value for k in node.keywords)
    return out


# ---------------------------------------------------------------------------------------------
# Static properties of the candidates


def test_targets_fixture_has_the_expected_changes(trees: Dict[str, Any]) -> None:
    names = {cf["qualname"] for cf in trees["targets"]["changed_functions"]}
    assert {"tally.core.clamp_score", "tally.core.order_fee", "tally.core.describe",
            "tally.pricing._bulk_discount", "tally.shapes.Box.__contains__",
            "tally.core.legacy_code", "tally.core.fresh_code"} <= names


def test_candidates_compile_and_are_unique(round0: List[Dict[str, Any]]) -> None:
    # relation checks come on top of max_candidates (and only they catch exceptions)
    assert 0 < len([c for c in round0 if "relation" not in c]) <= 60
    codes = [c["code"] for c in round0]
    assert len(set(codes)) == len(codes)
    for cand in round0:
        compile(cand["code"], "<candidate>", "exec")
        assert cand["code"] == render_genome(cand["genome"])
        json.dumps(cand["genome"])  # serialisable
        assert ("try:" in cand["code"]) == ("relation" in cand)


def test_imports_only_public_paths(round0: List[Dict[str, Any]]) -> None:
    for cand in round0:
        for node in ast.walk(ast.parse(cand["code"])):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("tally"):
                assert node.module == "tally", cand["code"]
                assert all(not a.name.startswith("_") for a in node.names), cand["code"]
            if isinstance(node, ast.Attribute):
                assert not (node.attr.startswith("_") and not node.attr.startswith("__")), \
                    cand["code"]


def test_spread_over_targets(round0: List[Dict[str, Any]]) -> None:
    targets = {c["target"] for c in round0}
    assert {"tally.core.clamp_score", "tally.core.order_fee", "tally.core.describe",
            "tally.pricing._bulk_discount", "tally.shapes.Box.__contains__"} <= targets
    for name in ("clamp_score", "order_fee", "describe", "_bulk_discount"):
        assert len(for_target(round0, name)) >= 5


def test_one_sided_entry_points_get_few_candidates(round0: List[Dict[str, Any]]) -> None:
    assert 1 <= len([c for c in round0 if c["entry"].endswith(".legacy_code")]) <= 2
    assert 1 <= len([c for c in round0 if c["entry"].endswith(".fresh_code")]) <= 2


def test_boundary_constant_and_neighbours(round0: List[Dict[str, Any]]) -> None:
    values = set()
    for cand in for_target(round0, "clamp_score"):
        for arg in call_args(cand["code"], "clamp_score"):
            if isinstance(arg, ast.Constant):
                values.add(arg.value)
    assert {99, 100, 101} <= values
    assert 7 in values  # the doctest call site


def test_dataclass_parameter_built_through_constructor(round0: List[Dict[str, Any]]) -> None:
    codes = [c["code"] for c in for_target(round0, "order_fee")]
    orders = [a for code in codes for a in call_args(code, "order_fee")]
    assert orders
    built = [code for code in codes if re.search(r"\bOrder\((['\"]).*\1, -?\d+", code)]
    assert built, codes
    assert any("from tally import Order, order_fee" in code for code in codes)
    assert any("tags=[" in code for code in codes)  # the optional field is varied too


def test_enum_and_literal_members(round0: List[Dict[str, Any]]) -> None:
    text = "\n".join(c["code"] for c in for_target(round0, "describe"))
    assert "Level.LOW" in text and "Level.HIGH" in text
    for member in ("'urgent'", "'later'"):
        assert member in text


def generated_for(tmp_path: Path, package: str, source: str, bodies: Tuple[str, str],
                  target: str) -> List[str]:
    """The codes of the round-0 candidates for ``target`` of a package whose ``__init__.py`` is
    ``source`` with the old and then the new body put in."""
    for side, body in zip(("old", "new"), bodies):
        (tmp_path / side / package).mkdir(parents=True)
        (tmp_path / side / package / "__init__.py").write_text(source % body)
    trees = {"old": tmp_path / "old", "new": tmp_path / "new"}
    trees["targets"] = analyze_targets(trees["old"], trees["new"], tmp_path)
    out = generate_inprocess(request(trees, max_candidates=30))["candidates"]
    return [c["code"] for c in for_target(out, target)]


def test_a_method_of_an_enum_runs_on_its_members(tmp_path: Path) -> None:
    """``Op()`` is no member (TypeError before the method runs): the receivers are the
    members, ``Op(Op.PLUS)``."""
    source = ("import enum\n\n\nclass Op(enum.Enum):\n    PLUS = '+'\n    HASH = '#'\n\n"
              "    def quote(self, text):\n        return %s\n")
    codes = generated_for(tmp_path, "ops", source, ("self.value + text",
                                                    "self.value + text.strip()"), "Op.quote")
    assert codes and not any("Op()" in code for code in codes)
    receivers = "\n".join(codes)
    assert "Op(Op.PLUS)" in receivers and "Op(Op.HASH)" in receivers


def test_a_receiver_named_after_a_keyword_gets_another_name(tmp_path: Path) -> None:
    """``class AND`` would make ``and = AND(...)``, a syntax error before anything runs."""
    source = ("class AND:\n    def __init__(self, left, right):\n        self.args = (left, right)"
              "\n\n    def simplify(self):\n        return %s\n")
    codes = generated_for(tmp_path, "ops", source, ("self.args[0]", "self.args[-1]"),
                          "AND.simplify")
    assert codes
    for code in codes:
        compile(code, "<candidate>", "exec")


def test_a_type_hint_bound_only_under_type_checking_is_never_imported(tmp_path: Path) -> None:
    """A Protocol defined under ``if TYPE_CHECKING:`` does not exist at run time: importing it
    made nearly every test of a typed library's function an ImportError on both versions."""
    source = ("from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
              "    from typing import Protocol\n\n    class SupportsRead(Protocol):\n"
              "        def read(self, n: int = -1) -> bytes: ...\n\n\n"
              "def head(stream: 'SupportsRead', n: int) -> bytes:\n    return %s\n")
    codes = generated_for(tmp_path, "reader", source,
                          ("stream.read(n)", "stream.read(max(n, 0))"), "head")
    assert codes and not any("SupportsRead" in code for code in codes), codes[:3]


def test_private_function_reached_through_public_entry(round0: List[Dict[str, Any]]) -> None:
    cands = for_target(round0, "_bulk_discount")
    assert cands
    for cand in cands:
        assert cand["entry"] == "tally.pricing.total"
        assert "from tally import Order, total" in cand["code"] or \
            "from tally import total" in cand["code"]
        assert "_bulk_discount" not in cand["code"]
    quantities = set()
    for cand in cands:
        for node in ast.walk(ast.parse(cand["code"])):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Order" and \
                    len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                quantities.add(node.args[1].value)
    assert {49, 50, 51} <= quantities  # BULK = 50, mined two calls below the entry point


def test_special_method_through_its_operator(round0: List[Dict[str, Any]]) -> None:
    cands = for_target(round0, "Box.__contains__")
    assert cands
    assert all(re.search(r"result = .+ in box\n", c["code"]) for c in cands)
    assert any("'hammer' in box" in c["code"] for c in cands)  # case variant of a site string


def test_mutable_arguments_are_printed_after_the_call(round0: List[Dict[str, Any]]) -> None:
    cand = for_target(round0, "_bulk_discount")[0]
    code = cand["code"]
    if "orders = [" in code:
        assert "print(repr(orders))" in code
    assert "print(repr(result))" in code


# ---------------------------------------------------------------------------------------------
# Determinism, feedback, shrink, CLI errors


def test_deterministic_for_a_seed(trees: Dict[str, Any]) -> None:
    first = run_cli("generate", request(trees, seed=11), trees["tmp"], "a.json")
    second = run_cli("generate", request(trees, seed=11), trees["tmp"], "b.json")
    assert first == second
    shrink_req = {"seed": 3, "genome": json.loads(first)["candidates"][0]["genome"]}
    assert run_cli("shrink", shrink_req, trees["tmp"], "s1.json") == \
        run_cli("shrink", shrink_req, trees["tmp"], "s2.json")


def _fake_test(cand: Dict[str, Any], tid: str, covered_new: List[int], file: str
               ) -> Dict[str, Any]:
    return {"id": tid, "target": cand["target"], "genome": cand["genome"],
            "covered": {"old": {file: covered_new}, "new": {file: covered_new}},
            "outcome": "ok"}


def test_feedback_mutates_the_closest_genome(trees: Dict[str, Any],
                                             round0: List[Dict[str, Any]]) -> None:
    cands = for_target(round0, "_bulk_discount")
    assert len(cands) >= 2
    far, near = cands[0], cands[1]
    # pretend: the uncovered line is 23 (``return quantity // 10``); ``near`` ran line 22
    tests = [_fake_test(far, "t1", [10], "tally/pricing.py"),
             _fake_test(near, "t2", [22], "tally/pricing.py")]
    req = request(trees, round=1, max_candidates=12, feedback={
        "tests": tests,
        "uncovered": {"tally.pricing._bulk_discount": {"old": [23], "new": [23]}}})
    out = generate_inprocess(req)["candidates"]
    assert out and all(c["target"] == "tally.pricing._bulk_discount" for c in out)
    tried = {far["code"], near["code"]}
    assert not tried & {c["code"] for c in out}
    first = out[0]["genome"]
    # one argument of the closest genome changed (the orders list), nothing else
    assert first["entry"] == near["genome"]["entry"]
    assert first["ctor"] == near["genome"]["ctor"]
    changed = [a for a, b in zip(first["args"], near["genome"]["args"]) if a != b]
    assert len(first["args"]) == len(near["genome"]["args"]) and len(changed) == 1


def test_feedback_only_serves_uncovered_targets(trees: Dict[str, Any],
                                                round0: List[Dict[str, Any]]) -> None:
    req = request(trees, round=1, max_candidates=20, feedback={
        "tests": [], "uncovered": {"tally.core.clamp_score": {"old": [33], "new": [33]}}})
    out = generate_inprocess(req)["candidates"]
    assert out and {c["target"] for c in out} == {"tally.core.clamp_score"}


def test_shrink_produces_simpler_variants(trees: Dict[str, Any],
                                          round0: List[Dict[str, Any]]) -> None:
    cand = next(c for c in for_target(round0, "clamp_score"))
    genome = json.loads(json.dumps(cand["genome"]))
    genome["args"][0]["value"] = {"k": "int", "v": 1370}
    req = request(trees, genome=genome)
    variants = json.loads(run_cli("shrink", req, trees["tmp"], "shrink.json"))["candidates"]
    assert variants
    values = [v["genome"]["args"][0]["value"]["v"] for v in variants]
    assert values[0] == 0
    assert all(abs(v) < 1370 for v in values)
    assert 100 in values and 101 in values  # the mined boundary survives as a candidate
    for v in variants:
        compile(v["code"], "<variant>", "exec")
        assert v["code"] == render_genome(v["genome"])


def test_shrink_batch_answers_each_genome_as_alone(trees: Dict[str, Any],
                                                  round0: List[Dict[str, Any]]) -> None:
    """A batch gives each genome the variants a call of its own gives, in order."""
    clamp = json.loads(json.dumps(next(iter(for_target(round0, "clamp_score")))["genome"]))
    clamp["args"][0]["value"] = {"k": "int", "v": 1370}
    describe = next(c for c in for_target(round0, "describe")
                    if any(a.get("opt") for a in c["genome"]["args"]))["genome"]
    genomes = [clamp, describe]
    batch = json.loads(run_cli("shrink", request(trees, genomes=genomes), trees["tmp"],
                               "batch.json"))["variants"]
    assert len(batch) == 2 and all(batch)
    for genome, variants in zip(genomes, batch):
        alone = json.loads(run_cli("shrink", request(trees, genome=genome), trees["tmp"],
                                   "alone.json"))["candidates"]
        assert [v["code"] for v in variants] == [v["code"] for v in alone]
    assert 100 in [v["genome"]["args"][0]["value"]["v"] for v in batch[0]]  # plans were built


def test_shrink_drops_optional_arguments_first(trees: Dict[str, Any],
                                               round0: List[Dict[str, Any]]) -> None:
    cand = next(c for c in for_target(round0, "describe")
                if any(a.get("opt") for a in c["genome"]["args"]))
    variants = shrink_inprocess({"seed": 1, "genome": cand["genome"]})["candidates"]
    assert variants
    first = variants[0]["genome"]
    assert all(not a.get("opt") for a in first["args"])
    assert "priority=" not in variants[0]["code"]


def test_bad_input_exits_2(trees: Dict[str, Any]) -> None:
    path = trees["tmp"] / "bad.json"
    path.write_text("[1, 2]", encoding="utf-8")
    proc = subprocess.run([PYTHON, "-I", str(GENERATE), "generate", "--request", str(path)],
                          capture_output=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.decode().startswith("generate.py: ")
    assert len(proc.stderr.decode().strip().splitlines()) == 1


def test_speed_twenty_targets(trees: Dict[str, Any]) -> None:
    """A request with 20 targets answers well under a second (in-process, warm)."""
    import time
    targets = json.loads(json.dumps(trees["targets"]))
    base = list(targets["access"])
    while len(targets["access"]) < 20:
        for item in base:
            clone = json.loads(json.dumps(item))
            clone["target"] = item["target"] + "#%d" % len(targets["access"])
            targets["access"].append(clone)
    req = request(trees, targets=targets, max_candidates=200)
    generate_inprocess(req)
    start = time.process_time()  # CPU time: robust against a loaded machine
    out = generate_inprocess(req)["candidates"]
    assert time.process_time() - start < 1.0
    assert len([c for c in out if "relation" not in c]) == 200


# ---------------------------------------------------------------------------------------------
# End to end: the point of the generator


def _execute(code: str, root: Path, tmp: Path) -> str:
    proc = subprocess.run([PYTHON, "-I", "-c", "import sys; sys.path.insert(0, sys.argv[1]); "
                           "exec(compile(sys.argv[2], '<test>', 'exec'), {'__name__': "
                           "'__main__'})", str(root), code],
                          capture_output=True, timeout=60, cwd=str(tmp),
                          env={"PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"})
    err = proc.stderr.decode()
    last = err.strip().splitlines()[-1] if err.strip() else ""
    return proc.stdout.decode() + "|" + str(proc.returncode) + "|" + last


def test_end_to_end_boundary_regression_shows_a_difference(
        trees: Dict[str, Any], round0: List[Dict[str, Any]]) -> None:
    cands = for_target(round0, "_bulk_discount")[:25]
    differing: Optional[Dict[str, Any]] = None
    for cand in cands:
        old = _execute(cand["code"], trees["old"], trees["tmp"])
        new = _execute(cand["code"], trees["new"], trees["tmp"])
        if old != new:
            differing = {"code": cand["code"], "old": old, "new": new}
            break
    assert differing is not None, "no candidate shows the <= regression"
    assert "Order('" in differing["code"] and ", 50" in differing["code"]


def test_empty_uncovered_means_every_target(trees: Dict[str, Any]) -> None:
    """The pipeline always sends ``uncovered`` (``{}`` in round 0)."""
    req = request(trees, max_candidates=40, feedback={"tests": [], "uncovered": {}})
    out = generate_inprocess(req)["candidates"]
    assert len({c["target"] for c in out}) >= 5


def test_setup_calls_on_the_receiver(trees: Dict[str, Any]) -> None:
    """A public mutator of the receiver's class (``Box.add``) is called before the operator."""
    req = request(trees, max_candidates=400)
    cands = for_target(generate_inprocess(req)["candidates"], "Box.__contains__")
    with_setup = [c for c in cands if re.search(r"^box\.add\(", c["code"], re.M)]
    assert with_setup
    for cand in with_setup:
        assert cand["code"].index("box.add(") < cand["code"].index(" in box")
    variants = shrink_inprocess({"seed": 1, "genome": with_setup[0]["genome"]})["candidates"]
    assert "box.add(" not in variants[0]["code"]


def test_dynamic_dispatch_falls_back_to_the_dispatcher(trees: Dict[str, Any],
                                                       round0: List[Dict[str, Any]]) -> None:
    """No static call path reaches ``_format_money``: the public dispatcher of its class is
    used, with the value that selects the target (``"_format_" + kind`` → ``kind='money'``)."""
    access = {a["target"]: a for a in trees["targets"]["access"]}
    assert not access["tally.shapes.Formatter._format_money"]["methods"]
    cands = for_target(round0, "_format_money")
    assert cands
    assert all(c["entry"] == "tally.shapes.Formatter.format" for c in cands)
    assert any(".format('money', " in c["code"] for c in cands), [c["code"] for c in cands]


# ---------------------------------------------------------------------------------------------
# The strategy registry, the schedule and the switches (docs/SEARCH.md)


def test_registry_names_every_strategy_with_a_level_and_a_doc() -> None:
    from gen.registry import LEVELS, describe
    table = describe()
    names = [s["name"] for s in table]
    assert len(names) == len(set(names))
    rules = {s["name"] for s in table if s["rule"]}
    assert rules == {"optional_params", "shapes", "sizes", "type_variety", "value_relations",
                     "protocol_objects", "signature_diff", "protocol_membership",
                     "exception_messages", "environment_variables", "regex_samples",
                     "callable_objects", "returned_callables",
                     "failing_callables", "command_line", "path_forms",
                     "unicode_forms", "sparse_values", "class_header", "named_keys", "guard_strings",
                     "encoded_texts", "number_spellings", "flag_settings", "checked_classes",
                     "callee_arguments", "changed_constants", "test_objects",
                     "repeated_calls"}
    for entry in table:
        assert entry["level_name"] == LEVELS[entry["level"]]
        assert len(entry["doc"]) > 40, entry["name"]  # says what it tries and why
    levels = [s["level"] for s in table]
    assert levels == sorted(levels)


def test_every_candidate_names_its_strategy(round0: List[Dict[str, Any]]) -> None:
    from gen.registry import describe
    known = {s["name"] for s in describe()}
    assert round0
    for cand in round0:
        assert cand["strategy"] in known
        assert cand["genome"]["strategy"] == cand["strategy"]


def test_schedule_level_limits_the_strategies(trees: Dict[str, Any]) -> None:
    target = "tally.core.clamp_score"
    out = generate_inprocess(request(trees, max_candidates=400, schedule={
        target: {"level": 0, "plateaued": []}}))["candidates"]
    assert out and {c["target"] for c in out} == {target}
    used = {c["strategy"] for c in out if "relation" not in c}
    assert not used & {"optional_params", "type_variety", "random_combinations"}
    broad = generate_inprocess(request(trees, max_candidates=400, schedule={
        target: {"level": 2, "plateaued": ["base", "one_at_a_time"]}}))["candidates"]
    used = {c["strategy"] for c in broad if "relation" not in c}
    assert "random_combinations" in used
    assert not used & {"base", "one_at_a_time"}


def test_disabled_strategies_make_nothing(trees: Dict[str, Any],
                                          round0: List[Dict[str, Any]]) -> None:
    used = {c["strategy"] for c in round0}
    off = sorted(used)[:2]
    out = generate_inprocess(request(trees, disabled_strategies=off))["candidates"]
    assert out and not {c["strategy"] for c in out} & set(off)


def test_unknown_strategy_is_bad_input(trees: Dict[str, Any]) -> None:
    path = trees["tmp"] / "bad-strategy.json"
    path.write_text(json.dumps(request(trees, disabled_strategies=["no_such_rule"])),
                    encoding="utf-8")
    proc = subprocess.run([PYTHON, "-I", str(GENERATE), "generate", "--request", str(path)],
                          capture_output=True, timeout=60)
    assert proc.returncode == 2
    assert "no_such_rule" in proc.stderr.decode()


def test_keywords_compared_in_the_body_get_their_constants() -> None:
    from gen.rules.optional import compared_keywords
    node = ast.parse("def render(text, **options):\n"
                     "    if options.get('mode') == 'loud':\n        return 1\n"
                     "    if options['unit'] in ('s', 'ms'):\n        return 2\n").body[0]
    assert compared_keywords(node, "options") == {"mode": ["loud"], "unit": ["s", "ms"]}


def test_novel_tests_that_aborted_are_not_mutated(trees: Dict[str, Any],
                                                  round0: List[Dict[str, Any]]) -> None:
    from gen.feedback import novel_stream
    from gen.plans import Workspace
    cands = for_target(round0, "clamp_score")[:2]
    assert len(cands) == 2
    workspace = Workspace(request(trees))
    target = next(t for t in workspace.build() if t.qualname == "tally.core.clamp_score")
    plans = {p.key: p for p in target.plans}
    timed_out = dict(_fake_test(cands[0], "t1", [], "tally/core.py"), novel=True,
                     outcome="timeout")
    fine = dict(_fake_test(cands[1], "t2", [], "tally/core.py"), novel=True)
    entries = {json.dumps(g["entry"], sort_keys=True) + json.dumps(g["args"], sort_keys=True)
               for _p, g in novel_stream(target, 7, 1, [timed_out], plans)}
    assert not entries
    assert list(novel_stream(target, 7, 1, [timed_out, fine], plans))


def test_cli_accepts_exactly_the_registry_names() -> None:
    """--disable-strategy checks names against the C++ list (GeneratorStrategies.cpp): it must
    be the registry's, in the registry's order, project_tests among them."""
    from gen.registry import describe
    source = (Path(__file__).resolve().parents[2] / "engine" / "generate" /
              "GeneratorStrategies.cpp").read_text(encoding="utf-8")
    listed = source.split("// BEGIN strategy names")[1].split("// END strategy names")[0]
    names = re.findall(r'QStringLiteral\("([a-z_]+)"\)', listed)
    assert names == [s["name"] for s in describe()]
    assert "project_tests" in names


def test_a_call_site_whose_text_is_built_of_literals_is_a_site(tmp_path: Path) -> None:
    """``'1' * 21`` and ``b'ab' + b'c'`` are folded into the texts they make (tests write the
    sizes that matter this way); a text past the size limit, or a product of a name, is not."""
    if str(ENGINE) not in sys.path:
        sys.path.insert(0, str(ENGINE))
    from gen.callsites import CallSites
    from gen.values import MAX_FOLDED
    from pymodel.project import Tree

    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "core.py").write_text("def check(value, data=b''):\n    return value\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_core.py").write_text(
        "from pkg.core import check\n\n\ndef test_sizes(n):\n"
        "    check([('Content-Length', '1' * 21)], data=b'ab' + b'c' * 2)\n"
        "    check('x' * %d)\n"
        "    check('x' * n)\n" % (MAX_FOLDED + 1))
    sites = CallSites(Tree(str(tmp_path)), {"check"})
    sites.scan()
    found = sites.get("pkg.core.check")
    assert len(found) == 1, found
    header = found[0].args[0]["items"][0]["items"]
    assert header[1]["v"] == "1" * 21
    assert found[0].kwargs[0][0] == "data" and "abcc" in str(found[0].kwargs[0][1]["v"])
