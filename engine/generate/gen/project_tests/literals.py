"""Mutants of a converted test: its literals moved a step, like any other candidate's values.

The *sites* of a snippet are its maximal literals (numbers, strings, bytes, booleans, and lists,
tuples, sets and dicts of literals; a negative number counts as one literal) outside imports,
docstrings, f-strings, subscript keys and the labels the snippet prints.  Each mutant replaces one
site by one of its neighbours (:func:`gen.mutate.neighbours`: ``c±1``, boundaries, case and
padding variants, one element more or fewer ...); ``mutants`` yields them the first neighbour of
every site first, then the second of every site, and so on, so a budget spreads over the whole
test; a string, bytes or number the test writes in several places (a key its input and its schema
share) also takes each alternative in all of them at once, beside the single sites.  Later
mutants replace two sites at once (seeded), after the single ones.  A string
literal's first alternatives splice in the short strings the changed code handles (``inserts``):
at the start of a quoted or bracketed part first (``'k = "v"'`` gives ``'k = "\\xv"'``: inside a
value, where a parser reads it), then laid over the text's own start or end of it (``']:'``
over the colon of ``'host:443'``), and where the text holds one, written as as many other
characters (``'\\r\\n'`` as ``'XX'``: only a check of that token tells), then at the end and in
the middle; each such part is also offered emptied (``'[a^=""]'``).  An insert of two or
three quote characters also goes around a bare word of the text (``'\"\"\"a\"\"\" = 1'``).  A bytes
literal takes the changed code's bytes and its ASCII strings, encoded.  Longer inserts (a
key it adds, a format's name) take the place of a word inside it that the target's code
compares with (``'quote-type: single'`` gives ``'quote-type: consistent'``: a value written as
text), then the literal's place;
then the literal is repeated to the lengths the changed code
compares with (``lengths``: ``len(v) > 20``); the strings inside a list, tuple or dict literal
get the same variants.  A numeric string is also offered as the number it spells (``'1024'``
as ``1024``), in its place and inside the structure holding it: values change type as well as
spelling; inside a structure it is also negated and zeroed (``b'-10'``, ``b'0'``), which its
nearest neighbours never are.  When the changed code newly unwraps a value through an
attribute (``p = getattr(p, "a", p)``: ``wraps``), every site's scalar is first offered
wrapped, ``SimpleNamespace(a=<literal>)``, before any other mutant: the test's own values are
what the unwrapped code should see; so is it in each project class the changed code tests
values against (``classes``: ``Required(<literal>)``).  Before the inserts, the text a changed
regular expression matches inside a string is replaced by texts its two versions read
differently (``rewrites``, :mod:`gen.regex_rewrites`: ``'t = 07:32:00'``
gives ``'t = 07:32'``).  Every other alternative of a short string joins it with another of the
test's texts by an operator it holds (:mod:`.crossed`: ``'(a&b)&(~a|b)'``).
"""

from __future__ import annotations

import ast
import copy
import functools
import random
import re
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Set, Tuple

from ..encoded_forms import QUOTES, is_escape_form
from ..mutate import neighbours
from ..regex_rewrites import Rewrite, rewritten
from ..values import from_python, literal_of, render
from .crossed import crossed
from .render import render_module

Site = Tuple[ast.AST, str, Optional[int]]  # parent, field, index in a list field
MAX_SITES = 40
NEIGHBOURS_PER_SITE = 6
PAIRS = 30
MAX_LEAVES = 4  # items of a structure whose strings are sized and spliced
MAX_NESTED = 8  # such variants of one structure
NUMERIC = re.compile(r"[+-]?(?:\d{1,15}|\d{0,15}\.\d{1,15})")
SPLICED = 3  # an insert this short is spliced into a string, a longer one replaces it
MAX_WORD_REPEATED = 200  # longest text whose last word, and whole, is written twice
WRAPPER_IMPORT = "from types import SimpleNamespace"


def literal_value(node: ast.AST) -> Any:
    if isinstance(node, ast.Constant):
        if node.value is None or node.value is Ellipsis:
            return None
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and \
            isinstance(node.operand, ast.Constant) and \
            isinstance(node.operand.value, (int, float)) and \
            not isinstance(node.operand.value, bool):
        return -node.operand.value
    if isinstance(node, (ast.List, ast.Tuple, ast.Set, ast.Dict)):
        value = literal_of(node)
        return value if value not in (None, [], (), {}) else None
    return None


