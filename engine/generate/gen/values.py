"""Value expressions: the JSON-serialisable leaves of a genome, their rendering and size.

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
* ``{"k": "like_obj"}`` - a second instance built exactly like the snippet's receiver object;
* ``{"k": "alias", "of": "items"}`` - the very object an earlier argument ``items`` is bound to
  (``"of": ""``: the receiver itself), for aliasing.

``call`` and ``expr`` values may carry ``"defs"``: the source of small helper classes or
functions the expression needs (a ``Mapping`` that is not a dict, say), written after the
imports of the snippet.

An optional ``"src"`` field records where the value came from (``mined``, ``doc``, ``default``,
``hint``, ``pool``); it never changes the rendered code.
"""

from __future__ import annotations

import ast
import json
from decimal import Decimal, InvalidOperation
from typing import Any, Callable, Dict, Hashable, List, Optional, Set, Tuple

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
          src: Optional[str] = None, defs: Optional[List[str]] = None) -> Value:
    value = {"k": "call", "fn": fn, "imports": sorted(set(imports)), "args": list(args),
             "kwargs": [[n, v] for n, v in (kwargs or [])], "obj": bool(obj)}
    if defs:
        value["defs"] = sorted(set(defs))
    return _src(value, src)


def vexpr(code: str, imports: Optional[List[str]] = None, src: Optional[str] = None,
          defs: Optional[List[str]] = None) -> Value:
    value = {"k": "expr", "code": code, "imports": sorted(set(imports or []))}
    if defs:
        value["defs"] = sorted(set(defs))
    return _src(value, src)


def vlike_obj() -> Value:
    return {"k": "like_obj"}


def valias(of: str) -> Value:
    return {"k": "alias", "of": of}


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


def render(value: Value, imports: Set[str], like: Optional[str] = None,
           aliases: Optional[Dict[str, str]] = None) -> str:
    """Python source for ``value``; the imports (and helper definitions) it needs are added to
    ``imports``; ``aliases`` names the variables earlier arguments (and the receiver, "") are
    bound to."""
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
        parts = [render(item, imports, like, aliases) for item in value["items"]]
        if kind == "list":
            return "[%s]" % ", ".join(parts)
        if kind == "tuple":
            return "(%s,)" % parts[0] if len(parts) == 1 else "(%s)" % ", ".join(parts)
        if not parts:
            return "set()" if kind == "set" else "frozenset()"
        inner = "{%s}" % ", ".join(parts)
        return inner if kind == "set" else "frozenset(%s)" % inner
    if kind == "dict":
        return "{%s}" % ", ".join("%s: %s" % (render(k, imports, like, aliases),
                                               render(v, imports, like, aliases))
                                  for k, v in value["items"])
    if kind == "call":
        imports.update(value.get("imports", []))
        imports.update(value.get("defs", []))
        parts = [render(a, imports, like, aliases) for a in value.get("args", [])]
        parts += ["%s=%s" % (n, render(v, imports, like, aliases))
                  for n, v in value.get("kwargs", [])]
        return "%s(%s)" % (value["fn"], ", ".join(parts))
    if kind == "expr":
        imports.update(value.get("imports", []))
        imports.update(value.get("defs", []))
        return str(value["code"])
    if kind == "like_obj":
        return like if like is not None else "None"
    if kind == "alias":
        target = (aliases or {}).get(str(value.get("of")))
        if target is None:
            raise ValueError("alias of an argument that is not bound: %r" % (value.get("of"),))
        return target
    raise ValueError("unknown value kind: %r" % (kind,))


