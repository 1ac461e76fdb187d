"""Tests of the rules that feed the target what it reads from outside its arguments: the
environment's variables (gen/rules/environment.py) and text of its regular expressions' shape
(gen/regex_samples.py, gen/rules/regex_inputs.py), in-process on scratch modules."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, List

import pytest

from rule_support import printed_by, scratch_call, target_in


# ---------------------------------------------------------------------------------------------
# environment_variables (gen/rules/environment.py)


def test_environment_reads_give_the_compared_values_then_switches_then_unset(
        tmp_path: Path) -> None:
    from gen.rules.environment import SWITCH_VALUES, environment_reads

    (tmp_path / "style.py").write_text(
        "import os\n"
        "from os import environ, getenv\n"
        "def style(name):\n"
        "    if os.environ.get('STYLE', '').lower() in ('formal', 'polite'):\n"
        "        return 'Dear ' + name\n"
        "    if getenv('SHOUT') == 'yes' or 'QUIET' in environ:\n"
        "        return name.upper()\n"
        "    return os.environ['GREETING'] + name\n"
        "def plain(name):\n"
        "    return name\n")
    reads = environment_reads(target_in(tmp_path, "style.style"))
    assert sorted(reads) == ["GREETING", "QUIET", "SHOUT", "STYLE"]
    assert reads["STYLE"][:3] == ["formal", "polite", "1"]
    assert reads["SHOUT"][:2] == ["yes", "1"]
    assert reads["QUIET"] == list(SWITCH_VALUES) + [None]
    assert environment_reads(target_in(tmp_path, "style.plain")) == {}


def test_environment_reads_at_import_and_in_called_functions_count_for_the_target(
        tmp_path: Path) -> None:
    """A module-level name read from the environment at import, compared in the target, and
    a function of the module the target calls that reads one: both are the target's."""
    from gen.rules.environment import environment_reads

    (tmp_path / "tone.py").write_text(
        "import os\n"
        "STYLE = os.environ.get('TONE_STYLE', 'plain').lower()\n"
        "UNUSED = os.getenv('TONE_UNUSED')\n"
        "def _loud():\n"
        "    return os.getenv('TONE_LOUD') == 'yes'\n"
        "def greet(name):\n"
        "    if STYLE == 'formal':\n"
        "        name = 'Dear ' + name\n"
        "    return name.upper() if _loud() else name\n")
    reads = environment_reads(target_in(tmp_path, "tone.greet"))
    assert sorted(reads) == ["TONE_LOUD", "TONE_STYLE"]
    assert reads["TONE_STYLE"][0] == "formal" and reads["TONE_LOUD"][0] == "yes"
    assert sorted(environment_reads(target_in(tmp_path, "tone._loud"))) == ["TONE_LOUD"]


