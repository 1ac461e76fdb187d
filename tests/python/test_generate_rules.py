"""Tests of the input-model rules and value observations of the offline generator
(gen/rules/, the lazy results of gen/plans.py and gen/snippet.py), in-process on scratch
modules; test_generate.py drives the generator itself, test_generate_mining.py what gen/mine.py
reads."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Dict, List, Tuple

import pytest

from rule_support import module_defs, printed_by, scratch_call, target_in


# ---------------------------------------------------------------------------------------------
# protocol_membership (gen/rules/protocol_membership.py)


def test_membership_probe_observes_the_class_protocol(monkeypatch: pytest.MonkeyPatch) -> None:
    """The probe prints whether the class supports the protocol, with no receiver built: a
    ``__getitem__`` that only raises reads True, none reads False, ``__hash__ = None`` False."""
    import contextlib
    import io
    import types
    from gen.snippet import render_genome

    def printed(dunder: str, body: Dict[str, Any]) -> str:
        module = types.ModuleType("scratch_protocols")
        module.Reading = type("Reading", (), body)  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, "scratch_protocols", module)
        genome = {"target": "scratch_protocols.Reading." + dunder,
                  "entry": {"qualname": "scratch_protocols.Reading." + dunder, "op": "special",
                            "dunder": dunder, "import": "from scratch_protocols import Reading",
                            "expr": "Reading", "versions": "old_only", "probe": "membership",
                            "show_obj": "repr"},
                  "ctor": None, "args": []}
        code = render_genome(genome)
        assert "callable(getattr(Reading, '%s', None))" % dunder in code, code
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(code, "<probe>", "exec"), {})
        return out.getvalue().strip()

    def refuse(self: Any, index: Any) -> Any:
        raise TypeError("not a sequence")

    assert printed("__getitem__", {"__getitem__": refuse}) == "True"
    assert printed("__getitem__", {}) == "False"
    assert printed("__hash__", {"__eq__": lambda s, o: True}) == "False"  # __hash__ = None
    assert printed("__hash__", {}) == "True"


def test_membership_is_probed_only_where_it_can_change() -> None:
    import types
    from gen.rules.protocol_membership import membership_can_change

    def plan(op: str, dunder: Any, versions: str) -> Any:
        return types.SimpleNamespace(op=op, dunder=dunder, versions=versions)

    assert membership_can_change(plan("special", "__getitem__", "old_only"))
    assert membership_can_change(plan("special", "__len__", "new_only"))
    assert membership_can_change(plan("special", "__hash__", "old_only"))
    assert not membership_can_change(plan("special", "__getitem__", "both"))
    assert not membership_can_change(plan("special", "__repr__", "old_only"))  # object has it
    assert not membership_can_change(plan("method", None, "old_only"))


# ---------------------------------------------------------------------------------------------
# changed_constants (gen/changed_constants.py, gen/rules/changed_constants.py)


def test_only_public_constants_bound_to_differing_literal_data_are_printed(
        tmp_path: Path) -> None:
    from gen.changed_constants import changed_constants
    from pymodel.project import Tree

    def chosen(old: str, new: str, module: str = "pkg.tables") -> List[str]:
        trees = {}
        for side, source in (("old", old), ("new", new)):
            folder = tmp_path / side / Path(*module.split(".")[:-1])
            folder.mkdir(parents=True, exist_ok=True)
            (tmp_path / side / "pkg" / "__init__.py").write_text("")
            (folder / (module.split(".")[-1] + ".py")).write_text(source)
            trees[side] = Tree(str(tmp_path / side))
        names = ["%s.%s" % (module, n) for n in ("UNITS", "_UNITS", "VERSION", "PATTERN")]
        return changed_constants(trees, names)

    old = "import re\nUNITS = {'g': 1}\n_UNITS = (1,)\nVERSION = '1.0'\nPATTERN = re.compile('a')\n"
    assert chosen(old, old.replace("'g': 1", "'g': 2")) == ["pkg.tables.UNITS"]
    assert chosen(old, old.replace("(1,)", "(2,)").replace("1.0", "1.1")) == []  # private, version
    assert chosen(old, old.replace("'a'", "'b'")) == []  # not plain data
    assert chosen(old, old.replace("{'g': 1}", "{'g': 1, }")) == []  # the same data
    assert chosen(old, old.replace("'g': 1", "'g': 2"), "pkg._tables") == []  # private module
    assert chosen(old, old.replace("UNITS = {'g': 1}", "UNITS = dict(g=2)")) == []


def test_the_constant_probe_prints_the_constant_by_its_own_name() -> None:
    from gen.snippet import render_genome
    genome = {"target": "pkg.tables.limit",
              "entry": {"qualname": "pkg.tables.limit", "op": "call", "expr": "limit",
                        "import": "from pkg.tables import limit", "probe": "constant",
                        "constant": "pkg.tables.UNITS"},
              "ctor": None, "args": []}
    assert render_genome(genome) == "from pkg.tables import UNITS\n\nprint(repr(UNITS))\n"


# ---------------------------------------------------------------------------------------------
# class_header (gen/rules/class_header.py)


def test_a_class_header_counts_as_changed_only_when_its_bases_keywords_or_decorators_do(
        tmp_path: Path) -> None:
    import types
    from gen.rules.class_header import header_changed
    from pymodel.project import Tree

    def changed(old: str, new: str) -> bool:
        sides = {}
        for side, source in (("old", old), ("new", new)):
            (tmp_path / side).mkdir(exist_ok=True)
            (tmp_path / side / "spec.py").write_text(source)
            sides[side] = types.SimpleNamespace(tree=Tree(str(tmp_path / side)),
                                                class_qual="spec.Spec")
        return header_changed(types.SimpleNamespace(source=types.SimpleNamespace(sides=sides)))

    body = "    def size(self):\n        return 0\n"
    plain = "class Spec(object):\n" + body
    assert not changed(plain, "class Spec:\n" + body)  # ``object`` left out
    assert not changed(plain, "class Spec(\n    object,\n):\n" + body.replace("0", "1"))
    assert changed(plain, "from typing import Generic, TypeVar\nT = TypeVar('T')\n"
                          "class Spec(Generic[T]):\n" + body)
    assert changed(plain, "import abc\nclass Spec(metaclass=abc.ABCMeta):\n" + body)
    assert changed(plain, "import dataclasses\n@dataclasses.dataclass\nclass Spec:\n" + body)


def test_the_class_probe_prints_subscription_and_abc_membership(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import types
    import typing
    from gen.snippet import render_genome

    def printed(cls: Any) -> str:
        module = types.ModuleType("scratch_header")
        module.Spec = cls  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, "scratch_header", module)
        genome = {"target": "scratch_header.Spec.size",
                  "entry": {"qualname": "scratch_header.Spec.size", "op": "method",
                            "method": "size", "import": "from scratch_header import Spec",
                            "expr": "Spec", "versions": "both", "probe": "class_protocol"},
                  "ctor": None, "args": []}
        return printed_by(render_genome(genome))

    T = typing.TypeVar("T")
    plain = type("Spec", (), {"__len__": lambda self: 0})
    generic = types.new_class("Spec", (typing.Generic[T],))
    assert printed(plain) == "subscript raises TypeError\n['Hashable', 'Sized']\n"
    assert printed(generic) == "types.Spec[int]\n['Hashable']\n"  # new_class names it
    import collections.abc
    mapping = type("Spec", (collections.abc.Mapping,), {
        "__getitem__": lambda s, k: k, "__len__": lambda s: 0, "__iter__": lambda s: iter(())})
    assert "'Mapping'" in printed(mapping)


# ---------------------------------------------------------------------------------------------
# callable_objects (gen/rules/callables.py)


def test_callable_wrappers_are_distinct_kinds_that_call_the_function(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each wrapper arrives as another kind of callable (what inspection tells apart) and still
    calls the slot's function when called (and iterated or awaited)."""
    import asyncio
    import types
    from gen.rules.callables import first_function, wrappers
    from gen.snippet import render_genome

    def describe(func: Any) -> str:
        import functools
        import inspect
        kind = (inspect.isgeneratorfunction(func), inspect.iscoroutinefunction(func),
                isinstance(func, functools.partial), inspect.ismethod(func),
                hasattr(func, "__wrapped__"), inspect.isfunction(func))
        result = func(3)
        if inspect.isgenerator(result):
            result = list(result)[0]
        elif inspect.iscoroutine(result):
            result = asyncio.run(result)
        return "%s %r" % (kind, result)

    slot = types.SimpleNamespace(values=[{"k": "int", "v": 1},
                                         {"k": "expr", "code": "lambda x: x + 1",
                                          "imports": [], "src": "pool"}])
    function = first_function(slot)  # type: ignore[arg-type]
    assert function == {"k": "expr", "code": "lambda x: x + 1", "imports": []}
    printed = []
    for value in wrappers(function)[:6]:
        genome = scratch_call(monkeypatch, describe, [("func", value)])
        printed.append(printed_by(render_genome(genome)).splitlines()[0])
    assert all(line.endswith(" 4'") for line in printed), printed
    assert len(set(printed)) == len(printed) == 6, printed
    no_function = types.SimpleNamespace(values=[{"k": "int", "v": 1}])
    assert first_function(no_function) is None  # type: ignore[arg-type]
    types_only = types.SimpleNamespace(values=[{"k": "expr", "code": "int", "imports": []}])
    assert first_function(types_only)["code"] == "lambda x: x"  # type: ignore[arg-type,index]


