"""A method call site keeps the receiver its test built: ``Template('<b>{v}</b>').render(...)``
is offered whole by ``call_sites``, not with another site's receiver."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Dict, List

from helpers_dir import HELPERS
from rule_support import core_project

if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))

from gen.callsites import CallSites  # noqa: E402
from pymodel.project import Tree  # noqa: E402

CORE = '''
class Template:
    def __init__(self, text=''):
        self.text = text

    def render(self, values):
        return self.text.format_map(values)


class Other:
    def __init__(self, text=''):
        self.text = text

    def render(self, values):
        return values
'''

TESTS = '''
from pkg.core import Other, Template


def test_plain():
    assert Template('plain').render({}) == 'plain'


def test_render():
    page = Template('<b>{v}</b>')
    assert page.render({'v': '<'}) == '<b><</b>'
    assert Template('{v}!').render({'v': 'x'}) == 'x!'
    assert Other('o').render({'v': 'y'}) == {'v': 'y'}


def test_unknown(made):
    assert made.render({'v': 'z'})
'''


def _tree(tmp_path: Path) -> Tree:
    return core_project(tmp_path, CORE, TESTS)


def _receivers(tmp_path: Path) -> Dict[str, Any]:
    sites = CallSites(_tree(tmp_path), {"render"})
    sites.scan()
    out: Dict[str, Any] = {}
    for site in sites.get("method:render"):
        values = site.args[0]["items"][0][1]["v"] if site.args[0]["items"] else None
        out[str(values)] = None if site.receiver is None else (
            site.receiver[0], [a["v"] for a in site.receiver[1].args])
    return out


def test_a_method_site_records_the_receiver_its_test_built(tmp_path: Path) -> None:
    found = _receivers(tmp_path)
    assert found["<"] == ("pkg.core.Template", ["<b>{v}</b>"])  # through the bound name
    assert found["x"] == ("pkg.core.Template", ["{v}!"])
    assert found["y"] == ("pkg.core.Other", ["o"])
    assert found["z"] is None  # a fixture's object: no receiver known
    assert found["None"] == ("pkg.core.Template", ["plain"])


def _genomes(tmp_path: Path) -> List[Dict[str, Any]]:
    from gen.plans import Workspace
    from gen.registry import Context
    from gen.strategies import call_sites
    _tree(tmp_path)
    qual = "pkg.core.Template.render"
    entry = {"qualname": qual, "expr": "Template.render", "callable_kind": "method",
             "import_line": "from pkg.core import Template",
             "class": {"qualname": "pkg.core.Template", "import_line":
                       "from pkg.core import Template", "expr": "Template",
                       "constructor_signature": "(self, text='')"}}
    request = {"old_root": str(tmp_path), "new_root": str(tmp_path),
               "targets": {"changed_functions": [{"qualname": qual,
                                                  "changed_lines": {"new": [7]}}],
                           "access": [{"target": qual,
                                       "methods": [{"entry": entry, "path": []}]}]}}
    target = Workspace(request).build()[0]
    ctx = Context(target, 1, 0, request)
    return [genome for _plan, genome in call_sites(ctx)]


def _pairs(genomes: List[Dict[str, Any]]) -> List[Any]:
    pairs = []
    for genome in genomes:
        ctor = {a["name"]: a["value"].get("v") for a in genome.get("ctor") or []}
        args = {a["name"]: a["value"] for a in genome.get("args") or []}
        items = (args.get("values") or {}).get("items") or []
        pairs.append((ctor.get("text"), items[0][1]["v"] if items else None))
    return pairs


def test_call_sites_offer_each_site_with_its_own_receiver(tmp_path: Path) -> None:
    pairs = _pairs(_genomes(tmp_path))
    assert ("<b>{v}</b>", "<") in pairs
    assert ("{v}!", "x") in pairs
    # another class's construction is not this entry's receiver: its site goes on the
    # realistic receiver, as does the fixture's
    assert ("o", "y") not in pairs
    assert any(value == "y" for _text, value in pairs)
    assert any(value == "z" for _text, value in pairs)
