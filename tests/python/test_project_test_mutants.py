"""Tests for the mutation and shrinking of the snippets made from the project's own tests.

``mutants`` moves a snippet's literals (splicing the changed code's strings, wrapping scalars
where the changed code unwraps values, sizing strings to the lengths it checks, the statement
that first reached the change first), ``callable_mutants`` passes its functions as the kinds of
callable the change asks about; ``variants`` shrinks a snippet to its shortest prefixes.  The
cases work on snippet text; one runs a mutant on two small trees.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from helpers_dir import HELPERS

if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))

from gen.project_tests.callable_kinds import callable_mutants, inspected_kinds  # noqa: E402
from gen.project_tests.lead_lines import lead_lines, led_snippets  # noqa: E402
from gen.project_tests.literals import focus_keys, mutants  # noqa: E402
from gen.project_tests.shrink import variants  # noqa: E402
from gen.shape_infer import unwrapped_on  # noqa: E402


def test_mutants_move_literals_but_not_labels() -> None:
    code = ("from shop import discount\n\ntry:\n    discount(-5)\nexcept Exception as error:\n"
            "    print('raises', type(error).__name__)\nprint(repr(discount(100)))\n")
    found = list(mutants(code, 1))
    assert "print(repr(discount(101)))" in "".join(found)
    assert "discount(-4)" in "".join(found)
    assert all("print('raises'" in m for m in found)
    assert len(found) == len(set(found))


def test_mutants_splice_the_changed_codes_strings_into_string_literals_first() -> None:
    code = "from shop import quote\n\nprint(repr(quote('ab')))\n"
    plain = list(mutants(code, 1))
    spliced = list(mutants(code, 1, ["\\"]))
    assert not any("\\" in m for m in plain)
    assert spliced[0] == "from shop import quote\n\nprint(repr(quote('ab\\\\')))\n"
    assert "quote('a\\\\b')" in spliced[1]
    assert set(plain) <= set(spliced)


def test_mutants_wrap_scalars_first_when_the_changed_code_unwraps_values() -> None:
    """``level = getattr(level, 'value', level)`` on a changed line: each scalar the test passes
    is first offered inside an object holding it there, imported after ``__future__``."""
    code = ("from __future__ import annotations\nfrom shop import urgent\n\n"
            "level = 'high'\nprint(repr(urgent(level, [1, 2], True)))\n")
    wrapped = list(mutants(code, 1, wraps=["value"]))
    assert wrapped[0] == ("from __future__ import annotations\n"
                          "from types import SimpleNamespace\nfrom shop import urgent\n\n"
                          "level = SimpleNamespace(value='high')\n"
                          "print(repr(urgent(level, [1, 2], True)))\n")
    # containers and booleans are never wrapped; without wraps nothing is
    assert not any("SimpleNamespace" in m for m in wrapped[1:])
    assert not any("SimpleNamespace" in m for m in mutants(code, 1))
    assert set(mutants(code, 1)) <= set(wrapped)


def test_unwrapping_is_found_on_the_changed_lines_only() -> None:
    func = ast.parse("def f(a, b):\n"
                     "    a = getattr(a, '__forward_arg__', a)\n"
                     "    b = getattr(b, 'value', b)\n"
                     "    c = getattr(a, 'other', b)\n"
                     "    return a, b, c\n").body[0]
    assert unwrapped_on(func, [2]) == ["__forward_arg__"]
    assert unwrapped_on(func, [2, 3, 4]) == ["__forward_arg__", "value"]
    assert unwrapped_on(func, [5]) == []


def test_mutants_repeat_string_literals_to_the_lengths_the_changed_code_checks() -> None:
    """``len(value) > 20`` on a changed line: a test's short strings reach 21 and 20 characters
    first (repeated, so digits stay digits), before the usual neighbours."""
    code = "from shop import parse\n\nprint(repr(parse('10', b'ab')))\n"
    sized = list(mutants(code, 1, [], [21, 20]))
    assert "parse('%s', b'ab')" % ("10" * 11)[:21] in sized[0]
    assert "parse('10', b'%s')" % ("ab" * 11)[:21] in sized[1]
    assert "parse('%s', b'ab')" % ("10" * 10) in sized[2]
    assert list(mutants(code, 1))[:4] == [m for m in sized if len(m) < len(code) + 8][:4]


def test_mutants_size_the_strings_inside_a_structure_the_test_passes() -> None:
    """A header list ``[("Content-Length", "1")]`` is one site; its strings are sized in turn,
    the leaves taking turns, before the list's usual neighbours; without lengths, nothing of
    the kind."""
    code = "from web import check\n\nprint(repr(check([('Length', '1')], {'k': 'v'})))\n"
    sized = list(mutants(code, 1, [], [8]))
    assert "check([('LengthLe', '1')], {'k': 'v'})" in sized[0]
    assert "check([('Length', '1')], {'k': 'vvvvvvvv'})" in sized[1]
    assert "check([('Length', '11111111')], {'k': 'v'})" in sized[2]
    assert not any("1111" in m or "vvvv" in m for m in mutants(code, 1))


def test_mutants_give_a_numeric_string_as_the_number_it_spells() -> None:
    """A test passing numbers as text (``{'x': '1024'}``) also passes them as numbers: an API
    that takes either changes for the other type.  Only whole numeric strings turn."""
    code = "from tpl import expand\n\nprint(expand('{/x}', {'x': '1024', 'y': 'a'}, '2.5'))\n"
    found = list(mutants(code, 1))
    assert "expand('{/x}', {'x': 1024, 'y': 'a'}, '2.5')" in "".join(found)
    assert "expand('{/x}', {'x': '1024', 'y': 'a'}, 2.5)" in "".join(found)
    # the first mutant of each site: the numbers come before the spelling variants
    assert found.index(next(m for m in found if "'x': 1024" in m)) < 3
    assert not any("{/x}" not in m and "expand(0" in m for m in found)
    plain = list(mutants("from tpl import expand\n\nprint(expand('1e3', 'v2'))\n", 1))
    assert not any("expand(1000" in m or "expand(1e3" in m for m in plain)


def test_mutants_move_the_literals_of_the_statement_that_first_reached_the_change() -> None:
    """The runner says line 6 of the test file ran the changed line first: that statement's
    literals (and the items inside them) are the focus, and every replacement of the sites
    holding them comes before any replacement of the others."""
    text = ("from web import check\n\n\ndef test_check():\n    assert check([('a', 'x')]) == 1\n"
            "    assert check(\n        [('Length', '1')]) == 2\n")
    keys = focus_keys(text, [7])
    assert {"'Length'", "'1'", "2"} <= set(keys) and "'x'" not in keys
    assert focus_keys(text, []) == [] and focus_keys("def (", [1]) == []
    code = ("from web import check\n\nprint(repr(check([('a', 'x')])))\n"
            "print(repr(check([('Length', '1')])))\n")
    focused = list(mutants(code, 1, [], [8], keys))
    plain = list(mutants(code, 1, [], [8]))
    kept = "check([('a', 'x')])"
    first = len([m for m in plain if kept in m])  # those that move the second site only
    assert first > 4 and all(kept in m for m in focused[:first])
    assert "('aaaaaaaa', 'x')" in plain[0] and "11111111" in focused[1]
    # a focus site counts among the first MAX_SITES wherever it stands
    long = "".join("print(repr(check(%d)))\n" % n for n in range(100, 150)) + code
    assert not any("11111111" in m for m in mutants(long, 1, [], [8]))
    assert "11111111" in list(mutants(long, 1, [], [8], keys))[1]


def test_shrinking_cuts_statements_and_unused_definitions() -> None:
    code = ("from shop import Cart, discount\n\nLIMIT = 100\nprint(repr(discount(LIMIT)))\n"
            "cart = Cart()\ncart.add(5)\nprint(repr(cart.items))\n")
    found = variants(code)
    assert found and all(len(v) < len(code) for v in found)
    # the shortest prefix ending at an observation first, unused definitions gone with the rest
    assert found[0] == "from shop import discount\n\nLIMIT = 100\nprint(repr(discount(LIMIT)))\n"
    assert "from shop import Cart\n\ncart = Cart()\ncart.add(5)\nprint(repr(cart.items))\n" \
        in found  # the first observation dropped, and LIMIT with it


def test_functions_a_test_passes_become_generators_when_the_change_asks_about_them() -> None:
    """A change asking ``inspect.isgeneratorfunction`` (here in a helper's changed line): the
    hook a test defines and passes, and a lambda, are offered as generator functions, one at a
    time, the wrapper written after the imports; the observations' calls are left alone."""
    helper = ast.parse("def is_gen(f):\n    import inspect\n"
                       "    return inspect.isgeneratorfunction(f)\n").body[0]
    assert inspected_kinds([(helper, [3])]) == ["generator"]
    assert inspected_kinds([(helper, [1, 2])]) == []
    code = ("from __future__ import annotations\nfrom shop import Cart\n\n"
            "def hook(cart, value):\n    return value + 1\n\n"
            "cart = Cart(on_set=hook, key=lambda v: -v)\ncart.put(3)\n"
            "print(repr(cart.total(hook)))\n")
    found = list(callable_mutants(code, ["generator"]))
    assert len(found) == 3
    assert "from shop import Cart\n\ndef as_generator(func):" in found[0]
    # the last call first: a test's own statements follow the set-up its file shares
    assert "print(repr(cart.total(as_generator(hook))))" in found[0]
    assert "cart = Cart(on_set=as_generator(hook), key=lambda v: -v)" in found[1]
    assert "key=as_generator(lambda v: -v))" in found[2]
    assert list(callable_mutants(code, [])) == []
    assert "import functools" in list(callable_mutants(code, ["wrapped"]))[0]


def test_a_generator_hook_shows_what_the_change_does_with_it(tmp_path: Path) -> None:
    """The mutant runs: on a version that calls the hook plainly the attribute holds a
    generator, on one that runs generator hooks it holds the value."""
    for side, setter in (("old", "self.value = self.on_set(value)"),
                         ("new", "result = self.on_set(value)\n        import inspect\n"
                                 "        self.value = next(result) "
                                 "if inspect.isgenerator(result) else result")):
        (tmp_path / side).mkdir()
        (tmp_path / side / "shop.py").write_text(
            "class Cart:\n    def __init__(self, on_set):\n        self.on_set = on_set\n\n"
            "    def put(self, value):\n        %s\n" % setter)
    code = ("from shop import Cart\n\ndef hook(value):\n    return value + 1\n\n"
            "cart = Cart(on_set=hook)\ncart.put(3)\nprint(type(cart.value).__name__)\n")
    mutant = next(callable_mutants(code, ["generator"]))
    seen = [subprocess.run([sys.executable, "-c", mutant], cwd=tmp_path / side, text=True,
                           capture_output=True, check=True).stdout for side in ("old", "new")]
    assert seen == ["generator\n", "int\n"]


def test_mutants_put_the_changed_codes_words_in_place_of_string_literals() -> None:
    """A longer string of the changed code (a type name it now allows) replaces each string
    literal whole, inside a structure too, before the usual neighbours; short ones are
    still spliced."""
    code = "from shop import check\n\nprint(repr(check({'types': ['number']}, 'x')))\n"
    found = list(mutants(code, 1, ["null-or", "/"]))
    assert "check({'types': ['null-or']}, 'x')" in "".join(found[:4])
    assert "check({'types': ['number']}, 'null-or')" in "".join(found[:4])
    assert "check({'types': ['number']}, 'x/')" in "".join(found)
    assert not any("null-or" in m for m in mutants(code, 1, ["/"]))


def test_mutants_put_inserts_inside_quotes_and_brackets_and_empty_them() -> None:
    """In a structured string (a selector, a document) a short insert goes first to the start
    of a quoted or bracketed part, where a parser reads it as part of a value; each such part
    is also offered emptied."""
    code = "from shop import select\n\nprint(repr(select('[class^=\"te\" i]')))\n"
    found = list(mutants(code, 1, ["\\x"]))
    first = found[0]
    assert "select('[\\\\xclass^=\"te\" i]')" in first, first
    assert any("select('[class^=\"\\\\xte\" i]')" in m for m in found[:3])
    assert any("select('[class^=\"\" i]')" in m for m in found)
    assert any("select('[]')" in m for m in found)
    # a string without delimiters keeps the plain splices only
    plain = list(mutants("from shop import f\n\nf('abc')\n", 1, ["\\x"]))
    assert "f('abc\\\\x')" in plain[0]


def test_mutants_put_a_separator_on_both_sides_of_a_bracketed_part() -> None:
    """Code that drops tags and collapses spaces, in either order, reads ``'Main <em> About'``
    alike only when the spaces around the tag are collapsed after it is dropped."""
    code = "from text import strip\n\nprint(repr(strip('Main <em>About</em>')))\n"
    found = list(mutants(code, 1, [" "]))
    assert any("strip('Main  <em> About</em>')" in m for m in found[:6]), found[:6]
    # a part that ends the text has no second side
    assert not any("strip('Main <em>About </em> ')" in m for m in found)


def test_mutants_write_a_texts_last_word_twice() -> None:
    """A check for a name given twice (an attribute, a key, an option) never sees one in the
    tests' own texts: ``'<some thing'`` also goes as ``'<some thing thing'``."""
    code = "from html import clean\n\nprint(repr(clean('<some thing')))\nclean('<y')\n"
    found = list(mutants(code, 1))
    assert any("clean('<some thing thing')" in m for m in found)
    assert not any("clean('<y <y')" in m for m in found)  # one word: nothing to repeat


def test_mutants_write_a_whole_text_twice() -> None:
    """A search that finds a word's first place where it meant a later one needs a word that
    comes twice: ``'Vincent van Gogh'`` also goes as ``'Vincent van Gogh Vincent van Gogh'``,
    before the neighbours that only change its case or padding."""
    code = "from names import parse\n\nprint(repr(parse(' Vincent van Gogh')))\n"
    found = list(mutants(code, 1))
    twice = [i for i, m in enumerate(found) if "parse(' Vincent van Gogh Vincent van Gogh')" in m]
    upper = [i for i, m in enumerate(found) if "parse(' VINCENT VAN GOGH')" in m]
    assert twice and upper and twice[0] < upper[0]


def test_mutants_lay_a_pair_of_characters_over_the_one_the_text_holds() -> None:
    """Code that now looks for ``]:`` is given ``host]:443`` from the test's ``host:443``: the
    text keeps its shape around the pair, where a splice at its end or middle breaks it."""
    code = "from net import hostname\n\nprint(repr(hostname('ubuntu-pc:443')))\n"
    found = list(mutants(code, 1, ["]:"]))
    assert "hostname('ubuntu-pc]:443')" in found[0], found[0]
    assert not any("ubuntu-pc]:443" in m for m in mutants(code, 1, ["]"]))
    # a text holding neither end of the pair gets the plain splices only
    plain = list(mutants("from net import hostname\n\nhostname('abc')\n", 1, ["]:"]))
    assert "hostname('abc]:')" in plain[0]


def test_mutants_join_two_copies_of_a_string_by_a_delimiter_of_the_changed_code() -> None:
    """Code that now accepts a part after a ``,`` needs a part on each side: a comma at the
    start of the test's one part is rejected by both versions."""
    code = "from css import parse\n\nprint(repr(parse(':scope')))\n"
    found = list(mutants(code, 1, [","]))
    assert any("parse(':scope,:scope')" in m for m in found), found
    assert not any("parse(',:scope,')" in m for m in found)


def test_a_document_is_headed_by_another_tests_line_of_the_changed_words() -> None:
    """A mode line (``from __future__ import annotations``) that one test's document holds is
    put at the head of another test's document, indented like it; docstrings stay."""
    moded = ("from lint import check\n\ncheck(\"\"\"\n    from __future__ import annotations\n"
             "    x: int\n    \"\"\")\n")
    plain = ("from lint import check\n\n\ndef helper():\n"
             "    \"\"\"A docstring.\n    Two lines.\"\"\"\n\n\n"
             "check(\"\"\"\n    name: str\n    print(name)\n    \"\"\")\n")
    leads = lead_lines([moded, plain], {"annotations", "future", "enabled"})
    assert leads == ["from __future__ import annotations"]
    led = list(led_snippets(plain, leads))
    assert len(led) == 1, led
    document = [n.value for n in ast.walk(ast.parse(led[0])) if isinstance(n, ast.Constant)
                and isinstance(n.value, str) and "name" in n.value]
    assert document == ["\n    from __future__ import annotations\n    name: str\n"
                        "    print(name)\n    "], document
    assert "A docstring." in led[0]
    # a document that holds the line already, and words no line holds, give nothing
    assert list(led_snippets(moded, leads)) == []
    assert lead_lines([moded, plain], {"unrelated"}) == []


def test_bytes_literals_take_the_changed_codes_bytes_and_its_tokens_written_otherwise() -> None:
    """A bytes literal gets the changed code's bytes (and its ASCII strings, encoded) spliced
    in, and the token it holds written as as many other bytes: ``b'\\r\\n'`` as ``b'XX'``,
    which only a check of that token tells from the original.  A str literal gets no bytes."""
    code = "from chunks import footer\n\nprint(footer(b'5\\r\\nabc\\r\\n'))\n"
    found = list(mutants(code, 1, [b"\r\n", ":"]))
    assert any("footer(b'5XXabc\\r\\n')" in m for m in found)
    assert any("footer(b'5\\r\\nabcXX')" in m for m in found)  # each place in turn
    assert any("footer(b'5\\r\\nabc\\r\\n:')" in m for m in found)
    assert any("footer(b'5\\r\\nabc\\r\\n\\r\\n')" in m for m in found)
    text = list(mutants("from chunks import footer\n\nfooter('ab')\n", 1, [b"\r\n"]))
    assert not any("\\r\\n" in m for m in text)


def test_an_apostrophe_inside_a_word_opens_no_quoted_part() -> None:
    from gen.project_tests.literals import delimited

    def parts(text: str) -> list:
        return [text[start:end] for start, end in delimited(text)]

    assert parts("don't say 'hi'") == ["hi"]
    assert parts("x='don't'") == ["don't"]
    assert parts("it's") == []
    assert parts("'a' b 'c'") == ["a", "c"]


# -- options the changed conditions decide on (flag_keywords.py, rules/flag_settings.py) --------

def test_flag_mutants_set_an_option_the_test_leaves_at_its_default() -> None:
    from gen.project_tests.flag_keywords import flag_mutants
    code = ("from pkg import Schema\n\nschema = Schema({'a': int})\n"
            "print(repr(schema.load({'a': 1, 'b': 2})))\n")
    signatures = {"Schema": [("schema", "positional_or_keyword"),
                             ("required", "positional_or_keyword"),
                             ("extra", "keyword_only")],
                  "load": [("data", "positional_or_keyword")]}
    found = list(flag_mutants(code, signatures, {"extra": [1, 0, 2], "required": [True]}))
    assert "Schema({'a': int}, extra=1)" in found[0] or "Schema({'a': int}, required=True)" in \
        found[0]
    joined = "\n".join(found)
    for setting in ("extra=1", "extra=0", "extra=2", "required=True"):
        assert "Schema({'a': int}, %s)" % setting in joined, setting
    assert all("load({'a': 1, 'b': 2})" in m for m in found)  # load takes no option
    assert len(found) == 4


def test_flag_mutants_replace_the_argument_a_call_passes() -> None:
    from gen.project_tests.flag_keywords import flag_mutants
    code = "from pkg import parse\n\nprint(parse('x', True, mode='a'))\nprint(parse(*args))\n"
    signatures = {"parse": [("text", "positional_or_keyword"),
                            ("strict", "positional_or_keyword"),
                            ("mode", "keyword_only")]}
    found = list(flag_mutants(code, signatures, {"strict": [True, False], "mode": ["b"]}))
    assert "print(parse('x', False, mode='a'))" in "\n".join(found)
    assert "print(parse('x', True, mode='b'))" in "\n".join(found)
    # a call that may pass the option through ``*args`` is left alone
    assert all("parse(*args)" in m for m in found)
    assert code not in found


def test_flag_mutants_give_an_option_to_a_callable_taking_options() -> None:
    from gen.project_tests.flag_keywords import KEYWORDS, flag_mutants
    code = ("from pkg import Grammar\n\ng = Grammar('start: x', debug=True)\n"
            "h = Grammar('start: y', **settings)\nprint(g.rules(), h.rules())\n")
    signatures = {"Grammar": [("text", "positional_or_keyword"), (KEYWORDS, "var_keyword")],
                  "rules": []}
    found = list(flag_mutants(code, signatures, {"parser": ["lalr", "earley"],
                                                 "text": ["a"]}))
    joined = "\n".join(found)
    assert "Grammar('start: x', debug=True, parser='lalr')" in joined
    assert "Grammar('start: x', debug=True, parser='earley')" in joined
    assert "Grammar('a', debug=True)" in joined  # a named parameter is still set in place
    assert "text=" not in joined  # and never again through **options
    assert "**settings, parser=" not in joined  # that call may pass it already
    assert not any(KEYWORDS + "=" in m for m in found)


def test_options_are_the_flags_read_as_attributes(tmp_path: Path) -> None:
    from gen.mine import mine_target
    from pymodel.project import Tree
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        "class Grammar:\n"
        "    def rules(self, mode):\n"
        "        if self.options.parser == 'lalr' and mode == 'x' and self._strict:\n"
        "            return 1\n"
        "        return 0\n", encoding="utf-8")
    trees = {"old": Tree(str(tmp_path)), "new": Tree(str(tmp_path))}
    mined = mine_target(trees, "pkg.Grammar.rules", {"changed_lines": {"old": [4],
                                                                       "new": [4]}}, [])
    assert mined.changed_flags()["mode"] == ["x"]
    # set by keyword, without the private mark; a local or a parameter is no option
    assert mined.options() == {"parser": ["lalr"], "strict": [True, False]}