def test_signature_variants_change_only_the_parameter_kinds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The lambda again with positional-only, keyword-only, ``*args``, optional and
    ``**kwargs`` parameters: five signatures code that counts or binds parameters tells apart,
    each still giving the body's result; a lambda that already has them gets fewer."""
    from gen.rules.callables import signature_variants, wrappers
    from gen.snippet import render_genome

    def describe(func: Any) -> str:
        import inspect
        kinds = tuple(p.kind.name for p in inspect.signature(func).parameters.values())
        return "%s %r" % (kinds, func(3))

    function = {"k": "expr", "code": "lambda x: x + 1", "imports": []}
    variants = signature_variants(function)
    assert [v["code"] for v in wrappers(function)[6:]] == [v["code"] for v in variants]
    printed = [printed_by(render_genome(scratch_call(monkeypatch, describe, [("func", v)])))
               .splitlines()[0] for v in variants]
    assert all(line.rstrip("'\"").endswith(" 4") for line in printed), printed
    assert len(set(printed)) == 5, printed
    assert "POSITIONAL_ONLY" in printed[0] and "KEYWORD_ONLY" in printed[1], printed
    assert [v["code"] for v in signature_variants(
        {"k": "expr", "code": "lambda *args, **kwargs: None"})] == []
    assert [v["code"] for v in signature_variants(
        {"k": "expr", "code": "lambda x, *, option=1: x"})] == \
        ["lambda x, *, option=1, **kwargs: x"]