def is_value(value: Any, depth: int = 0) -> bool:
    """Whether ``value`` is a well-formed value (feedback genomes come from outside)."""
    if not isinstance(value, dict) or depth > 50:
        return False
    kind = value.get("k")
    if kind == "int":
        return isinstance(value.get("v"), int)
    if kind == "float":
        try:
            float(str(value.get("v")))
        except ValueError:
            return False
        return True
    if kind in ("str", "bytes"):
        return isinstance(value.get("v"), str)
    if kind == "bool":
        return isinstance(value.get("v"), bool)
    if kind in ("none", "like_obj"):
        return True
    if kind == "alias":
        return isinstance(value.get("of"), str)
    if kind in CONTAINERS:
        items = value.get("items")
        return isinstance(items, list) and all(is_value(i, depth + 1) for i in items)
    if kind == "dict":
        items = value.get("items")
        return isinstance(items, list) and all(
            isinstance(p, list) and len(p) == 2 and is_value(p[0], depth + 1) and
            is_value(p[1], depth + 1) for p in items)
    if not _defs_ok(value.get("defs", [])):
        return False
    if kind == "call":
        return isinstance(value.get("fn"), str) and \
            isinstance(value.get("imports", []), list) and \
            all(isinstance(i, str) for i in value.get("imports", [])) and \
            isinstance(value.get("args", []), list) and \
            all(is_value(a, depth + 1) for a in value.get("args", [])) and \
            isinstance(value.get("kwargs", []), list) and all(
                isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) and
                is_value(p[1], depth + 1) for p in value.get("kwargs", []))
    if kind == "expr":
        return isinstance(value.get("code"), str) and \
            isinstance(value.get("imports", []), list) and \
            all(isinstance(i, str) for i in value.get("imports", []))
    return False


def _defs_ok(defs: Any) -> bool:
    return isinstance(defs, list) and all(isinstance(d, str) and
                                          d.startswith(("class ", "def ")) for d in defs)


def is_mutable(value: Value) -> bool:
    kind = value.get("k")
    return kind in ("list", "dict", "set") or (kind == "call" and bool(value.get("obj"))) \
        or kind == "like_obj" or (kind == "expr" and value.get("show") == "vars")


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
    if kind in ("bool", "none", "like_obj", "alias"):
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
    if isinstance(obj, int):  # the pipeline's JSON keeps 64-bit integers exact, no more
        return vint(obj, src) if abs(obj) < 2 ** 63 else None
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


def first_of_each(values: List[Any], key_of: Callable[[Any], Hashable]) -> List[Any]:
    """``values`` without the later ones that ``key_of`` says repeat an earlier one."""
    seen: Set[Hashable] = set()
    out = []
    for v in values:
        k = key_of(v)
        if k not in seen:
            seen.add(k)
            out.append(v)
    return out


def _dedupe(values: List[Value]) -> List[Value]:
    return first_of_each(values, key)


dedupe = _dedupe


def literal_of(node: ast.AST) -> Optional[Any]:
    """``ast.literal_eval`` that never raises (None when the node is not a literal)."""
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None


MAX_FOLDED = 4096  # characters of a text a test builds by repeating or joining literals


def folded_text(node: ast.AST, depth: int = 0) -> Optional[Any]:
    """The str or bytes a test spells as an expression of literals: ``'1' * 21``,
    ``b'x' * 170``, ``'a' + 'b'``.  Tests write the sizes that matter this way (a value one
    past a limit), so such a call is as much a site as a literal one."""
    if not isinstance(node, ast.BinOp) or not isinstance(node.op, (ast.Add, ast.Mult)) or \
            depth > 4:
        return None
    left, right = (folded_text(side, depth + 1) if isinstance(side, ast.BinOp)
                   else literal_of(side) for side in (node.left, node.right))
    if isinstance(node.op, ast.Mult):
        text, count = (left, right) if isinstance(right, int) else (right, left)
        if isinstance(text, (str, bytes)) and isinstance(count, int) and \
                not isinstance(count, bool) and 0 <= count and \
                len(text) * count <= MAX_FOLDED:
            return text * count
        return None
    if isinstance(left, (str, bytes)) and type(left) is type(right) and \
            len(left) + len(right) <= MAX_FOLDED:
        return left + right
    return None
