"""Small generic value pools per type, used when nothing better is known.

Parameter names bias the pools (``text`` → multi-line strings with ``\\r\\n`` forms, ``path`` →
paths, ``amount`` → money-like numbers, ``count`` → small integers, ``items`` → lists ...).  The
biases are generic naming conventions, never names of a particular project.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

from .values import (Value, vbool, vbytes, vcall, vdecimal, vdict, vexpr, vfloat, vint, vnone,
                     vseq, vstr)

INTS = [0, 1, -1, 2, 10, 100, 3, -10, 255, 1000, 10 ** 9]
FLOATS = [0.5, 0.0, 1.0, -1.5, 2.5, 0.125, 0.1, 100.0, 1e9, -0.0, 1e-09]
STRS = ["abc", "", "a", " a ", "A-1", "Hello, World!", "a\r\nb", "line 1\nline 2\n", "0",
        "1.5", "é€", "a,b;c", "\t", "None"]
NUMERIC_STRS = ["1.50", "0", "1", "0.125", "2.5", "-3", "100", "0.005", "1234.5", "abc", ""]
BYTES = [b"abc", b"", b"a", b"\x00\xff", b"a\r\nb", b"Hello"]
DECIMALS = ["1.50", "0", "0.125", "2.5", "-3", "100", "0.005", "1234.5", "1E+3"]

# name token -> (kind, pool); the first matching token wins (order matters)
_NAME_BIAS: List[Tuple[Tuple[str, ...], str, List[object]]] = [
    (("func", "fn", "callback", "predicate", "factory", "hook", "handler", "transform",
      "callable", "default_factory", "cmp", "key_func", "keyfunc"), "callable", []),
    (("path", "file", "filename", "dir", "directory", "folder", "dirname"), "str",
     ["a/b.txt", "file.txt", "", "/", "a\\b", "../x", "dir/", "a b.txt"]),
    (("url", "uri", "link", "href", "endpoint"), "str",
     ["http://example.com/a?b=1", "https://example.com/", "", "example.com", "HTTP://X.COM",
      "http://user@example.com:8080/a/b?c=1#top"]),
    (("email", "mail"), "str", ["user@example.com", "a@b", "", "USER@EXAMPLE.COM", "@"]),
    (("sep", "separator", "delimiter", "delim"), "str", [",", ";", "", " ", "\t", "\n"]),
    (("encoding", "charset"), "str", ["utf-8", "latin-1", "ascii", "UTF-8", ""]),
    (("currency",), "str", ["EUR", "USD", "JPY", "GBP", "eur", "", "XXX"]),
    (("date", "day", "when", "since", "until", "time", "timestamp", "datetime", "dt"), "str",
     ["2024-01-31", "2024-02-29T12:30:00", "1999-12-31 23:59:59", "Jan 31 2024 10:00",
      "31/01/2024", "12:30", "", "2024-13-01", "2024-01-31T12:30:00+02:00", "01/02/03",
      "Thu Sep 25 10:36:28 2003"]),
    (("pattern", "regex", "glob"), "str", ["a*", "^abc$", "*.txt", "", "["]),
    (("text", "content", "contents", "body", "source", "raw", "input", "message",
      "msg", "line", "lines", "csv", "html", "s", "string", "src", "template", "fmt",
      "format"), "str",
     ["abc", "Hello, World!", "line 1\nline 2\n", "a;b;c\r\nd;e;f\r\n", "", "  padded  ",
      "a\tb", "# comment\nx = 1\n", "\n\n", "A-1;2;1.50;Pen\r\n\r\n", "é€"]),
    (("name", "key", "title", "label", "id", "ident", "sku", "code", "tag", "word", "token",
      "prefix", "suffix", "field", "attr", "column", "slug", "user", "username"), "str",
     ["abc", "A-1", "", "ABC", "a b", "x_1", "a-1", " abc"]),
    (("amount", "price", "value", "total", "cost", "balance", "rate", "fee", "tax", "money",
      "sum", "salary", "discount", "ratio", "percent", "factor", "weight", "score"), "number",
     [1.5, 0, 100, 0.125, 2.5, -1, 0.005, 1234.5, 10 ** 9]),
    (("count", "n", "num", "number", "size", "length", "len", "limit", "quantity", "qty",
      "index", "idx", "i", "j", "k", "width", "height", "depth", "level", "max", "min",
      "offset", "start", "end", "stop", "step", "times", "retries", "port", "year", "month",
      "precision", "places", "digits", "base", "pos", "position", "page", "total_count"),
     "int", [0, 1, 2, -1, 10, 100, 3, 1000, 99, 101]),
    (("items", "values", "elements", "seq", "sequence", "list", "xs", "entries", "records",
      "rows", "args", "numbers", "nums", "lst", "array", "arr", "iterable", "words", "parts"),
     "list", []),
    (("flag", "enabled", "strict", "verbose", "force", "debug", "reverse", "recursive",
      "inplace", "quiet", "dry_run", "check", "allow"), "bool", [True, False]),
]


def name_tokens(name: str) -> List[str]:
    lowered = name.lower().strip("_")
    tokens = [t for t in lowered.split("_") if t]
    out = [lowered] + tokens
    if lowered.startswith(("is_", "has_", "use_", "allow_", "should_", "can_")):
        out.insert(0, "flag")
    return out


def name_bias(name: Optional[str]) -> Optional[Tuple[str, List[object]]]:
    """(kind, pool) suggested by a parameter name, if any."""
    if not name:
        return None
    tokens = name_tokens(name)
    for token in tokens:
        for names, kind, pool in _NAME_BIAS:
            if token in names:
                return kind, pool
    lowered = name.lower()
    for names, kind, pool in _NAME_BIAS:  # compound names: timestr, filepath, username
        if any(len(n) >= 4 and n in lowered for n in names):
            return kind, pool
    if tokens and tokens[-1].endswith("s") and len(tokens[-1]) > 3 and \
            not tokens[-1].endswith("ss"):
        return "list", []
    return None


def _to_values(pool: Sequence[object], src: str = "pool") -> List[Value]:
    out: List[Value] = []
    for item in pool:
        if isinstance(item, bool):
            out.append(vbool(item, src))
        elif isinstance(item, int):
            out.append(vint(item, src))
        elif isinstance(item, float):
            out.append(vfloat(item, src))
        elif isinstance(item, str):
            out.append(vstr(item, src))
        elif isinstance(item, bytes):
            out.append(vbytes(item, src))
    return out


def pool(kind: str, name: Optional[str] = None, numeric_text: bool = False) -> List[Value]:
    """Generic values of one kind: int, float, str, bytes, bool, decimal, fraction, date,
    datetime, time, timedelta, complex, path, list, dict, any."""
    bias = name_bias(name)
    if kind == "int":
        base = _to_values(INTS)
        if bias and bias[0] in ("int", "number"):
            base = _to_values([v for v in bias[1] if isinstance(v, int)]) + base
        return base
    if kind == "float":
        base = _to_values(FLOATS)
        if bias and bias[0] == "number":
            base = _to_values([float(v) for v in bias[1] if isinstance(v, (int, float))]) + base
        return base
    if kind == "str":
        if numeric_text or (bias and bias[0] == "number"):
            return _to_values(NUMERIC_STRS) + _to_values(STRS[:4])
        if bias and bias[0] == "str":
            return _to_values(bias[1]) + _to_values(STRS)
        if bias and bias[0] == "int":
            return _to_values(["0", "1", "10", "-1", "", "abc"]) + _to_values(STRS[:3])
        return _to_values(STRS)
    if kind == "bytes":
        return _to_values(BYTES)
    if kind == "bool":
        return [vbool(False, "pool"), vbool(True, "pool")]
    if kind == "decimal":
        return [vdecimal(t, "pool") for t in DECIMALS]
    if kind == "fraction":
        imp = ["from fractions import Fraction"]
        return [vcall("Fraction", imp, [vint(a), vint(b)], src="pool")
                for a, b in ((1, 2), (0, 1), (-3, 4), (10, 3), (5, 1))]
    if kind == "date":
        imp = ["from datetime import date"]
        return [vcall("date", imp, [vint(y), vint(m), vint(d)], src="pool")
                for y, m, d in ((2024, 1, 31), (2024, 2, 29), (1999, 12, 31), (2023, 3, 1),
                                (1970, 1, 1))]
    if kind == "datetime":
        imp = ["from datetime import datetime"]
        return [vcall("datetime", imp, [vint(x) for x in parts], src="pool")
                for parts in ((2024, 1, 31, 12, 30), (2024, 2, 29, 0, 0), (1999, 12, 31, 23, 59),
                              (1970, 1, 1, 0, 0))]
    if kind == "time":
        imp = ["from datetime import time"]
        return [vcall("time", imp, [vint(h), vint(m)], src="pool")
                for h, m in ((12, 30), (0, 0), (23, 59))]
    if kind == "timedelta":
        imp = ["from datetime import timedelta"]
        return [vcall("timedelta", imp, [], [(unit, vint(n))], src="pool")
                for unit, n in (("days", 1), ("seconds", 0), ("hours", -2), ("days", 400))]
    if kind == "complex":
        return [vcall("complex", [], [vint(a), vint(b)], src="pool")
                for a, b in ((1, 2), (0, 0), (-1, 1))]
    if kind == "path":
        imp = ["from pathlib import Path"]
        return [vcall("Path", imp, [vstr(s)], src="pool")
                for s in ("a/b.txt", "file.txt", ".", "dir/sub/")]
    if kind == "list":
        return [vseq("list", [], "pool"), vseq("list", [vint(1), vint(2)], "pool"),
                vseq("list", [vint(3), vint(1), vint(2)], "pool"),
                vseq("list", [vstr("a"), vstr("b")], "pool"),
                vseq("list", [vint(1), vint(1)], "pool")]
    if kind == "dict":
        return [vdict([], "pool"), vdict([(vstr("a"), vint(1))], "pool"),
                vdict([(vstr("a"), vint(1)), (vstr("b"), vint(2))], "pool")]
    return mixed(name)


def mixed(name: Optional[str] = None) -> List[Value]:
    """Values of several types for an untyped parameter, biased by its name."""
    bias = name_bias(name)
    lead: List[Value] = []
    if bias is not None:
        kind = bias[0]
        if kind == "list":
            lead = pool("list")
        elif kind == "number":
            lead = _to_values(bias[1]) + _to_values(NUMERIC_STRS[:4])
        else:
            lead = _to_values(bias[1])
    if bias is not None and bias[0] == "callable":
        return callables()
    rest = [vint(1, "pool"), vstr("abc", "pool"), vint(0, "pool"), vnone("pool"),
            vint(-1, "pool"), vstr("", "pool"), vseq("list", [vint(1), vint(2)], "pool"),
            vfloat(2.5, "pool"), vbool(True, "pool"), vdict([(vstr("a"), vint(1))], "pool"),
            vstr("A-1", "pool"), vint(100, "pool"), vstr("a\r\nb", "pool")]
    return lead + rest


def callables() -> List[Value]:
    """Simple lambdas for a callable parameter (identity first: a key/transform function)."""
    return [vexpr("lambda x: x", [], "pool"), vexpr("lambda x: -x", [], "pool"),
            vexpr("len", [], "pool"), vexpr("str.lower", [], "pool"),
            vexpr("lambda *args, **kwargs: None", [], "pool")]


EXTERNAL_KINDS: Dict[str, str] = {
    "decimal.Decimal": "decimal", "fractions.Fraction": "fraction", "datetime.date": "date",
    "datetime.datetime": "datetime", "datetime.time": "time", "datetime.timedelta": "timedelta",
    "pathlib.Path": "path", "pathlib.PurePath": "path", "pathlib.PosixPath": "path",
    "os.PathLike": "path", "numbers.Number": "number", "numbers.Real": "float",
    "numbers.Integral": "int", "numbers.Rational": "fraction",
}