def test_changed_conditions_give_their_flags(tmp_path: Path) -> None:
    from gen.mine import mine_target
    from pymodel.project import Tree
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        "ALLOW = 1\nREMOVE = 2\n\n\nclass Schema:\n"
        "    def __init__(self, extra=0, strict=False):\n"
        "        self.extra = extra\n        self._strict = strict\n\n"
        "    def load(self, data, key, mode):\n"
        "        if key in data:\n"
        "            return data\n"
        "        elif self.extra == ALLOW:\n"         # line 13: the arm beside the change
        "            return None\n"
        "        elif not key:\n"                     # line 15: changed
        "            raise KeyError(key)\n"
        "        if not self._strict and mode in ('a', 'b'):\n"  # line 17: changed
        "            return None\n"
        "        if data == 'x':\n"                   # line 19: unchanged
        "            return 1\n", encoding="utf-8")
    trees = {"old": Tree(str(tmp_path)), "new": Tree(str(tmp_path))}
    mined = mine_target(trees, "pkg.Schema.load", {"changed_lines": {"old": [15, 17],
                                                                     "new": [15, 17]}}, [])
    flags = mined.changed_flags()
    assert flags["extra"] == [1, 0, 2]  # the mode of the arm above the changed one
    assert flags["_strict"] == [True, False] and flags["key"] == [True, False]
    assert flags["mode"][:2] == ["a", "b"]
    assert "data" not in flags  # compared on an unchanged line, outside the changed chain


