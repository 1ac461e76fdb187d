"""Tests for engine/python/analyze.py (index and targets modes).

The analyser always runs as the C++ driver runs it: ``python -I analyze.py ...`` in a subprocess,
and the tests compare its real JSON output with exact expected values.  Fixture trees live in
``fixtures/analyze/shapes/{old,new}`` (a src/ layout package) or are written from strings into
temporary directories.
"""

from __future__ import annotations

import difflib
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest

HERE = Path(__file__).resolve().parent
ANALYZE = Path(os.environ.get("DIFFTRIAGE_PYTHON_DIR", HERE.parent.parent / "engine" / "python")) \
    / "analyze.py"
SHAPES = HERE / "fixtures" / "analyze" / "shapes"
OLD = SHAPES / "old"
NEW = SHAPES / "new"
CHANGES = SHAPES / "changes.json"


# ---------------------------------------------------------------------------------------------
# helpers


def run_raw(*args: str, stdin: Optional[str] = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-I", str(ANALYZE)] + list(args), input=stdin,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          timeout=120)


def run(*args: str) -> Dict[str, Any]:
    proc = run_raw(*args)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def write_tree(root: Path, files: Dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return root


def diff_changes(old: Path, new: Path) -> Dict[str, Any]:
    """CHANGES.json for two trees, the way the C++ side derives it from a git diff."""
    rels = set()
    for base in (old, new):
        for path in base.rglob("*"):
            if path.is_file():
                rels.add(path.relative_to(base).as_posix())
    files = []
    for rel in sorted(rels):
        a_path, b_path = old / rel, new / rel
        a = a_path.read_text(encoding="utf-8").splitlines() if a_path.exists() else []
        b = b_path.read_text(encoding="utf-8").splitlines() if b_path.exists() else []
        if a == b and a_path.exists() == b_path.exists():
            continue
        old_lines: List[int] = []
        new_lines: List[int] = []
        matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag != "equal":
                old_lines.extend(range(i1 + 1, i2 + 1))
                new_lines.extend(range(j1 + 1, j2 + 1))
        files.append({"old_path": rel if a_path.exists() else None,
                      "new_path": rel if b_path.exists() else None,
                      "old_lines": old_lines, "new_lines": new_lines})
    return {"files": files}


def targets_for(tmp_path: Path, old_files: Dict[str, str], new_files: Dict[str, str],
                *extra: str) -> Dict[str, Any]:
    old = write_tree(tmp_path / "old", old_files)
    new = write_tree(tmp_path / "new", new_files)
    changes = tmp_path / "changes.json"
    changes.write_text(json.dumps(diff_changes(old, new)), encoding="utf-8")
    return run("targets", "--old-root", str(old), "--new-root", str(new), "--changes",
               str(changes), *extra)


def by_name(items: List[Dict[str, Any]], key: str = "qualname") -> Dict[str, Dict[str, Any]]:
    return {item[key]: item for item in items}


def edges(func: Dict[str, Any]) -> List[Tuple[str, str]]:
    return sorted((c["callee"], c["via"]) for c in func["calls"])


def summary(result: Dict[str, Any]) -> Dict[str, Tuple[Any, ...]]:
    return {c["qualname"]: (c["versions"], c["kind"], c["changed_lines"]["old"],
                            c["changed_lines"]["new"], c["reasons"], c["module_level_names"])
            for c in result["changed_functions"]}


def paths(result: Dict[str, Any], target: str) -> List[Tuple[str, List[str]]]:
    access = by_name(result["access"], "target")[target]
    return [(m["versions"], m["path"]) for m in access["methods"]]


@pytest.fixture(scope="module")
def old_index() -> Dict[str, Any]:
    return run("index", "--root", str(OLD))


@pytest.fixture(scope="module")
def shapes_targets() -> Dict[str, Any]:
    return run("targets", "--old-root", str(OLD), "--new-root", str(NEW), "--changes",
               str(CHANGES))


# ---------------------------------------------------------------------------------------------
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
        "docstring": "A 2-D vector."}
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


# ---------------------------------------------------------------------------------------------
# trees built from strings


ROOT_LAYOUT = {
    "lib/__init__.py": """
        from .sub.api import Public as Exported, make
        """,
    "lib/sub/__init__.py": "",
    "lib/sub/api.py": '''
        """API."""
        from dataclasses import dataclass, field
        from .._private.base import _Base
        from .. import _private
        from ..util import *
        import lib.util as U

        LIMIT = 10


        class Public(_Base):
            """Public class inheriting from a private base."""

            def __init__(self, items=None):
                super().__init__()
                self.items = list(items or [])
                self.counter = Counter()

            def __len__(self):
                return len(self.items)

            def __contains__(self, item):
                return item in self.items

            def __iter__(self):
                return iter(self.items)

            def __getitem__(self, key):
                return self.items[key]

            def __call__(self, x):
                return x

            def run(self):
                n = len(self)
                ok = 3 in self
                for _ in self:
                    pass
                first = self[0]
                self(1)
                self.counter.bump()
                helper(n)
                U.helper(n)
                return self._check() and LIMIT

            def _check(self):
                def inner(v):
                    return _private.base.deep(v)
                return inner(1)


        @dataclass
        class Point:
            x: int
            y: int = 0
            tags: list = field(default_factory=list)

            def __post_init__(self):
                self.x = abs(self.x)


        def make(n, limit=LIMIT):
            p = Point(n)
            return Public([p])


        default = Public()


        def use_default():
            return default.run()


        if True:
            def dup():
                return 1
        else:
            def dup():
                return 2
        ''',
    "lib/util.py": '''
        __all__ = ["helper", "Counter"]


        def helper(n):
            return n


        class Counter:
            def bump(self):
                return 1


        def not_exported():
            return 0
        ''',
    "lib/_private/__init__.py": "",
    "lib/_private/base.py": '''
        class _Base:
            def __init__(self):
                self.ready = True

            def inherited(self):
                return deep(1)

            def __repr__(self):
                return "<Base>"


        def deep(v):
            return v
        ''',
    "lib/tests/test_api.py": '''
        from lib import make


        def test_make():
            assert make(1)
        ''',
    "examples/demo.py": '''
        from lib import make

        make(2)
        ''',
}


@pytest.fixture(scope="module")
def root_index(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, Any]:
    root = write_tree(tmp_path_factory.mktemp("rootlayout"), ROOT_LAYOUT)
    return run("index", "--root", str(root))


def test_root_layout_and_relative_imports(root_index: Dict[str, Any]) -> None:
    assert root_index["import_roots"] == ["."]
    assert [m["name"] for m in root_index["modules"]] == [
        "lib", "lib._private", "lib._private.base", "lib.sub", "lib.sub.api", "lib.util"]
    funcs = by_name(root_index["functions"])
    assert "lib.tests.test_api.test_make" not in funcs
    assert edges(funcs["lib.sub.api.Public._check.<locals>.inner"]) == [
        ("lib._private.base.deep", "call")]  # `from .. import _private` then _private.base.deep
    assert edges(funcs["lib.sub.api.Public._check"]) == [
        ("lib.sub.api.Public._check.<locals>.inner", "call")]
    assert funcs["lib.sub.api.Public._check.<locals>.inner"]["parent_function"] == \
        "lib.sub.api.Public._check"
    assert funcs["lib.sub.api.Public._check.<locals>.inner"]["kind"] == "private"


def test_operators_and_instances(root_index: Dict[str, Any]) -> None:
    funcs = by_name(root_index["functions"])
    assert edges(funcs["lib.sub.api.Public.run"]) == [
        ("lib.sub.api.Public.__call__", "obj(...)"),
        ("lib.sub.api.Public.__contains__", "in"),
        ("lib.sub.api.Public.__getitem__", "[]"),
        ("lib.sub.api.Public.__iter__", "iteration"),
        ("lib.sub.api.Public.__len__", "len()"),
        ("lib.sub.api.Public._check", "call"),
        ("lib.util.Counter.bump", "call"),  # self.counter typed by __init__
        ("lib.util.helper", "call"),        # star import and `import lib.util as U`
    ]
    assert edges(funcs["lib.sub.api.Public.__init__"]) == [
        ("lib._private.base._Base.__init__", "call")]  # super().__init__()
    assert edges(funcs["lib.sub.api.make"]) == [
        ("lib.sub.api.Point.__post_init__", "constructor"),
        ("lib.sub.api.Public.__init__", "constructor")]
    assert edges(funcs["lib.sub.api.use_default"]) == [("lib.sub.api.Public.run", "call")]
    # defaults are part of the function: make(n, limit=LIMIT) reads LIMIT
    assert "lib.sub.api.LIMIT" in funcs["lib.sub.api.make"]["reads"]
    assert funcs["lib.sub.api.Public.run"]["reads"] == [
        "lib.sub.api.LIMIT", "lib.sub.api.U", "lib.sub.api.helper", "lib.util.helper"]


def test_reexports_inheritance_all_and_variants(root_index: Dict[str, Any]) -> None:
    funcs = by_name(root_index["functions"])
    classes = by_name(root_index["classes"])
    public = classes["lib.sub.api.Public"]
    assert (public["public_name"], public["import_line"], public["expr"]) == (
        "lib.Exported", "from lib import Exported", "Exported")
    assert public["mro"] == ["lib.sub.api.Public", "lib._private.base._Base"]
    # a method of a private base class is public through the public subclass
    inherited = funcs["lib._private.base._Base.inherited"]
    assert (inherited["kind"], inherited["public_name"], inherited["expr"],
            inherited["access_classes"]) == ("public", "lib.Exported.inherited",
                                             "Exported.inherited", ["lib.sub.api.Public"])
    # the base __init__ is shadowed by Public.__init__: special but with no public class
    assert funcs["lib._private.base._Base.__init__"]["kind"] == "special"
    assert funcs["lib._private.base._Base.__init__"]["access_classes"] == []
    assert funcs["lib.util.not_exported"]["kind"] == "private"  # left out of __all__
    assert funcs["lib.util.helper"]["import_line"] == "from lib.util import helper"
    assert classes["lib.sub.api.Point"]["constructor"]["signature"] == \
        "Point(x: int, y: int = 0, tags: list = <factory list>)"
    assert classes["lib.sub.api.Point"]["constructor"]["source"] == "dataclass"
    # two definitions of one name in one scope
    assert funcs["lib.sub.api.dup"]["lines"] == [78, 79]
    assert funcs["lib.sub.api.dup#1"]["lines"] == [75, 76]
    assert funcs["lib.sub.api.dup#1"]["kind"] == "public"
    assert funcs["lib.sub.api.make"]["public_name"] == "lib.make"


def test_import_root_override_and_excludes(tmp_path: Path) -> None:
    root = write_tree(tmp_path, {
        "code/pkg/__init__.py": "from .core import run\n",
        "code/pkg/core.py": "def run():\n    return 1\n",
        "code/pkg/vendored/thing.py": "def other():\n    return 2\n",
        "tools/script.py": "def main():\n    return 0\n",
    })
    data = run("index", "--root", str(root), "--import-root", "code", "--exclude",
               "code/pkg/vendored")
    assert data["import_roots"] == ["code"]
    assert [m["name"] for m in data["modules"]] == ["pkg", "pkg.core"]
    assert data["skipped_files"] == [{"file": "tools/script.py", "reason": "outside import roots"}]
    assert by_name(data["functions"])["pkg.core.run"]["import_line"] == "from pkg import run"


def test_syntax_error_and_too_complex_files_do_not_stop_the_analysis(tmp_path: Path) -> None:
    root = write_tree(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/good.py": "def ok():\n    return 1\n",
        "pkg/bad.py": "def f(:\n    pass\n",
    })
    (root / "pkg" / "huge.py").write_text("X = " + "not " * 200000 + "True\n", encoding="utf-8")
    data = run("index", "--root", str(root))
    assert [f["qualname"] for f in data["functions"]] == ["pkg.good.ok"]
    rows = {r["file"]: (r["kind"], r["line"]) for r in data["not_analysable"]}
    assert rows == {"pkg/bad.py": ("syntax_error", 1), "pkg/huge.py": ("too_complex", None)}
    assert any(note.startswith("pkg/huge.py: not analysed") for note in data["notes"])