def test_one_parameter_rules_vary_each_parameter_not_only_the_last() -> None:
    """protocol_objects and callable_objects set each parameter's own variants on it (a loop
    of generator expressions once put every variant on the last parameter)."""
    from gen.plans import EntryPlan, Slot
    from gen.rules import callables, protocols

    def values_of(args: List[Dict[str, Any]]) -> Dict[str, str]:
        return {a["name"]: a["value"].get("fn") or a["value"].get("code") or a["value"]["k"]
                for a in args}

    func = Slot("func", "positional_or_keyword", True,
                [{"k": "expr", "code": "lambda x: x", "imports": []}])
    items = Slot("items", "positional_or_keyword", True,
                 [{"k": "list", "items": [{"k": "int", "v": 1}, {"k": "int", "v": 2}]}])
    count = Slot("count", "positional_or_keyword", True, [{"k": "int", "v": 3}])
    plan = EntryPlan("m.f|m.f|new", "m.f", "new", "both", "m.f", "call", None,
                     "from m import f", "f", None, False, "repr", None, None, None,
                     [func, items, count])
    varied_callables = [values_of(g["args"]) for g in callables._plan_stream(plan)]
    assert varied_callables and all(v["func"] != "lambda x: x" and v["items"] == "list" and
                                    v["count"] == "int" for v in varied_callables)
    varied_protocols = [values_of(g["args"]) for g in protocols._plan_stream(plan)]
    assert any(v["items"] != "list" and v["count"] == "int" for v in varied_protocols)
    assert any(v["count"] != "int" and v["items"] == "list" for v in varied_protocols)