def test_a_closure_is_mined_like_any_function(tmp_path: Path) -> None:
    from gen.mine import mine_target
    from pymodel.project import Tree
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text(
        "ALLOW = 1\n\n\nclass Schema:\n"
        "    def compile(self):\n"
        "        def validate(data):\n"
        "            if self.extra == ALLOW:\n"  # line 7: changed
        "                return data\n"
        "            return None\n"
        "        return validate\n", encoding="utf-8")
    trees = {"old": Tree(str(tmp_path)), "new": Tree(str(tmp_path))}
    assert trees["old"].find_def("pkg.Schema.compile.<locals>.validate") is None
    found = trees["old"].find_local_def("pkg.Schema.compile.<locals>.validate")
    assert found is not None and found[1].name == "validate" and found[2] == []
    mined = mine_target(trees, "pkg.Schema.compile.<locals>.validate",
                        {"changed_lines": {"old": [7], "new": [7]}}, [])
    assert mined.changed_flags()["extra"] == [1, 0, 2]
    assert 1 in mined.linked("extra")


def test_a_known_word_inside_a_string_gives_way_to_a_changed_word() -> None:
    code = ("from lint import run\n\n"
            "print(run('a: 1\\n', 'quoted-strings: {quote-type: single}\\n'))\n")
    found = list(mutants(code, 1, inserts=["consistent"], known=["single", "double"]))
    swapped = "run('a: 1\\n', 'quoted-strings: {quote-type: consistent}\\n')"
    assert any(swapped in m for m in found)
    # the swap comes before the changed word takes the whole literal's place
    whole = "run('a: 1\\n', 'consistent')"
    assert [swapped in m for m in found].index(True) < [whole in m for m in found].index(True)
    assert not any(swapped in m for m in mutants(code, 1, inserts=["consistent"]))