def test_changed_constant_class_attribute_and_override(tmp_path: Path) -> None:
    old = {
        "pkg/__init__.py": "from .api import Service, compute\n",
        "pkg/const.py": "LIMIT = 3\nOTHER = 1\n",
        "pkg/api.py": '''
            from . import const
            from .const import LIMIT


            class _Base:
                RETRIES = 2

                def go(self):
                    return self._hook() + self.RETRIES


            class Service(_Base):
                def _hook(self):
                    return _clip(5)


            def compute(x):
                return min(x, LIMIT) + const.OTHER


            def _clip(v):
                return v
            ''',
    }
    new = dict(old)
    new["pkg/const.py"] = "LIMIT = 4\nOTHER = 1\n"
    new["pkg/api.py"] = old["pkg/api.py"].replace("RETRIES = 2", "RETRIES = 3").replace(
        "return _clip(5)", "return _clip(6)")
    result = targets_for(tmp_path, old, new)
    assert summary(result) == {
        "pkg.api._Base.go": ("both", "public", [], [], ["module_level"],
                             ["pkg.api._Base.RETRIES"]),
        "pkg.api.Service._hook": ("both", "private", [14], [14], ["body"], []),
        "pkg.api.compute": ("both", "public", [], [], ["module_level"], ["pkg.const.LIMIT"]),
    }
    # self._hook() in _Base.go reaches the override in the subclass
    assert paths(result, "pkg.api.Service._hook") == [
        ("both", ["pkg.api._Base.go", "pkg.api.Service._hook"])]
    [go] = by_name(result["access"], "target")["pkg.api.Service._hook"]["methods"]
    assert go["entry"]["expr"] == "Service.go"  # reached through the public subclass
    assert go["entry"]["import_line"] == "from pkg import Service"
    rows = [(r["side"], r["file"], r["line"], r["binds"]) for r in result["module_level_changes"]]
    assert rows == [
        ("new", "pkg/api.py", 6, ["pkg.api._Base.RETRIES"]),
        ("new", "pkg/const.py", 1, ["pkg.const.LIMIT"]),
        ("old", "pkg/api.py", 6, ["pkg.api._Base.RETRIES"]),
        ("old", "pkg/const.py", 1, ["pkg.const.LIMIT"]),
    ]


