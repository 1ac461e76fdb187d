"""Type hints → candidate values.

An annotation is first turned into a *spec* (see :mod:`gen.specs`); unannotated parameters get
one from their default, ``isinstance`` checks and how the body uses them (:mod:`gen.usage`).
A spec then yields an ordered list of values: mined constants linked to the parameter first,
then type-driven values (enum members, project classes built through their constructors - from
test call sites when the project's tests build one - containers of the element type, Literal
members, a lambda for a Callable), then the generic pools.
"""

from __future__ import annotations

import ast
import builtins
from decimal import Decimal, InvalidOperation
from typing import Any, Dict, List, Optional, Sequence, Tuple

from pymodel.params import Param
from pymodel.project import Tree

from . import usage
from .callsites import CallSites
from .filled import FILLED, mutators
from .samples import sample_classes
from .mined import Mined
from .pools import callables, mixed, pool
from .specs import (ANY, BUILTIN_SPECS, NONE, PRIMS, Spec, SpecResolver, _flatten, _has_none,
                    _spec_of_python, _union)
from .values import (Value, dedupe, from_python, key, literal_of, render, vbool, vbytes, vcall,
                     vdecimal, vdict, vexpr, vfloat, vint, vnone, vseq, vstr, with_src)


MAX_LINKED_ITEMS = 8  # constants of a container's items


