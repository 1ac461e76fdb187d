"""Tests of the input-model rules that shape one argument's values (gen/rules/): a mapping
keyed by the names another argument spells, strings passing a body's checks at once, texts
already encoded for the decoders the target calls, paths,
Unicode forms and the keywords ``**kwargs`` takes, in-process on scratch modules;
test_generate_rules.py has the others."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, List

import pytest

from helpers_dir import HELPERS

if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))


# ---------------------------------------------------------------------------------------------
# named_keys (gen/rules/named_keys.py)


def test_a_mapping_is_keyed_by_the_names_another_arguments_text_spells(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import types
    import gen.rules.named_keys as named_keys
    from gen.rules.named_keys import _plan_stream, names_in, takes_mapping
    from gen.values import vdict, vint, vstr

    assert names_in("{/x,y}") == ["x", "y"]
    assert names_in("%(user)s at %(host)s, %(user)s") == ["user", "s", "at", "host"]
    assert names_in("/ 1 +") == []

    def slot(name: str, kind: str, *values: Any) -> Any:
        return types.SimpleNamespace(name=name, kind=kind, values=list(values), required=True)

    spec = slot("spec", "positional_or_keyword", vstr("/x"), vstr(""), vstr("{a}"))
    values = slot("values", "positional_or_keyword", vdict([(vstr("k0"), vint(0))]))
    kwargs = slot("kwargs", "var_keyword")
    assert takes_mapping(values) and takes_mapping(kwargs) and not takes_mapping(spec)

    made: List[Any] = []

    def plan_of(call: List[Any], ctor: List[Any]) -> Any:
        return types.SimpleNamespace(call=call, ctor=ctor, key="p")

    monkeypatch.setattr(named_keys, "call_with",
                        lambda plan, call, ctor: made.append((call, ctor)) or (call, ctor))
    monkeypatch.setattr(named_keys, "base_receiver", lambda plan: {})
    list(_plan_stream(plan_of([values], [spec])))
    first = made[0]
    assert first[1]["spec"] == vstr("/x")
    assert first[0]["values"] == vdict([(vstr("x"), vint(0))])  # the name the spec spells
    assert {m[0]["values"]["items"][0][0]["v"] for m in made} == {"x", "a"}
    made.clear()
    list(_plan_stream(plan_of([spec, kwargs], [])))
    assert made[0][0] == {"spec": vstr("/x"), "x": vint(0)}  # through **kwargs


# ---------------------------------------------------------------------------------------------
# guard_strings (gen/rules/guard_strings.py)


def test_the_checks_of_one_string_are_composed_into_strings_that_pass_them_all() -> None:
    import ast
    import string
    from gen.rules.guard_strings import checks_of, composed

    module = ast.parse("HEX = '0123456789abcdef'\n\n\ndef parse(s, other):\n"
                       "    if len(s) != 7 or s[0] != '#' or other.startswith('x'):\n"
                       "        raise ValueError(s)\n"
                       "    if not all(c in HEX for c in s[1:]) or not s.endswith('f'):\n"
                       "        raise ValueError(s)\n"
                       "    return s\n")
    checks = checks_of(module.body[1], "s", module)
    assert checks.lengths == [7] and checks.prefixes == ["#"] and checks.suffixes == ["f"]
    assert checks.alphabets == ["0123456789abcdef"]
    made = composed(checks)
    passing = [t for t in made if len(t) == 7 and t[0] == "#" and t.endswith("f") and
               all(c in "0123456789abcdef" for c in t[1:])]
    assert made[0] in passing and len(set(passing)) >= 2
    assert any(len(t) == 8 for t in made) and any(len(t) == 6 for t in made)  # one off
    assert any(len(t) == 7 and t[0] != "#" for t in made)  # no prefix
    assert any(t[0] == "#" and len(t) == 7 and not all(c in string.hexdigits for c in t[1:])
               for t in made)  # a character outside the alphabet
    assert checks_of(module.body[1], "other", module).prefixes == ["x"]
    digits = checks_of(ast.parse("def f(p):\n    return p.isdigit() and len(p) == 3\n").body[0],
                       "p", None)
    assert composed(digits)[0].isdigit() and len(composed(digits)[0]) == 3
    assert checks_of(ast.parse("def f(p):\n    return p\n").body[0], "p", None).empty()


def test_a_stored_constructor_text_gets_the_checks_the_class_makes_of_it(
        tmp_path: Path) -> None:
    """``__init__`` stores ``text`` as ``self.original``; another method checks its first
    character against a class attribute (``in Var.operators``) and its length: the constructor
    parameter gets both, one prefix per operator.  A parameter stored after a transformation,
    or not stored, gets none."""
    import types
    from gen.rules.guard_strings import _stored_checks, composed
    from pymodel.project import Tree

    (tmp_path / "tpl.py").write_text(
        "class Var:\n"
        "    operators = ('+', '#', '/')\n\n"
        "    def __init__(self, text, name, flags=0):\n"
        "        self.original = text\n"
        "        self.name = name.strip()\n"
        "        self.parse()\n\n"
        "    def parse(me):\n"
        "        if len(me.original) > 1 and me.original[0] in Var.operators:\n"
        "            return me.original[1:]\n"
        "        return me.original\n")
    raw = types.SimpleNamespace(tree=Tree(str(tmp_path)), class_qual="tpl.Var", module="tpl")
    found = _stored_checks(types.SimpleNamespace(sides={"old": raw, "new": raw}))
    assert set(found) == {"text"}  # name is stored stripped, flags not at all
    assert found["text"].prefixes == ["+", "#", "/"] and found["text"].lengths == [1]
    made = composed(found["text"])
    assert {t[:1] for t in made if len(t) > 1} >= {"+", "#", "/"}


# ---------------------------------------------------------------------------------------------
# encoded_texts (gen/rules/encoded_texts.py, gen/encoded_forms.py)


def test_the_decoders_a_target_calls_give_texts_already_in_their_encoded_form(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A decoder in the target (``unquote``) or on a changed line of a callee (``b64decode``)
    names a family; one on an unchanged line of a callee does not.  The texts go to string
    slots and, keyed by the names a template spells, to a mapping slot."""
    import types
    import urllib.parse
    import gen.rules.encoded_texts as encoded_texts
    import gen.rules.named_keys as named_keys
    from gen.encoded_forms import forms
    from gen.mine import W_RELATED, Mined, mine_target
    from gen.plans import share_changed_decoders
    from gen.values import vdict, vint, vstr
    from pymodel.project import Tree

    (tmp_path / "url.py").write_text(
        "import base64, html\n"                           # 1
        "from urllib.parse import quote, unquote\n"       # 2
        "\n"                                              # 3
        "def clean(value):\n"                             # 4
        "    if unquote(value) == value:\n"               # 5
        "        return quote(value)\n"                   # 6
        "    return helper(value)\n"                      # 7
        "\n"                                              # 8
        "def helper(value):\n"                            # 9
        "    data = base64.b64decode(value)\n"            # 10
        "    return html.unescape(data.decode())\n")      # 11
    tree = Tree(str(tmp_path))
    changed = {"changed_lines": {"old": [5], "new": [5]}}
    callee = {"url.helper": {"changed_lines": {"old": [10], "new": [10]}}}
    mined = mine_target({"old": tree, "new": tree}, "url.clean", changed, [], callee)
    texts = mined.encoded_forms()
    assert texts[:2] == ["a%2Fb", "YWI="]  # the target's decoder first, then the callee's
    assert not any("&" in t for t in texts)  # html.unescape is on an unchanged callee line
    assert any(urllib.parse.unquote(t) != t for t in texts[:1])  # a valid escape comes first
    assert forms(["hex", "nothing"])[0] == "41" and forms([]) == []
    assert mined.encoded_splices() == ["%2F"]  # spliced into the project's tests (no base64)
    # A decoder on a changed line reaches every target; one on an unchanged line does not.
    other = Mined()
    mined.add_decoder("hex", W_RELATED)
    share_changed_decoders([mined, other])
    assert other.encoded_forms()[0] == "a%2Fb" and "41" not in other.encoded_forms()

    def slot(name: str, kind: str, *values: Any) -> Any:
        return types.SimpleNamespace(name=name, kind=kind, values=list(values), required=True)

    made: List[Any] = []
    for module in (encoded_texts, named_keys):
        monkeypatch.setattr(module, "base_receiver", lambda plan: {})
    monkeypatch.setattr(encoded_texts, "each_value",
                        lambda plan, where, name, values, ctor: iter(
                            [made.append((where, name, v)) for v in values]))
    monkeypatch.setattr(named_keys, "call_with",
                        lambda plan, call, ctor: made.append(("keyed", call, ctor)))
    template = slot("template", "positional_or_keyword", vstr("{+path}"))
    number = slot("count", "positional_or_keyword", vint(3))
    values = slot("values", "positional_or_keyword", vdict([]))
    plan = types.SimpleNamespace(call=[template, number, values], ctor=[], key="p")
    list(encoded_texts._plan_stream(plan, ["a%2Fb"]))
    assert ("call", "template", vstr("a%2Fb")) in made  # a string slot
    assert not any(m[1] in ("count", "values") for m in made if m[0] == "call")
    keyed = [m[1] for m in made if m[0] == "keyed"]
    assert keyed and keyed[0]["values"] == vdict([(vstr("path"), vstr("a%2Fb"))])


