"""An attribute a changed line writes is printed at the end of every test of the change
(gen/written_attributes.py), also where the class's repr leaves it out and it has no vars()."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

from analyze_support import targets_for
from helpers_dir import HELPERS

OLD = '''
    class Node:
        __slots__ = ("name", "child", "coord")

        def __init__(self, name, child=None, coord=None):
            self.name = name
            self.child = child
            self.coord = coord

        def __repr__(self):
            return "Node(%r, %r)" % (self.name, self.child)


    def wrap(name, coord):
        """A node holding a node of the same name; the outer one has the coordinate."""
        node = Node(name, Node(name), coord)
        return node
    '''

NEW = OLD.replace('''        node = Node(name, Node(name), coord)
''', '''        node = Node(name, Node(name), coord)
        if node.child.coord is None:
            node.child.coord = coord
''')


def _candidates(tmp_path: Path) -> List[Dict[str, Any]]:
    return _generated(tmp_path, "nodes", "Node, wrap", OLD, NEW, "wrap", 40)


def _generated(tmp_path: Path, module: str, names: str, old: str, new: str, target: str,
               most: int) -> List[Dict[str, Any]]:
    """Round 0's candidates for ``pkg.<module>.<target>`` when pkg/<module>.py changes from
    ``old`` to ``new`` (the package imports ``names`` from it)."""
    if str(HELPERS) not in sys.path:
        sys.path.insert(0, str(HELPERS))
    from gen.search import generate
    files = {"pkg/__init__.py": "from pkg.%s import %s\n" % (module, names)}
    path = "pkg/%s.py" % module
    targets = targets_for(tmp_path, dict(files, **{path: old}), dict(files, **{path: new}))
    request = {"old_root": str(tmp_path / "old"), "new_root": str(tmp_path / "new"),
               "targets": targets, "seed": 1, "round": 0, "max_candidates": most}
    return [c for c in generate(request)["candidates"]
            if c["target"] == "pkg.%s.%s" % (module, target)]


def _outputs(tmp_path: Path, code: str) -> List[str]:
    return [subprocess.run([sys.executable, "-c", code], cwd=str(tmp_path / side),
                           capture_output=True, text=True, timeout=60).stdout
            for side in ("old", "new")]


def test_a_written_attribute_a_repr_leaves_out_is_printed(tmp_path: Path) -> None:
    found = _candidates(tmp_path)
    assert found
    differing = []
    for candidate in found:
        assert "_changed_attributes" in candidate["code"]
        assert candidate["genome"]["watch"] == {"names": ["coord"], "packages": ["pkg"]}
        old, new = _outputs(tmp_path, candidate["code"])
        if old != new:
            differing.append((old, new))
    # the repr shows no coordinate: only the walk tells the versions apart
    assert differing
    old, new = differing[0]
    assert "('result.child.coord', 'None')" in old
    assert "('result.child.coord', 'None')" not in new


def test_without_attribute_writes_tests_keep_their_shape(tmp_path: Path) -> None:
    from gen.attribute_walk import watched_code, with_walks
    from gen.written_attributes import watched
    assert watched_code("print(1)\n", None) == "print(1)\n"
    assert watched_code("print(1)\n", {"names": ["x"], "packages": []}) == "print(1)\n"
    candidates = [{"code": "print(1)\n", "genome": {"strategy": "base"}}]
    assert with_walks(candidates, None)[0]["code"] == "print(1)\n"
    # a class attribute (``cls.x = ...``) and a private one are no instance state to walk
    if str(HELPERS) not in sys.path:
        sys.path.insert(0, str(HELPERS))
    from pymodel.project import Tree
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "m.py").write_text(
        "def f(cls, obj):\n    cls.count = 1\n    obj._seen = True\n    obj.size = 2\n")
    targets = {"changed_functions": [{"modules": {"old": "pkg.m", "new": "pkg.m"},
                                      "changed_lines": {"old": [], "new": [2, 3, 4]}}]}
    tree = Tree(str(tmp_path))
    assert watched(targets, {"old": tree, "new": tree}) == {"names": ["size"],
                                                             "packages": ["pkg"]}


def test_the_walk_never_ends_a_test() -> None:
    """A value whose repr raises is shown as the exception's name; the walk goes on."""
    if str(HELPERS) not in sys.path:
        sys.path.insert(0, str(HELPERS))
    from gen.attribute_walk import watched_code
    code = '''
class Bad:
    def __repr__(self):
        raise RuntimeError("no repr")


class Holder:
    __slots__ = ("size", "_hidden")

    def __init__(self, size):
        self.size = size
        self._hidden = Holder.__new__(Holder)


Bad.__module__ = Holder.__module__ = "pkgx"
items = [Holder(Bad()), {"k": Holder(3)}]
'''
    code = watched_code(code, {"names": ["size"], "packages": ["pkgx"]})
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (
        "[('items[0].size', '<RuntimeError>'), (\"items[1]['k'].size\", '3')]")