def test_changed_import_marks_only_names_bound_differently(tmp_path: Path) -> None:
    old = {
        "pkg/__init__.py": "from .m import parse, scale, total\n",
        "pkg/helpers.py": "def one():\n    return 1\n\n\ndef two():\n    return 2\n",
        "pkg/m.py": '''
            from decimal import ROUND_HALF_UP, Decimal
            from .helpers import one
            import json


            def parse(text):
                return Decimal(text)


            def scale(x):
                return Decimal(x).quantize(Decimal("1"), rounding=ROUND_HALF_UP)


            def total(x):
                return one() + json.loads(x)
            ''',
    }
    new = dict(old)
    new["pkg/m.py"] = old["pkg/m.py"].replace(
        "from decimal import ROUND_HALF_UP, Decimal", "from decimal import ROUND_HALF_EVEN, Decimal"
    ).replace("rounding=ROUND_HALF_UP", "rounding=ROUND_HALF_EVEN").replace(
        "from .helpers import one", "from .helpers import two as one")
    result = targets_for(tmp_path, old, new)
    # Decimal is imported exactly as before: parse() is not a target; one now names helpers.two
    assert summary(result) == {
        "pkg.m.scale": ("both", "public", [11], [11], ["body", "module_level"],
                        ["pkg.m.ROUND_HALF_EVEN", "pkg.m.ROUND_HALF_UP"]),
        "pkg.m.total": ("both", "public", [], [], ["module_level"], ["pkg.m.one"]),
    }
    rows = [(r["side"], r["line"], r["binds"]) for r in result["module_level_changes"]]
    assert rows == [
        ("new", 1, ["pkg.m.Decimal", "pkg.m.ROUND_HALF_EVEN"]),
        ("new", 2, ["pkg.m.one"]),
        ("old", 1, ["pkg.m.Decimal", "pkg.m.ROUND_HALF_UP"]),
        ("old", 2, ["pkg.m.one"]),
    ]