# What the interpreter running the test is: a literal compared with it picks a branch of the
# test for a Python version or platform, the same on both versions of the project.
RUNTIME_CHECKS = ("sys.version_info", "sys.platform", "sys.maxsize", "os.name", "PY2", "PY3")


def _skipped(parent: ast.AST, field: str, child: ast.AST) -> bool:
    if isinstance(parent, (ast.Import, ast.ImportFrom, ast.JoinedStr)):
        return True
    if isinstance(parent, ast.Compare) and any(
            ast.unparse(node).startswith(RUNTIME_CHECKS)
            for node in [parent.left] + list(parent.comparators)
            if isinstance(node, (ast.Name, ast.Attribute, ast.Subscript))):
        return True
    if isinstance(parent, ast.Subscript) and field == "slice" and \
            isinstance(child, ast.Constant) and isinstance(child.value, str):
        return True  # a key: changing it only makes a KeyError
    if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and \
            parent.func.id == "print" and isinstance(child, ast.Constant):
        return True  # a label the snippet prints
    if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Module)) \
            and field == "body" and isinstance(child, ast.Expr):
        return isinstance(child.value, ast.Constant) and isinstance(child.value.value, str)
    return False


def sites(tree: ast.AST, most: Optional[int] = MAX_SITES) -> List[Site]:
    """The maximal literal sites of ``tree``, in source order, the first ``most`` of them."""
    found: List[Site] = []

    def visit(node: ast.AST) -> None:
        for field, value in ast.iter_fields(node):
            children = value if isinstance(value, list) else [value]
            for index, child in enumerate(children):
                if not isinstance(child, ast.AST) or _skipped(node, field, child):
                    continue
                if isinstance(child, ast.expr) and literal_value(child) is not None:
                    found.append((node, field, index if isinstance(value, list) else None))
                    continue
                visit(child)

    visit(tree)
    return found[:most] if most is not None else found


def site_node(site: Site) -> ast.AST:
    parent, field, index = site
    value = getattr(parent, field)
    return value[index] if index is not None else value


def replace_site(site: Site, node: ast.AST) -> None:
    parent, field, index = site
    if index is None:
        setattr(parent, field, node)
    else:
        getattr(parent, field)[index] = node


def _repeated_word(text: Any) -> List[Any]:
    """The text with its last word written twice (``'<a b'`` → ``'<a b b'``), then the whole
    text twice (``'Ann van Dyke Ann van Dyke'``): a check for a name given twice (an attribute,
    a key, an option) never sees one in the tests' own texts, nor does a search that finds a
    word's first place where it meant a later one."""
    if not isinstance(text, str) or len(text) > MAX_WORD_REPEATED:
        return []
    words = text.split()
    if len(words) < 2:
        return []
    kept = text.rstrip()
    return [kept + " " + words[-1] + text[len(kept):], kept + " " + text.strip()]


def _with_inserts(text: Any, inserts: Sequence[Any]) -> List[Any]:
    """``text`` (a str, or bytes) with each short one of ``inserts`` of its type at its end, in
    its middle and between two copies of it, and each longer one (a word of the changed code)
    in its place."""
    out: List[Any] = []
    inserts = _of_type(text, inserts)
    placed, emptied = _inside(text, inserts)
    overlaid = [v for insert in inserts if _spliced(insert) for v in _overlaid(text, insert)]
    # a token the changed code looks for, where the text holds it, written otherwise in as many
    # characters: the text keeps its shape, and only a check of that token tells
    overlaid += [v for insert in inserts if _spliced(insert) for v in _replaced(text, insert)]
    # an operator the changed arm is decided on, in place of the text's own operator of a part
    # (``'>=1.2.3-alpha'`` → ``'<1.2.3-alpha'``): the same part under the other arm
    overlaid += [v for insert in inserts if _spliced(insert) for v in _in_place(text, insert)]
    # a quote the changed code reads, around a bare word of the text (``'"""a""" = 1'``)
    overlaid += [v for insert in inserts if _spliced(insert) for v in _quoted_words(text, insert)]
    for insert in inserts:
        middle = len(text) // 2
        # the text twice, joined by the insert: a delimiter the changed code looks for with a
        # part on each side of it (``':scope,:scope'``; one at the start a parser rejects)
        spliced = (text + insert, text[:middle] + insert + text[middle:], text + insert + text)
        for variant in spliced if _spliced(insert) else (insert,):
            if variant != text and variant not in out:
                out.append(variant)
    # inside a delimited part first: a parser takes the insert for part of a value there; then
    # laid over the text's own part of it, where the text already stands in the insert's shape
    first = [v for v in placed if v != text]
    first += [v for v in overlaid if v not in first]
    out = first + [v for v in out if v not in first]
    return out + [v for v in emptied if v not in out]