def test_a_value_a_test_hands_on_without_a_name_is_walked(tmp_path: Path) -> None:
    """A project test's helper parses and checks in one go: the returned node is kept."""
    _candidates(tmp_path)  # writes the two trees
    if str(HELPERS) not in sys.path:
        sys.path.insert(0, str(HELPERS))
    from gen.attribute_walk import watched_code
    test = ('"""A converted test."""\nfrom __future__ import annotations\n\n'
            'from pkg import wrap\n\n\ndef check(name):\n    print(repr(wrap(name, 5)))\n\n\n'
            'check("a")\n')
    old, new = _outputs(tmp_path, watched_code(test, {"names": ["coord"],
                                                      "packages": ["pkg"]}))
    assert "('returned[0].child.coord', 'None')" in old
    assert "('returned[0].child.coord', '5')" in new
    assert old.splitlines()[0] == new.splitlines()[0]  # the repr alone shows nothing


def test_shrinking_offers_the_test_without_the_walk_first(tmp_path: Path) -> None:
    from gen.shrink import shrink
    candidate = _candidates(tmp_path)[0]
    variants = shrink({"seed": 1, "genome": candidate["genome"]})["candidates"]
    assert "watch" not in variants[0]["genome"]
    assert "_changed_attributes" not in variants[0]["code"]
    assert all("_changed_attributes" in v["code"] for v in variants[1:])


def test_an_attribute_a_changed_local_is_stored_in_is_watched(tmp_path: Path) -> None:
    """``name = normalize(name)`` is the changed line; ``result.name = name`` stores it."""
    if str(HELPERS) not in sys.path:
        sys.path.insert(0, str(HELPERS))
    from gen.written_attributes import watched
    from pymodel.project import Tree
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "m.py").write_text(
        "import unicodedata\n\n\n"                                 # 1-3
        "def parse(text, other):\n"                                # 4
        "    name = unicodedata.normalize('NFC', text)\n"          # 5
        "    result = Result()\n"                                  # 6
        "    result.name = name.strip()\n"                         # 7
        "    result.other = other\n"                               # 8
        "    return result\n")                                     # 9
    targets = {"changed_functions": [{"modules": {"old": "pkg.m", "new": "pkg.m"},
                                      "changed_lines": {"old": [], "new": [5]}}]}
    tree = Tree(str(tmp_path))
    assert watched(targets, {"old": tree, "new": tree}) == {"names": ["name"],
                                                             "packages": ["pkg"]}


def test_the_prologue_goes_after_the_future_imports_whatever_the_strings_hold() -> None:
    """A line separator inside a string literal is no line end to the parser."""
    if str(HELPERS) not in sys.path:
        sys.path.insert(0, str(HELPERS))
    from gen.attribute_walk import watched_code
    code = ('"""Doc\u2028on two lines to splitlines()."""\nfrom __future__ import annotations\n'
            'text = "a\u2028b\x0cc"\nprint(repr(text))\n')
    done = subprocess.run([sys.executable, "-c", watched_code(
        code, {"names": ["size"], "packages": ["pkgx"]})], capture_output=True, text=True,
        timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == repr("a\u2028b\x0cc")


TOKEN_OLD = '''
    class Token(str):
        """A string with its place; the repr shows the kind and the text only."""

        def __new__(cls, kind, value, start=None, end=None):
            inst = super().__new__(cls, value)
            inst.kind = kind
            inst.start = start
            inst.end = end
            return inst

        def __repr__(self):
            return "Token(%r, %r)" % (self.kind, str(self))

        def __deepcopy__(self, memo):
            return Token(self.kind, self.value, self.start)

        @property
        def value(self):
            return str(self)
    '''

TOKEN_NEW = TOKEN_OLD.replace("Token(self.kind, self.value, self.start)",
                              "Token(self.kind, self.value, self.start, end=self.end)")


def test_attributes_a_changed_construction_stores_its_arguments_in_are_watched(
        tmp_path: Path) -> None:
    """A copy now keeps its end: the constructor stores it, the repr never shows it."""
    found = _generated(tmp_path, "tokens", "Token", TOKEN_OLD, TOKEN_NEW, "Token.__deepcopy__",
                       60)
    assert found
    # the arguments the changed call passes: kind, value and start by place, end by name
    assert found[0]["genome"]["watch"] == {"names": ["end", "kind", "start"],
                                           "packages": ["pkg"]}
    outputs = [_outputs(tmp_path, c["code"]) for c in found]
    assert any(old != new and ".end'" in new for old, new in outputs), outputs[:3]


def test_containers_the_changed_lines_change_are_watched(tmp_path: Path) -> None:
    """An item stored or deleted, or a mutating method called, through a public attribute."""
    if str(HELPERS) not in sys.path:
        sys.path.insert(0, str(HELPERS))
    from gen.written_attributes import watched
    from pymodel.project import Tree
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "m.py").write_text(
        "def f(self, cls, obj, name):\n"          # 1
        "    self.symtable.pop(name, None)\n"     # 2
        "    del obj.cache[name]\n"               # 3
        "    obj.rows[0] = name\n"                # 4
        "    self._seen.add(name)\n"              # 5: private
        "    cls.registry.append(name)\n"         # 6: class state
        "    obj.text.upper()\n"                  # 7: no mutator
        "    obj.items.clear()\n")                # 8: unchanged
    targets = {"changed_functions": [{"modules": {"old": "pkg.m", "new": "pkg.m"},
                                      "changed_lines": {"old": [], "new": [2, 3, 4, 5, 6, 7]}}]}
    tree = Tree(str(tmp_path))
    assert watched(targets, {"old": tree, "new": tree}) == {
        "names": ["cache", "rows", "symtable"], "packages": ["pkg"]}