def test_access_split_by_version_and_private_special(tmp_path: Path) -> None:
    old = {
        "pkg/__init__.py": "from .core import api, Box\n",
        "pkg/core.py": '''
            class Box:
                def __init__(self, n):
                    self.n = _Counter(n)

                def total(self):
                    return len(self.n)


            class _Counter:
                def __init__(self, n):
                    self.n = n

                def __len__(self):
                    return self.n


            def api(x):
                return _helper(x)


            def _helper(x):
                return x + 1
            ''',
    }
    new = dict(old)
    new["pkg/core.py"] = old["pkg/core.py"].replace("def api(x):", "def api(x, y=0):").replace(
        "return x + 1", "return x + 2").replace("return self.n\n", "return self.n + 0\n")
    result = targets_for(tmp_path, old, new)
    assert summary(result) == {
        "pkg.core._Counter.__len__": ("both", "special", [14], [14], ["body"], []),
        "pkg.core._helper": ("both", "private", [22], [22], ["body"], []),
        "pkg.core.api": ("both", "public", [], [], ["signature"], []),
    }
    access = by_name(result["access"], "target")
    # the same path in both versions; the entry's signature changed: new rendering + old one
    [helper] = access["pkg.core._helper"]["methods"]
    assert (helper["versions"], helper["path"], helper["entry"]["signature"],
            helper["entry_old"]["signature"]) == (
        "both", ["pkg.core.api", "pkg.core._helper"], "def api(x, y=0)", "def api(x)")
    helper["entry_old"]["signature"] = helper["entry"]["signature"]
    assert helper["entry_old"] == helper["entry"]
    [api] = access["pkg.core.api"]["methods"]
    assert api["type"] == "function" and api["entry_old"]["signature"] == "def api(x)"
    # a special method of a private class: reached through the public method using len()
    length = access["pkg.core._Counter.__len__"]
    assert length["trigger"]["syntax"] == "len()"
    assert [(m["type"], m["versions"], m["path"]) for m in length["methods"]] == [
        ("call_path", "both", ["pkg.core.Box.total", "pkg.core._Counter.__len__"])]
    assert length["methods"][0]["entry"]["class"]["constructor_signature"] == "Box(n)"


