"""Tests for engine/targets/analyze.py on the src/ layout fixture
``fixtures/analyze/shapes/{old,new}``: index mode and targets mode, compared with exact values."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Dict

from analyze_support import CHANGES, NEW, OLD, by_name, diff_changes, edges, paths, run_raw, summary

# index mode on the src/ layout fixture


def test_fixture_changes_file_matches_the_trees() -> None:
    assert json.loads(CHANGES.read_text(encoding="utf-8")) == diff_changes(OLD, NEW)


def test_index_src_layout_modules_and_excludes(old_index: Dict[str, Any]) -> None:
    assert old_index["analyzer_version"] == "difftriage-analyze/1.0"
    assert old_index["import_roots"] == ["src"]
    assert [m["name"] for m in old_index["modules"]] == [
        "shapes", "shapes._impl", "shapes.broken", "shapes.geometry", "shapes.plugins.extra"]
    modules = by_name(old_index["modules"], "name")
    assert modules["shapes"]["is_package"] is True
    assert modules["shapes"]["file"] == "src/shapes/__init__.py"
    assert modules["shapes.plugins.extra"]["file"] == "src/shapes/plugins/extra.py"  # namespace pkg
    assert modules["shapes._impl"]["public"] is False
    assert modules["shapes.geometry"]["all"] == sorted(
        ["Circle", "scale", "api_short", "api_long", "fetch", "legacy"])
    # tests/, docs/, conftest.py and setup.py are never analysed
    assert old_index["excluded_files"] == ["setup.py"]
    assert not any(f["file"].startswith(("tests/", "docs/")) for f in old_index["functions"])
    assert old_index["not_analysable"] == []


EXPECTED_FUNCTIONS = {
    # qualname: (kind, callable_kind, public_name, import_line)
    "shapes._impl.Vector.Meta.describe": ("public", "method", "shapes.Vector.Meta.describe",
                                          "from shapes import Vector"),
    "shapes._impl.Vector.__add__": ("special", "method", "shapes.Vector.__add__",
                                    "from shapes import Vector"),
    "shapes._impl.Vector.__eq__": ("special", "method", "shapes.Vector.__eq__",
                                   "from shapes import Vector"),
    "shapes._impl.Vector.__init__": ("special", "method", "shapes.Vector.__init__",
                                     "from shapes import Vector"),
    "shapes._impl.Vector.norm": ("public", "property", "shapes.Vector.norm",
                                 "from shapes import Vector"),
    "shapes._impl.Vector.norm#setter": ("public", "property", "shapes.Vector.norm",
                                        "from shapes import Vector"),
    "shapes._impl.Vector.scaled": ("public", "method", "shapes.Vector.scaled",
                                   "from shapes import Vector"),
    "shapes._impl._scale_vector": ("private", "function", None, None),
    "shapes._impl.area_of": ("public", "function", "shapes.area_of", "from shapes import area_of"),
    "shapes._impl.same": ("private", "function", None, None),
    "shapes.broken.parse": ("public", "function", "shapes.broken.parse",
                            "from shapes.broken import parse"),
    "shapes.geometry.Circle.__init__": ("special", "method", "shapes.Circle.__init__",
                                        "from shapes import Circle"),
    "shapes.geometry.Circle.area": ("public", "method", "shapes.Circle.area",
                                    "from shapes import Circle"),
    "shapes.geometry.Circle.from_vector": ("public", "classmethod", "shapes.Circle.from_vector",
                                           "from shapes import Circle"),
    "shapes.geometry.Circle.shifted": ("public", "method", "shapes.Circle.shifted",
                                       "from shapes import Circle"),
    "shapes.geometry.Circle.unit": ("public", "staticmethod", "shapes.Circle.unit",
                                    "from shapes import Circle"),
    "shapes.geometry._inner": ("private", "function", None, None),
    "shapes.geometry._leaf": ("private", "function", None, None),
    "shapes.geometry._mid": ("private", "function", None, None),
    "shapes.geometry._outer": ("private", "function", None, None),
    "shapes.geometry._sleep": ("private", "function", None, None),
    "shapes.geometry.api_long": ("public", "function", "shapes.api_long",
                                 "from shapes import api_long"),
    "shapes.geometry.api_short": ("public", "function", "shapes.api_short",
                                  "from shapes import api_short"),
    "shapes.geometry.fetch": ("public", "function", "shapes.fetch", "from shapes import fetch"),
    # public-looking name, but geometry's __all__ leaves it out
    "shapes.geometry.helper_not_in_all": ("private", "function", None, None),
    "shapes.geometry.legacy": ("public", "function", "shapes.legacy",
                               "from shapes import legacy"),
    "shapes.geometry.scale": ("public", "function", "shapes.scale", "from shapes import scale"),
    "shapes.geometry.to_pair": ("private", "lambda", None, None),
    "shapes.plugins.extra.plug": ("public", "function", "shapes.plugins.extra.plug",
                                  "from shapes.plugins.extra import plug"),
}


def test_index_functions_kinds_and_public_names(old_index: Dict[str, Any]) -> None:
    actual = {f["qualname"]: (f["kind"], f["callable_kind"], f["public_name"], f["import_line"])
              for f in old_index["functions"]}
    assert actual == EXPECTED_FUNCTIONS


def test_index_signatures_docstrings_decorators(old_index: Dict[str, Any]) -> None:
    funcs = by_name(old_index["functions"])
    init = funcs["shapes.geometry.Circle.__init__"]
    assert init["signature"] == {
        "params": [
            {"name": "self", "kind": "positional_or_keyword", "annotation": None,
             "default": None},
            {"name": "r", "kind": "positional_or_keyword", "annotation": "float",
             "default": None}],
        "returns": "None"}
    assert init["signature_text"] == "def __init__(self, r: float) -> None"
    assert init["lines"] == [19, 21] and init["def_line"] == 19 and init["body_start"] == 20
    fetch = funcs["shapes.geometry.fetch"]
    assert fetch["is_async"] is True
    assert fetch["signature_text"] == "async def fetch(n: int) -> int"
    short = funcs["shapes.geometry.api_short"]
    assert short["decorators"] == ["functools.lru_cache(maxsize=None)"]
    assert short["lines"] == [58, 60] and short["def_line"] == 59
    assert funcs["shapes.geometry.Circle.unit"]["decorators"] == ["staticmethod"]
    assert funcs["shapes.geometry.Circle.unit"]["signature"]["returns"] == '"Circle"'
    assert funcs["shapes._impl.Vector.norm"]["docstring"] == "Euclidean length."
    assert funcs["shapes._impl.Vector.norm#setter"]["decorators"] == ["norm.setter"]
    assert funcs["shapes._impl.area_of"]["docstring"] == \
        "Area of any shape with an ``area()`` method."
    assert funcs["shapes.geometry.to_pair"]["signature_text"] == "to_pair = lambda v"
    assert funcs["shapes._impl.Vector.__init__"]["signature_text"] == \
        "def __init__(self, x, y=0)"
    assert funcs["shapes._impl.Vector.Meta.describe"]["class"] == "shapes._impl.Vector.Meta"


def test_index_classes(old_index: Dict[str, Any]) -> None:
    classes = by_name(old_index["classes"])
    assert sorted(classes) == ["shapes._impl.Vector", "shapes._impl.Vector.Meta",
                               "shapes.geometry.Circle"]
    vector = classes["shapes._impl.Vector"]
    assert (vector["kind"], vector["public_name"], vector["import_line"], vector["expr"]) == (
        "public", "shapes.Vector", "from shapes import Vector", "Vector")
    assert vector["constructor"]["signature"] == "Vector(x, y=0)"
    assert vector["constructor"]["source"] == "__init__"
    assert vector["docstring"] == "A 2-D vector."
    meta = classes["shapes._impl.Vector.Meta"]
    assert (meta["kind"], meta["public_name"], meta["expr"], meta["parent_class"]) == (
        "public", "shapes.Vector.Meta", "Vector.Meta", "shapes._impl.Vector")
    assert classes["shapes.geometry.Circle"]["constructor"]["signature"] == "Circle(r: float)"


EXPECTED_EDGES = {
    "shapes._impl.Vector.Meta.describe": [],
    "shapes._impl.Vector.__add__": [("shapes._impl.Vector.__init__", "constructor")],
    "shapes._impl.Vector.scaled": [("shapes._impl._scale_vector", "call")],
    "shapes._impl._scale_vector": [("shapes._impl.Vector.__init__", "constructor")],
    # operator on instances known from the parameter annotations
    "shapes._impl.same": [("shapes._impl.Vector.__eq__", "==")],
    "shapes.geometry.Circle.__init__": [("shapes._impl.Vector.__init__", "constructor")],
    # cls(...) -> __init__, property read -> getter
    "shapes.geometry.Circle.from_vector": [("shapes._impl.Vector.norm", "property"),
                                           ("shapes.geometry.Circle.__init__", "constructor")],
    # self.center is typed by `self.center = Vector(0, 0)` in __init__
    "shapes.geometry.Circle.shifted": [("shapes._impl.Vector.__add__", "+"),
                                       ("shapes._impl.Vector.__init__", "constructor"),
                                       ("shapes.geometry.Circle.__init__", "constructor")],
    "shapes.geometry.Circle.unit": [("shapes.geometry.Circle.__init__", "constructor")],
    "shapes.geometry._inner": [("shapes.geometry._leaf", "call"),
                               ("shapes.geometry._outer", "call")],
    "shapes.geometry._leaf": [("shapes.geometry._leaf", "call")],  # recursion
    "shapes.geometry.api_long": [("shapes.geometry._outer", "call")],
    "shapes.geometry.fetch": [("shapes.geometry._sleep", "call")],
    "shapes.geometry.scale": [("shapes._impl.Vector.scaled", "call")],
    # relative import from a namespace package: `from ..geometry import Circle`
    "shapes.plugins.extra.plug": [("shapes.geometry.Circle.__init__", "constructor"),
                                  ("shapes.geometry.Circle.area", "call")],
}


def test_index_call_graph(old_index: Dict[str, Any]) -> None:
    funcs = by_name(old_index["functions"])
    for qual, expected in EXPECTED_EDGES.items():
        assert edges(funcs[qual]) == expected, qual
    area_of = funcs["shapes._impl.area_of"]
    assert area_of["calls"] == []
    assert area_of["unresolved_calls"] == ["shape.area"]  # kept, never guessed
    assert area_of["call_counts"] == {"resolved": 0, "external": 0, "builtin": 0,
                                      "unresolved": 1}
    norm = funcs["shapes._impl.Vector.norm"]
    assert norm["external_calls"] == ["math.hypot"]


def test_index_reads_and_statements(old_index: Dict[str, Any]) -> None:
    funcs = by_name(old_index["functions"])
    assert funcs["shapes.geometry.Circle.area"]["reads"] == ["shapes.geometry.PI"]
    assert funcs["shapes.geometry.helper_not_in_all"]["reads"] == [
        "shapes._impl.SCALE", "shapes.geometry._impl"]
    assert funcs["shapes.geometry.legacy"]["reads"] == ["shapes._impl.SCALE",
                                                        "shapes.geometry.SCALE"]
    modules = by_name(old_index["modules"], "name")
    statements = modules["shapes.geometry"]["statements"]
    rows = [(s["lines"], s["kind"], s["binds"], s["defines"]) for s in statements]
    assert rows[:8] == [
        ([2, 2], "import", ["shapes.geometry.annotations"], None),
        ([4, 4], "import", ["shapes.geometry.functools"], None),
        ([6, 6], "import", ["shapes.geometry._impl"], None),
        ([7, 7], "import", ["shapes.geometry.SCALE", "shapes.geometry.Vector"], None),
        ([9, 9], "assign", ["shapes.geometry.__all__"], None),
        ([11, 11], "assign", ["shapes.geometry.PI"], None),
        ([13, 13], "assign", ["shapes.geometry.to_pair"], "shapes.geometry.to_pair"),
        ([16, 16], "class", ["shapes.geometry.Circle"], "shapes.geometry.Circle"),
    ]
    assert ([58, 58], "decorator", ["shapes.geometry.api_short"],
            "shapes.geometry.api_short") in rows
    assert all(s["scope"] == "shapes.geometry.Circle" for s in statements
               if s["lines"][0] in (19, 23, 26, 27))


def test_index_is_deterministic() -> None:
    first = run_raw("index", "--root", str(OLD))
    second = run_raw("index", "--root", str(OLD))
    assert first.returncode == 0 and first.stdout == second.stdout


# ---------------------------------------------------------------------------------------------
# targets mode on the fixture


EXPECTED_CHANGED = {
    # qualname: (versions, kind, old lines, new lines, reasons, module-level names)
    "shapes._impl.Vector.Meta.describe": ("both", "public", [36], [38], ["body"], []),
    "shapes._impl.Vector.__eq__": ("both", "special", [], [15, 16], ["body"], []),
    "shapes.broken.parse": ("old_only", "public", [], [], ["signature"], []),
    "shapes.geometry.Circle.area": ("both", "public", [], [], ["module_level"],
                                    ["shapes.geometry.PI"]),
    "shapes.geometry._leaf": ("both", "private", [82, 83], [82, 83], ["body"], []),
    "shapes.geometry.api_short": ("both", "public", [], [], ["signature"], []),
    "shapes.geometry.fresh": ("new_only", "public", [], [88], ["body", "signature"], []),
    "shapes.geometry.legacy": ("old_only", "public", [88], [], ["body", "signature"], []),
}


def test_targets_changed_functions(shapes_targets: Dict[str, Any]) -> None:
    assert shapes_targets["mode"] == "targets"
    assert summary(shapes_targets) == EXPECTED_CHANGED
    changed = by_name(shapes_targets["changed_functions"])
    assert changed["shapes.geometry.api_short"]["signature_lines"] == {"old": [58], "new": [58]}
    assert changed["shapes.geometry.fresh"]["files"] == {"old": None,
                                                         "new": "src/shapes/geometry.py"}
    assert changed["shapes.geometry.fresh"]["lines"] == {"old": None, "new": [87, 88]}
    assert changed["shapes._impl.Vector.__eq__"]["lines"] == {"old": [14, 15], "new": [14, 17]}
    # the new broken.py does not parse: parse() is old-only, with a note saying why
    assert len(changed["shapes.broken.parse"]["notes"]) == 1
    assert changed["shapes.broken.parse"]["notes"][0].startswith(
        "the new version of src/shapes/broken.py is not analysable (SyntaxError: ")
    assert [c["qualname"] for c in shapes_targets["changed_functions"]] == sorted(EXPECTED_CHANGED)


def test_targets_private_function_call_paths(shapes_targets: Dict[str, Any]) -> None:
    # _leaf is reachable only through a 2-hop and a 3-hop path; the recursion (_leaf -> _leaf)
    # and the _outer <-> _inner cycle do not produce longer paths.
    assert paths(shapes_targets, "shapes.geometry._leaf") == [
        ("both", ["shapes.geometry.api_short", "shapes.geometry._mid", "shapes.geometry._leaf"]),
        ("both", ["shapes.geometry.api_long", "shapes.geometry._outer", "shapes.geometry._inner",
                  "shapes.geometry._leaf"]),
    ]
    access = by_name(shapes_targets["access"], "target")["shapes.geometry._leaf"]
    first = access["methods"][0]
    assert first["type"] == "call_path"
    # api_short's decorator changed: the old rendering is kept beside the new one
    assert first["entry_old"]["decorators"] == ["functools.lru_cache(maxsize=None)"]
    assert access["methods"][1]["entry_old"] is None
    assert first["entry"]["import_line"] == "from shapes import api_short"
    assert first["entry"]["signature"] == "def api_short(x)"
    assert first["entry"]["expr"] == "api_short"
    assert access["reachable"] == {"old": True, "new": True}


def test_targets_special_method_access(shapes_targets: Dict[str, Any]) -> None:
    access = by_name(shapes_targets["access"], "target")["shapes._impl.Vector.__eq__"]
    assert access["trigger"] == {"method": "__eq__", "syntax": "==",
                                 "hint": "called when an instance is compared with ==: "
                                         "obj == other"}
    [method] = access["methods"]
    assert method["type"] == "special" and method["versions"] == "both"
    assert method["entry"]["class"] == {
        "qualname": "shapes._impl.Vector", "public_name": "shapes.Vector",
        "import_line": "from shapes import Vector", "expr": "Vector",
        "constructor_signature": "Vector(x, y=0)", "constructor_source": "__init__",
        "docstring": "A 2-D vector.", "abstract": False}
    assert method["entry"]["trigger"]["syntax"] == "=="


def test_targets_public_and_method_access(shapes_targets: Dict[str, Any]) -> None:
    access = by_name(shapes_targets["access"], "target")
    [describe] = access["shapes._impl.Vector.Meta.describe"]["methods"]
    assert describe["type"] == "method"
    assert describe["entry"]["import_line"] == "from shapes import Vector"
    assert describe["entry"]["expr"] == "Vector.Meta.describe"
    assert describe["entry"]["class"]["constructor_signature"] == "Vector.Meta()"
    [area] = access["shapes.geometry.Circle.area"]["methods"]
    assert (area["type"], area["versions"], area["entry"]["expr"],
            area["entry"]["class"]["constructor_signature"]) == (
        "method", "both", "Circle.area", "Circle(r: float)")
    assert paths(shapes_targets, "shapes.geometry.fresh") == [
        ("new_only", ["shapes.geometry.fresh"])]
    assert paths(shapes_targets, "shapes.geometry.legacy") == [
        ("old_only", ["shapes.geometry.legacy"])]
    fresh = access["shapes.geometry.fresh"]
    assert fresh["reachable"] == {"old": None, "new": True}
    assert fresh["methods"][0]["entry"]["import_line"] == "from shapes import fresh"
    [short] = access["shapes.geometry.api_short"]["methods"]
    assert short["versions"] == "both"
    assert short["entry"]["decorators"] == ["functools.lru_cache(maxsize=8)"]
    assert short["entry_old"]["decorators"] == ["functools.lru_cache(maxsize=None)"]


def test_targets_module_level_and_other_reports(shapes_targets: Dict[str, Any]) -> None:
    rows = [(r["side"], r["file"], r["line"], r["kind"], r["binds"])
            for r in shapes_targets["module_level_changes"]]
    assert rows == [
        ("new", "src/shapes/__init__.py", 6, "assign", ["shapes.__all__"]),
        ("new", "src/shapes/geometry.py", 9, "assign", ["shapes.geometry.__all__"]),
        ("new", "src/shapes/geometry.py", 11, "assign", ["shapes.geometry.PI"]),
        ("new", "src/shapes/geometry.py", 58, "decorator", ["shapes.geometry.api_short"]),
        ("new", "src/shapes/geometry.py", 87, "def", ["shapes.geometry.fresh"]),
        ("old", "src/shapes/__init__.py", 6, "assign", ["shapes.__all__"]),
        ("old", "src/shapes/broken.py", 4, "def", ["shapes.broken.parse"]),
        ("old", "src/shapes/geometry.py", 9, "assign", ["shapes.geometry.__all__"]),
        ("old", "src/shapes/geometry.py", 11, "assign", ["shapes.geometry.PI"]),
        ("old", "src/shapes/geometry.py", 58, "decorator", ["shapes.geometry.api_short"]),
        ("old", "src/shapes/geometry.py", 87, "def", ["shapes.geometry.legacy"]),
    ]
    # a docstring-only change is not a target
    assert shapes_targets["non_executable_changes"] == [
        {"qualname": "shapes.geometry.scale", "side": "new", "file": "src/shapes/geometry.py",
         "lines": [41]},
        {"qualname": "shapes.geometry.scale", "side": "old", "file": "src/shapes/geometry.py",
         "lines": [41]},
    ]
    lines = [(r["side"], r["file"], r["line"], r["statement"], r["function"])
             for r in shapes_targets["changed_lines"] if r["file"].endswith("_impl.py")]
    assert lines == [
        ("new", "src/shapes/_impl.py", 15, 15, "shapes._impl.Vector.__eq__"),
        ("new", "src/shapes/_impl.py", 16, 16, "shapes._impl.Vector.__eq__"),
        ("new", "src/shapes/_impl.py", 38, 38, "shapes._impl.Vector.Meta.describe"),
        ("old", "src/shapes/_impl.py", 36, 36, "shapes._impl.Vector.Meta.describe"),
    ]
    # syntax error in one version
    assert shapes_targets["not_analysable"]["old"] == []
    [broken] = shapes_targets["not_analysable"]["new"]
    assert (broken["file"], broken["module"], broken["kind"], broken["line"], broken["changed"],
            broken["changed_lines"]) == ("src/shapes/broken.py", "shapes.broken", "syntax_error",
                                         4, True, [4])
    assert broken["message"].startswith("SyntaxError: ")
    if sys.version_info >= (3, 10):
        assert broken["message"] == "SyntaxError: expected ':'"
    # tests are never targets
    assert shapes_targets["ignored_files"] == [
        {"side": "new", "file": "tests/test_geometry.py", "reason": "excluded"},
        {"side": "old", "file": "tests/test_geometry.py", "reason": "excluded"},
    ]
    assert shapes_targets["old"]["import_roots"] == ["src"]


def test_targets_output_is_deterministic() -> None:
    args = ("targets", "--old-root", str(OLD), "--new-root", str(NEW), "--changes", str(CHANGES))
    first, second = run_raw(*args), run_raw(*args)
    assert first.returncode == 0 and first.stdout == second.stdout
    data = json.loads(first.stdout)
    assert json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n" == first.stdout


def test_changes_from_stdin(tmp_path: Path) -> None:
    proc = run_raw("targets", "--old-root", str(OLD), "--new-root", str(NEW), "--changes", "-",
                   stdin=CHANGES.read_text(encoding="utf-8"))
    assert proc.returncode == 0, proc.stderr
    assert summary(json.loads(proc.stdout)) == EXPECTED_CHANGED


def test_task_runner_files_are_maintainer_tools_not_targets(tmp_path: Path) -> None:
    """A change to ``noxfile.py`` (it needs ``nox``, which the subject's interpreter rarely has)
    is no target: like ``setup.py``, a task runner's file is never part of the package."""
    from analyze_support import targets_for
    old = {"pkg/__init__.py": "def f():\n    return 1\n",
           "noxfile.py": "import nox\n\n\ndef tests(session):\n    session.run('pytest')\n",
           "fabfile.py": "def deploy():\n    return 1\n",
           "dodo.py": "def task_x():\n    return 1\n"}
    new = {name: text.replace("1", "2").replace("pytest", "pytest -x")
           for name, text in old.items() if name != "pkg/__init__.py"}
    new["pkg/__init__.py"] = old["pkg/__init__.py"]
    result = targets_for(tmp_path, old, new)
    assert result["changed_functions"] == []
    assert sorted(f["file"] for f in result["ignored_files"] if f["side"] == "new") == [
        "dodo.py", "fabfile.py", "noxfile.py"]
