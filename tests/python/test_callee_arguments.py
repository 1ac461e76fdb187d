"""Tests for gen/forwarded.py and rules/callee_arguments.py: what the project's tests pass to a
callee the entry hands its parameter to becomes a value of that parameter.

The forwards are read from a small tree (positional and keyword hand-offs, a method of the
receiver's class, one callee further, a normalised parameter kept, a rebound one dropped); the
call sites of a test that joins named texts are folded; a workspace built from a request gives
the entry's parameter the callee's test values.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Dict

from helpers_dir import HELPERS
from rule_support import core_project

if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))

from gen.callsites import CallSites  # noqa: E402
from gen.forwarded import forwards  # noqa: E402
from pymodel.params import params_of  # noqa: E402
from pymodel.project import Tree  # noqa: E402

CORE = '''
def is_joiner(text, pos):
    return text[pos] == '\\u200c'


def normal(value):
    return value.strip()


def check(label, strict=False):
    if isinstance(label, bytes):
        label = label.decode('utf-8')
    for pos, char in enumerate(label):
        if is_joiner(label, pos):
            return 'joiner'
    return normal(value=label) if strict else None


def relabel(label):
    label = 'x'
    return is_joiner(label, 0)


def outer(text):
    return check(text)


class Reader:
    def read(self, data):
        return self._decode(data)

    def _decode(self, raw):
        return raw
'''

TESTS = '''
from pkg.core import is_joiner, normal


def test_joiners():
    zwnj = '\\u200c'
    latin = 'a'
    assert not is_joiner(latin + zwnj, 0)
    assert is_joiner(zwnj * 2, 1)
    assert normal(value=' x ') == 'x'
'''


def _tree(tmp_path: Path) -> Tree:
    return core_project(tmp_path, CORE, TESTS)


def _forwards(tree: Tree, qual: str, class_qual: Any = None) -> Dict[str, Any]:
    module, node, classes = tree.find_def(qual)
    found = forwards(tree, module, node, params_of(node, module, bool(classes)), class_qual)
    return {(f.param, f.callee): (f.index, f.name) for f in found}


def test_a_parameter_handed_on_names_the_callee_and_its_place(tmp_path: Path) -> None:
    tree = _tree(tmp_path)
    found = _forwards(tree, "pkg.core.check")
    # normalised by label.decode(...) first: still the caller's value
    assert found[("label", "pkg.core.is_joiner")] == (0, "text")
    assert found[("label", "pkg.core.normal")] == (0, "value")  # passed as value=label
    assert all(param == "label" for param, _callee in found)


def test_a_rebound_parameter_is_not_handed_on(tmp_path: Path) -> None:
    assert _forwards(_tree(tmp_path), "pkg.core.relabel") == {}


def test_forwards_reach_one_callee_further(tmp_path: Path) -> None:
    found = _forwards(_tree(tmp_path), "pkg.core.outer")
    assert found[("text", "pkg.core.check")] == (0, "label")
    assert found[("text", "pkg.core.is_joiner")] == (0, "text")


def test_a_method_of_the_receivers_class_is_a_callee(tmp_path: Path) -> None:
    found = _forwards(_tree(tmp_path), "pkg.core.Reader.read", "pkg.core.Reader")
    assert found == {("data", "pkg.core.Reader._decode"): (0, "raw")}


def test_texts_joined_from_names_the_test_bound_are_sites(tmp_path: Path) -> None:
    sites = CallSites(_tree(tmp_path), {"is_joiner"})
    sites.scan()
    texts = [site.args[0]["v"] for site in sites.get("pkg.core.is_joiner")]
    assert texts == ["a\u200c", "\u200c\u200c"]


def test_the_entrys_parameter_takes_the_callees_test_values(tmp_path: Path) -> None:
    from gen.plans import Workspace
    _tree(tmp_path)
    entry = {"qualname": "pkg.core.check", "expr": "check",
             "import_line": "from pkg.core import check", "callable_kind": "function"}
    request = {"old_root": str(tmp_path), "new_root": str(tmp_path),
               "targets": {"changed_functions": [{"qualname": "pkg.core.check",
                                                  "changed_lines": {"new": [12]}}],
                           "access": [{"target": "pkg.core.check",
                                       "methods": [{"entry": entry, "path": []}]}]}}
    target = Workspace(request).build()[0]
    forwarded = target.plans[0].forwarded
    texts = [v.get("v") for v in forwarded["label"]]
    assert "a\u200c" in texts and "\u200c\u200c" in texts and " x " in texts
    assert "strict" not in forwarded
