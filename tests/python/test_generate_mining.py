"""Tests of what the offline generator mines from a target's code (gen/mine.py): lookup-table
keys, changed constants and lengths, the short strings the changed lines use, escapes, guessed
callables and sample classes; in-process on scratch modules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rule_support import module_defs, printed_by, scratch_call


# ---------------------------------------------------------------------------------------------
# lookup tables (gen/mine.py)


def test_lookup_tables_give_their_keys_to_the_value_that_indexes_them(tmp_path: Path) -> None:
    """``UNITS[unit]``, ``ALIASES.get(name)`` and ``kind in HANDLERS`` give the parameter the
    table's keys; a changed table gives the keys of the entries that differ first."""
    from gen.mine import mine_target
    from pymodel.project import Tree

    def tree(side: str, units: str) -> Tree:
        (tmp_path / side).mkdir()
        (tmp_path / side / "conv.py").write_text(
            "UNITS = {%s}\n"
            "ALIASES = {'kilo': 'kg', 'pound': 'lb'}\n"
            "HANDLERS = {'strict': 1, 'lenient': 2}\n"
            "\n"
            "def convert(value, unit, name, kind):\n"
            "    factor = UNITS[unit]\n"
            "    other = ALIASES.get(name)\n"
            "    if kind in HANDLERS:\n"
            "        return value * factor, other\n"
            "    return value\n" % units)
        return Tree(str(tmp_path / side))

    trees = {"old": tree("old", "'g': 1, 'kg': 1000, 'lb': 450"),
             "new": tree("new", "'g': 1, 'kg': 1000, 'lb': 454, 'oz': 28")}
    changed = {"changed_lines": {"old": [], "new": []}, "module_level_names": ["conv.UNITS"]}
    mined = mine_target(trees, "conv.convert", changed, [])
    assert {"g", "kg", "lb", "oz"} <= set(mined.linked("unit"))
    assert {"kilo", "pound"} <= set(mined.linked("name"))
    assert {"strict", "lenient"} <= set(mined.linked("kind"))
    assert mined.linked("value") == []
    first = mined.unlinked(min_weight=4)  # the entries that differ: changed code
    assert "lb" in first and "oz" in first and "g" not in first


def test_a_changed_callee_gives_its_changed_constants_to_the_caller(tmp_path: Path) -> None:
    """The target newly calls a check the change also touches: the constants of the check's
    changed lines reach the target's parameters (an unchanged callee's stay too weak to)."""
    from gen.mine import mine_target
    from pymodel.project import Tree

    (tmp_path / "api.py").write_text(
        "RESTRICTED = ('__globals__', '__builtins__')\n"
        "\n"
        "def check(*keys):\n"
        "    for key in keys:\n"
        "        if key in RESTRICTED:\n"
        "            raise KeyError(key)\n"
        "\n"
        "def invoke(obj, path):\n"
        "    check(path)\n"
        "    return getattr(obj, path)\n")
    trees = {"new": Tree(str(tmp_path))}
    target = {"changed_lines": {"new": [9]}}
    callee = {"api.check": {"changed_lines": {"new": [4, 5, 6]}}}
    assert "__globals__" not in mine_target(trees, "api.invoke", target, []).unlinked(2)
    mined = mine_target(trees, "api.invoke", target, [], callee)
    assert {"__globals__", "__builtins__"} <= set(mined.unlinked(2))


def test_changed_length_checks_give_their_bounds(tmp_path: Path) -> None:
    """A length limit on a changed line gives the bound and one past it; one on an unchanged
    line gives nothing (project-test literals are repeated to these lengths)."""
    from gen.mine import mine_target
    from pymodel.project import Tree

    (tmp_path / "pkg.py").write_text(
        "MAX_DIGITS = 20\n"
        "\n"
        "def parse(value, name):\n"
        "    if len(name) > 8:\n"
        "        return None\n"
        "    if len(value) > MAX_DIGITS:\n"
        "        raise ValueError('too long')\n"
        "    return int(value)\n")
    trees = {"new": Tree(str(tmp_path))}
    mined = mine_target(trees, "pkg.parse", {"changed_lines": {"new": [6, 7]}}, [])
    assert mined.changed_lengths() == [21, 20]