def test_a_numeric_text_inside_a_structure_is_negated_and_zeroed() -> None:
    code = ("from web import parse_form\n\n"
            "print(parse_form({'Content-Type': 'text/plain', 'Content-Length': b'10'}))\n")
    found = "\n".join(mutants(code, 1))
    assert "'Content-Length': b'-10'" in found and "'Content-Length': b'0'" in found
    assert "'Content-Type': '-text/plain'" not in found  # only numbers are negated


def test_a_literal_written_in_several_places_also_changes_in_all_of_them() -> None:
    code = ("from pkg import Schema\n\nschema = Schema({'name': str})\n"
            "print(repr(schema.validate({'name': 'x'})))\n")
    found = list(mutants(code, 1))
    together = [m for m in found if "'name'" not in m]
    assert together, found  # the key changed in the schema and in the data alike
    assert all(m.count("Schema({'") == 1 for m in together)
    first = together[0]
    key = first.split("Schema({")[1].split(":")[0]
    assert "validate({%s:" % key in first
    assert any("Schema({'name': str})" in m and "validate({'name':" not in m for m in found)


def test_mutants_join_two_of_a_tests_texts_by_an_operator_they_hold() -> None:
    """``'a&b'`` and ``'~a|b'`` each hold one shape; an absorption that treats the two together
    needs them in one input: ``'(a&b)&(~a|b)'`` is among the mutants (crossed.py)."""
    code = ("from logic import simplify\n\nprint(repr(simplify('(a&b)')))\n"
            "print(repr(simplify('~a|b')))\n")
    found = list(mutants(code, 1))
    assert any("simplify('((a&b))&(~a|b)')" in m for m in found)
    assert any("simplify('(a&b)&~a|b')" in m for m in found)
    assert any("simplify('~a|b~(a&b)')" in m for m in found)