WORD = re.compile(r"[A-Za-z][\w-]*")
MAX_SWAPPED = 2  # known words of one text given one changed word


def _swapped(text: Any, insert: Any, known: Sequence[str]) -> List[str]:
    """``text`` with each of its first MAX_SWAPPED ``known`` words replaced by the word
    ``insert``: ``'quote-type: single'`` with ``'consistent'`` gives ``'quote-type:
    consistent'``."""
    if not known or not isinstance(text, str) or not isinstance(insert, str) or \
            _spliced(insert) or not WORD.fullmatch(insert):
        return []
    out: List[str] = []
    for match in WORD.finditer(text):
        if match.group(0) in known and match.group(0) != insert:
            out.append(text[:match.start()] + insert + text[match.end():])
            if len(out) >= MAX_SWAPPED:
                break
    return out


MAX_OVERLAID = 2  # variants of one text per insert


def _overlaid(text: str, insert: str) -> List[str]:
    """``text`` with ``insert`` laid over the longest start or end of it that the text holds,
    at its first and last place: ``'host:443'`` with ``']:'`` gives ``'host]:443'``.  Code that
    looks for a pair of characters is given the pair where the test's text holds one of them,
    so the rest of the text keeps its shape (a splice at the end or the middle breaks it)."""
    out: List[str] = []
    for size in range(len(insert) - 1, 0, -1):
        for part in (insert[-size:], insert[:size]):
            for at in (text.find(part), text.rfind(part)):
                if at < 0:
                    continue
                variant = text[:at] + insert + text[at + size:]  # the part is the insert's
                if variant != text and variant not in out:
                    out.append(variant)
        if out:
            return out[:MAX_OVERLAID]
    return out


def _spliced(insert: Any) -> bool:
    """A short insert, or an escape in full (``\\x41``), goes into a string; a word replaces it."""
    return len(insert) <= SPLICED or (isinstance(insert, str) and is_escape_form(insert))


def _of_type(text: Any, inserts: Sequence[Any]) -> List[Any]:
    """The inserts a str or bytes ``text`` can take: those of its type, and for bytes the
    ASCII strings encoded (code that decodes its input compares with text)."""
    if isinstance(text, str):
        return [i for i in inserts if isinstance(i, str)]
    out = [i for i in inserts if isinstance(i, bytes)]
    out += [i.encode() for i in inserts if isinstance(i, str) and i.isascii()]
    return list(dict.fromkeys(out))


MAX_REPLACED = 3  # places of one token in a text written otherwise, one variant each


def _replaced(text: Any, insert: Any) -> List[Any]:
    """``text`` with each of the first MAX_REPLACED places of ``insert`` in it written as as
    many other characters (``'\\r\\n'`` as ``'XX'``), one place at a time: a chunk's size line
    and its end hold the same token, and only one of them is the place a check changed."""
    other = (b"X" if isinstance(text, bytes) else "X") * len(insert)
    out: List[Any] = []
    at = text.find(insert) if insert and other != insert else -1
    while at >= 0 and len(out) < MAX_REPLACED:
        out.append(text[:at] + other + text[at + len(insert):])
        at = text.find(insert, at + len(insert))
    return out


SYMBOLS = re.compile(r"(?:(?<=\s)|^)[^\w\s'\"()\[\]{}.,;]+(?=\w)")
MAX_IN_PLACE = 2  # parts of one text given another operator