def test_feedback_mutants_stay_paired_with_their_own_entry_plan() -> None:
    """Mutants of tests made through two entry points are recorded against the entry point
    they call, not the last one looked at."""
    from gen.feedback import novel_stream
    from gen.genome import make_genome
    from gen.mined import Mined
    from gen.plans import EntryPlan, Slot, Target

    def plan(name: str) -> EntryPlan:
        slot = Slot("n", "positional_or_keyword", True, [{"k": "int", "v": 1},
                                                          {"k": "int", "v": 5}])
        return EntryPlan("m.%s|m.%s|new" % (name, name), "m.f", "new", "both", "m." + name,
                         "call", None, "from m import " + name, name, None, False, "repr",
                         None, None, None, [slot])

    plans = [plan("f"), plan("g")]
    target = Target("m.f", "public", "both", {}, {"old": [], "new": []}, plans, Mined())
    tests = [{"id": "t%d" % i, "novel": True, "target": "m.f", "outcome": "ok",
              "genome": make_genome(p, {"n": {"k": "int", "v": 1}})}
             for i, p in enumerate(plans)]
    paired = list(novel_stream(target, 7, 1, tests, {p.key: p for p in plans}))
    assert {p.key for p, _ in paired} == {p.key for p in plans}
    assert all(genome["entry"]["plan"] == p.key for p, genome in paired)


# ---------------------------------------------------------------------------------------------
# exception_messages (gen/rules/exception_messages.py)


def test_observed_exception_prints_its_type_and_message(monkeypatch: pytest.MonkeyPatch) -> None:
    from gen.snippet import render_genome

    def level(text: str) -> int:
        raise ValueError("not a level: %r" % (text,))

    genome = scratch_call(monkeypatch, level, [("text", {"k": "str", "v": "x"})],
                          observe="exception")
    code = render_genome(genome)
    assert code.splitlines()[2] == "try:", code
    assert printed_by(code) == "raises ValueError not a level: 'x'\n"
    del genome["entry"]["observe"]
    assert "try:" not in render_genome(genome)


def test_changed_raises_are_the_raise_statements_holding_a_changed_line(tmp_path: Path) -> None:
    from gen.rules.exception_messages import changed_raises

    (tmp_path / "levels.py").write_text(
        "def level(text):\n"                                   # 1
        "    if not text:\n"                                   # 2
        "        raise ValueError('empty')\n"                  # 3
        "    if not text.isdigit():\n"                         # 4
        "        raise ValueError(\n"                          # 5
        "            'not a level: %r' % (text,))\n"           # 6
        "    return int(text)\n"                               # 7
        "\n"                                                   # 8
        "def check(text):\n"                                   # 9
        "    msg = 'bad: %r' % (text,)\n"                      # 10
        "    if text:\n"                                       # 11
        "        raise ValueError(msg)\n")                     # 12
    assert changed_raises(target_in(tmp_path, "levels.level", old=[6], new=[7])) == \
        {"old": {5, 6}, "new": set()}
    assert changed_raises(target_in(tmp_path, "levels.check", old=[10], new=[11])) == \
        {"old": {12}, "new": set()}


def test_a_changed_line_building_a_collected_exception_counts_as_a_raise(
        tmp_path: Path) -> None:
    """Validation code collects its errors and raises them together: a changed line that builds
    a project exception says what the raised group will say; one that builds another object
    does not.  A function nested in another is read where it is defined."""
    from gen.rules.exception_messages import changed_raises

    (tmp_path / "errors.py").write_text("class Invalid(Exception):\n    pass\n")
    (tmp_path / "checks.py").write_text(
        "import errors as er\n"                                # 1
        "\n"                                                   # 2
        "def compile(schema):\n"                               # 3
        "    def validate(data):\n"                            # 4
        "        problems = []\n"                              # 5
        "        for key in schema:\n"                         # 6
        "            if key not in data:\n"                    # 7
        "                problems.append(\n"                   # 8
        "                    er.Invalid('missing %r' % key))\n"  # 9
        "            problems.append(list(key))\n"             # 10
        "        if problems:\n"                               # 11
        "            raise er.Invalid(problems)\n"             # 12
        "        return data\n"                                # 13
        "    return validate\n")                               # 14
    nested = "checks.compile.<locals>.validate"
    assert changed_raises(target_in(tmp_path, nested, old=[9], new=[10])) == \
        {"old": {8, 9}, "new": set()}
    assert changed_raises(target_in(tmp_path, nested, old=[7], new=[])) == \
        {"old": set(), "new": set()}  # a condition above it: the construction is unchanged


