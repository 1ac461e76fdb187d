"""Neighbours (for mutation) and strictly simpler variants (for shrinking) of values.

``neighbours`` moves a value a small step: ``c±1``, sign, doubling and halving for numbers; one
unit of the last decimal place for numeric strings; the empty string, case changes, padding,
one character more or less and ``\r\n`` line endings for strings; one element fewer, one more,
reversed or one element changed for containers; one argument changed for constructor calls.
``simpler`` only ever goes down a well-founded order (smaller magnitude, shorter, fewer
elements), so that repeated shrinking always terminates.
"""

from __future__ import annotations

import math
from decimal import Decimal, InvalidOperation
from typing import List, Set

from .values import (CONTAINERS, MAX_STR, Value, dedupe, key, python_number, size, vbool,
                     vdict, vfloat, vint, vseq)


def int_neighbours(v: int) -> List[int]:
    out = [v - 1, v + 1, -v, v * 2, v // 2, 0, 1, -1]
    return _uniq_ints([x for x in out if x != v])


def _uniq_ints(values: List[int]) -> List[int]:
    seen: Set[int] = set()
    out = []
    for x in values:
        if x not in seen:
            seen.add(x)
            out.append(x)
    return out


def decimal_text_neighbours(text: str) -> List[str]:
    """Neighbours of a decimal number written as text: one unit of the last place up and down."""
    try:
        d = Decimal(text.strip())
    except (InvalidOperation, ValueError):
        return []
    if not d.is_finite():
        return []
    exp = d.as_tuple().exponent
    unit = Decimal(1).scaleb(exp if isinstance(exp, int) else 0)
    out = [d - unit, d + unit, -d, d * 2, Decimal(0)]
    texts = []
    for x in out:
        t = str(x)
        if t != text and t not in texts and "E" not in t:
            texts.append(t)
    return texts


def is_numeric_text(text: str) -> bool:
    try:
        return Decimal(text.strip()).is_finite() and text.strip() != ""
    except (InvalidOperation, ValueError):
        return False


def str_variants(s: str) -> List[str]:
    """Boundary and case variants of a string (used for mined strings and mutation)."""
    out = [s, "", s.upper(), s.lower(), s.swapcase(), " " + s, s + " ", s[:-1], s + s[-1:],
           s + "x", s * 2]
    if "\n" in s:
        out += [s.replace("\r\n", "\n").replace("\n", "\r\n"), s.replace("\n", "\n\n"),
                s.rstrip("\n"), s.replace("\n", "\r")]
    elif s:
        out += [s + "\n", s + "\r\n"]
    if is_numeric_text(s):
        out = [s] + decimal_text_neighbours(s) + out[1:]
    seen: Set[str] = set()
    result = []
    for x in out:
        if x not in seen and len(x) <= MAX_STR:
            seen.add(x)
            result.append(x)
    return result


def neighbours(value: Value) -> List[Value]:
    """Small mutations of a value (same kind), nearest first."""
    kind = value.get("k")
    out: List[Value] = []
    if kind == "int":
        out = [vint(x) for x in int_neighbours(int(value["v"]))]
    elif kind == "float":
        f = float(str(value["v"]))
        if math.isfinite(f):
            cands = [f - 0.5, f + 0.5, -f, f * 2, f / 2, float(round(f)), 0.0]
            out = [vfloat(x) for x in cands if x != f]
    elif kind in ("str", "bytes"):
        s = str(value["v"])
        variants = str_variants(s)[1:]
        out = [{"k": kind, "v": x} for x in variants]
    elif kind == "bool":
        out = [vbool(not value["v"])]
    elif kind in CONTAINERS:
        items = value["items"]
        if items:
            out.append(vseq(kind, items[:-1]))
            out.append(vseq(kind, items[1:]))
            if kind in ("list", "tuple"):
                out.append(vseq(kind, items + [items[-1]]))
                out.append(vseq(kind, list(reversed(items))))
            for index, item in enumerate(items[:4]):
                for alt in neighbours(item)[:2]:
                    new = list(items)
                    new[index] = alt
                    out.append(vseq(kind, new))
        else:
            out.append(vseq(kind, [vint(0)]))
    elif kind == "dict":
        items = value["items"]
        if items:
            out.append(vdict([(k, v) for k, v in items[:-1]]))
            for index, (k, v) in enumerate(items[:4]):
                for alt in neighbours(v)[:2]:
                    new = [(a, b) for a, b in items]
                    new[index] = (k, alt)
                    out.append(vdict(new))
    elif kind == "call":
        args = value.get("args", [])
        for index, arg in enumerate(args):
            for alt in neighbours(arg)[:4]:
                new = dict(value)
                new["args"] = list(args)
                new["args"][index] = alt
                out.append(new)
        for index, (name, arg) in enumerate(value.get("kwargs", [])):
            for alt in neighbours(arg)[:3]:
                new = dict(value)
                new["kwargs"] = [list(p) for p in value["kwargs"]]
                new["kwargs"][index] = [name, alt]
                out.append(new)
    return dedupe([v for v in out if key(v) != key(value)])


def simpler(value: Value) -> List[Value]:
    """Strictly simpler values of the same kind, simplest first."""
    kind = value.get("k")
    out: List[Value] = []
    if kind == "int":
        v = int(value["v"])
        cands = [0, 1, -1 if v < 0 else 1, v // 2 if v > 0 else -((-v) // 2),
                 v - 1 if v > 0 else v + 1, abs(v)]
        out = [vint(x) for x in cands]
    elif kind == "float":
        f = float(str(value["v"]))
        cands = [0.0, 1.0, float(int(f)) if math.isfinite(f) else 0.0,
                 round(f, 1) if math.isfinite(f) else 0.0, abs(f) if math.isfinite(f) else 0.0]
        out = [vfloat(x) for x in cands]
        if math.isfinite(f) and f == int(f) and abs(f) < 1e15:
            out.insert(0, vint(int(f)))
    elif kind in ("str", "bytes"):
        s = str(value["v"])
        quarter = len(s) // 4
        cands = ["", s[:1], s[: len(s) // 2], s[len(s) // 2:], s[: len(s) - quarter],
                 s[quarter:], s[:-1], s[1:], s.strip(), s.lower()]
        if is_numeric_text(s):
            try:
                d = Decimal(s.strip())
                cands = ["0", str(int(d)) if abs(d) < 10 ** 18 else "0",
                         str(d.normalize()) if "E" not in str(d.normalize()) else s] + cands
            except (InvalidOperation, ValueError, OverflowError):
                pass
        out = [{"k": kind, "v": x} for x in cands]
    elif kind == "bool":
        out = [vbool(False)] if value["v"] else []
    elif kind in CONTAINERS:
        items = value["items"]
        # keep some elements first (``x in obj`` needs one), the empty container after
        out = [vseq(kind, items[: len(items) // 2]), vseq(kind, items[:1]), vseq(kind, [])]
        out += [vseq(kind, items[:i] + items[i + 1:]) for i in range(min(len(items), 6))]
        for index, item in enumerate(items[:6]):
            for alt in simpler(item)[:3]:
                new = list(items)
                new[index] = alt
                out.append(vseq(kind, new))
    elif kind == "dict":
        items = value["items"]
        out = [vdict([]), vdict([(k, v) for k, v in items[:1]])]
        out += [vdict([(k, v) for k, v in items[:i] + items[i + 1:]])
                for i in range(min(len(items), 6))]
        for index, (k, v) in enumerate(items[:6]):
            for alt in simpler(v)[:3]:
                new = [(a, b) for a, b in items]
                new[index] = (k, alt)
                out.append(vdict(new))
    elif kind == "call":
        kwargs = value.get("kwargs", [])
        for index in range(len(kwargs)):
            new = dict(value)
            new["kwargs"] = [list(p) for j, p in enumerate(kwargs) if j != index]
            out.append(new)
        args = value.get("args", [])
        for index, arg in enumerate(args):
            for alt in simpler(arg)[:4]:
                new = dict(value)
                new["args"] = list(args)
                new["args"][index] = alt
                out.append(new)
        for index, (name, arg) in enumerate(kwargs):
            for alt in simpler(arg)[:3]:
                new = dict(value)
                new["kwargs"] = [list(p) for p in kwargs]
                new["kwargs"][index] = [name, alt]
                out.append(new)
    return dedupe([v for v in out if simpler_than(v, value)])


def simpler_than(candidate: Value, value: Value) -> bool:
    """A strict order, so that repeated shrinking always terminates."""
    a, b = python_number(candidate), python_number(value)
    if candidate.get("k") in ("int", "float") and value.get("k") in ("int", "float") \
            and a is not None and b is not None:
        try:
            ka = (abs(a), a < 0, candidate.get("k") == "float")
            kb = (abs(b), b < 0, value.get("k") == "float")
            return ka < kb  # type: ignore[operator]
        except (TypeError, ValueError, OverflowError):
            return False
    return size(candidate) < size(value)