def test_a_token_a_changed_condition_hands_a_helper_is_a_changed_string(tmp_path: Path) -> None:
    """``token.is_delim(",")`` in a changed condition compares the input with ``","`` as
    surely as ``==`` does; the same call outside a condition, or a long text, does not count."""
    from gen.mine import mine_target
    from pymodel.project import Tree

    (tmp_path / "pkg.py").write_text(
        "def parse(tokens):\n"
        "    if len(tokens) > 2 and (tokens[-3].is_delim(',') or tokens[-3].kind == 'S'):\n"
        "        return tokens[-3].is_delim(';')\n"
        "    log('a long message', '|')\n"
        "    return [t for t in tokens if not t.is_op('+', 'a long message')]\n")
    trees = {"new": Tree(str(tmp_path))}
    mined = mine_target(trees, "pkg.parse", {"changed_lines": {"new": [2, 3, 4, 5]}}, [])
    assert sorted(mined.changed_strings()) == ["+", ",", "S"], mined.changed_strings()


def test_the_separator_a_changed_line_joins_with_is_a_changed_string(tmp_path: Path) -> None:
    """``" ".join(value.split())`` collapses to the separator: it is the changed code's token
    like one it splits on; an unchanged join, or a long separator, is not."""
    from gen.mine import mine_target
    from pymodel.project import Tree

    (tmp_path / "pkg.py").write_text(
        "def clean(value):\n"
        "    value = ' '.join(value.split())\n"
        "    value = ', and then '.join(value.split(';'))\n"
        "    return '|'.join(value)\n")
    trees = {"new": Tree(str(tmp_path))}
    mined = mine_target(trees, "pkg.clean", {"changed_lines": {"new": [2, 3]}}, [])
    assert sorted(mined.changed_strings()) == [" ", ";"], mined.changed_strings()


def test_an_escape_opening_on_a_changed_line_gets_its_digits(tmp_path: Path) -> None:
    """A changed line that starts reading an escape (``\\x`` and two digits) gives the escape
    in full, spliced into a project test's quoted values like the short strings are."""
    from gen.mine import mine_target
    from gen.project_tests.literals import mutants
    from pymodel.project import Tree

    (tmp_path / "pkg.py").write_text(
        "def unescape(src, pos):\n"
        "    opening = src[pos:pos + 2]\n"
        "    if opening == '\\\\x':\n"
        "        return chr(int(src[pos + 2:pos + 4], 16))\n"
        "    if opening == '\\\\u':\n"
        "        return chr(int(src[pos + 2:pos + 6], 16))\n"
        "    raise ValueError(opening)\n")
    trees = {"new": Tree(str(tmp_path))}
    mined = mine_target(trees, "pkg.unescape", {"changed_lines": {"new": [3, 4]}}, [])
    # the counts of the changed lines in their order: the two digits first, then the four
    assert "\\x" in mined.changed_strings() and mined.changed_escapes() == ["\\x41", "\\x0041"]
    code = "from pkg import loads\n\nprint(repr(loads('k = \"v\"')))\n"
    assert "loads('k = \"\\\\x41v\"')" in "".join(mutants(code, 1, mined.changed_escapes()))


def test_a_parameter_inspected_as_a_callable_is_guessed_callable(tmp_path: Path) -> None:
    from gen.usage import guess

    source = ("import inspect\n"
              "\n"
              "def run(hook, value):\n"
              "    if inspect.isgeneratorfunction(hook):\n"
              "        return list(hook(value))\n"
              "    return value\n"
              "\n"
              "def check(hook):\n"
              "    return callable(hook)\n")
    tree, defs = module_defs(tmp_path, "hooks", source)
    assert guess(defs["check"], "hook", tree, "hooks", None)[:1] == ["callable"]
    assert guess(defs["run"], "hook", tree, "hooks", None)[:1] == ["callable"]
    assert "callable" not in guess(defs["run"], "value", tree, "hooks", None)