def _in_place(text: Any, insert: Any) -> List[Any]:
    """``text`` with the operator heading each of its first MAX_IN_PLACE parts (a run of
    symbols after a space or at the start, before a word character) written as ``insert``,
    itself such a run, one part at a time."""
    if not isinstance(text, str) or not isinstance(insert, str) or not insert or \
            any(ch.isalnum() or ch.isspace() for ch in insert):
        return []
    out: List[Any] = []
    for match in SYMBOLS.finditer(text):
        if match.group(0) != insert:
            out.append(text[:match.start()] + insert + text[match.end():])
            if len(out) >= MAX_IN_PLACE:
                break
    return out


BARE_WORD = re.compile(r"(?<![\w\"'`.-])[A-Za-z_][\w.-]*(?![\w\"'`])")
MAX_QUOTED = 2  # words of one text given the quote


def _quoted_words(text: Any, insert: Any) -> List[Any]:
    """``text`` with its first bare word, then the first of its second line, written between
    two copies of ``insert``, a run of two or three quote characters (``'a = 1'`` with
    ``'\"\"\"'`` gives ``'\"\"\"a\"\"\" = 1'``): a parser given a new way to quote reads
    the test's words only bare.  A single quote character is left to the other splices: code
    that escapes quotes handles one everywhere, and its tests' texts need those first."""
    if not isinstance(text, str) or not isinstance(insert, str) or len(insert) < 2 or \
            any(ch not in QUOTES for ch in insert):
        return []
    out: List[Any] = []
    lines = text.split("\n")
    starts = [0] + ([len(lines[0]) + 1] if len(lines) > 1 else [])
    for start in starts:
        match = BARE_WORD.search(text, start)
        if match is None:
            continue
        variant = text[:match.start()] + insert + match.group(0) + insert + text[match.end():]
        if variant not in out:
            out.append(variant)
    return out[:MAX_QUOTED]


PAIRS_OF = {'"': '"', "'": "'", "<": ">", "(": ")", "[": "]", "{": "}"}
MAX_PAIRS = 3  # delimited parts of one string given inside variants


def delimited(text: str) -> List[Tuple[int, int]]:
    """(start, end) of the contents of the first MAX_PAIRS delimited parts of ``text``: a
    quoted value, a bracketed one (``'[class^="te"]'``, ``'<a\\*b>'``, ``'k = "v"'``)."""
    found: List[Tuple[int, int]] = []
    at = 0
    while at < len(text) and len(found) < MAX_PAIRS:
        close = PAIRS_OF.get(text[at]) if not _apostrophe(text, at) else None
        end = text.find(close, at + 1) if close is not None else -1
        while close == "'" and end > 0 and _apostrophe(text, end):
            end = text.find(close, end + 1)
        if end < 0:
            at += 1
            continue
        found.append((at + 1, end))
        at = at + 1 if text[at] in "<([{" else end + 1  # brackets nest: look inside them too
    return found


def _apostrophe(text: str, at: int) -> bool:
    """``text[at]`` is an apostrophe inside a word (``don't``), not a quote."""
    return text[at] == "'" and 0 < at < len(text) - 1 and text[at - 1].isalnum() and \
        text[at + 1].isalnum()


def _inside(text: str, inserts: Sequence[str]) -> Tuple[List[str], List[str]]:
    """The structured string's variants: each short insert at the start of a delimited part
    (where a parser reads it as part of the value, not as stray syntax), then on both sides of
    the whole part (``'a <b> c'`` from ``'a<b>c'``: code that drops the part and collapses the
    separators it finds does both in some order, and only a part between two separators tells
    the orders apart) and, apart, each part emptied (``[class^=""]``: the empty value a change
    often starts to treat apart)."""
    placed: List[str] = []
    surrounded: List[str] = []
    emptied: List[str] = []
    for start, end in delimited(text):
        for insert in inserts:
            if _spliced(insert):
                placed.append(text[:start] + insert + text[start:])
                if end + 1 < len(text):  # the part with its delimiters, the insert around
                    surrounded.append(text[:start - 1] + insert + text[start - 1:end + 1] +
                                      insert + text[end + 1:])
        if end > start:
            emptied.append(text[:start] + text[end:])
    return placed + [v for v in surrounded if v not in placed], emptied


