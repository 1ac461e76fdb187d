"""A call path only one version has, through an entry point both versions have, is called on
both (gen/plans.py ``_entered_alike``); an entry point one version lacks stays an API change."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

from analyze_support import by_name, targets_for
from helpers_dir import HELPERS

OLD = '''
    class Frame:
        def __init__(self, stream=0):
            self.stream = stream

        def __repr__(self):
            return "%s(%d): -" % (type(self).__name__, self.stream)


    class Ping(Frame):
        pass


    class Data(Frame):
        pass
    '''

NEW = OLD.replace('''            return "%s(%d): -" % (type(self).__name__, self.stream)
''', '''            return "%s(%d): %s" % (type(self).__name__, self.stream, self._body())

        def _body(self):
            return "-"
''').replace('''    class Ping(Frame):
        pass
''', '''    class Ping(Frame):
        def _body(self):
            return "ping"

        def pong(self):
            return "pong"
''').replace('''    class Data(Frame):
        pass
''', '''    class Data(Frame):
        def _body(self):
            return "data"
''')


def _candidates(tmp_path: Path) -> Dict[str, List[Dict[str, Any]]]:
    if str(HELPERS) not in sys.path:
        sys.path.insert(0, str(HELPERS))
    from gen.search import generate
    files = {"pkg/__init__.py": "from pkg.frames import Data, Frame, Ping\n"}
    targets = targets_for(tmp_path, dict(files, **{"pkg/frames.py": OLD}),
                          dict(files, **{"pkg/frames.py": NEW}))
    access = by_name(targets["access"], "target")
    assert access["pkg.frames.Ping._body"]["methods"][0]["versions"] == "new_only"
    request = {"old_root": str(tmp_path / "old"), "new_root": str(tmp_path / "new"),
               "targets": targets, "seed": 1, "round": 0, "max_candidates": 400}
    out: Dict[str, List[Dict[str, Any]]] = {}
    for candidate in generate(request)["candidates"]:
        out.setdefault(candidate["target"], []).append(candidate)
    return out


def test_a_new_override_reached_through_an_inherited_method_runs_on_both(tmp_path: Path) -> None:
    found = _candidates(tmp_path)
    # both overrides are entered through Frame.__repr__ on their own class, each more than the
    # two tries an API change gets, and the call shows the change on the old version too
    for target, name in (("pkg.frames.Ping._body", "Ping"), ("pkg.frames.Data._body", "Data")):
        assert len(found.get(target, [])) > 2, target
        code = found[target][0]["code"]
        outputs = [subprocess.run([sys.executable, "-c", code], cwd=str(tmp_path / side),
                                  capture_output=True, text=True, timeout=60).stdout
                   for side in ("old", "new")]
        assert name + "(0): -" in outputs[0] and name + "(0): " + name.lower() in outputs[1]
    # a method only the new version has is still tried twice at most
    assert len(found.get("pkg.frames.Ping.pong", [])) <= 2