def test_a_variable_of_the_environment_is_set_before_the_imports(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from gen.snippet import render_genome

    def shout(text: str) -> str:
        import os
        return text.upper() if os.environ.get("SHOUT") == "yes" else text

    monkeypatch.setenv("SHOUT", "no")  # restored after the test, whatever the snippets set
    genome = scratch_call(monkeypatch, shout, [("text", {"k": "str", "v": "hi"})])
    assert printed_by(render_genome(genome)) == "'hi'\n"
    genome["environ"] = {"SHOUT": "yes"}
    code = render_genome(genome)
    assert code.splitlines()[:2] == ["import os", "os.environ['SHOUT'] = 'yes'"], code
    assert printed_by(code) == "'HI'\n"
    genome["environ"] = {"SHOUT": None}
    assert "os.environ.pop('SHOUT', None)" in render_genome(genome)


# ---------------------------------------------------------------------------------------------
# regex_samples (gen/regex_samples.py, gen/rules/regex_inputs.py)


@pytest.mark.parametrize("pattern, flags, expected", [
    (r"\\x([0-9a-fA-F]{2})", 0, ["\\x00", "\\x99", "\\xAA"]),
    (r"<([^<>\n]*)>", 0, ["<a>", "<>", "<aa>"]),
    (r"^(\d{4})-(\d\d)(?:T(\d\d))?$", 0, ["0000-00T00", "0000-00", "1111-11T11"]),
    (r"(?P<q>[\"'])(.*?)(?P=q)", 0, ['"a"', '""', '"aa"', "'a'"]),
    (r"(?<=@)\w+", 0, ["@a", "@aaa"]),
    (r"COLOU?R", 2, ["COLOUR", "COLOR"]),
    (r"[", 0, []),
    # nested repetition: kept unchecked (a mismatch could backtrack for ages) ...
    (r"(x+x+)+y", 0, ["xxy", "xxxxxxxxxxxxxxxxxxy"]),
    # ... unless a look-around the walk leaves out could make it miss
    (r"(a+)+(?=b)", 0, []),
])
def test_regex_samples_are_strings_the_expression_matches(pattern: str, flags: int,
                                                          expected: List[str]) -> None:
    import re
    from gen.regex_samples import samples
    found = samples(pattern, flags)
    assert found == expected
    assert all(re.search(pattern, text, flags) for text in found)  # bounded here: they match


def test_a_long_verbose_pattern_is_sampled_like_a_short_one() -> None:
    """A date pattern written over many commented lines (``re.VERBOSE``) is long text but a
    short expression: it gets samples and can be compiled for rewrites."""
    import re
    from gen.regex_samples import safe_compiled, samples
    pieces = [(r"(?P<year>[0-9]{4})", "the year"), (r"(-(?P<month>[0-9]{2})", "the month"),
              (r"(-(?P<day>[0-9]{2}))?)?", "the day, optional"), (r"$", "the end")]
    pattern = "\n".join("    %-40s # %s, %s" % (piece, note, "x" * 60)
                        for piece, note in pieces)
    assert len(pattern) > 400
    found = samples(pattern, re.VERBOSE)
    assert "0000" in found and any(len(text) == 10 for text in found)
    assert safe_compiled(pattern, re.VERBOSE) is not None


def test_a_matched_text_is_edited_in_place_where_the_versions_read_it_apart() -> None:
    """A widened class (``\\.`` → ``[.,]``) and a part made optional (the day) show in a
    project's valid text edited in place, its context kept: the telling character put in for
    one character, the text cut before a separator."""
    from gen.regex_rewrites import rewrites, rewritten
    time_old = (r"(\d{2}):(\d{2})(:(\d{2})(\.(\d+))?)?(Z)?$", 0)
    time_new = (r"(\d{2}):(\d{2})(:(\d{2})([.,](\d+))?)?(Z)?$", 0)
    found = rewritten("at 06:40:34.00Z", rewrites([time_old], [time_new]))
    assert "at 06:40:34,00Z" in found
    date_old = (r"(\d{4})-(\d{2})-(\d{2})$", 0)
    date_new = (r"(\d{4})-(\d{2})(-(\d{2}))?$", 0)
    found = rewritten("2013-10-01", rewrites([date_old], [date_new]))
    assert "2013-10" in found
    assert "2013-1001" not in found  # read alike (no match on either): not kept


def test_mined_regexes_keep_the_name_they_are_applied_to(tmp_path: Path) -> None:
    """``re.sub(r"...", f, text)``, ``LINK.match(dest)`` with ``LINK = re.compile(...)`` and a
    changed module-level pattern are mined with their subjects; the changed line's first."""
    from gen.mine import mine_target
    from pymodel.project import Tree

    (tmp_path / "links.py").write_text(
        "import re\n"                                                        # 1
        "LINK = re.compile(r'<([^<>]*)>', re.I)\n"                            # 2
        "ESC = re.compile(r'\\\\([<>])')\n"                                   # 3
        "\n"                                                                 # 4
        "def parse(dest, text):\n"                                           # 5
        "    m = LINK.match(dest)\n"                                         # 6
        "    body = re.sub(r'&#(\\d+);', lambda g: chr(int(g[1])), text)\n"  # 7
        "    return m, body\n")                                              # 8
    tree = Tree(str(tmp_path))
    changed = {"changed_lines": {"old": [7], "new": [7]}, "module_level_names": ["links.ESC"]}
    texts = mine_target({"old": tree, "new": tree}, "links.parse", changed, []).regex_texts()
    # the changed line's pattern and the changed module-level one, then the target's other
    assert texts == [("text", "&#0;"), ("text", "&#111;"), ("text", "&#1;"), (None, "\\<"),
                     (None, "\\>"), ("dest", "<a>"), ("dest", "<>"), ("dest", "<aa>")]


def test_a_changed_pattern_string_and_the_f_string_built_from_it_are_sampled(
        tmp_path: Path) -> None:
    """``_TIME = r"..."`` (changed, compiled elsewhere) is a pattern of its own; the compiled
    ``rf"T{_TIME}"`` the target applies is resolved through the f-string."""
    from gen.mine import looks_like_regex, mine_target
    from pymodel.project import Tree

    (tmp_path / "stamp.py").write_text(
        "import re\n"
        "_TIME = r'(\\d\\d):(\\d\\d)(?::(\\d\\d))?'\n"
        "STAMP = re.compile(rf'T{_TIME}', re.VERBOSE)\n"
        "def parse(src):\n"
        "    return STAMP.match(src)\n")
    tree = Tree(str(tmp_path))
    changed = {"changed_lines": {"old": [], "new": []}, "module_level_names": ["stamp._TIME"]}
    texts = mine_target({"old": tree, "new": tree}, "stamp.parse", changed, []).regex_texts()
    assert texts == [(None, "00:00:00"), (None, "00:00"), (None, "11:11:11"),
                     ("src", "T00:00:00"), ("src", "T00:00"), ("src", "T11:11:11")]
    assert not looks_like_regex("What?") and not looks_like_regex("plain words")


def test_a_parameter_read_as_a_match_gets_matches_of_the_callers_pattern(
        tmp_path: Path) -> None:
    from gen.mine import W_RELATED, mine_target
    from gen.rules.regex_inputs import match_parameters
    from pymodel.project import Tree

    (tmp_path / "clock.py").write_text(
        "import re\n"
        "STAMP = re.compile(r'(\\d\\d):(\\d\\d)(?::(\\d\\d))?')\n"
        "def parse(text):\n"
        "    m = STAMP.match(text)\n"
        "    return _seconds(m, 60) if m else None\n"
        "def _seconds(m, scale):\n"
        "    hours, minutes, seconds = m.groups()\n"
        "    return (int(hours) * scale + int(minutes)) * scale + int(seconds or 0)\n")
    tree = Tree(str(tmp_path))
    assert match_parameters(target_in(tmp_path, "clock._seconds")) == {"m"}
    changed = {"changed_lines": {"old": [8], "new": [8]}, "module_level_names": []}
    mined = mine_target({"old": tree, "new": tree}, "clock._seconds", changed,
                        [{"path": ["clock.parse", "clock._seconds"]}])
    found = mined.regex_samples(W_RELATED)  # the target applies no pattern itself
    assert [text for _p, _f, _s, text in found] == ["00:00:00", "00:00", "11:11:11"]
    import re
    pattern, flags, _subject, text = found[1]
    assert re.compile(pattern, flags).search(text).groups() == ("00", "00", None)


def test_a_callback_gets_the_pattern_whose_matches_it_is_handed(tmp_path: Path) -> None:
    from gen.mine import W_RELATED, mine_target
    from pymodel.project import Tree

    (tmp_path / "ent.py").write_text(
        "import re\n"
        "ENTITY = re.compile(r'&#(\\d+);')\n"
        "def unescape(text):\n"
        "    return re.sub(r'&(\\w+);', _named, ENTITY.sub(_replace, text))\n"
        "def _replace(m):\n"
        "    return chr(int(m.group(1)))\n"
        "def _named(m):\n"
        "    return m.group(1)\n")
    tree = Tree(str(tmp_path))
    changed = {"changed_lines": {"old": [6], "new": [6]}, "module_level_names": []}
    for name, pattern in (("_replace", r"&#(\d+);"), ("_named", r"&(\w+);")):
        mined = mine_target({"old": tree, "new": tree}, "ent." + name, changed, [])
        assert {p for p, _f, _s, _t in mined.regex_samples(W_RELATED)} == {pattern}


def two_sides(tmp_path: Path, name: str, sources: Dict[str, str]) -> Dict[str, Any]:
    """An old and a new tree holding the module ``name`` with each side's source."""
    from pymodel.project import Tree

    trees = {}
    for side, source in sources.items():
        (tmp_path / side).mkdir()
        (tmp_path / side / name).write_text(source)
        trees[side] = Tree(str(tmp_path / side))
    return trees


def test_a_changed_patterns_telling_texts_replace_what_it_matches_in_a_document() -> None:
    """Only texts the two versions read differently are kept, those one version finds a match
    at the start of first; each replaces a span either version matches inside a longer string,
    which keeps the rest of the document valid."""
    import re
    from gen.regex_rewrites import rewrites, rewritten, telling

    old = (r"([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])", 0)
    new = (r"""
        ([01][0-9]|2[0-3])     # hours
        :([0-5][0-9])          # minutes
        (?::([0-5][0-9]))?     # optional seconds
        """, re.VERBOSE)
    found = telling(old, new)
    assert found is not None and found.texts[0] == "00:00" and found.chars == []
    assert all(bool(re.match(*new[:1], t, new[1])) != bool(re.match(old[0], t))
               for t in found.texts[:3])
    assert telling(old, old) is None  # an unchanged pattern tells nothing apart
    pairs = rewrites([old, (r"[a-z]+", 0)], [new, (r"[a-z]+", 0)])  # the unchanged one is left
    assert [r.patterns for r in pairs] == [[old, new]]
    variants = rewritten("start = 07:32:00\nstop = 09:00:00\n", pairs)
    assert "start = 00:00\nstop = 09:00:00\n" in variants
    assert "start = 07:32:00\nstop = 00:00\n" in variants
    assert variants[0] == "start = 00:00\nstop = 09:00:00\n"  # the first span, the best text
    assert rewritten("no time here", pairs) == []


def test_mixed_characters_and_a_widened_class_tell_patterns_apart() -> None:
    """Samples with a character replaced, inserted or deleted: an underline that may no longer
    mix two characters; a letter only the new class has, spliced into a whole address."""
    import re
    from gen.regex_rewrites import rewritten, telling

    underline = telling((r"^.*?\n[=-]+[ ]*(\n|$)", re.M), (r"^.*?\n(?:=+|-+)[ ]*(\n|$)", re.M))
    assert underline is not None and "a\n=-\n" in underline.texts
    assert rewritten("Title\n=====\n\nText", [underline])[0].startswith("a\n")
    local = telling((r"[0-9a-z]+(\.[0-9a-z]+)*$", re.I),
                    (r"[0-9a-z\u00C0-\u00FF]+(\.[0-9a-z\u00C0-\u00FF]+)*$", re.I))
    assert local is not None and local.chars[0] in "\u00c0\u00ff"
    assert local.chars[0] + "email@here.com" in rewritten("email@here.com", [local])
    # a pattern that can backtrack for ages is only run on short texts
    risky = telling((r"(a+)+b", 0), (r"(a+)+c", 0))
    assert risky is not None and all(len(t) <= 20 for t in risky.texts)
    assert all(len(v) == 41 for v in rewritten("a" * 40, [risky]))  # characters spliced only


def test_mined_changed_patterns_pair_the_sides_and_guess_a_verbose_layout(
        tmp_path: Path) -> None:
    from gen.mine import guessed_flags, looks_like_regex, mine_target
    from gen.mined import change_rewrites

    import re
    assert looks_like_regex(r"[0-9][0-9]:[0-9][0-9]")  # two classes, no repetition
    assert not looks_like_regex("see [1] above")
    assert guessed_flags("\n  ([0-9]+)  # hours\n  :([0-9]+)  # minutes\n") == re.VERBOSE
    assert guessed_flags("([0-9]+) # digits") == 0
    clock = ("import re\n"
             "_TIME = r'%s'\n"
             "def parse(text):\n"
             "    return re.fullmatch(_TIME, text)\n")
    sides = two_sides(tmp_path, "clock.py", {"old": clock % "[0-9][0-9]:[0-9][0-9]",
                                             "new": clock % "[0-9][0-9]:?[0-9][0-9]"})
    changed = {"changed_lines": {"old": [], "new": []}, "module_level_names": ["clock._TIME"]}
    mined = mine_target(sides, "clock.parse", changed, [])
    assert mined.changed_regexes == {"old": [("[0-9][0-9]:[0-9][0-9]", 0)],
                                     "new": [("[0-9][0-9]:?[0-9][0-9]", 0)]}
    found = change_rewrites([mined])
    assert [r.patterns for r in found] == [[("[0-9][0-9]:[0-9][0-9]", 0),
                                            ("[0-9][0-9]:?[0-9][0-9]", 0)]]
    assert found[0].texts[0] == "0000"


def test_changed_patterns_of_joined_strings_class_attributes_and_long_statements(
        tmp_path: Path) -> None:
    """A pattern joined with ``+`` inside a multi-line statement the analysis reports at its
    first line, and a class attribute's compiled pattern, count as changed."""
    from gen.mine import mine_target

    check = ("import re\n"
             "def valid(text):\n"
             "    return (\n"                                   # 3: the statement's line
             "        True\n"
             "        if re.match(\n"
             "            r'[%s]+'\n"
             "            + r'(\\.[a-z]+)*$', text)\n"
             "        else False)\n"
             "class Checker:\n"
             "    RE = re.compile(r'^[%s]+$')\n"
             "    def check(self, text):\n"
             "        return bool(self.RE.match(text))\n")
    wide = "a-z\\u00C0-\\u00FF"
    sides = two_sides(tmp_path, "check.py", {"old": check % ("a-z", "a-z"),
                                             "new": check % (wide, wide)})
    joined = mine_target(sides, "check.valid", {"changed_lines": {"old": [3], "new": [3]},
                                                "module_level_names": []}, [])
    assert joined.changed_regexes["old"] == [(r"[a-z]+(\.[a-z]+)*$", 0)]
    assert joined.regex_rewrites()[0].chars  # a letter only the new class has
    attribute = mine_target(sides, "check.Checker.check", {
        "changed_lines": {"old": [], "new": []},
        "module_level_names": ["check.Checker.RE"]}, [])
    assert attribute.changed_regexes["new"] == [(r"^[a-z\u00C0-\u00FF]+$", 0)]


def test_a_table_set_item_by_item_gives_the_keys_whose_entries_changed(tmp_path: Path) -> None:
    from gen.mine import W_CHANGED, mine_target

    colors = ("def _reversed(d):\n"
              "    return {v: k for k, v in d.items()}\n"
              "NAMES = _reversed({'darkgrey': '#a9a9a9', 'white': '#ffffff'})\n"
              "NAMES['#000000'] = 'black'\n%s"
              "def name_of(code):\n"
              "    return NAMES[code]\n")
    sides = two_sides(tmp_path, "colors.py", {
        "old": colors % "", "new": colors % "NAMES['#a9a9a9'] = 'darkgray'\n"})
    mined = mine_target(sides, "colors.name_of", {"changed_lines": {"old": [], "new": []},
                                                  "module_level_names": ["colors.NAMES"]}, [])
    strong = {c.value for c in mined.items.values() if c.weight >= W_CHANGED}
    assert "#a9a9a9" in strong and "#000000" not in strong
