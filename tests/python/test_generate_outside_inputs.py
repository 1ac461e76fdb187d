"""Tests of the rules that feed the target what it reads from outside its arguments: the
environment's variables (gen/rules/environment.py) and text of its regular expressions' shape
(gen/regex_samples.py, gen/rules/regex_inputs.py), in-process on scratch modules."""

from __future__ import annotations

from pathlib import Path
from typing import List

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
