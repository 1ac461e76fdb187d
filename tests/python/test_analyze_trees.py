"""Tests for engine/targets/analyze.py on trees written from strings into temporary directories:
root layouts, relative imports, operators, re-exports, syntax errors, changed constants and bad input."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict

import pytest

from helpers_dir import HELPERS
from analyze_support import (ANALYZE, by_name, edges, paths, run, run_raw, summary, targets_for,
                             write_tree)

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


def test_a_suite_in_one_module_beside_the_package_is_not_analysed(tmp_path: Path) -> None:
    """``tests.py`` (and ``*_tests.py``) at the root is the project's suite, as unittest finds
    it; ``pkg/test.py`` is a public module (a test client) and stays."""
    root = write_tree(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/test.py": "def client():\n    return 1\n",
        "tests.py": "import unittest\n\n\nclass T(unittest.TestCase):\n"
                    "    def test_a(self):\n        pass\n",
        "pkg/slow_tests.py": "def test_b():\n    pass\n",
    })
    data = run("index", "--root", str(root))
    assert [m["name"] for m in data["modules"]] == ["pkg", "pkg.test"]
    assert sorted(data["excluded_files"]) == ["pkg/slow_tests.py", "tests.py"]


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


def test_override_reached_through_a_public_base_enters_on_the_subclass(tmp_path: Path) -> None:
    """Base.run() calls self._step(), which only the subclass implements: entered on Base it
    raises NotImplementedError, so the path goes in through the subclass that inherits run()."""
    old = {
        "pkg/__init__.py": "from .api import Base, Doubler\n",
        "pkg/api.py": '''
            class Base:
                def run(self, x):
                    return self._step(x)

                def _step(self, x):
                    raise NotImplementedError


            class Doubler(Base):
                def _step(self, x):
                    return x * 2
            ''',
    }
    new = dict(old)
    new["pkg/api.py"] = old["pkg/api.py"].replace("return x * 2", "return x * 3")
    result = targets_for(tmp_path, old, new)
    assert paths(result, "pkg.api.Doubler._step") == [
        ("both", ["pkg.api.Base.run", "pkg.api.Doubler._step"])]
    [run] = by_name(result["access"], "target")["pkg.api.Doubler._step"]["methods"]
    assert run["entry"]["expr"] == "Doubler.run"
    assert run["entry"]["class"]["qualname"] == "pkg.api.Doubler"


def test_a_method_of_an_abstract_base_enters_on_its_concrete_subclasses_first(
        tmp_path: Path) -> None:
    """Base.words() is changed, but a Base object stops at the hook its constructor calls:
    the method is entered on the concrete subclasses that inherit it (not on one that is still
    abstract, nor on one that overrides it), then on Base."""
    old = {
        "pkg/__init__.py": "from .api import Base, English, French, Partial, Shouty\n",
        "pkg/api.py": '''
            class Base:
                def __init__(self):
                    self.cards = self.setup()

                def setup(self):
                    raise NotImplementedError("a language sets its words up")

                def words(self, n):
                    return self.cards.get(n, "?")


            class Partial(Base):
                pass


            class French(Base):
                def setup(self):
                    return {1: "un"}


            class English(Base):
                def setup(self):
                    return {1: "one"}


            class Shouty(English):
                def words(self, n):
                    return super().words(n).upper()
            ''',
    }
    new = dict(old)
    new["pkg/api.py"] = old["pkg/api.py"].replace('get(n, "?")', 'get(n, "-")')
    result = targets_for(tmp_path, old, new)
    entries = by_name(result["access"], "target")["pkg.api.Base.words"]["methods"]
    assert [e["entry"]["class"]["qualname"] for e in entries] == [
        "pkg.api.English", "pkg.api.French", "pkg.api.Base"]
    assert entries[0]["entry"]["expr"] == "English.words"


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


def test_a_method_that_overrides_an_inherited_one_is_called_on_both_versions(
        tmp_path: Path) -> None:
    """``Text.format_map`` is new, but the old ``Text`` inherits ``str.format_map``, as
    ``Child.size`` inherits ``Base.size``: both are tested on both versions.  A method no base
    has, and a special method (every class inherits ``object``'s), stay new-only."""
    old = {
        "pkg/__init__.py": "",
        "pkg/text.py": '''
            class Text(str):
                def shout(self):
                    return self.upper()


            class Base:
                def size(self):
                    return 1


            class Child(Base):
                pass
            ''',
    }
    new = dict(old)
    new["pkg/text.py"] = old["pkg/text.py"].replace(
        "                    return self.upper()\n",
        "                    return self.upper()\n\n"
        "                def format_map(self, mapping):\n"
        "                    return Text(str.format_map(self, mapping))\n\n"
        "                def whisper(self):\n"
        "                    return self.lower()\n\n"
        "                def __repr__(self):\n"
        "                    return 'Text(%s)' % str.__repr__(self)\n").replace(
        "                pass\n", "                def size(self):\n                    return 2\n")
    result = targets_for(tmp_path, old, new)
    versions = {f["qualname"]: f["versions"] for f in result["changed_functions"]}
    assert versions == {"pkg.text.Text.format_map": "both", "pkg.text.Child.size": "both",
                        "pkg.text.Text.whisper": "new_only", "pkg.text.Text.__repr__": "new_only"}
    notes = by_name(result["changed_functions"], "qualname")["pkg.text.Text.format_map"]["notes"]
    assert notes == ["the old version inherits it (str.format_map)"]
    [item] = by_name(result["access"], "target")["pkg.text.Child.size"]["methods"]
    assert item["versions"] == "both" and item["entry"]["expr"] == "Child.size"


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


def test_names_computed_from_a_changed_name_change_with_it(tmp_path: Path) -> None:
    old = {
        "pkg/__init__.py": "",
        "pkg/m.py": '''
            import re

            _TIME = r"[0-9][0-9]:[0-9][0-9]:[0-9][0-9]"
            _ENTRY = re.compile(r"(\\w+) at " + _TIME)
            _ENTRIES = [_ENTRY]
            UNRELATED = re.compile("x")


            def parse(line):
                return _ENTRY.fullmatch(line)


            def parse_all(line):
                return [e.fullmatch(line) for e in _ENTRIES]


            def other(line):
                return UNRELATED.match(line)
            ''',
    }
    new = dict(old)
    new["pkg/m.py"] = old["pkg/m.py"].replace(":[0-9][0-9]\"", "(:[0-9][0-9])?\"")
    result = targets_for(tmp_path, old, new)
    # Only _TIME's line changed; _ENTRY and _ENTRIES are built from it, UNRELATED is not
    assert summary(result) == {
        "pkg.m.parse": ("both", "public", [], [], ["module_level"],
                        ["pkg.m._ENTRY", "pkg.m._TIME"]),
        "pkg.m.parse_all": ("both", "public", [], [], ["module_level"],
                            ["pkg.m._ENTRIES", "pkg.m._TIME"]),
    }


def test_names_built_in_another_module_from_a_changed_name_change_with_it(
        tmp_path: Path) -> None:
    """A grammar module's piece, joined into a pattern in a second module (read as
    ``grammar.X`` and as ``from .grammar import X``) and compiled in a third: the functions
    using the compiled pattern read the change."""
    old = {
        "pkg/__init__.py": "",
        "pkg/grammar.py": '''
            EMPTY = "^$"
            WORD = "[a-z]+"
            UNRELATED = "x"
            ''',
        "pkg/patterns.py": '''
            from . import grammar
            from .grammar import WORD

            WHOLE = "(%s|%s)" % (WORD, grammar.EMPTY)
            ONLY_WORD = "(%s)" % WORD
            ''',
        "pkg/api.py": '''
            import re

            from . import patterns
            from .grammar import UNRELATED

            MATCHER = re.compile(patterns.WHOLE)


            def check(text):
                return bool(MATCHER.match(text))


            def word(text):
                return re.match(patterns.ONLY_WORD, text)


            def other(text):
                return text == UNRELATED
            ''',
    }
    new = dict(old)
    new["pkg/grammar.py"] = old["pkg/grammar.py"].replace('"^$"', '"(?:)"')
    result = targets_for(tmp_path, old, new)
    assert summary(result) == {
        "pkg.api.check": ("both", "public", [], [], ["module_level"],
                          ["pkg.api.MATCHER", "pkg.grammar.EMPTY"]),
    }


def test_a_constant_rewritten_to_the_same_value_is_no_change(tmp_path: Path) -> None:
    """Format strings renumbered, a literal split in two, an f-string for a concatenation, a
    pattern built from another module's constant and compiled with its flags reordered, a
    name bound in both branches of an ``if`` respelled, ``(object)`` dropped from a class: the
    values fold equal and the class is the same, so their readers are no targets; a value that
    does change still makes its readers targets, and so does a value that does not fold."""
    old = {
        "pkg/__init__.py": "",
        "pkg/matchers.py": '''
            import re

            from . import grammar


            WORD_MATCHER = re.compile("^{0}$".format(grammar.WORD), re.I | re.X)


            def word(text):
                return WORD_MATCHER.match(text)
            ''',
        "pkg/reader.py": '''
            import sys

            if sys.maxunicode > 0xFFFF:
                WIDE = u"\\U00010000-\\U0010FFFF"
            else:
                WIDE = u"\\uD800-\\uDBFF"
            ALL = "a-z" + WIDE


            class Reader(object):
                def read(self, text):
                    return ALL in text
            ''',
        "pkg/grammar.py": '''
            import os

            WORD = "[a-z]+"
            PAIR = "({0}|{1})".format(WORD, "[0-9]+")
            SPLIT = "abc" "def"
            JOINED = WORD + "-" + WORD
            CHANGED = "%s?" % WORD
            HOME = os.path.join("a", "b")


            def pair(text):
                return PAIR in text


            def split(text):
                return SPLIT in text


            def joined(text):
                return JOINED in text


            def changed(text):
                return CHANGED in text


            def home(text):
                return HOME in text
            ''',
    }
    new = dict(old)
    new["pkg/grammar.py"] = (old["pkg/grammar.py"]
                             .replace('"({0}|{1})".format', '"({}|{})".format')
                             .replace('"abc" "def"', '"abcdef"')
                             .replace('WORD + "-" + WORD', 'f"{WORD}-{WORD}"')
                             .replace('"%s?" % WORD', '"%s*" % WORD')
                             .replace('join("a", "b")', 'join("a", "c")'))
    new["pkg/reader.py"] = (old["pkg/reader.py"].replace('u"', '"')
                            .replace("class Reader(object):", "class Reader:")
                            .replace('ALL = "a-z" + WIDE', 'ALL = "a-z" + WIDE  # both ranges'))
    new["pkg/matchers.py"] = old["pkg/matchers.py"].replace(
        '"^{0}$".format(grammar.WORD), re.I | re.X', 'f"^{grammar.WORD}$", re.X | re.I')
    result = targets_for(tmp_path, old, new)
    assert summary(result) == {
        "pkg.grammar.changed": ("both", "public", [], [], ["module_level"],
                                ["pkg.grammar.CHANGED"]),
        "pkg.grammar.home": ("both", "public", [], [], ["module_level"], ["pkg.grammar.HOME"]),
    }


def test_a_name_bound_in_branches_whose_condition_changed_stays_changed(
        tmp_path: Path) -> None:
    """The branches' values are respelled alike, but the condition choosing between them
    changed: the name's readers remain targets."""
    old = {
        "pkg/__init__.py": "",
        "pkg/reader.py": '''
            import sys

            if sys.maxunicode > 0xFFFF:
                WIDE = u"wide"
            else:
                WIDE = u"narrow"


            def read():
                return WIDE
            ''',
    }
    new = {"pkg/__init__.py": "", "pkg/reader.py": old["pkg/reader.py"].replace(
        'u"', '"').replace("> 0xFFFF", "> 0x10FFFF")}
    result = targets_for(tmp_path, old, new)
    assert summary(result) == {
        "pkg.reader.read": ("both", "public", [], [], ["module_level"], ["pkg.reader.WIDE"]),
    }


def test_constants_fold_only_bare_format_fields_and_narrow_printf() -> None:
    """A format field with a width, an attribute or an index, and a printf width of three
    digits do not fold: a hostile constant cannot ask for gigabytes of padding."""
    import ast
    sys.path.insert(0, str(HELPERS))
    from pyanalysis.constants import Folder, fold
    from pyanalysis.model import ModuleInfo

    mod = ModuleInfo(name="m", file="m.py", path="m.py", is_package=False, importable=True)
    for text, folds in (("'{}-{x}'.format(1, x=2)", True), ("'{:>999999999}'.format(1)", False),
                        ("'{0.real}'.format(1)", False), ("'{0[0]}'.format('a')", False),
                        ("'%5s' % 'a'", True), ("'%999999999s' % 'a'", False),
                        ("'%*s' % (9, 'a')", False), ("'ab' * 3", True),
                        ("'ab' * 10 ** 9", False), ("' '.join(['a', 'b'])", True)):
        assert fold(Folder({}), mod, ast.parse(text, mode="eval").body, set(), 0)[0] is folds, \
            text


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


def test_runs_from_another_directory_with_isolated_mode(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-I", str(ANALYZE), "--version"], cwd=str(tmp_path),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.returncode == 0
    assert proc.stdout.strip() == "difftriage-analyze/1.0"
    assert os.path.isabs(str(ANALYZE))
