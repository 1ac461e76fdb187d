"""Value expressions: the JSON-serialisable leaves of a genome, their rendering and neighbours.

A value is a dict with a kind ``k``:

* ``{"k": "int", "v": 5}``, ``{"k": "float", "v": "0.5"}`` (the float's repr; ``inf``/``nan``
  render as ``float('inf')``), ``{"k": "str", "v": "abc"}``, ``{"k": "bytes", "v": "abc"}``
  (code points 0-255), ``{"k": "bool", "v": true}``, ``{"k": "none"}``;
* ``{"k": "list" | "tuple" | "set" | "frozenset", "items": [...]}``,
  ``{"k": "dict", "items": [[key, value], ...]}``;
* ``{"k": "call", "fn": "Decimal", "imports": ["from decimal import Decimal"], "args": [...],
  "kwargs": [[name, value], ...], "obj": true|false}`` - a constructor or factory call (``obj``:
  the result is a mutable object, e.g. an instance of a project class);
* ``{"k": "expr", "code": "Color.RED", "imports": [...]}`` - any other expression (enum members,
  lambdas);
* ``{"k": "like_obj"}`` - a second instance built exactly like the snippet's receiver object.

An optional ``"src"`` field records where the value came from (``mined``, ``doc``, ``default``,
``hint``, ``pool``); it never changes the rendered code.
"""

from __future__ import annotations

import ast
import json
import math
from decimal import Decimal, InvalidOperation
from typing import Any, Dict, List, Optional, Set, Tuple

Value = Dict[str, Any]

CONTAINERS = ("list", "tuple", "set", "frozenset")
MAX_STR = 200


def vint(v: int, src: Optional[str] = None) -> Value:
    return _src({"k": "int", "v": int(v)}, src)


def vfloat(v: float, src: Optional[str] = None) -> Value:
    return _src({"k": "float", "v": repr(float(v))}, src)


def vstr(v: str, src: Optional[str] = None) -> Value:
    return _src({"k": "str", "v": v}, src)


def vbytes(v: bytes, src: Optional[str] = None) -> Value:
    return _src({"k": "bytes", "v": v.decode("latin-1")}, src)


def vbool(v: bool, src: Optional[str] = None) -> Value:
    return _src({"k": "bool", "v": bool(v)}, src)


def vnone(src: Optional[str] = None) -> Value:
    return _src({"k": "none"}, src)


def vseq(kind: str, items: List[Value], src: Optional[str] = None) -> Value:
    return _src({"k": kind, "items": list(items)}, src)


def vdict(items: List[Tuple[Value, Value]], src: Optional[str] = None) -> Value:
    return _src({"k": "dict", "items": [[k, v] for k, v in items]}, src)


def vcall(fn: str, imports: List[str], args: List[Value],
          kwargs: Optional[List[Tuple[str, Value]]] = None, obj: bool = False,
          src: Optional[str] = None) -> Value:
    return _src({"k": "call", "fn": fn, "imports": sorted(set(imports)), "args": list(args),
                 "kwargs": [[n, v] for n, v in (kwargs or [])], "obj": bool(obj)}, src)


def vexpr(code: str, imports: Optional[List[str]] = None, src: Optional[str] = None) -> Value:
    return _src({"k": "expr", "code": code, "imports": sorted(set(imports or []))}, src)


def vlike_obj() -> Value:
    return {"k": "like_obj"}


def vdecimal(text: str, src: Optional[str] = None) -> Value:
    return vcall("Decimal", ["from decimal import Decimal"], [vstr(text)], src=src)


def _src(value: Value, src: Optional[str]) -> Value:
    if src:
        value["src"] = src
    return value


def with_src(value: Value, src: str) -> Value:
    out = dict(value)
    out["src"] = src
    return out


def strip_src(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: strip_src(v) for k, v in value.items() if k != "src"}
    if isinstance(value, list):
        return [strip_src(v) for v in value]
    return value


_KEYS: Dict[int, Tuple[Any, str]] = {}


def key(value: Value) -> str:
    """Canonical text of a value (origin tags ignored): equal keys render the same code.

    Values are never mutated once built, so keys are memoised by identity (the memo holds a
    reference, so an id cannot be reused while it is cached); :func:`reset_keys` clears it.
    """
    entry = _KEYS.get(id(value))
    if entry is not None and entry[0] is value:
        return entry[1]
    text = json.dumps(strip_src(value), sort_keys=True, ensure_ascii=True)
    if len(_KEYS) > 200000:
        _KEYS.clear()
    _KEYS[id(value)] = (value, text)
    return text


def reset_keys() -> None:
    _KEYS.clear()


# ---------------------------------------------------------------------------------------------
# Rendering


def render(value: Value, imports: Set[str], like: Optional[str] = None) -> str:
    """Python source for ``value``; the imports it needs are added to ``imports``."""
    kind = value.get("k")
    if kind == "int":
        return repr(int(value["v"]))
    if kind == "float":
        text = str(value["v"])
        if text in ("inf", "-inf", "nan"):
            return "float(%r)" % text
        return text
    if kind == "str":
        return repr(str(value["v"]))
    if kind == "bytes":
        return repr(str(value["v"]).encode("latin-1", "replace"))
    if kind == "bool":
        return "True" if value["v"] else "False"
    if kind == "none":
        return "None"
    if kind in CONTAINERS:
        parts = [render(item, imports, like) for item in value["items"]]
        if kind == "list":
            return "[%s]" % ", ".join(parts)
        if kind == "tuple":
            return "(%s,)" % parts[0] if len(parts) == 1 else "(%s)" % ", ".join(parts)
        if not parts:
            return "set()" if kind == "set" else "frozenset()"
        inner = "{%s}" % ", ".join(parts)
        return inner if kind == "set" else "frozenset(%s)" % inner
    if kind == "dict":
        return "{%s}" % ", ".join("%s: %s" % (render(k, imports, like), render(v, imports, like))
                                  for k, v in value["items"])
    if kind == "call":
        imports.update(value.get("imports", []))
        parts = [render(a, imports, like) for a in value.get("args", [])]
        parts += ["%s=%s" % (n, render(v, imports, like)) for n, v in value.get("kwargs", [])]
        return "%s(%s)" % (value["fn"], ", ".join(parts))
    if kind == "expr":
        imports.update(value.get("imports", []))
        return str(value["code"])
    if kind == "like_obj":
        return like if like is not None else "None"
    raise ValueError("unknown value kind: %r" % (kind,))