def test_the_walk_enters_the_tests_own_objects() -> None:
    """A converted unittest test keeps what it builds on its own case object."""
    if str(HELPERS) not in sys.path:
        sys.path.insert(0, str(HELPERS))
    from gen.attribute_walk import watched_code
    code = '''
class Scope:
    def __init__(self):
        self.symtable = {"x": 1}


Scope.__module__ = "pkgx"


class Case:
    def setUp(self):
        self.scope = Scope()


case = Case()
case.setUp()
'''
    code = watched_code(code, {"names": ["symtable"], "packages": ["pkgx"]})
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[('case.scope.symtable', \"{'x': 1}\")]"


def test_an_object_a_test_builds_and_hands_on_is_walked_and_late_values_are_counted() -> None:
    """``Holder(i).size in range(9)`` keeps no name for the object: its constructor's object is
    kept in place of the ``None`` its ``__init__`` returns.  Past the first 40 findings, a
    count of each attribute's values shows the one written otherwise on the 45th object."""
    if str(HELPERS) not in sys.path:
        sys.path.insert(0, str(HELPERS))
    from gen.attribute_walk import watched_code
    module = ("class Holder:\n"
              "    def __init__(self, size):\n"
              "        self.size = 'odd' if size == %s else 'even'\n")
    outputs = []
    for late in ("-1", "44"):
        code = ("import sys, types\n"
                "pkgx = types.ModuleType('pkgx')\n"
                "exec(%r, pkgx.__dict__)\n"
                "sys.modules['pkgx'] = pkgx\n"
                "from pkgx import Holder\n"
                "for i in range(50):\n"
                "    Holder(i)\n") % (module % late)
        done = subprocess.run([sys.executable, "-c", watched_code(
            code, {"names": ["size"], "packages": ["pkgx"]})], capture_output=True, text=True,
            timeout=60)
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout.splitlines())
    old, new = outputs
    assert old[0] == new[0] and "('returned[0].size', \"'even'\")" in old[0]
    assert old[1] == "[(('size', \"'even'\"), 50)]"
    assert new[1] == "[(('size', \"'even'\"), 49), (('size', \"'odd'\"), 1)]"


def test_a_sets_items_are_walked_in_the_order_of_their_reprs() -> None:
    """A frozenset of clauses holds the objects a change writes; hashes vary from run to run,
    reprs do not."""
    if str(HELPERS) not in sys.path:
        sys.path.insert(0, str(HELPERS))
    from gen.attribute_walk import watched_code
    code = '''
class Clause:
    def __init__(self, text):
        self.policy = text

    def __repr__(self):
        return "Clause(%r)" % self.policy


Clause.__module__ = "pkgx"
clauses = frozenset([Clause("b"), Clause("a")])
'''
    done = subprocess.run([sys.executable, "-c", watched_code(
        code, {"names": ["policy"], "packages": ["pkgx"]})], capture_output=True, text=True,
        timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == \
        "[('clauses{0}.policy', \"'a'\"), ('clauses{1}.policy', \"'b'\")]"