def test_a_class_walked_by_the_function_gets_sample_classes_whose_members_are_printed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``vars(cls)`` marks a class parameter: it gets ``Sample`` (a member of every kind) bound
    to a variable whose members are printed after the call, so a decorator that records the
    members shows what it recorded."""
    from gen.hints import Hints
    from gen.samples import sample_classes
    from gen.snippet import render_genome
    from gen.usage import guess
    from pymodel.params import params_of

    source = ("def public_fields(cls):\n"
              "    cls.fields = [n for n in vars(cls) if not n.startswith('__')]\n"
              "    return cls\n"
              "\n"
              "def named(kind):\n"
              "    return kind.__name__\n"
              "\n"
              "def plain(value):\n"
              "    return value\n")
    tree, defs = module_defs(tmp_path, "registry", source)
    assert guess(defs["public_fields"], "cls", tree, "registry", None)[:1] == ["type"]
    assert guess(defs["named"], "kind", tree, "registry", None)[:1] == ["type"]
    assert guess(defs["plain"], "value", tree, "registry", None) == []
    param = params_of(defs["public_fields"], "registry", False, None)[0]
    codes = [v.get("code") for v in Hints(tree, None, None).param_values(param)]
    assert codes[:2] == ["Sample", "Plain"], codes

    def public_fields(cls: Any) -> Any:
        cls.fields = [n for n in vars(cls) if not n.startswith("__")]
        return cls

    code = render_genome(scratch_call(monkeypatch, public_fields,
                                      [("cls", sample_classes()[0])]))
    printed = printed_by(code).splitlines()
    assert "cls = Sample" in code and printed[0].endswith("Sample'>")
    assert "('fields', ['count', 'label', '_hidden', '_Sample__mangled', 'method', 'doubled'," \
        " 'build', 'helper'])" in printed[1]


def test_the_names_a_parameters_items_take_are_found() -> None:
    """Loop variables over the parameter (through enumerate too) and names assigned one item;
    a slice is no item."""
    import ast as _ast
    from gen.usage import element_names
    func = _ast.parse("def f(pieces, other):\n"
                      "    for i, piece in enumerate(pieces):\n        pass\n"
                      "    words = [w for w in pieces]\n"
                      "    first = pieces[0]\n    rest = pieces[1:]\n"
                      "    for x in other:\n        pass\n").body[0]
    assert element_names(func, "pieces") == ["piece", "w", "first"]
    assert element_names(func, "other") == ["x"]


def test_a_containers_items_get_the_constants_their_names_are_compared_with(
        tmp_path: Path) -> None:
    """``for piece in pieces: if piece in PREFIXES``: the list's values hold the set's words
    (alone and repeated) and its element values start with them."""
    from gen.hints import Hints
    from gen.mined import Mined
    from pymodel.params import params_of
    tree, defs = module_defs(tmp_path, "names", "def join(pieces):\n"
                                                "    for piece in pieces:\n"
                                                "        piece.lower()\n")
    mined = Mined()
    mined.add("van", "piece", 3)
    hints = Hints(tree, None, mined)
    param = params_of(defs["join"], "names", False)[0]
    shown = [repr(v.get("items")) for v in hints.param_values(param) if v.get("items")]
    assert any("'van'" in text and text.count("'van'") == 2 for text in shown), shown
    kind, elements = hints.elements(param)
    assert elements[0].get("v") == "van", elements
    assert Hints(tree, None, Mined()).elements(param)[1][0].get("v") != "van"


def test_the_operators_a_changed_arm_is_decided_on_are_its_deciding_symbols(
        tmp_path: Path) -> None:
    """``elif clause.operator in (Range.OP_LT, Range.OP_LTE)`` holding a changed line: the
    class's constants are read through the tuple, and the operator-like ones are symbols."""
    from gen.mine import mine_target
    from pymodel.project import Tree
    (tmp_path / "ranges.py").write_text(
        "class Range:\n    OP_LT = '<'\n    OP_LTE = '<='\n    OP_GT = '>'\n\n\n"
        "def expand(clause, out):\n"
        "    if clause.operator in (Range.OP_GT,):\n"
        "        out.append(1)\n"
        "    elif clause.operator in (Range.OP_LT, Range.OP_LTE):\n"
        "        out.append(2)\n"
        "    return out\n")
    trees = {"old": Tree(str(tmp_path)), "new": Tree(str(tmp_path))}
    mined = mine_target(trees, "ranges.expand", {"changed_lines": {"old": [11], "new": [11]}},
                        [])
    assert mined.flags.get("operator") == [">", "<", "<="]
    assert mined.deciding_symbols() == [">", "<", "<="]