# ---------------------------------------------------------------------------------------------
# returned_callables (gen/rules/returned_callables.py)


def test_returned_functions_are_followed_one_link_deeper_for_decorator_factories() -> None:
    import ast
    from gen.rules.returned_callables import call_chains

    source = ("def scaled(factor):\n"
              "    def apply(value):\n"
              "        return value * factor\n"
              "    return apply\n"
              "\n"
              "def repeat(times):\n"
              "    def decorate(func):\n"
              "        def wrapper(*args):\n"
              "            return [func(*args) for _ in range(times)]\n"
              "        return wrapper\n"
              "    return decorate\n"
              "\n"
              "def adder(n):\n"
              "    return lambda x, y=0: x + n + y\n"
              "\n"
              "def plain(n):\n"
              "    def helper(x):\n"
              "        return x\n"
              "    return helper(n)\n")
    defs = {node.name: node for node in ast.parse(source).body}

    def rendered(name: str) -> List[Tuple[List[List[str]], int]]:
        return [([[v.get("code") or repr(v.get("v", v.get("k"))) for v in link]
                  for link in chain], times) for chain, times in call_chains(defs[name])]

    assert rendered("scaled") == [([["3"]], 1), ([["3"]], 2), ([["'abc'"]], 1),
                                  ([["'list'"]], 1)]
    assert rendered("repeat")[:3] == [([["lambda x: x"], ["3"]], 1),
                                      ([["lambda x: x"], ["3"]], 2),
                                      ([["lambda x: x"], ["'abc'"]], 1)]
    assert rendered("adder")[0] == ([["3"]], 1)
    assert call_chains(defs["plain"]) == []


def test_failing_functions_raise_what_the_code_catches_through_a_default_too() -> None:
    import ast
    from gen.rules.failing import FAILING, caught_errors, failing_callables
    from gen.rules.returned_callables import call_chains

    source = ("def retry(times=3, exceptions=(KeyError, OSError, KeyError)):\n"
              "    def decorate(func):\n"
              "        def wrapper(*args):\n"
              "            for attempt in range(times):\n"
              "                try:\n"
              "                    return func(*args)\n"
              "                except exceptions:\n"
              "                    pass\n"
              "        return wrapper\n"
              "    return decorate\n"
              "\n"
              "def fallback(func, default):\n"
              "    try:\n"
              "        return func()\n"
              "    except Exception:\n"
              "        return default\n"
              "\n"
              "def mine(func):\n"
              "    try:\n"
              "        return func()\n"
              "    except MyError:\n"
              "        return None\n")
    defs = {node.name: node for node in ast.parse(source).body}
    assert caught_errors(defs["retry"]) == ["KeyError", "OSError"]
    assert caught_errors(defs["fallback"]) == ["ValueError"]  # anything: a builtin one
    assert caught_errors(defs["mine"]) == [] and caught_errors(None) == []
    values = failing_callables(["KeyError"])
    assert [v["code"] for v in values] == ["failing(1, KeyError)", "failing(2, KeyError)"]
    chains = call_chains(defs["retry"], values)
    assert [[link[0]["code"] for link in chain[:1]] for chain, _ in chains][:2] == \
        [["failing(1, KeyError)"], ["failing(1, KeyError)"]]
    assert call_chains(defs["fallback"], values) == []  # returns no function
    namespace: Dict[str, Any] = {}
    exec(FAILING, namespace)
    twice = namespace["failing"](2, KeyError)
    for _ in range(2):
        with pytest.raises(KeyError):
            twice(5)
    assert twice(5) == 5


