"""Tests for gen/checked_classes.py and rules/checked_classes.py: plain values wrapped in the
project classes a change's ``isinstance`` checks test for.

The mining reads two small trees (which classes, on which lines, built how); the mutants of a
project test's snippet wrap its scalars in them first; the rule wraps a generated call's leading
scalars; one case runs a wrapped mutant on both trees.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Dict

from helpers_dir import HELPERS

if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))

from gen.checked_classes import checked_classes  # noqa: E402
from gen.project_tests.literals import mutants  # noqa: E402
from gen.rules.checked_classes import wrapped  # noqa: E402
from gen.values import from_python, render  # noqa: E402
from pymodel.project import Tree  # noqa: E402

CLASSES = '''
class Required:
    def __init__(self, name, message=None):
        self.name = name


class Pair:
    def __init__(self, first, second):
        self.pair = (first, second)


class Invalid(Exception):
    pass


class Marked(str):
    pass
'''

CHECKS = '''

def missing(schema, data):
    out = []
    for key in schema:
        if isinstance(key, (Required, Pair, Invalid, int)):
            if key.name not in data:
                out.append(%s)
        elif isinstance(key, Marked):
            out.append(key)
    return sorted(out)
'''


def _tree(root: Path, body: str) -> Tree:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "core.py").write_text(body)
    return Tree(str(root))


def _trees(tmp_path: Path, old: str, new: str) -> Dict[str, Tree]:
    return {"old": _tree(tmp_path / "old", old), "new": _tree(tmp_path / "new", new)}


def test_the_classes_a_changed_line_or_its_guard_tests_for(tmp_path: Path) -> None:
    """A changed line inside ``if isinstance(key, (Required, ...)):`` runs for a Required: it
    is built from one argument; Pair needs two, Invalid is an exception, int no project
    class; another arm's class only where a line of that arm changed."""
    trees = _trees(tmp_path, CLASSES + CHECKS % "key.name", CLASSES + CHECKS % "'+' + key.name")
    found = checked_classes(trees, "pkg.core.missing", {"old": [25], "new": [25]})
    assert found == [("from pkg.core import Required", "Required")]
    assert checked_classes(trees, "pkg.core.missing", {"old": [27], "new": [27]}) == \
        [("from pkg.core import Marked", "Marked")]  # a str subclass takes the value
    assert checked_classes(trees, "pkg.core.missing", {"old": [], "new": [21]}) == []


def test_a_class_only_one_version_has_is_not_offered(tmp_path: Path) -> None:
    trees = _trees(tmp_path, CHECKS % "key.name",  # the old tree lacks the classes
                   CLASSES + CHECKS % "'+' + key.name")
    assert checked_classes(trees, "pkg.core.missing", {"old": [], "new": [8]}) == []


HELPER = '''
class Marker:
    def __init__(self, schema, msg=None):
        self.schema = schema
        self.complex = %s

    def _is_group(self, schema):
        from pkg.groups import Group as Kind
        return isinstance(schema, Kind)
'''

GROUPS = '''
class Group:
    def __init__(self, *options):
        self.options = options
'''


def test_a_helper_a_changed_line_calls_tests_for_the_class_it_imports(tmp_path: Path) -> None:
    """``self.complex = self._is_group(schema)``: the helper's ``isinstance`` of its own
    parameter counts for the changed line, with the class it imports inside its body."""
    trees = _trees(tmp_path, HELPER % "False", HELPER % "self._is_group(schema)")
    for side in ("old", "new"):
        (tmp_path / side / "pkg" / "groups.py").write_text(GROUPS)
    assert checked_classes(trees, "pkg.core.Marker.__init__", {"old": [5], "new": [5]}) == \
        [("from pkg.groups import Group", "Group")]
    assert checked_classes(trees, "pkg.core.Marker.__init__", {"old": [4], "new": [4]}) == []


def test_mutants_wrap_each_scalar_in_the_checked_classes_first() -> None:
    code = ("from __future__ import annotations\nfrom pkg.core import missing\n\n"
            "print(repr(missing({'a': int, 'b': str}, {'a': 1})))\n")
    classes = [("from pkg.core import Required", "Required")]
    found = list(mutants(code, 1, classes=classes))
    assert found[0] == ("from __future__ import annotations\n"
                        "from pkg.core import Required\nfrom pkg.core import missing\n\n"
                        "print(repr(missing({Required('a'): int, 'b': str}, {'a': 1})))\n")
    assert "{Required('b'): int" not in "".join(found)  # nothing but the literal moves
    assert any("{'a': int, Required('b'): str}" in m for m in found[:4])
    assert not any("Required" in m for m in mutants(code, 1))


def test_the_rule_wraps_a_calls_leading_scalars() -> None:
    values = [from_python(v) for v in ([1], "a", 2, b"c", 3.5)]
    out = wrapped(values, [("from pkg.core import Required", "Required")])
    imports: set = set()
    assert [render(v, imports) for v in out] == ["Required('a')", "Required(2)",
                                                 "Required(b'c')"]
    assert imports == {"from pkg.core import Required"}


def test_a_wrapped_mutant_tells_the_versions_apart(tmp_path: Path) -> None:
    for side, line in (("old", "key.name"), ("new", "'+' + key.name")):
        _tree(tmp_path / side, CLASSES + CHECKS % line)
    code = "from pkg.core import missing\n\nprint(repr(missing({'a': int, 'b': str}, {})))\n"
    mutant = next(mutants(code, 1, classes=[("from pkg.core import Required", "Required")]))
    seen = [subprocess.run([sys.executable, "-c", textwrap.dedent(mutant)], cwd=tmp_path / side,
                           capture_output=True, text=True, check=True).stdout
            for side in ("old", "new")]
    assert seen == ["['a']\n", "['+a']\n"]


# -- a value formatted with % (percent_formats.py), as a tuple ----------------------------------

FORMAT = '''

def describe(schema, data):
    for key, kind in schema.items():
        if key in data and not isinstance(data[key], kind):
            return "Key '%%s' error" %% %s
    return 'ok'
'''


def test_a_changed_line_that_formats_with_percent_asks_for_tuples(tmp_path: Path) -> None:
    from gen.percent_formats import formats_with_percent
    trees = _trees(tmp_path, FORMAT % "key", FORMAT % "(key,)")
    assert formats_with_percent(trees, "pkg.core.describe", {"old": [6], "new": [6]})
    assert not formats_with_percent(trees, "pkg.core.describe", {"old": [7], "new": [7]})


def test_tuples_of_a_literal_written_twice_go_in_both_places(tmp_path: Path) -> None:
    for side, operand in (("old", "key"), ("new", "(key,)")):
        _tree(tmp_path / side, FORMAT % operand)
    code = ("from pkg.core import describe\n\n"
            "print(repr(describe({'k': int}, {'k': 'x'})))\n")
    found = list(mutants(code, 1, tuples=True))
    both = "print(repr(describe({('k',): int}, {('k',): 'x'})))\n"
    assert any(m.endswith(both) for m in found)
    assert not any("('k',)" in m for m in mutants(code, 1))
    mutant = next(m for m in found if m.endswith(both))
    seen = [subprocess.run([sys.executable, "-c", mutant], cwd=tmp_path / side,
                           capture_output=True, text=True, check=True).stdout
            for side in ("old", "new")]
    assert seen == ['"Key \'k\' error"\n', '"Key \'(\'k\',)\' error"\n']
