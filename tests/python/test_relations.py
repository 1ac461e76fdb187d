"""Metamorphic relation checks of generate.py, end to end on a small two-version project.

For every relation kind the ``rel`` package holds one function whose old version satisfies the
relation and whose new version breaks it.  The targets come from ``analyze.py targets`` as in the
pipeline; the relation candidates are executed on both trees: each must print ``holds`` on the
old tree and some of them ``breaks`` on the new one.  Inference, configuration and shrinking are
checked in-process.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from helpers_dir import HELPERS
from typing import Any, Dict, List

import pytest

from analyze_support import targets_for

HERE = Path(__file__).resolve().parent
ENGINE = HELPERS
PYTHON = os.environ.get("DIFFTRIAGE_TEST_PYTHON", "/usr/bin/python3")
if not os.path.exists(PYTHON):
    PYTHON = sys.executable
if str(ENGINE) not in sys.path:
    sys.path.insert(0, str(ENGINE))

from gen.relations import configure, infer  # noqa: E402
from gen.search import generate  # noqa: E402
from gen.shrink import shrink  # noqa: E402

VERDICT = re.compile(r"^relation ([a-z_/]+): (holds|breaks)$", re.M)

# name: (old body satisfying the relation, new body breaking it, the relation label)
FUNCTIONS = {
    "strip_comment": (
        "def strip_comment(text: str) -> str:\n    return text.split('#', 1)[0].rstrip()\n",
        "def strip_comment(text: str) -> str:\n    return text[:text.find('#')].rstrip()\n",
        "idempotence"),
    "parse_pairs": (
        "def parse_pairs(text: str) -> List[Tuple[str, str]]:\n"
        "    out = []\n"
        "    for line in text.lstrip('\\ufeff').splitlines():\n"
        "        if line.strip():\n"
        "            key, _, value = line.strip().partition('=')\n"
        "            out.append((key.strip(), value.strip()))\n"
        "    return out\n",
        "def parse_pairs(text: str) -> List[Tuple[str, str]]:\n"
        "    out = []\n"
        "    for line in text.split('\\n'):\n"
        "        key, _, value = line.partition('=')\n"
        "        out.append((key, value))\n"
        "    return out\n",
        "normalisation"),
    "read_words": (
        "def read_words(path):\n"
        "    if hasattr(path, 'read'):\n"
        "        return path.read().split()\n"
        "    with open(path, encoding='utf-8') as handle:\n"
        "        return handle.read().split()\n",
        "def read_words(path):\n"
        "    with open(path, encoding='utf-8') as handle:\n"
        "        return handle.read().split()\n",
        "path_agreement"),
    "count_words": (
        "def count_words(text: str) -> int:\n    return len(text.split())\n",
        "def count_words(text: str) -> int:\n    return text.count(' ') + 1\n",
        "additivity"),
    "largest": (
        "def largest(values: List[int]) -> int:\n    return max(values)\n",
        "def largest(values: List[int]) -> int:\n"
        "    return max(values[:-1]) if len(values) > 1 else values[0]\n",
        "permutation"),
    "parse_header": (
        "def parse_header(line: str) -> Dict[str, str]:\n"
        "    name, _, value = line.partition(':')\n"
        "    return {'name': name.strip(), 'value': value.strip()}\n",
        "def parse_header(line: str) -> Dict[str, str]:\n"
        "    name, _, value = line.partition(':')\n"
        "    words = value.split()\n"
        "    return {'name': name.strip(), 'value': words[0] if words else ''}\n",
        "token_sensitivity"),
}
HEAD = "from typing import Dict, List, Tuple\n\n\n"
SAMPLES = ("from rel import parse_header, parse_pairs, largest\n\n\n"
           "def test_samples():\n"
           "    assert parse_header('Content-Type: text/html; charset=utf-8')\n"
           "    assert parse_pairs('a=1\\n\\nb = 2\\n')\n"
           "    assert largest([3, 9, 4]) == 9\n")


def tree(side: int) -> Dict[str, str]:
    body = "\n\n".join(parts[side] for parts in FUNCTIONS.values())
    return {"rel/__init__.py": HEAD + body, "tests/test_rel.py": SAMPLES}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, Any]:
    tmp = tmp_path_factory.mktemp("relations")
    targets = targets_for(tmp, tree(0), tree(1))
    return {"old": tmp / "old", "new": tmp / "new", "targets": targets}


def request(project: Dict[str, Any], **extra: Any) -> Dict[str, Any]:
    base = {"seed": 1, "round": 0, "max_candidates": 0, "old_root": str(project["old"]),
            "new_root": str(project["new"]), "targets": project["targets"]}
    base.update(extra)
    return base


def run(code: str, root: Path) -> str:
    proc = subprocess.run([PYTHON, "-c", code], capture_output=True, text=True, timeout=60,
                          env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"})
    return proc.stdout + proc.stderr


@pytest.fixture(scope="module")
def executed(project: Dict[str, Any]) -> List[Dict[str, Any]]:
    candidates = generate(request(project))["candidates"]
    for candidate in candidates:
        function = candidate["target"].split(".")[-1]
        if candidate["relation"].split("/")[0] != FUNCTIONS[function][2]:
            continue  # a relation this project does not pin: not worth the run
        for side in ("old", "new"):
            found = VERDICT.search(run(candidate["code"], project[side]))
            candidate[side] = found.group(2) if found else "error"
    return candidates


@pytest.mark.parametrize("function", sorted(FUNCTIONS))
def test_relation_holds_on_the_satisfying_version_and_breaks_on_the_other(
        executed: List[Dict[str, Any]], function: str) -> None:
    kind = FUNCTIONS[function][2]
    checks = [c for c in executed if c["target"] == "rel." + function and
              c["relation"].split("/")[0] == kind]
    assert checks, "no %s check for %s" % (kind, function)
    assert all(c["old"] == "holds" for c in checks), [(c["code"], c["old"]) for c in checks]
    assert any(c["new"] == "breaks" for c in checks), [c["code"] for c in checks]


def test_every_normalisation_variant_is_checked(executed: List[Dict[str, Any]]) -> None:
    labels = {c["relation"] for c in executed if c["target"] == "rel.parse_pairs"}
    assert "token_sensitivity" in labels and "additivity" in labels
    for variant in ("bom", "crlf", "trailing_newline", "whitespace"):
        assert "normalisation/" + variant in labels
    broken = {c["relation"] for c in executed
              if c["target"] == "rel.parse_pairs" and c.get("new") == "breaks"}
    assert {"normalisation/bom", "normalisation/crlf", "normalisation/whitespace"} <= broken


def test_a_check_prints_one_verdict_line_and_both_observations(
        project: Dict[str, Any], executed: List[Dict[str, Any]]) -> None:
    check = next(c for c in executed if c["relation"] == "idempotence" and c.get("new") == "breaks")
    assert check["genome"]["relation"] == {"kind": "idempotence", "param": "text"}
    output = run(check["code"], project["new"]).splitlines()
    assert len(VERDICT.findall("\n".join(output))) == 1
    assert output[0] == "relation idempotence: breaks"
    assert output[1].startswith("f(x): ") and output[2].startswith("f(f(x)): ")


def test_candidates_are_extra_and_only_in_the_first_round(project: Dict[str, Any]) -> None:
    first = generate(request(project, max_candidates=5))["candidates"]
    assert len([c for c in first if "relation" not in c]) == 5
    assert any("relation" in c for c in first)
    later = generate(request(project, max_candidates=5, round=1))["candidates"]
    assert not any("relation" in c for c in later)


def test_deterministic(project: Dict[str, Any]) -> None:
    assert generate(request(project)) == generate(request(project))


def test_configuration_replaces_and_disables(project: Dict[str, Any]) -> None:
    own = generate(request(project, relations={"rel.largest": ["idempotence"],
                                               "disable": ["normalisation/bom",
                                                           "rel.count_words"]}))
    labels = {(c["target"], c["relation"]) for c in own["candidates"]}
    assert ("rel.largest", "permutation") not in labels
    assert ("rel.largest", "idempotence") in labels
    assert not any(t == "rel.count_words" for t, _ in labels)
    assert ("rel.parse_pairs", "normalisation/bom") not in labels
    assert ("rel.parse_pairs", "normalisation/crlf") in labels


@pytest.mark.parametrize("function,param,spec,returns,expected,absent", [
    ("slugify", "title", ("str",), ("str",), ["idempotence"], ["token_sensitivity"]),
    ("escape_html", "text", ("str",), ("str",), [], ["idempotence"]),
    ("parse_csv", "text", ("str",), ("seq", "list", ("any",)),
     ["normalisation/crlf", "additivity", "token_sensitivity"], ["idempotence"]),
    ("load_config", "config_path", ("unknown", "x"), ("any",), ["path_agreement"], []),
    ("total", "amounts", ("seq", "list", ("decimal",)), ("decimal",),
     ["permutation", "additivity"], ["idempotence"]),
    ("mean", "values", ("seq", "list", ("float",)), ("float",), ["permutation"],
     ["additivity"]),
    ("tax_for", "amount", ("union", [("int",), ("decimal",)]), ("decimal",), [],
     ["idempotence", "permutation"]),
])
def test_inference_from_names_and_types(function: str, param: str, spec: Any, returns: Any,
                                        expected: List[str], absent: List[str]) -> None:
    labels = infer(function, param, spec, returns)
    assert set(expected) <= set(labels), labels
    assert not set(absent) & set(labels), labels


def test_configure_keeps_the_guess_without_configuration() -> None:
    assert configure(["idempotence"], ["m.f"], None) == ["idempotence"]
    assert configure(["idempotence"], ["m.f"], {"m.f": []}) == []
    assert configure([], ["m.f"], {"m.f": ["normalisation"]})[0] == "normalisation/bom"


def test_shrinking_keeps_the_relation(project: Dict[str, Any],
                                      executed: List[Dict[str, Any]]) -> None:
    check = max((c for c in executed if c["relation"] == "normalisation/crlf"),
                key=lambda c: len(c["code"]))
    variants = shrink(dict(request(project), genome=check["genome"]))["candidates"]
    assert variants
    for variant in variants:
        assert variant["relation"] == "normalisation/crlf"
        assert "print('relation normalisation/crlf:'" in variant["code"]
        assert len(variant["code"]) < len(check["code"])
