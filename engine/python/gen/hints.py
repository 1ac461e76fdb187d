"""Type hints → candidate values.

An annotation is first turned into a *spec* (a small tuple: ``("int",)``, ``("seq", "list",
elem)``, ``("union", [...])``, ``("class", qualname)`` ...), resolving names through the tree (type
aliases such as ``Number = Union[int, Decimal]``, ``NewType``, forward references in strings,
``typing`` / ``collections.abc`` generics, PEP 604 unions).  A spec then yields an ordered list
of values: mined constants linked to the parameter first, then type-driven values (enum members,
project classes built through their constructors - from test call sites when the project's tests
build one - containers of the element type, Literal members, a lambda for a Callable), then the
generic pools.
"""

from __future__ import annotations

import ast
from decimal import Decimal, InvalidOperation
from typing import Any, Dict, List, Optional, Tuple

from .callsites import CallSites
from .mine import Mined
from .pools import EXTERNAL_KINDS, mixed, pool
from .project import Param, Tree, dotted
from .values import (Value, dedupe, from_python, literal_of, vbool, vbytes, vcall, vdecimal,
                     vdict, vexpr, vfloat, vint, vnone, vseq, vstr)

Spec = Tuple[Any, ...]
ANY: Spec = ("any",)
NONE: Spec = ("none",)
PRIMS = {"int", "float", "str", "bytes", "bool", "none", "decimal", "fraction", "date",
         "datetime", "time", "timedelta", "complex", "path", "number"}
BUILTIN_SPECS: Dict[str, Spec] = {
    "int": ("int",), "float": ("float",), "str": ("str",), "bytes": ("bytes",),
    "bytearray": ("bytes",), "bool": ("bool",), "complex": ("complex",), "object": ANY,
    "list": ("seq", "list", ANY), "tuple": ("seq", "tuple", ANY), "set": ("seq", "set", ANY),
    "frozenset": ("seq", "frozenset", ANY), "dict": ("dict", ANY, ANY), "type": ("type", ANY),
}
SEQ_NAMES = {"List": "list", "list": "list", "Sequence": "list", "MutableSequence": "list",
             "Collection": "list", "Iterable": "list", "Reversible": "list", "Container": "list",
             "Deque": "list", "deque": "list", "Set": "set", "set": "set", "MutableSet": "set",
             "AbstractSet": "set", "FrozenSet": "frozenset", "frozenset": "frozenset",
             "Iterator": "iterator", "Generator": "iterator", "AsyncIterator": "iterator",
             "KeysView": "list", "ValuesView": "list"}
DICT_NAMES = {"Dict", "dict", "Mapping", "MutableMapping", "DefaultDict", "defaultdict",
              "OrderedDict", "Counter", "ChainMap", "ItemsView"}
WRAPPERS = {"Annotated", "Final", "ClassVar", "Required", "NotRequired", "ReadOnly", "InitVar"}
TYPING_MODULES = ("typing", "typing_extensions", "collections.abc", "collections", "builtins")
SIMPLE_TYPING = {"Any": ANY, "Text": ("str",), "AnyStr": ("str",), "Hashable": ANY,
                 "Sized": ("seq", "list", ANY), "SupportsInt": ("int",),
                 "SupportsFloat": ("float",), "SupportsIndex": ("int",), "NoReturn": NONE,
                 "Never": NONE, "Callable": ("callable", -1, ANY), "LiteralString": ("str",),
                 "ByteString": ("bytes",), "Pattern": ANY, "Match": ANY}


def _slice(node: ast.Subscript) -> Any:
    inner = node.slice
    if type(inner).__name__ == "Index":  # Python 3.8
        inner = inner.value  # type: ignore[attr-defined]
    return inner