# ---------------------------------------------------------------------------------------------
# number_spellings (gen/rules/number_spellings.py, gen/number_parsers.py)


def test_a_changed_number_parse_gives_spellings_to_strings_and_digit_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``isdigit()`` on a changed line makes the target parse numbers at the changed weight;
    ``int()`` on an unchanged line only at the target's.  The rule gives the spellings to
    string slots only, and nothing to a target that parses no number; the digit runs of a
    test's string are replaced by each spelling."""
    import types
    import gen.rules.number_spellings as number_spellings
    from gen.mine import W_CHANGED, Mined, mine_target
    from gen.number_parsers import DIGIT_RUNS, SPELLINGS, UNICODE_DIGITS
    from gen.regex_rewrites import rewritten
    from gen.values import vint, vstr
    from pymodel.project import Tree

    (tmp_path / "ports.py").write_text(
        "def port(text, default):\n"                      # 1
        "    if not text.isdigit():\n"                    # 2
        "        return int(default)\n"                   # 3
        "    return int(text)\n")                         # 4
    tree = Tree(str(tmp_path))
    changed = mine_target({"old": tree, "new": tree}, "ports.port",
                          {"changed_lines": {"old": [2], "new": [2]}}, [], {})
    unchanged = mine_target({"old": tree, "new": tree}, "ports.port",
                            {"changed_lines": {"old": [1], "new": [1]}}, [], {})
    assert changed.parses_numbers(W_CHANGED)
    assert unchanged.parses_numbers() and not unchanged.parses_numbers(W_CHANGED)
    assert not Mined().parses_numbers()
    assert unchanged.encoded_forms() == []  # a parser is no decoder of escapes

    variants = rewritten("http://h:443/v2", [DIGIT_RUNS])
    assert "http://h:-1/v2" in variants and "http://h:443/v\u00b2" in variants
    assert "http://h:1_0/v2" in variants and rewritten("no digits", [DIGIT_RUNS]) == []

    made: List[Any] = []
    monkeypatch.setattr(number_spellings, "base_receiver", lambda plan: {})
    monkeypatch.setattr(number_spellings, "each_value",
                        lambda plan, where, name, values, ctor: iter(
                            [made.append((name, v)) for v in values]))
    text = types.SimpleNamespace(name="text", kind="positional_or_keyword",
                                 values=[vstr("80")], required=True)
    count = types.SimpleNamespace(name="count", kind="positional_or_keyword",
                                  values=[vint(3)], required=True)
    plan = types.SimpleNamespace(call=[text, count], ctor=[], key="p")
    list(number_spellings._plan_stream(plan))
    assert made == [("text", vstr(s)) for s in SPELLINGS]
    assert not set(UNICODE_DIGITS) & set(SPELLINGS)  # unicode_forms gives those to parameters
    target = types.SimpleNamespace(mined=Mined(), plans=[plan])
    assert list(number_spellings.number_spellings(types.SimpleNamespace(target=target))) == []