def test_a_table_indexed_by_a_variable_gives_every_bound_it_holds(tmp_path: Path) -> None:
    """``int(text) > cls.RANGES[field][1]``: each row's second number is a limit the parsed
    number is checked against, and ``LIMITS[level]`` gives each of LIMITS's numbers; the
    largest come first among the numeric bounds, and 0, 1 and 2 are not bounds."""
    from gen.mine import mine_target
    from pymodel.project import Tree
    (tmp_path / "fields.py").write_text(
        "LIMITS = (10, 500)\n\n\n"
        "class Spec:\n"
        "    RANGES = ((0, 59), (0, 23), (1, 12))\n\n"
        "    @classmethod\n"
        "    def check(cls, text, field, level):\n"
        "        if int(text) > cls.RANGES[field][1]:\n"
        "            raise ValueError(text)\n"
        "        if len(text) > LIMITS[level]:\n"
        "            raise ValueError(text)\n"
        "        return cls.RANGES[field][0] or 1\n")
    trees = {"new": Tree(str(tmp_path))}
    mined = mine_target(trees, "fields.Spec.check", {"changed_lines": {"new": [13]}}, [])
    assert mined.parses_numbers()
    assert mined.numeric_bounds() == [59, 23, 12]
    assert mined.lengths("text")[:2] == [9, 10] and 500 in mined.lengths("text")


def test_the_digits_of_a_tests_text_are_set_to_the_bounds_of_a_parser(tmp_path: Path) -> None:
    from gen.number_parsers import bound_digits
    from gen.project_tests.literals import mutants
    code = "from cron import expand\n\nprint(repr(expand('0 4/6 * * *')))\n"
    found = list(mutants(code, 1, rewrites=[bound_digits([59, 23])]))
    bounded = [i for i, m in enumerate(found) if "expand('0 23/6 * * *')" in m]
    assert bounded and any("expand('59 4/6 * * *')" in m for m in found)
    # late: after the literal's own splices and spellings, before its plain neighbours
    others = [i for i, m in enumerate(found) if "23" not in m and "59" not in m]
    assert others and min(others) < bounded[0] < max(others)
    assert bound_digits([]) is None and bound_digits([-5]) is None


def test_a_quote_a_changed_line_hands_a_call_is_a_changed_string(tmp_path: Path) -> None:
    """``QuotedString('\"\"\"')`` on a changed line: the new quote is a token the parser
    reads, spliced into the tests' texts; an escape character, a word and an unchanged line's
    quote are not."""
    from gen.mine import mine_target
    from pymodel.project import Tree
    (tmp_path / "grammar.py").write_text(
        "def QuotedString(quote, escape=None):\n    return (quote, escape)\n\n\n"
        "def key_rule():\n"
        "    long = QuotedString('\"\"\"', escape='\\\\')\n"
        "    short = QuotedString('\"', escape='name')\n"
        "    return long, short, str(long).replace(\"'\", '')\n")
    trees = {"new": Tree(str(tmp_path))}
    mined = mine_target(trees, "grammar.key_rule", {"changed_lines": {"new": [6, 8]}}, [])
    # a string method's argument is read as before
    assert mined.changed_strings() == ['"""', "'"]