def is_mutable(value: Value) -> bool:
    kind = value.get("k")
    return kind in ("list", "dict", "set") or (kind == "call" and bool(value.get("obj"))) \
        or kind == "like_obj"


def tag(value: Value) -> str:
    """A coarse type tag: int, float, str, ..., ``call:Decimal``, ``expr``."""
    kind = str(value.get("k"))
    if kind == "call":
        return "call:" + str(value.get("fn"))
    return kind


# ---------------------------------------------------------------------------------------------
# Size (simplicity) and Python values


def size(value: Value) -> int:
    """A simplicity measure: smaller is simpler (used by shrink and to order candidates)."""
    kind = value.get("k")
    if kind == "int":
        v = abs(int(value["v"]))
        return 1 + (0 if v == 0 else v.bit_length()) + (1 if int(value["v"]) < 0 else 0)
    if kind == "float":
        return 2 + len(str(value["v"]))
    if kind in ("str", "bytes"):
        return 1 + len(str(value["v"]))
    if kind in ("bool", "none", "like_obj"):
        return 1
    if kind in CONTAINERS:
        return 1 + sum(size(i) + 1 for i in value["items"])
    if kind == "dict":
        return 1 + sum(size(k) + size(v) + 1 for k, v in value["items"])
    if kind == "call":
        return 2 + sum(size(a) for a in value.get("args", [])) + \
            sum(size(v) + 2 for _n, v in value.get("kwargs", []))
    if kind == "expr":
        return 2 + len(str(value.get("code", ""))) // 4
    return 10


def from_python(obj: Any, src: Optional[str] = None, depth: int = 0) -> Optional[Value]:
    """A value for a literal Python object (None when it is not a plain literal)."""
    if depth > 6:
        return None
    if obj is None:
        return vnone(src)
    if isinstance(obj, bool):
        return vbool(obj, src)
    if isinstance(obj, int):
        return vint(obj, src) if abs(obj) < 10 ** 30 else None
    if isinstance(obj, float):
        return vfloat(obj, src)
    if isinstance(obj, str):
        return vstr(obj, src) if len(obj) <= 2000 else None
    if isinstance(obj, bytes):
        return vbytes(obj, src) if len(obj) <= 2000 else None
    if isinstance(obj, Decimal):
        return vdecimal(str(obj), src)
    if isinstance(obj, (list, tuple, set, frozenset)):
        items = [from_python(i, None, depth + 1) for i in obj]
        if any(i is None for i in items) or len(items) > 50:
            return None
        kind = {list: "list", tuple: "tuple", set: "set", frozenset: "frozenset"}[type(obj)] \
            if type(obj) in (list, tuple, set, frozenset) else "list"
        if kind in ("set", "frozenset"):
            items = sorted(items, key=key)  # type: ignore[arg-type]
        return vseq(kind, items, src)  # type: ignore[arg-type]
    if isinstance(obj, dict):
        pairs = []
        for k, v in obj.items():
            kv, vv = from_python(k, None, depth + 1), from_python(v, None, depth + 1)
            if kv is None or vv is None:
                return None
            pairs.append((kv, vv))
        return vdict(pairs, src) if len(pairs) <= 50 else None
    return None


def python_number(value: Value) -> Optional[Any]:
    """The number a value stands for (int, float, Decimal), if it is a numeric literal."""
    kind = value.get("k")
    if kind == "int":
        return int(value["v"])
    if kind == "float":
        return float(str(value["v"]))
    if kind == "call" and value.get("fn") == "Decimal" and len(value.get("args", [])) == 1:
        arg = value["args"][0]
        if arg.get("k") == "str":
            try:
                return Decimal(arg["v"])
            except (InvalidOperation, ValueError):
                return None
        if arg.get("k") == "int":
            return Decimal(arg["v"])
    return None


# ---------------------------------------------------------------------------------------------
# Neighbours (mutation) and simpler variants (shrink)


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
    return _dedupe([v for v in out if key(v) != key(value)])


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
        cands = ["", s[:1], s[: len(s) // 2], s[:-1], s[1:], s.strip(), s.lower()]
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
        out = [vseq(kind, []), vseq(kind, items[:1]), vseq(kind, items[: len(items) // 2])]
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
    return _dedupe([v for v in out if _simpler_than(v, value)])


def _simpler_than(candidate: Value, value: Value) -> bool:
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


def _dedupe(values: List[Value]) -> List[Value]:
    seen: Set[str] = set()
    out = []
    for v in values:
        k = key(v)
        if k not in seen:
            seen.add(k)
            out.append(v)
    return out


dedupe = _dedupe


def literal_of(node: ast.AST) -> Optional[Any]:
    """``ast.literal_eval`` that never raises (None when the node is not a literal)."""
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