def test_a_returned_function_is_called_in_the_snippet(monkeypatch: pytest.MonkeyPatch) -> None:
    from gen.snippet import render_genome

    def repeat(times: int) -> Any:
        def decorate(func: Any) -> Any:
            calls = []

            def wrapper(*args: Any) -> Any:
                calls.append(args)
                return [func(*args) for _ in range(times)], len(calls)
            return wrapper
        return decorate

    chain = [[{"k": "expr", "code": "lambda x: x"}], [{"k": "int", "v": 3}]]
    genome = scratch_call(monkeypatch, repeat, [("times", {"k": "int", "v": 2})],
                          call_result={"chain": chain, "times": 2})
    code = render_genome(genome)
    assert "decorated = result(lambda x: x)\nreturned = decorated(3)" in code, code
    assert printed_by(code).splitlines()[:2] == ["([3, 3], 1)", "([3, 3], 2)"]


# ---------------------------------------------------------------------------------------------
# lazy results (gen/plans.py, gen/snippet.py)


def test_functions_returning_lazy_iterators_are_recognised(tmp_path: Path) -> None:
    from gen.plans import _returns_lazy

    source = ("import itertools\n"
              "from itertools import islice\n"
              "\n"
              "def gen(items):\n"
              "    yield from items\n"
              "\n"
              "def bumped(items):\n"
              "    return map(lambda x: x + 1, items)\n"
              "\n"
              "def squares(items):\n"
              "    return (x * x for x in items)\n"
              "\n"
              "def head(items, n):\n"
              "    if n < 0:\n"
              "        return []\n"
              "    return islice(items, n)\n"
              "\n"
              "def chained(a, b):\n"
              "    return itertools.chain(a, b)\n"
              "\n"
              "def through(items):\n"
              "    return gen(items)\n"
              "\n"
              "def eager(items):\n"
              "    def inner():\n"
              "        return map(str, items)\n"
              "    return list(inner())\n")
    tree, defs = module_defs(tmp_path, "lazy", source)
    lazy = {name for name, node in defs.items() if _returns_lazy(tree, "lazy", node)}
    assert lazy == {"bumped", "squares", "head", "chained", "through"}


def test_a_lazy_result_is_consumed_and_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    import itertools
    from gen.snippet import render_genome

    def counted(start: int) -> Any:
        return itertools.count(start)

    def listed(start: int) -> Any:
        return [start]

    start = [("start", {"k": "int", "v": 3})]
    endless = printed_by(render_genome(scratch_call(monkeypatch, counted, start,
                                                    show_result="lazy")))
    assert endless.startswith("[3, 4, 5") and endless.count(",") == 999  # its first 1000
    eager = printed_by(render_genome(scratch_call(monkeypatch, listed, start,
                                                  show_result="lazy")))
    assert eager == "[3]\n"