# ---------------------------------------------------------------------------------------------
# path_forms (gen/rules/path_forms.py)


def test_one_path_form_goes_through_a_symbolic_link() -> None:
    """abspath keeps a link and realpath follows it: a swap of one for the other shows only for
    a path through a link, and one of the forms is such a path on this system."""
    import os
    from gen.rules.path_forms import ONE
    assert any(os.path.realpath(p) != os.path.abspath(p) for p in ONE if p.startswith("/"))


def test_parameters_handed_to_path_functions_are_found_as_one_path_or_several() -> None:
    """A path handed to os.path directly, through ``str()``, by a bare imported name or through
    ``self`` is one path; a sequence function's argument, a loop's iterable whose item is a path
    and a starred argument hold several; a parameter only printed is no path."""
    import ast
    from gen.rules.path_forms import imported_path_names, path_parameters

    module = ast.parse(
        "import os\n"
        "from os.path import join\n"
        "def f(self, base, names, parts, roots, label, *, target=None):\n"
        "    print(label)\n"
        "    first = os.path.abspath(str(base))\n"
        "    found = [join(first, n) for n in names]\n"
        "    os.path.commonpath(roots)\n"
        "    os.path.join(*parts)\n"
        "    open(target)\n"
        "    return os.path.exists(self.root)\n")
    imported = imported_path_names(module)
    assert imported == {"join"}
    found = path_parameters(module.body[2], imported)
    assert found == {"base": "one", "names": "many", "parts": "many", "roots": "many",
                     "target": "one", "self.root": "one"}, found
    assert "names" not in path_parameters(module.body[2], set())