def test_k_limits_the_number_of_paths(tmp_path: Path) -> None:
    body = "\n".join("def api_%d(x):\n    return _target(x)\n\n" % i for i in range(7))
    old = {"pkg/__init__.py": "", "pkg/m.py": body + "\ndef _target(x):\n    return x\n"}
    new = {"pkg/__init__.py": "", "pkg/m.py": body + "\ndef _target(x):\n    return -x\n"}
    result = targets_for(tmp_path, old, new, "--k", "3")
    assert paths(result, "pkg.m._target") == [
        ("both", ["pkg.m.api_0", "pkg.m._target"]),
        ("both", ["pkg.m.api_1", "pkg.m._target"]),
        ("both", ["pkg.m.api_2", "pkg.m._target"]),
    ]


def test_bad_input_exits_with_2(tmp_path: Path) -> None:
    proc = run_raw("index", "--root", str(tmp_path / "missing"))
    assert proc.returncode == 2
    assert proc.stderr.startswith("analyze.py: --root is not a directory")
    assert proc.stdout == ""
    bad = tmp_path / "changes.json"
    bad.write_text('{"files": [{"old_path": 3}]}', encoding="utf-8")
    proc = run_raw("targets", "--old-root", str(tmp_path), "--new-root", str(tmp_path),
                   "--changes", str(bad))
    assert proc.returncode == 2
    assert "old_path must be a string or null" in proc.stderr
    proc = run_raw("frobnicate")
    assert proc.returncode == 2


def test_changes_from_stdin(tmp_path: Path) -> None:
    proc = run_raw("targets", "--old-root", str(OLD), "--new-root", str(NEW), "--changes", "-",
                   stdin=CHANGES.read_text(encoding="utf-8"))
    assert proc.returncode == 0, proc.stderr
    assert summary(json.loads(proc.stdout)) == EXPECTED_CHANGED


def test_runs_from_another_directory_with_isolated_mode(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-I", str(ANALYZE), "--version"], cwd=str(tmp_path),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.returncode == 0
    assert proc.stdout.strip() == "difftriage-analyze/1.0"
    assert os.path.isabs(str(ANALYZE))