def test_texts_are_joined_only_by_operators_they_hold_and_only_when_short() -> None:
    from gen.project_tests.crossed import crossed
    assert crossed("a.b", ["c.d", "a.b"]) == ["a.b.c.d"]
    assert crossed("a&b", ["x|(y)"]) == ["a&b&x|(y)", "(a&b)&(x|(y))"]
    assert crossed("plain words", ["a&b"]) == []  # no operator of its own
    assert crossed("a.b", ["x" * 61, "multi\nline"]) == []
    assert crossed(b"a.b", ["c.d"]) == [] and crossed("a.b", []) == []


def test_the_mutants_take_half_a_round_while_they_find_more_than_the_rest() -> None:
    from gen.project_tests.candidates import mutants_lead

    def test(strategy: str, novel: bool, mutant: bool = True) -> dict:
        return {"strategy": strategy, "novel": novel, "genome": {"mutant": mutant}}
    assert mutants_lead([test("project_tests", True), test("project_tests", True),
                         test("base", True)])
    assert not mutants_lead([test("project_tests", True), test("base", True)])
    # the originals are a fixed set run once: their finds do not count
    assert not mutants_lead([test("project_tests", True, False), test("base", False)])
    assert not mutants_lead([])


def test_an_operator_the_changed_arm_decides_on_takes_the_place_of_a_texts_own() -> None:
    """``elif clause.operator in ('<', '<=')`` guards the change: a range's own ``>`` is
    written as each of them, inside the test's table of cases too, keys included."""
    code = ("from ranges import Spec\n\n"
            "examples = {'>=1.2.7': ['1.2.7'], '>1.2.3-alpha': ['1.2.3-alpha.7']}\n"
            "for spec, versions in examples.items():\n"
            "    print(repr(Spec(spec)))\n"
            "print(repr(Spec('>=1.0.0 <2.0.0')))\n")
    found = list(mutants(code, 1, ["<", "<="]))
    assert any("Spec('<1.0.0 <2.0.0')" in m for m in found[:12]), found[:12]
    assert any("'<1.2.3-alpha': ['1.2.3-alpha.7']" in m for m in found), found
    assert any("'<=1.2.7': ['1.2.7']" in m for m in found)