# ---------------------------------------------------------------------------------------------
# unicode_forms (gen/rules/unicode_forms.py)


def test_unicode_forms_rewrite_a_parameters_own_strings_then_samples() -> None:
    """A string's digits become full-width, its spaces no-break, its first letter full-width;
    the samples follow the parameter's own strings; no form repeats a value or another form;
    non-string values are left out."""
    from gen.rules.unicode_forms import forms_of

    texts = [v["v"] for v in forms_of([{"k": "str", "v": "port 80"}, {"k": "int", "v": 1},
                                       {"k": "str", "v": ""}])]
    assert texts[:4] == ["port \uff18\uff10", "\uff11\uff12\uff13", "a b\uff11",
                         "Stra\u00dfe\uff11"], texts[:4]
    assert "port\u00a080" in texts and "\uff50ort 80" in texts and "\u0661\u0662\u0663" in texts
    assert "123\u00b2" in texts and "Strasse" not in texts
    assert len(texts) == len(set(texts)) and "port 80" not in texts and "123" not in texts


def test_an_optional_bool_defaulting_to_none_is_a_flag_turned_on() -> None:
    """``allow_x: Optional[bool] = None`` (its None read as a module's default) is opened with
    True for the second pass of the forms, and counts as a flag for optional_params; an
    ``Optional[str]`` is neither."""
    import ast
    import types
    from gen.rules.common import bool_annotated
    from gen.rules.unicode_forms import flipped_flags
    from pymodel.params import params_of

    node = ast.parse("def f(text, strict=True, allow_x: Optional[bool] = None,\n"
                     "      name: Optional[str] = None, b: 'bool | None' = None,\n"
                     "      u: typing.Union[bool, int] = None): pass").body[0]
    params = params_of(node, "m", False)
    assert [p.name for p in params if bool_annotated(p)] == ["allow_x", "b"]
    slots = [types.SimpleNamespace(name=p.name) for p in params]
    plan = types.SimpleNamespace(call=slots, source=types.SimpleNamespace(params=params))
    assert flipped_flags(plan, lambda _name: 0) == [("strict", {"k": "bool", "v": False}),
                                                    ("allow_x", {"k": "bool", "v": True})]
    # the flags the code reads (here ``self._b`` on a changed line) come first
    read = {"_b": 5, "allow_x": 2}
    assert flipped_flags(plan, lambda name: read.get(name, 0)) == [
        ("b", {"k": "bool", "v": True}), ("allow_x", {"k": "bool", "v": True})]


