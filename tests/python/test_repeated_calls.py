"""The ``repeated_calls`` rule: the call under test after earlier calls on the same receiver
naming its first argument (docs/SEARCH.md).  The rule's ablation case is in tst_inputmodel."""

from __future__ import annotations

from typing import Any, Dict, List

import rule_support  # noqa: F401  (puts the engine's helpers on the path)
from rule_support import printed_by

from gen.plans import EntryPlan, Setup, Slot  # noqa: E402
from gen.rules.repeated_calls import _plan_stream, falsy_values  # noqa: E402
from gen.snippet import render_genome  # noqa: E402
from gen.values import vfloat, vint, vnone, vstr  # noqa: E402

CACHE = ("from collections import OrderedDict\n\n\nclass Recent:\n"
         "    def __init__(self):\n        self.items = OrderedDict()\n\n"
         "    def put(self, key, value):\n"
         "        if self.items.get(key):\n            self.items.move_to_end(key)\n"
         "        self.items[key] = value\n\n"
         "    def touch(self, key, value):\n        self.items[key] = value\n")


def _plan(op: str = "method", setups: Any = ()) -> EntryPlan:
    call = [Slot("key", "positional_or_keyword", True, [vstr("a"), vint(7), vstr("b")]),
            Slot("value", "positional_or_keyword", True, [vfloat(1.5), vint(0)])]
    return EntryPlan("k", "scratch_cache.Recent.put", "both", "both", "scratch_cache.Recent.put",
                     op, None, "from scratch_cache import Recent", "Recent", "put", False,
                     "repr", "vars", "recent", [], call, setups=list(setups))


def _calls(genome: Dict[str, Any]) -> List[str]:
    calls = [(s["method"], [a["value"] for a in s["args"]]) for s in genome.get("setup") or []]
    calls.append(("put", [a["value"] for a in genome["args"]]))
    return ["%s(%s)" % (m, ", ".join(str(v.get("v", v["k"])) for v in args)) for m, args in calls]


def test_the_same_key_comes_back_after_a_falsy_value_and_another_key() -> None:
    genomes = list(_plan_stream(_plan()))
    sequences = [_calls(g) for g in genomes]
    # another key of the same kind, not the int between the strings
    assert ["put(a, 0)", "put(b, 1.5)", "put(a, 1.5)"] in sequences
    assert ["put(a, 0)", "put(a, 1.5)"] in sequences
    assert ["put(a, 1.5)", "put(b, 1.5)", "put(a, 0)"] in sequences
    assert sequences[0] == ["put(a, 0)", "put(b, 1.5)", "put(a, 1.5)"]  # the slot's own 0 first
    assert all(len(s) >= 2 and all(c.startswith("put(a") or c.startswith("put(b")
                                   for c in s) for s in sequences)


def test_a_stored_falsy_value_shows_in_the_receivers_state(monkeypatch: Any, tmp_path: Any
                                                            ) -> None:
    (tmp_path / "scratch_cache.py").write_text(CACHE)
    monkeypatch.syspath_prepend(str(tmp_path))
    genome = next(g for g in _plan_stream(_plan())
                  if _calls(g) == ["put(a, 0)", "put(b, 1.5)", "put(a, 1.5)"])
    printed = printed_by(render_genome(genome))
    assert "OrderedDict([('a', 1.5), ('b', 1.5)])" in printed  # 0 taken for a missing key


def test_a_mutator_naming_the_same_parameter_is_called_with_the_key_first() -> None:
    touch = Setup("touch", [Slot("key", "positional_or_keyword", True, [vstr("z")]),
                            Slot("value", "positional_or_keyword", True, [vint(3)])])
    other = Setup("rename", [Slot("name", "positional_or_keyword", True, [vstr("z")])])
    sequences = [_calls(g) for g in _plan_stream(_plan(setups=[touch, other]))]
    assert ["touch(a, 0)", "put(a, 1.5)"] in sequences
    assert ["touch(a, 3)", "put(a, 1.5)"] in sequences
    assert not any(s[0].startswith("rename") for s in sequences)


def test_only_methods_on_a_receiver_are_repeated() -> None:
    plan = _plan(op="call")
    plan.ctor = None
    assert list(_plan_stream(plan)) == []
    assert list(_plan_stream(_plan(op="property"))) == []


def test_falsy_values_prefer_the_slots_own() -> None:
    slot = Slot("v", "positional_or_keyword", True, [vint(3), vstr(""), vnone()])
    assert [v.get("v", v["k"]) for v in falsy_values(slot)] == ["", "none", 0]


def test_a_method_of_one_parameter_gets_each_sequence_once() -> None:
    plan = _plan()
    plan.call = plan.call[:1]
    sequences = [_calls(g) for g in _plan_stream(plan)]
    assert sequences == [["put(a)", "put(b)", "put(a)"], ["put(a)", "put(a)"]]