def test_a_returned_pattern_shows_its_whole_text(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A compiled pattern's repr stops after 200 characters; a function returning
    ``re.compile(...)`` shows the pattern's text and flags instead."""
    import re
    from gen.plans import _returns_pattern
    from gen.snippet import render_genome

    source = ("import re\nfrom re import compile as build\n\n"
              "def url_re(tail):\n    return re.compile('x' * 300 + tail, re.I)\n\n"
              "def other_re(tail):\n    return build(tail)\n\n"
              "def text(tail):\n    return tail.upper()\n\n"
              "def maker(tail):\n    def inner():\n        return re.compile(tail)\n"
              "    return inner\n")
    tree, defs = module_defs(tmp_path, "patterns", source)
    assert {n for n, node in defs.items() if _returns_pattern(tree, "patterns", node)} == {
        "url_re", "other_re"}

    def url_re(tail: str) -> Any:
        return re.compile("x" * 300 + tail, re.I)

    shown = printed_by(render_genome(scratch_call(
        monkeypatch, url_re, [("tail", {"k": "str", "v": "[?]"})], show_result="pattern")))
    assert shown.endswith("[?]' 34\n")  # re.IGNORECASE | re.UNICODE


def test_a_generator_call_method_is_consumed_like_a_generator_function(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import types
    from gen.snippet import render_genome

    class Decoder:
        def __call__(self, data):
            for byte in data:
                yield byte * 2

    module = types.ModuleType("scratch_decoder")
    module.Decoder = Decoder  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    genome = {"target": "scratch_decoder.Decoder.__call__",
              "entry": {"qualname": "scratch_decoder.Decoder.__call__", "op": "special",
                        "dunder": "__call__", "expr": "Decoder", "versions": "both",
                        "import": "from scratch_decoder import Decoder", "show_result": "lazy"},
              "ctor": [],
              "args": [{"name": "data", "value": {"k": "bytes", "v": "\x01\x02"}, "pass": "pos"}]}
    code = render_genome(genome)
    assert "itertools.islice" in code, code
    assert printed_by(code).startswith("[2, 4]")


# ---------------------------------------------------------------------------------------------
# project objects: public paths, duck-typed parameters, objects filled through a mutator


def test_a_buffer_class_is_found_imported_right_and_filled_through_its_mutator(
        tmp_path: Path) -> None:
    """A reader takes its package's buffer without importing it (found by the attributes it
    uses, in a module beside it); the buffer is imported from where it lives, not from the
    package that star-imports a module listing other names in ``__all__``; it is built empty
    and then given bytes through ``+=`` (bytes: what its ``__init__`` starts the data as)."""
    from gen.hints import Hints
    from gen.mined import Mined
    from gen.usage import guess
    from pymodel.project import Tree

    for relpath, text in {
        "pkg/__init__.py": "from ._conn import *\n",
        "pkg/_conn.py": "from ._buffer import Buffer\n\n__all__ = ['Conn']\n\n\n"
                        "class Conn:\n    pass\n",
        "pkg/_buffer.py": "class Buffer:\n    def __init__(self):\n"
                          "        self._data = bytearray()\n\n"
                          "    def __iadd__(self, chunk):\n        self._data += chunk\n"
                          "        return self\n\n"
                          "    def lines(self):\n        return bytes(self._data).split(b'\\n')\n",
        "pkg/_readers.py": "def read(buf):\n    return buf.lines()\n"}.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text)
    tree = Tree(str(tmp_path))
    assert tree.public_ref("pkg._buffer.Buffer") == ("from pkg._buffer import Buffer", "Buffer")
    assert tree.public_ref("pkg._conn.Conn") == ("from pkg import Conn", "Conn")
    module, node, _classes = tree.find_def("pkg._readers.read")
    assert guess(node, "buf", tree, module, None) == ["class:pkg._buffer.Buffer"]
    filled = [v for v in Hints(tree, None, Mined()).class_values("pkg._buffer.Buffer")
              if v.get("fn") == "filled"]
    assert filled and all(v["args"][1] == {"k": "str", "v": "__iadd__"} and
                          v["args"][2]["k"] == "bytes" for v in filled), filled


# ---------------------------------------------------------------------------------------------
# shapes: attributes read through getattr, values unwrapped through an attribute


def test_a_file_like_parameter_gets_real_streams_over_its_own_texts(tmp_path: Path) -> None:
    from gen.rules.shapes import streams
    from gen.shape_infer import infer
    from gen.values import render, vint, vstr

    source = ("def parse(stream, out, box):\n"
              "    chunk = stream.read(1024)\n"
              "    out.write(chunk)\n"
              "    return box.read\n")
    tree, defs = module_defs(tmp_path, "streams", source)
    stream = infer(tree, "streams", defs["parse"], "stream")
    assert stream.methods == {"read"}
    made = streams(stream, [vstr("a=1"), vint(3)])
    imports: set = set()
    codes = [render(v, imports) for v in made]
    assert codes[0] == "io.BytesIO(b'a=1')" and "io.StringIO('a=1')" in codes
    printed = printed_by("import io\nprint(repr(%s.read(2)))" % codes[0])
    assert printed == "b'a='\n"
    sink = streams(infer(tree, "streams", defs["parse"], "out"), [vstr("a=1")])
    assert [render(v, set()) for v in sink] == ["io.StringIO()", "io.BytesIO()"]
    # an attribute read but never called is no stream method
    assert streams(infer(tree, "streams", defs["parse"], "box"), [vstr("a")]) == []


def test_an_annotated_assignment_reads_the_keys_of_a_mapping(tmp_path: Path) -> None:
    from gen.shape_infer import infer
    source = ("def parse_form(headers):\n"
              "    length: int | None = headers.get('Content-Length')\n"
              "    return length\n")
    tree, defs = module_defs(tmp_path, "forms", source)
    shape = infer(tree, "forms", defs["parse_form"], "headers")
    assert shape.kind() == "map" and list(shape.keys) == ["Content-Length"]


def test_an_unwrapped_parameter_gets_wrappers_holding_its_own_candidates(tmp_path: Path) -> None:
    from gen.rules.shapes import wrappers
    from gen.shape_infer import infer
    from gen.values import render, vstr

    source = ("def describe(level, item):\n"
              "    level = getattr(level, 'value', level)\n"
              "    if hasattr(item, 'label') and getattr(item, 'size', 0) > 2:\n"
              "        return item.label\n"
              "    return level == 'high'\n"
              "\n"
              "def plain(level):\n"
              "    other = getattr(level, 'value', None)\n"
              "    return level == 'high' or other\n")
    tree, defs = module_defs(tmp_path, "levels", source)
    level = infer(tree, "levels", defs["describe"], "level")
    assert level.unwraps == ["value"]
    item = infer(tree, "levels", defs["describe"], "item")
    assert sorted(item.attrs) == ["label", "size"] and item.kind() == "obj"
    # reading an attribute into another name is no unwrapping
    assert infer(tree, "levels", defs["plain"], "level").unwraps == []

    made = wrappers(level, [vstr("high"), vstr("low")])
    imports: set = set()
    codes = [render(v, imports) for v in made]
    texts = [printed_by("\n".join(sorted(imports)) + "\nprint(%s)" % code) for code in codes]
    assert texts == ["namespace(value='high')\n", "namespace(value='low')\n"]


# type_variety: a value as other types

def test_texts_and_bytes_are_also_offered_as_the_other_buffers() -> None:
    from gen.rules.variety import kin
    from gen.values import render, vbytes, vstr
    shown = [render(v, set()) for v in kin(vstr("ab"))]
    assert shown == ["b'ab'", "bytearray(b'ab')", "memoryview(b'ab')"]
    shown = [render(v, set()) for v in kin(vbytes(b"\xffa"))]
    assert shown == ["'\xffa'", "bytearray(b'\\xffa')", "memoryview(b'\\xffa')"]
    assert [render(v, set()) for v in kin(vstr("é"))] == []  # no ASCII bytes spell it


# ---------------------------------------------------------------------------------------------
# the receiver's observation: a class on an abstract base alone shows its state


def test_a_class_on_a_collections_abc_base_alone_is_shown_by_its_attributes(
        tmp_path: Path) -> None:
    """``collections.abc.MutableMapping`` and ``typing.Generic`` give no repr of their own (a
    cache's order would hide behind ``<Cache object at 0x..>``); a mapping view, a
    ``NamedTuple`` or a class of the project's with ``__repr__`` do."""
    from pymodel.project import Tree
    (tmp_path / "store.py").write_text(
        "import typing\nfrom collections import abc\nfrom typing import Generic, TypeVar\n\n"
        "K = TypeVar('K')\n\n\n"
        "class Cache(abc.MutableMapping, Generic[K]):\n    pass\n\n\n"
        "class Seq(typing.Sequence):\n    pass\n\n\n"
        "class Keys(abc.KeysView):\n    pass\n\n\n"
        "class Row(typing.NamedTuple):\n    a: int\n\n\n"
        "class Shown(Cache):\n    def __repr__(self):\n        return 'Shown()'\n")
    tree = Tree(str(tmp_path))
    has_repr = {name: tree.class_model("store." + name).has_repr
                for name in ("Cache", "Seq", "Keys", "Row", "Shown")}
    assert has_repr == {"Cache": False, "Seq": False, "Keys": True, "Row": True, "Shown": True}