def test_text_a_normalisation_reads_is_given_in_another_normal_form(tmp_path: Path) -> None:
    """A changed ``unicodedata.normalize`` names the unicode family: a decomposed accent
    first, and spliced into a project test's quoted part, where NFC composes it."""
    import unicodedata
    from gen.mine import mine_target
    from gen.project_tests.literals import _with_inserts
    from pymodel.project import Tree

    (tmp_path / "names.py").write_text(
        "import unicodedata\n\n\ndef display(name):\n"
        "    return unicodedata.normalize('NFC', name)\n")
    tree = Tree(str(tmp_path))
    changed = {"changed_lines": {"old": [], "new": [5]}}
    mined = mine_target({"old": tree, "new": tree}, "names.display", changed, [], {})
    assert mined.encoded_forms()[:2] == ["e\u0301", "\u00e9"]
    assert mined.encoded_splices() == ["e\u0301"]
    variants = _with_inserts('"My Name" <me@example.org>', mined.encoded_splices())
    assert any(unicodedata.normalize("NFC", v).startswith('"\u00e9My') for v in variants[:1])


# ---------------------------------------------------------------------------------------------
# optional_params: keywords one call deep (gen/rules/optional.py)


def test_keywords_read_by_a_helper_or_replaced_into_a_named_tuple_are_accepted(
        tmp_path: Path) -> None:
    """The keywords a helper reads from the kwargs dict passed to it by position or keyword
    are keywords of ``**kwargs``, and so are the fields of a named tuple the dict replaces,
    built in the function or annotated; a dict the function only prints adds nothing."""
    import ast
    from gen.rules.optional import accepted_keywords
    from pymodel.project import Tree

    source = (
        "from typing import NamedTuple\n"
        "\n"
        "class Config(NamedTuple):\n"
        "    scale: int = 1\n"
        "    offset: int = 0\n"
        "\n"
        "def _aliases(config, keywords):\n"
        "    if 'factor' in keywords:\n"
        "        keywords['scale'] = keywords.pop('factor')\n"
        "    return config._replace(**keywords)\n"
        "\n"
        "def _extra(options=None):\n"
        "    return options.get('verbose')\n"
        "\n"
        "def shift(value, config: Config = None, **kwargs):\n"
        "    print(kwargs)\n"
        "    _extra(options=kwargs)\n"
        "    return _aliases(config, kwargs)\n"
        "\n"
        "def direct(value, **kwargs):\n"
        "    config = Config()\n"
        "    return config._replace(**kwargs)\n"
        "\n"
        "def annotated(config: 'Config', **kwargs):\n"
        "    return config._replace(**kwargs)\n")
    (tmp_path / "api.py").write_text(source)
    tree = Tree(str(tmp_path))
    defs = {n.name: n for n in ast.parse(source).body if isinstance(n, ast.FunctionDef)}
    names = [n for n, _p in accepted_keywords(tree, "api", defs["shift"], "kwargs")]
    assert names == ["verbose", "factor", "scale"], names
    for name in ("direct", "annotated"):
        names = [n for n, _p in accepted_keywords(tree, "api", defs[name], "kwargs")]
        assert names == ["scale", "offset"], (name, names)