def test_a_literal_the_test_compares_with_the_python_version_is_left_alone() -> None:
    code = ("import sys\n\nfrom shop import discount\n\n"
            "if sys.version_info[0] <= 2:\n    print('old python')\n"
            "print(repr(discount(100)))\n")
    found = list(mutants(code, 1))
    assert found and not any("version_info[0] <= 2" not in m for m in found)


def test_a_quote_the_changed_code_reads_goes_around_a_bare_word_of_a_text() -> None:
    """A parser that starts to read ``\"\"\"`` quotes: the test's document writes its keys
    bare, so its first word, and the first of its second line, are quoted with it early."""
    code = ("from conf import parse\n\n"
            "print(repr(parse('a.b = 1\\nc = [2, 3]')))\n")
    found = list(mutants(code, 1, ['"""']))
    assert any("parse('\"\"\"a.b\"\"\" = 1\\nc = [2, 3]')" in m for m in found[:6]), found[:6]
    assert any("parse('a.b = 1\\n\"\"\"c\"\"\" = [2, 3]')" in m for m in found[:6])
    # an insert that is not a run of quotes is never put around a word
    assert not any("<a.b<" in m for m in mutants(code, 1, ["<"]))
    assert not any("'\"a.b\" = 1" in m for m in mutants(code, 1, ['"']))