def _sized(text: Any, lengths: Sequence[int]) -> List[Any]:
    """``text`` (a str or bytes) repeated to each of ``lengths``."""
    if not isinstance(text, (str, bytes)) or not text:
        return []
    out: List[Any] = []
    for length in lengths:
        variant = (text * (length // len(text) + 1))[:length]
        if variant != text and variant not in out:
            out.append(variant)
    return out


def spelled_number(text: Any) -> List[Any]:
    """The number a short numeric string spells (``'1024'`` gives ``1024``, ``'2.5'`` gives
    ``2.5``): tests pass numbers as text where the API takes either, and a change in what it
    accepts shows only for the other type."""
    if not isinstance(text, str) or not NUMERIC.fullmatch(text):
        return []
    try:
        return [int(text)]
    except ValueError:
        number = float(text)
        return [number] if number == number and abs(number) != float("inf") else []


def signed_number(text: Any) -> List[Any]:
    """A short numeric string (or bytes) negated, and zero: ``b'10'`` gives ``b'-10'`` and
    ``b'0'``.  A structure's leaves get only their nearest neighbours (``b'9'``, ``b'11'``);
    a check added for a negative or zero count or size needs these."""
    if isinstance(text, bytes):
        return [v.encode("ascii") for v in signed_number(text.decode("latin-1"))]
    if not isinstance(text, str) or not NUMERIC.fullmatch(text):
        return []
    negated = text[1:] if text.startswith("-") else "-" + text.lstrip("+")
    return [v for v in (negated, "0") if v != text]


def _nested(raw: Any, variants: Callable[[Any], List[Any]]) -> List[Any]:
    """Copies of a list, tuple or dict literal with one string leaf (of its first MAX_LEAVES
    items, at any depth) replaced by each of its ``variants``, the leaves taking turns: a test's
    strings usually sit inside the structure the API takes (``[("Content-Length", "1")]``)."""
    per_leaf: List[List[Any]] = []
    if isinstance(raw, (list, tuple)):
        for index, item in enumerate(raw[:MAX_LEAVES]):
            found = variants(item) if isinstance(item, (str, bytes)) else _nested(item, variants)
            per_leaf.append([type(raw)(raw[:index]) + type(raw)([alt]) + raw[index + 1:]
                             for alt in found])
    elif isinstance(raw, dict):
        for name in list(raw)[:MAX_LEAVES]:
            item = raw[name]
            found = variants(item) if isinstance(item, (str, bytes)) else _nested(item, variants)
            per_leaf.append([{**raw, name: alt} for alt in found])
            # a data-driven test's inputs are often its table's keys (``{'>=1.2.7': [...]}``)
            keys = [alt for alt in variants(name) if alt not in raw] \
                if isinstance(name, (str, bytes)) else []
            per_leaf.append([{(alt if key == name else key): value
                              for key, value in raw.items()} for alt in keys])
    out: List[Any] = []
    for rank in range(max([len(leaf) for leaf in per_leaf] + [0])):
        out.extend(leaf[rank] for leaf in per_leaf if rank < len(leaf))
    return out[:MAX_NESTED]


def _alternatives(node: ast.AST, inserts: Sequence[str],
                  lengths: Sequence[int] = (),
                  rewrites: Sequence[Rewrite] = ()) -> List[ast.expr]:
    raw = literal_value(node)
    value = from_python(raw)
    if value is None:
        return []
    # A changed pattern's matches rewritten first: the most exact way into a changed pattern.
    late = [r for r in rewrites if r.late]
    rewrites = [r for r in rewrites if not r.late]
    spliced = [from_python(v) for v in rewritten(raw, rewrites)]
    if rewrites:
        spliced += [from_python(v) for v in _nested(raw, lambda leaf: rewritten(leaf, rewrites))]
    spliced += [from_python(v) for v in _with_inserts(raw, inserts)] \
        if isinstance(raw, (str, bytes)) else []
    # the operators the changed arm is decided on, in place of a structure's texts' own: few,
    # and each the same input under the other arm (before the crowd of splices below)
    spliced += [from_python(v) for v in _nested(raw, lambda leaf: [
        v for insert in inserts for v in _in_place(leaf, insert)])]
    spliced += [from_python(v) for v in _sized(raw, lengths)]
    spliced += [from_python(v) for v in _repeated_word(raw)]
    if inserts or lengths:
        # Sizes first inside a structure: a length check is rarer and more exact than a splice.
        spliced += [from_python(v) for v in _nested(raw, lambda leaf: _sized(leaf, lengths) + (
            _with_inserts(leaf, inserts) if isinstance(leaf, (str, bytes)) else []))]
    # The number a numeric string spells, in its place or inside the structure holding it.
    spliced += [from_python(v) for v in spelled_number(raw) + _nested(raw, spelled_number)]
    spliced += [from_python(v) for v in _nested(raw, signed_number)]
    if late:
        spliced += [from_python(v) for v in rewritten(raw, late) +
                    _nested(raw, lambda leaf: rewritten(leaf, late))]
    return _nodes([v for v in spliced if v is not None] + neighbours(value)[:NEIGHBOURS_PER_SITE])


def _alternating(first: List[ast.expr], second: List[ast.expr]) -> List[ast.expr]:
    out: List[ast.expr] = []
    for index in range(max(len(first), len(second))):
        out += first[index:index + 1] + second[index:index + 1]
    return out


def _nodes(values: List[Any]) -> List[ast.expr]:
    """The values (gen.values dicts) as expressions, those that need no import."""
    out = []
    for value in values:
        imports: Set[str] = set()
        text = render(value, imports)
        if imports:
            continue
        try:
            out.append(ast.parse(text, mode="eval").body)
        except (SyntaxError, ValueError, RecursionError):
            continue
    return out


def _swaps(node: ast.AST, inserts: Sequence[str], known: Sequence[str]) -> List[ast.expr]:
    """The string (or the strings inside the structure) at ``node`` with a ``known`` word
    given way to each longer insert: an option's value written as text (``'quote-type:
    single'``) given the changed code's word (``'consistent'``), which a configuration
    language reads where replacing the whole text gives it nothing to read."""
    raw = literal_value(node)
    if raw is None or not known:
        return []
    words = [i for i in inserts if isinstance(i, str) and not _spliced(i)]
    variants = [v for word in words for v in _swapped(raw, word, known)] + \
        _nested(raw, lambda leaf: [v for word in words for v in _swapped(leaf, word, known)])
    return _nodes([v for v in (from_python(x) for x in variants) if v is not None])


def _scalar(node: ast.AST) -> Any:
    """The string, bytes or number a literal site holds, or None (a structure, a flag)."""
    raw = literal_value(node)
    if isinstance(raw, bool) or not isinstance(raw, (str, bytes, int, float)):
        return None
    return raw


def _wrapped(node: ast.AST, wraps: Sequence[str],
             classes: Sequence[Tuple[str, str]] = ()) -> List[ast.expr]:
    """``SimpleNamespace(a=<the literal>)`` for each attribute ``a`` of ``wraps``, and
    ``C(<the literal>)`` for each (import line, ``C``) of ``classes``."""
    if _scalar(node) is None:
        return []
    out = []
    for name in wraps:
        call = ast.parse("SimpleNamespace(%s=%s)" % (name, ast.unparse(node)), mode="eval").body
        call.needs_import = WRAPPER_IMPORT  # type: ignore[attr-defined]
        out.append(call)
    for line, expression in classes:
        call = ast.parse("%s(%s)" % (expression, ast.unparse(node)), mode="eval").body
        call.needs_import = line  # type: ignore[attr-defined]
        out.append(call)
    return out


def _tupled(node: ast.AST) -> List[ast.expr]:
    """A scalar literal as a 1-tuple and a 2-tuple of itself: what ``%`` unpacks."""
    raw = _scalar(node)
    if raw is None:
        return []
    return _nodes([from_python((raw,)), from_python((raw, raw))])


def _with_imports(body: List[ast.stmt], lines: List[str]) -> List[ast.stmt]:
    """``body`` with the import ``lines`` after its ``__future__`` imports."""
    at = 0
    while at < len(body) and isinstance(body[at], ast.ImportFrom) and \
            body[at].module == "__future__":
        at += 1
    return body[:at] + [ast.parse(line).body[0] for line in lines] + body[at:]


def _render(tree: ast.Module, changes: List[Tuple[Site, ast.expr]]) -> Optional[str]:
    originals = [(site, site_node(site)) for site, _ in changes]
    imports = list(dict.fromkeys(getattr(node, "needs_import", "") for _site, node in changes))
    try:
        for site, node in changes:
            replace_site(site, node)
        return render_module(_with_imports(tree.body, [i for i in imports if i]))
    except (ValueError, RecursionError):
        return None
    finally:
        for site, node in originals:
            replace_site(site, node)


def _keys(value: Any) -> Set[str]:
    """``value`` and every item inside it, as comparable keys."""
    found = {repr(value)}
    items = value.values() if isinstance(value, dict) else value \
        if isinstance(value, (list, tuple, set, frozenset)) else ()
    for item in items:
        found |= _keys(item)
    return found


def focus_keys(text: Optional[str], lines: Sequence[int]) -> List[str]:
    """The literals (and the items inside them) of the statements of a test file's ``text``
    that span ``lines``, innermost statement per line: those that first ran a changed line."""
    if not text or not lines:
        return []
    statements = _statements(text)
    found: Set[str] = set()
    for line in set(lines):
        spanning = [(last - first, node) for first, last, node in statements
                    if first <= line <= last]
        if spanning:
            innermost = min(spanning, key=lambda pair: pair[0])[1]
            for site in sites(innermost, None):
                found |= _keys(literal_value(site_node(site)))
    return sorted(found)


@functools.lru_cache(maxsize=8)
def _statements(text: str) -> List[Tuple[int, int, ast.stmt]]:
    """(first line, last line, node) of every statement of a test file but the definitions;
    parsed once per file, which many tests share."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return []
    return [(node.lineno, node.end_lineno or node.lineno, node) for node in ast.walk(tree)
            if isinstance(node, ast.stmt) and
            not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]


Changes = Callable[[int], List[Tuple[Site, ast.expr]]]  # the replacements of one rank
MAX_REPEATED = 4  # literals written in several places of one test, changed together


def _single(found: List[Site], table: List[List[ast.expr]], index: int) -> Tuple[int, Changes]:
    return len(table[index]), lambda rank: [(found[index], table[index][rank])]


def _together(found: List[Site], table: List[List[ast.expr]], members: List[int]
              ) -> Tuple[int, Changes]:
    """The first member's alternatives, each put in every member's place: in place of a
    scalar site, and as the key or item it is inside a structure site."""
    first = table[members[0]]
    old = literal_value(site_node(found[members[0]]))

    def changes(rank: int) -> List[Tuple[Site, ast.expr]]:
        new = literal_value(first[rank])
        out: List[Tuple[Site, ast.expr]] = []
        for index in members:
            raw = literal_value(site_node(found[index]))
            if index == members[0] or isinstance(raw, (str, bytes, int, float)):
                out.append((found[index], copy.deepcopy(first[rank])))
                continue
            if new is None:
                continue  # the alternative is no literal: the structure keeps its item
            nodes = _nodes([v for v in (from_python(_put(raw, old, new)),) if v is not None])
            out += [(found[index], nodes[0])] if nodes else []
        return out

    return len(first), changes


def _put(raw: Any, old: Any, new: Any) -> Any:
    """``raw`` with every key and item equal to ``old`` (and of its type) replaced by ``new``."""
    if type(raw) is type(old) and raw == old:
        return new
    if isinstance(raw, dict):
        return {_put(k, old, new): _put(v, old, new) for k, v in raw.items()}
    if isinstance(raw, (list, tuple)):
        return type(raw)(_put(item, old, new) for item in raw)
    return raw


def _scalars(raw: Any) -> List[Any]:
    """The strings, bytes and numbers of a literal, its keys too."""
    if isinstance(raw, dict):
        return [s for k, v in raw.items() for s in _scalars(k) + _scalars(v)]
    if isinstance(raw, (list, tuple, set, frozenset)):
        return [s for item in raw for s in _scalars(item)]
    return [raw] if isinstance(raw, (str, bytes, int, float)) and not isinstance(raw, bool) \
        else []


def _repeated(found: List[Site]) -> List[List[int]]:
    """Groups of sites holding the same string, bytes or number (a key the test's input and
    its schema share), a site holding it alone first: changing one place alone takes the
    path of a missing key."""
    places: Dict[str, List[int]] = {}
    alone: Set[str] = set()
    for index, site in enumerate(found):
        raw = literal_value(site_node(site))
        for value in dict.fromkeys(_scalars(raw)):
            places.setdefault(repr(value), []).append(index)
            if raw is value:
                alone.add(repr(value))
    groups = []
    for value, members in places.items():
        scalar = [i for i in members if repr(literal_value(site_node(found[i]))) == value]
        if len(members) > 1 and value in alone and scalar:
            groups.append(scalar[:1] + [i for i in members if i != scalar[0]])
    return groups[:MAX_REPEATED]


def mutants(code: str, seed: int, inserts: Sequence[str] = (),
            lengths: Sequence[int] = (), focus: Sequence[str] = (),
            wraps: Sequence[str] = (), rewrites: Sequence[Rewrite] = (),
            known: Sequence[str] = (), classes: Sequence[Tuple[str, str]] = (),
            tuples: bool = False) -> Iterator[str]:
    """Mutant snippets of ``code``: single replacements round-robin, then seeded pairs.

    ``inserts`` are the strings the changed code handles (the characters it escapes, splits on
    or looks for: spliced into every string literal first, since a test's own strings rarely
    hold them; longer ones, its words, in a string literal's place); ``lengths`` are the
    lengths its length checks compare with, which a test's strings rarely reach.  The sites
    holding a ``focus`` literal (see ``focus_keys``) get all their replacements before any
    other site, and count among the MAX_SITES wherever they stand.  ``wraps`` (attributes the
    changed code newly unwraps values through) give every site's scalar wrapped first, and so
    do ``classes`` (the project classes its changed lines test values against: see
    :mod:`gen.checked_classes`).
    ``rewrites`` (see :mod:`gen.regex_rewrites`) replace the text a changed pattern matches
    in a string literal by texts its two versions read differently, before any insert.  A
    ``known`` word (one the target's code compares with) inside a string gives way to each
    longer insert first.  With ``tuples`` (a changed line formats with ``%``) each scalar is
    offered as a 1-tuple and a 2-tuple of itself right after the wrapped ones, a literal
    written in several places in all of them first."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError):
        return
    every = sites(tree, None)
    wanted = set(focus)
    near = [bool(wanted) and bool(wanted & _keys(literal_value(site_node(site))))
            for site in every]
    found = ([site for site, close in zip(every, near) if close] +
             [site for site, close in zip(every, near) if not close])[:MAX_SITES]
    options = [_alternatives(site_node(site), inserts, lengths, rewrites) for site in found]
    # each text also joined with the test's other texts, every other alternative (crossed.py)
    texts = [literal_value(site_node(site)) for site in found]
    for index, text in enumerate(texts):
        joined = _nodes([from_python(v) for v in crossed(text, texts[index + 1:] + texts[:index])])
        if joined:
            options[index] = _alternating(options[index], joined)
    given: Set[str] = {code}
    wrapped = [_wrapped(site_node(site), wraps, classes) for site in found] \
        if wraps or classes else []
    swapped = [_swaps(site_node(site), inserts, known) for site in found] if known else []
    tupled = [_tupled(site_node(site)) for site in found] if tuples else []
    # the wrapped scalars first, then the tuples (in every place a literal is written first),
    # then the swapped words: few, and each exactly what the change reads; then every site's
    # alternatives rank by rank, the sites near the change first; a literal the test writes in
    # several places also takes each alternative in all of them
    split = min(sum(near), len(found))
    phases = [[_single(found, wrapped, i) for i in range(len(wrapped))],
              [_together(found, tupled, members) for members in _repeated(found) if tupled] +
              [_single(found, tupled, i) for i in range(len(tupled))],
              [_single(found, swapped, i) for i in range(len(swapped))],
              [_single(found, options, i) for i in range(split)],
              [_single(found, options, i) for i in range(split, len(found))] +
              [_together(found, options, members) for members in _repeated(found)]]
    for phase in phases:
        for rank in range(max([size for size, _changes in phase] + [0])):
            for size, changes in phase:
                if rank < size:
                    text = _render(tree, changes(rank))
                    if text is not None and text not in given:
                        given.add(text)
                        yield text
    usable = [i for i, alternatives in enumerate(options) if alternatives]
    if len(usable) < 2:
        return
    rng = random.Random(seed)
    for _ in range(PAIRS):
        first, second = rng.sample(usable, 2)
        text = _render(tree, [(found[first], rng.choice(options[first])),
                              (found[second], rng.choice(options[second]))])
        if text is not None and text not in given:
            given.add(text)
            yield text