class Hints:
    """Spec resolution and value generation for one tree and one target's mined constants."""

    def __init__(self, tree: Tree, sites: Optional[CallSites], mined: Optional[Mined]) -> None:
        self.tree = tree
        self.sites = sites
        self.mined = mined or Mined()
        self._class_cache: Dict[Tuple[str, int], List[Value]] = {}

    # -- specs -------------------------------------------------------------------------------
    def spec(self, node: Any, module: str, depth: int = 0) -> Spec:
        if node is None or depth > 10:
            return ANY
        if isinstance(node, ast.Constant):
            if node.value is None:
                return NONE
            if isinstance(node.value, str):
                try:
                    parsed = ast.parse(node.value.strip(), mode="eval").body
                except (SyntaxError, ValueError, RecursionError):
                    return ANY
                return self.spec(parsed, module, depth + 1)
            return ANY
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            return _union([self.spec(node.left, module, depth + 1),
                           self.spec(node.right, module, depth + 1)])
        if isinstance(node, (ast.Name, ast.Attribute)):
            return self._named(node, module, depth)
        if isinstance(node, ast.Subscript):
            return self._subscript(node, module, depth)
        return ANY

    def _base_name(self, node: Any, module: str) -> Tuple[str, Any]:
        """(short typing-ish name, resolved symbol) of a Name/Attribute."""
        sym = self.tree.resolve(module, node)
        text = dotted(node) or ""
        if sym is None:
            return text.split(".")[-1], None
        if sym.kind in ("external", "builtin"):
            full = sym.name
            for prefix in TYPING_MODULES:
                if full.startswith(prefix + ".") and full.count(".") == prefix.count(".") + 1:
                    return full.split(".")[-1], sym
            if sym.kind == "builtin":
                return full, sym
            return full, sym
        return text.split(".")[-1], sym

    def _named(self, node: Any, module: str, depth: int) -> Spec:
        short, sym = self._base_name(node, module)
        if sym is not None and sym.kind == "class":
            return ("class", sym.name)
        if sym is not None and sym.kind == "value":
            value = sym.node
            if isinstance(value, ast.Call):
                fname = (dotted(value.func) or "").split(".")[-1]
                if fname == "NewType" and len(value.args) == 2:
                    return self.spec(value.args[1], sym.module, depth + 1)
                if fname == "TypeVar":
                    for kw in value.keywords:
                        if kw.arg == "bound":
                            return self.spec(kw.value, sym.module, depth + 1)
                    if len(value.args) > 1:
                        return _union([self.spec(a, sym.module, depth + 1)
                                       for a in value.args[1:]])
                    return ANY
                return ANY
            return self.spec(value, sym.module, depth + 1)
        if sym is not None and sym.kind == "external" and short in EXTERNAL_KINDS:
            kind = EXTERNAL_KINDS[short]
            return _union([("int",), ("float",), ("decimal",)]) if kind == "number" else (kind,)
        if short in BUILTIN_SPECS and (sym is None or sym.kind in ("builtin", "external")):
            return BUILTIN_SPECS[short]
        if short in SIMPLE_TYPING:
            return SIMPLE_TYPING[short]
        if short in SEQ_NAMES:
            return ("seq", SEQ_NAMES[short], ANY)
        if short in DICT_NAMES:
            return ("dict", ANY, ANY)
        if short == "None":
            return NONE
        if short in EXTERNAL_KINDS:
            kind = EXTERNAL_KINDS[short]
            return (kind,) if kind != "number" else _union([("int",), ("float",)])
        for full, kind in EXTERNAL_KINDS.items():
            if full.split(".")[-1] == short and kind != "number":
                return (kind,)
        return ("unknown", short)

    def _subscript(self, node: ast.Subscript, module: str, depth: int) -> Spec:
        short, sym = self._base_name(node.value, module)
        inner = _slice(node)
        args = list(inner.elts) if isinstance(inner, ast.Tuple) else [inner]
        sub = [self.spec(a, module, depth + 1) for a in args]
        if sym is not None and sym.kind == "class":
            return ("class", sym.name)
        if short == "Optional":
            return _union([sub[0], NONE])
        if short == "Union":
            return _union(sub)
        if short in WRAPPERS:
            return sub[0]
        if short == "Literal":
            values = []
            for a in args:
                if isinstance(a, ast.Constant):
                    values.append(a.value)
                elif isinstance(a, ast.Attribute):  # Literal[Color.RED]
                    values.append(("expr", a))
            return ("literal", values, module)
        if short in ("Tuple", "tuple"):
            if len(args) == 2 and isinstance(args[1], ast.Constant) and args[1].value is ...:
                return ("seq", "tuple", sub[0])
            if len(args) == 1 and isinstance(args[0], ast.Tuple) and not args[0].elts:
                return ("tuple", [])
            return ("tuple", sub)
        if short in SEQ_NAMES:
            return ("seq", SEQ_NAMES[short], sub[0])
        if short in DICT_NAMES:
            if short == "Counter":
                return ("dict", sub[0], ("int",))
            return ("dict", sub[0], sub[1] if len(sub) > 1 else ANY)
        if short in ("Type", "type"):
            return ("type", sub[0])
        if short == "Callable":
            nargs = -1
            ret = sub[-1] if len(sub) > 1 else ANY
            if args and isinstance(args[0], ast.List):
                nargs = len(args[0].elts)
            return ("callable", nargs, ret)
        return self._named(node.value, module, depth)

    # -- parameters --------------------------------------------------------------------------
    def param_spec(self, param: Param) -> Spec:
        if param.annotation is not None:
            spec = self.spec(param.annotation, param.module)
            if param.kind == "var_positional":
                return spec
            if param.default is not None and isinstance(param.default, ast.Constant) and \
                    param.default.value is None and not _has_none(spec):
                spec = _union([spec, NONE])
            return spec
        guesses: List[Spec] = []
        if param.default is not None:
            lit = literal_of(param.default)
            if lit is not None and not isinstance(lit, (dict, list, tuple, set)):
                guesses.append(_spec_of_python(lit))
            elif isinstance(param.default, ast.Constant) and param.default.value is None:
                pass
        for kind in sorted(self.mined.kinds.get(param.name, ())):
            spec = BUILTIN_SPECS.get(kind) or (("decimal",) if kind == "Decimal" else None)
            if spec is not None:
                guesses.append(spec)
        if guesses:
            return _union(guesses)
        return ANY

    def param_values(self, param: Param, depth: int = 0, limit: int = 40) -> List[Value]:
        """Ordered candidate values for one parameter (mined constants first)."""
        spec = self.param_spec(param)
        out: List[Value] = []
        for constant in self.mined.linked(param.name):
            out.extend(self.convert(constant, spec))
        for n in self.mined.lengths(param.name):
            out.extend(self.sized(spec, n, param.name, depth))
        out.extend(self.values(spec, param.name, depth))
        if depth == 0:
            for constant in self.mined.unlinked(min_weight=2):
                out.extend(self.convert(constant, spec)[:1])
        return dedupe(out)[:limit]

    # -- values ------------------------------------------------------------------------------
    def values(self, spec: Spec, name: Optional[str] = None, depth: int = 0,
               numeric_text: bool = False) -> List[Value]:
        if depth > 5:
            return [vnone("hint")]
        kind = spec[0]
        if kind in PRIMS:
            if kind == "none":
                return [vnone("hint")]
            if kind == "number":
                return pool("int", name)[:4] + pool("float", name)[:3] + pool("decimal")[:3]
            return pool(kind, name, numeric_text=numeric_text)
        if kind == "union":
            members = spec[1]
            numeric = any(m[0] in ("int", "float", "decimal", "number") for m in members)
            lists = [self.values(m, name, depth, numeric_text=numeric) for m in members
                     if m[0] != "none"]
            out = _interleave(lists)
            if any(m[0] == "none" for m in members):
                out.insert(min(1, len(out)), vnone("hint"))
            return dedupe(out)
        if kind == "literal":
            out = []
            for v in spec[1]:
                if isinstance(v, tuple) and v and v[0] == "expr":
                    sym = self.tree.resolve(spec[2], v[1].value)
                    if sym is not None and sym.kind == "class":
                        imp, expr = self.tree.public_ref(sym.name)
                        out.append(vexpr(expr + "." + v[1].attr, [imp] if imp else [], "hint"))
                    continue
                val = from_python(v, "hint")
                if val is not None:
                    out.append(val)
            return out
        if kind == "seq":
            elems = self.values(spec[2], _singular(name), depth + 1)[:4] if spec[2] != ANY \
                else [vint(1), vint(2), vint(3)]
            return self._sequences(spec[1], elems)
        if kind == "tuple":
            if not spec[1]:
                return [vseq("tuple", [], "hint")]
            columns = [self.values(s, None, depth + 1)[:3] or [vnone()] for s in spec[1]]
            base = [c[0] for c in columns]
            out = [vseq("tuple", base, "hint")]
            for index, column in enumerate(columns):
                for alt in column[1:3]:
                    row = list(base)
                    row[index] = alt
                    out.append(vseq("tuple", row, "hint"))
            return out
        if kind == "dict":
            keys = [k for k in self.values(spec[1], "key", depth + 1)
                    if k.get("k") in ("int", "str", "bytes", "bool", "none", "float", "tuple",
                                      "expr", "frozenset")][:3]
            if spec[1] == ANY:
                keys = [vstr("a"), vstr("b"), vstr("")]
            vals = self.values(spec[2], None, depth + 1)[:3] if spec[2] != ANY \
                else [vint(1), vint(2), vint(0)]
            if not keys or not vals:
                return [vdict([], "hint")]
            out = [vdict([], "hint"), vdict([(keys[0], vals[0])], "hint")]
            if len(keys) > 1:
                out.append(vdict([(keys[0], vals[0]), (keys[1], vals[-1])], "hint"))
            return out
        if kind == "callable":
            ret = self.values(spec[2], None, depth + 1)[:1] if spec[2] not in (ANY, NONE) \
                else []
            body = "None"
            imports: List[str] = []
            if ret:
                from .values import render
                imp: set = set()
                body = render(ret[0], imp)
                imports = sorted(imp)
            nargs = spec[1]
            out = []
            if nargs == 1 or nargs == -1:
                out.append(vexpr("lambda x: x", [], "hint"))
            if nargs >= 0:
                params = ", ".join("a%d" % i for i in range(nargs))
                out.append(vexpr("lambda %s: %s" % (params, body) if params
                                 else "lambda: %s" % body, imports, "hint"))
            else:
                out.append(vexpr("lambda *args, **kwargs: %s" % body, imports, "hint"))
            return out
        if kind == "type":
            inner = spec[1]
            if inner[0] == "class":
                imp, expr = self.tree.public_ref(inner[1])
                return [vexpr(expr, [imp] if imp else [], "hint")]
            if inner[0] in ("int", "str", "float", "bool", "bytes"):
                return [vexpr(inner[0], [], "hint")]
            return [vexpr("int", [], "hint"), vexpr("str", [], "hint")]
        if kind == "class":
            return self.class_values(spec[1], depth)
        return mixed(name)

    def _sequences(self, kind: str, elems: List[Value]) -> List[Value]:
        seq_kind = {"iterator": "list"}.get(kind, kind)
        rows: List[List[Value]] = [[]]
        if elems:
            rows.append(elems[:1])
            if len(elems) > 1:
                rows.append(elems[:2])
                rows.append([elems[1], elems[0]] + elems[2:3])
            rows.append([elems[0], elems[0]])
        out = []
        for row in rows:
            if seq_kind in ("set", "frozenset"):
                from .values import key
                seen = set()
                row = [r for r in row if not (key(r) in seen or seen.add(key(r)))]  # type: ignore
                if any(r.get("k") in ("list", "dict", "set") for r in row):
                    continue
            value = vseq(seq_kind, row, "hint")
            if kind == "iterator":
                value = vcall("iter", [], [value], src="hint")
            out.append(value)
        return dedupe(out)

    def sized(self, spec: Spec, n: int, name: Optional[str], depth: int) -> List[Value]:
        """Values of length ``n`` (for ``len(x) > n`` style constants)."""
        kinds = _flatten(spec)
        out: List[Value] = []
        if any(k[0] in ("str", "any", "unknown") for k in kinds):
            out.append(vstr(("abcdefghij" * 21)[:n], "mined"))
        if any(k[0] == "bytes" for k in kinds):
            out.append(vbytes((b"abcdefghij" * 21)[:n], "mined"))
        for k in kinds:
            if k[0] == "seq" and n <= 30:
                elems = self.values(k[2], _singular(name), depth + 1)[:3] or [vint(1)]
                items = [elems[i % len(elems)] for i in range(n)] if k[2] != ANY \
                    else [vint(i + 1) for i in range(n)]
                kind = "list" if k[1] == "iterator" else k[1]
                out.append(vseq(kind, items, "mined"))
        return out

    # -- project classes ---------------------------------------------------------------------
    def class_values(self, qual: str, depth: int = 0) -> List[Value]:
        cache_key = (qual, min(depth, 3))
        if cache_key in self._class_cache:
            return self._class_cache[cache_key]
        self._class_cache[cache_key] = [vnone("hint")]  # recursion guard
        out = self._class_values(qual, depth)
        self._class_cache[cache_key] = out
        return out

    def _class_values(self, qual: str, depth: int) -> List[Value]:
        model = self.tree.class_model(qual)
        imp, expr = self.tree.public_ref(qual)
        imports = [imp] if imp else []
        if model is None:
            return [vcall(expr, imports, [], obj=True, src="hint")]
        if model.is_enum:
            return [vexpr("%s.%s" % (expr, m), imports, "hint") for m in model.enum_members]
        obj = not model.is_exception
        out: List[Value] = []
        if self.sites is not None:
            for site in self.sites.get(qual)[: 6 if depth == 0 else 3]:
                out.append(vcall(expr, imports, site.args, site.kwargs, obj=obj, src="doc"))
        if model.ctor is None or depth > 4:
            if not out:
                out.append(vcall(expr, imports, [], obj=obj, src="hint"))
            return out
        required = [p for p in model.ctor if p.required]
        columns = [self.param_values(p, depth + 1, limit=6) or [vnone()] for p in required]
        base_args: List[Value] = [c[0] for c in columns]

        def build(values: List[Value]) -> Value:
            args, kwargs = [], []
            for p, v in zip(required, values):
                if p.kind == "keyword_only":
                    kwargs.append((p.name, v))
                else:
                    args.append(v)
            return vcall(expr, imports, args, kwargs, obj=obj, src="hint")

        out.append(build(base_args))
        budget = {0: 6, 1: 4, 2: 2}.get(depth, 1)
        added = 0
        for rank in range(1, 6):
            for index, column in enumerate(columns):
                if added >= budget:
                    break
                if rank < len(column):
                    row = list(base_args)
                    row[index] = column[rank]
                    out.append(build(row))
                    added += 1
        return dedupe(out)

    # -- mined constants → values ------------------------------------------------------------
    def convert(self, value: Any, spec: Spec) -> List[Value]:
        kind = spec[0]
        is_num = isinstance(value, (int, float, Decimal)) and not isinstance(value, bool)
        if kind == "union":
            exact: List[Value] = []
            loose: List[Value] = []
            numeric = any(m[0] in ("int", "float", "decimal") for m in spec[1])
            for member in spec[1]:
                for v in self.convert(value, member):
                    target = exact if _exact(value, member) else loose
                    target.append(v)
            if numeric and isinstance(value, str):
                loose = [v for v in loose if v.get("k") != "str"] + \
                    [v for v in loose if v.get("k") == "str"]
            return dedupe(exact + loose)[:2]
        if kind == "int":
            if isinstance(value, int) and not isinstance(value, bool):
                return [vint(value, "mined")]
            if isinstance(value, Decimal) and value == value.to_integral_value():
                return [vint(int(value), "mined")]
            return []
        if kind == "float":
            if is_num:
                return [vfloat(float(value), "mined")]
            return []
        if kind == "decimal" or kind == "number":
            if is_num:
                text = repr(value) if isinstance(value, float) else str(value)
                return [vdecimal(text, "mined")]
            if isinstance(value, str) and _numeric(value):
                return [vdecimal(value.strip(), "mined")]
            return []
        if kind == "str":
            if isinstance(value, str):
                return [vstr(value, "mined")]
            return []
        if kind == "bytes":
            if isinstance(value, bytes):
                return [vbytes(value, "mined")]
            if isinstance(value, str):
                try:
                    return [vbytes(value.encode("ascii"), "mined")]
                except UnicodeEncodeError:
                    return []
            return []
        if kind == "bool":
            return [vbool(value, "mined")] if isinstance(value, bool) else []
        if kind == "none":
            return [vnone("mined")] if value is None else []
        if kind == "literal":
            return [from_python(v, "mined") for v in spec[1]  # type: ignore[misc]
                    if not isinstance(v, tuple) and v == value and type(v) is type(value)]
        if kind in ("any", "unknown"):
            if isinstance(value, Decimal):
                return [vdecimal(str(value), "mined")]
            v = from_python(value, "mined")
            return [v] if v is not None else []
        if kind == "seq" and isinstance(value, str) and spec[2][0] == "str":
            return [vseq("list" if spec[1] == "iterator" else spec[1], [vstr(value)], "mined")]
        return []