class Hints(SpecResolver):
    """Spec resolution and value generation for one tree and one target's mined constants."""

    def __init__(self, tree: Tree, sites: Optional[CallSites], mined: Optional[Mined]) -> None:
        super().__init__(tree)
        self.sites = sites
        self.mined = mined or Mined()
        self._class_cache: Dict[Tuple[str, int], List[Value]] = {}
        self._linked_cache: Dict[Tuple[int, str, str], List[Value]] = {}

    # -- specs -------------------------------------------------------------------------------
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
            elif isinstance(param.default, ast.Lambda):
                guesses.append(("callable", -1, ANY))
            elif isinstance(param.default, (ast.Name, ast.Attribute)):
                sym = self.tree.resolve(param.module, param.default)
                if sym is not None and (sym.kind == "function" or (
                        sym.kind == "builtin" and callable(getattr(builtins, sym.name, None)))):
                    guesses.append(("callable", -1, ANY))  # key=identity, factory=list
        for kind in sorted(self.mined.kinds.get(param.name, ())):
            spec = BUILTIN_SPECS.get(kind) or (("decimal",) if kind == "Decimal" else None)
            if spec is not None:
                guesses.append(spec)
        if param.owner is not None and len(guesses) < 2:
            for word in usage.guess(param.owner, param.name, self.tree, param.module,
                                    param.owner_class)[:2]:
                spec = self._usage_spec(word, param.module)
                if spec is not None:
                    guesses.append(spec)
        if guesses:
            return _union(guesses)
        return ANY

    def _usage_spec(self, word: str, module: str) -> Optional[Spec]:
        simple = {"str": ("str",), "bytes": ("bytes",), "int": ("int",),
                  "list": ("seq", "list", ANY), "dict": ("dict", ANY, ANY),
                  "set": ("seq", "set", ANY), "seq": ("seq", "list", ANY),
                  "callable": ("callable", -1, ANY), "path": ("str",), "type": ("type", ANY)}
        if word in simple:
            return simple[word]
        if word.startswith("class:"):
            return ("class", word[6:])
        if word.startswith("builtin:"):
            name = word[8:]
            try:
                node = ast.parse(name, mode="eval").body
            except SyntaxError:
                return None
            spec = self.spec(node, module)
            return None if spec[0] in ("any", "unknown") else spec
        return None

    def param_values(self, param: Param, depth: int = 0, limit: int = 40,
                     siblings: Sequence[str] = ()) -> List[Value]:
        """Ordered candidate values for one parameter (mined constants first); ``siblings``
        are the other parameters of the same call."""
        spec = self.param_spec(param)
        out: List[Value] = []
        for constant in self.mined.linked(param.name):
            out.extend(self.convert(constant, spec))
        for n in self.mined.lengths(param.name):
            out.extend(self.sized(spec, n, param.name, depth))
        if param.annotation is None and param.name in ("key", "sort_key") and \
                isinstance(param.default, ast.Constant) and param.default.value is None:
            out.extend(callables())  # key=None is almost always a key function
        # constants of the changed code not linked by name: early for a typed parameter
        # (``n: int`` forwarded to a helper comparing ``q <= 100``), late for an untyped one
        typed = spec[0] not in ("any", "unknown") and not (
            spec[0] == "union" and any(m[0] in ("any", "unknown") for m in spec[1]))
        unlinked: List[Value] = []
        if depth == 0 or typed:
            others = set(siblings) - {param.name}
            for constant in self.mined.unlinked(2 if depth == 0 else 3, others):
                unlinked.extend(with_src(v, "const" if typed else "const-late")
                                for v in self.convert(constant, spec)[:1])
        if typed:
            out.extend(unlinked[:12])
        out.extend(self._with_linked_items(param, spec))
        out.extend(self.values(spec, param.name, depth))
        if not typed:
            out.extend(unlinked)
        return dedupe(out)[:limit]

    def elements(self, param: Param, depth: int = 0) -> Tuple[str, List[Value]]:
        """(container kind, element values) when the parameter is a container, else ("", []);
        the constants linked to the names its items take first."""
        spec = self.param_spec(param)
        for member in _flatten(spec):
            if member[0] == "seq":
                elems = self.values(member[2], _singular(param.name), depth + 1)[:12] \
                    if member[2] != ANY else [vint(1), vint(2), vint(3), vstr("a")]
                linked = self._linked_items(param, member[2])
                return ("list" if member[1] == "iterator" else member[1]), \
                    dedupe(linked + elems)[:max(12, len(linked))]
        return "", []

    def _linked_items(self, param: Param, spec: Spec) -> List[Value]:
        """Values of the constants compared with the names the parameter's items take in the
        body (``for piece in pieces: if piece.lower() in PREFIXES``): a container's items
        meet the checks, which the container itself never does."""
        cache_key = (id(param.owner), param.name, repr(spec))  # specs hold lists
        if cache_key not in self._linked_cache:
            self._linked_cache[cache_key] = self._find_linked_items(param, spec)
        return list(self._linked_cache[cache_key])

    def _find_linked_items(self, param: Param, spec: Spec) -> List[Value]:
        names = usage.element_names(param.owner, param.name) + [_singular(param.name) or ""]
        out: List[Value] = []
        for name in dict.fromkeys(n for n in names if n and n != param.name):
            for constant in self.mined.linked(name)[:MAX_LINKED_ITEMS]:
                out.extend(self.convert(constant, spec)[:1] if spec != ANY
                           else [v for v in [from_python(constant, "mined")] if v is not None])
        return dedupe(out)[:MAX_LINKED_ITEMS]

    def _with_linked_items(self, param: Param, spec: Spec) -> List[Value]:
        """Containers of the items' linked constants (one, two, one repeated), before the
        container values of the spec."""
        for member in _flatten(spec):
            if member[0] == "seq":
                linked = self._linked_items(param, member[2])
                return self._sequences(member[1], linked) if linked else []
        return []

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
            elems = self.values(spec[2], _singular(name), depth + 1)[:8] if spec[2] != ANY \
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
            return sample_classes() + [vexpr("int", [], "hint"), vexpr("str", [], "hint")]
        if kind == "class":
            return self.class_values(spec[1], depth)
        return mixed(name)

    def _sequences(self, kind: str, elems: List[Value]) -> List[Value]:
        seq_kind = {"iterator": "list"}.get(kind, kind)
        rows: List[List[Value]] = [[]]
        # elements built from mined boundary constants come alone first: [Order('a', 49)]
        boundary = [e for e in elems if _has_mined(e)]
        rows.extend([e] for e in boundary[:6])
        if elems:
            rows.append(elems[:1])
            if len(elems) > 1:
                rows.append(elems[:2])
                rows.append([elems[1], elems[0]] + elems[2:3])
            rows.append([elems[0], elems[0]])
            rows.extend([e] for e in elems[1:8])
        out = []
        for row in rows:
            if seq_kind in ("set", "frozenset"):
                seen = set()
                row = [r for r in row if not (key(r) in seen or seen.add(key(r)))]  # type: ignore
                if any(r.get("k") in ("list", "dict", "set") for r in row):
                    continue
            value = vseq(seq_kind, row, "mined" if row and any(_has_mined(e) for e in row)
                         and len(row) == 1 else "hint")
            if kind == "iterator":
                value = vcall("iter", [], [value], src="hint")
            out.append(value)
        return dedupe(out)

    def sized(self, spec: Spec, n: int, name: Optional[str], depth: int) -> List[Value]:
        """Values of length ``n`` (for ``len(x) > n`` style constants)."""
        kinds = _flatten(spec)
        out: List[Value] = []
        if any(k[0] in ("str", "any", "unknown") for k in kinds):
            out.append(vstr(("abcdefghij" * 3)[:n], "mined") if n <= 24
                       else vexpr("'a' * %d" % n, [], "mined"))
        if any(k[0] == "bytes" for k in kinds):
            out.append(vbytes((b"abcdefghij" * 3)[:n], "mined") if n <= 24
                       else vexpr("b'a' * %d" % n, [], "mined"))
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
        optional = [p for p in model.ctor if not p.required and
                    p.kind not in ("var_positional", "var_keyword")]
        names = [p.name for p in model.ctor]
        columns = [self.param_values(p, depth + 1, limit=6, siblings=names) or [vnone()]
                   for p in required]
        base_args: List[Value] = [c[0] for c in columns]
        show = None if model.has_repr or model.has_slots else "vars"

        def build(values: List[Value], extra: Optional[Tuple[str, Value]] = None) -> Value:
            args, kwargs = [], []
            for p, v in zip(required, values):
                if p.kind == "keyword_only":
                    kwargs.append((p.name, v))
                else:
                    args.append(v)
            if extra is not None:
                kwargs.append(extra)
            value = vcall(expr, imports, args, kwargs, obj=obj, src="hint")
            if show:
                value["show"] = show
            return value

        out.append(build(base_args))
        # variants, the parameters the changed code depends on most first: one required
        # argument changed, or one optional argument given (a non-default, non-empty value)
        ranked: List[Tuple[int, int, int, Value]] = []
        for index, param in enumerate(required):
            relevance = self.mined.relevance(param.name)
            for rank in range(1, min(len(columns[index]), 6)):
                row = list(base_args)
                row[index] = columns[index][rank]
                ranked.append((-relevance, rank, index, build(row)))
        if depth <= 2:
            for index, param in enumerate(optional):
                value = self._non_default(param, depth, names)
                if value is not None:
                    relevance = self.mined.relevance(param.name)
                    ranked.append((-relevance, 1 if relevance else 3, len(required) + index,
                                   build(base_args, (param.name, value))))
        ranked.sort(key=lambda r: r[:3])
        budget = {0: 8, 1: 5, 2: 3}.get(depth, 1)
        out.extend(r[3] for r in ranked[:budget])
        if not required and depth <= 1:
            out.extend(self._filled(model, build(base_args), depth))
        for value in out:
            if show and value.get("k") == "call":
                value.setdefault("show", show)
        return dedupe(out)

    def _filled(self, model: Any, empty: Value, depth: int) -> List[Value]:
        """The object built empty, then given a value through each of its mutators (``buf +=
        data``): the first values of the mutator's parameter (see :mod:`gen.filled`)."""
        out: List[Value] = []
        for method, param in mutators(model)[:2]:
            for value in self.param_values(param, depth + 1, limit=4)[:4 if depth == 0 else 1]:
                filled = vcall("filled", [], [empty, vstr(method), value], obj=True,
                               src="hint", defs=[FILLED])
                if empty.get("show"):
                    filled["show"] = empty["show"]
                out.append(filled)
        return out

    def _non_default(self, param: Param, depth: int, names: List[str]) -> Optional[Value]:
        """A value for an optional parameter that differs from its default (and is not an
        empty container), or None."""
        default = literal_of(param.default) if param.default is not None else None
        default_value = from_python(default) if default is not None else None
        for value in self.param_values(param, depth + 1, limit=6, siblings=names):
            if value.get("k") == "none" or (default_value is not None and
                                            key(default_value) == key(value)):
                continue
            if value.get("k") in ("list", "tuple", "set", "dict") and not value["items"]:
                continue
            return value
        return None

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


def _has_mined(value: Any) -> bool:
    """Whether a value holds a mined constant somewhere inside (``Order('a', 50)``)."""
    if isinstance(value, dict):
        if value.get("src") == "mined":
            return True
        return any(_has_mined(v) for v in value.values() if isinstance(v, (dict, list)))
    if isinstance(value, list):
        return any(_has_mined(v) for v in value)
    return False


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
