"""Methods a class binds by assignment in its body are targets when the assignment changes
(pyanalysis/class_bindings.py), and the generator calls them like any method."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any, Dict

from analyze_support import by_name, targets_for
from helpers_dir import HELPERS

FACTORY = '''
    def _wrap(func):
        def wrapped(self, *args, **kwargs):
            return self.__class__(func(self, *args, **kwargs))

        return wrapped


    def _named(prefix):
        def named(self, other):
            return prefix + other

        return named


    '''

OLD = FACTORY + '''
    class Text(str):
        LIMIT = 3

        def shout(self):
            return self.upper() + "!"

        def __repr__(self):
            return "Text(%s)" % str.__repr__(self)

        lower = _wrap(str.lower)
        loud = shout
        greet = _named("hi ")
        _quiet = _wrap(str.lower)
    '''

NEW = FACTORY + '''
    class Text(str):
        LIMIT = 4

        def shout(self):
            return self.upper() + "!"

        def __repr__(self):
            return "Text(%s)" % str.__repr__(self)

        lower = _wrap(str.lower)
        casefold = _wrap(str.casefold)
        loud = str.upper
        greet = _named("hello ")
        _quiet = _wrap(str.upper)
        if True:
            removeprefix = _wrap(str.removeprefix)
        label = property(shout)
    '''


def _result(tmp_path: Path) -> Dict[str, Any]:
    files = {"pkg/__init__.py": "from pkg.text import Text\n"}
    return targets_for(tmp_path, dict(files, **{"pkg/text.py": OLD}),
                       dict(files, **{"pkg/text.py": NEW}))


def test_a_changed_class_body_binding_of_a_callable_is_a_method_target(tmp_path: Path) -> None:
    result = _result(tmp_path)
    rows = by_name(result["changed_functions"], "qualname")
    bound = {q: (r["versions"], r["reasons"]) for q, r in rows.items() if "Text." in q}
    # a data attribute and a property(...) are no callables this knows: left to their readers
    assert bound == {q: ("both", ["class_binding"]) for q in (
        "pkg.text.Text.casefold", "pkg.text.Text.loud", "pkg.text.Text.greet",
        "pkg.text.Text._quiet", "pkg.text.Text.removeprefix")}
    assert rows["pkg.text.Text.loud"]["changed_lines"]["new"] != []
    assert rows["pkg.text.Text.loud"]["changed_lines"]["old"] != []
    access = by_name(result["access"], "target")
    signatures = {q: [(m["entry"]["signature"], (m.get("entry_old") or {}).get("signature"))
                      for m in access[q]["methods"]] for q in bound}
    # the built-in base's method when the factory's function is only variadic; the factory's
    # function when it names its parameters; the alias's own def on the old side
    assert signatures["pkg.text.Text.casefold"] == [("def casefold(self, /)", None)]
    assert signatures["pkg.text.Text.removeprefix"] == [
        ("def removeprefix(self, prefix, /)", None)]
    assert signatures["pkg.text.Text.greet"] == [("def greet(self, other)", None)]
    assert signatures["pkg.text.Text.loud"] == [("def loud(self, /)", "def loud(self)")]
    assert signatures["pkg.text.Text._quiet"] == []  # private: no public way in
    entry = access["pkg.text.Text.casefold"]["methods"][0]["entry"]
    assert (entry["expr"], entry["class"]["qualname"]) == ("Text.casefold", "pkg.text.Text")


def test_the_generator_calls_a_bound_method_and_shows_its_change(tmp_path: Path) -> None:
    if str(HELPERS) not in sys.path:
        sys.path.insert(0, str(HELPERS))
    from gen.search import generate
    targets = _result(tmp_path)
    request = {"old_root": str(tmp_path / "old"), "new_root": str(tmp_path / "new"),
               "targets": targets, "seed": 1, "round": 0, "max_candidates": 200}
    codes = [c["code"] for c in generate(request)["candidates"]
             if c["target"] == "pkg.text.Text.casefold"]
    assert codes, "no candidate for the bound method"
    outputs = []
    for side in ("old", "new"):
        ran = subprocess.run([sys.executable, "-c", codes[0]], cwd=str(tmp_path / side),
                             capture_output=True, text=True, timeout=60)
        assert ran.returncode == 0, ran.stderr
        outputs.append(ran.stdout)
    assert ".casefold(" in codes[0]
    assert outputs[0] != outputs[1]  # a str on old, a Text on new