def _exact(value: Any, spec: Spec) -> bool:
    names = {"int": int, "float": float, "str": str, "bytes": bytes, "bool": bool,
             "decimal": Decimal}
    t = names.get(spec[0])
    return t is not None and type(value) is t


def _numeric(text: str) -> bool:
    try:
        return Decimal(text.strip()).is_finite()
    except (InvalidOperation, ValueError):
        return False


def _union(specs: List[Spec]) -> Spec:
    flat: List[Spec] = []
    for s in specs:
        for m in (s[1] if s[0] == "union" else [s]):
            if m not in flat:
                flat.append(m)
    if len(flat) == 1:
        return flat[0]
    if ANY in flat:
        flat = [m for m in flat if m != ANY] + [ANY]
    return ("union", flat)


def _flatten(spec: Spec) -> List[Spec]:
    return list(spec[1]) if spec[0] == "union" else [spec]


def _has_none(spec: Spec) -> bool:
    return any(s[0] == "none" for s in _flatten(spec)) or spec[0] == "any"


def _spec_of_python(value: Any) -> Spec:
    if isinstance(value, bool):
        return ("bool",)
    if isinstance(value, int):
        return ("int",)
    if isinstance(value, float):
        return ("float",)
    if isinstance(value, str):
        return ("str",)
    if isinstance(value, bytes):
        return ("bytes",)
    return ANY


def _interleave(lists: List[List[Value]]) -> List[Value]:
    out: List[Value] = []
    longest = max((len(x) for x in lists), default=0)
    for index in range(longest):
        for values in lists:
            if index < len(values):
                out.append(values[index])
    return out


def _singular(name: Optional[str]) -> Optional[str]:
    if not name:
        return None
    if name.endswith("ies"):
        return name[:-3] + "y"
    if name.endswith("s") and not name.endswith("ss"):
        return name[:-1]
    return name
