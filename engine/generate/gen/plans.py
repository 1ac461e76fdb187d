"""Access information → entry plans: how a snippet reaches a changed function, and what to pass.

A plan names one entry point (a public function, a public method through an instance, a special
method through its operator, or the public entry of a call path to a private function) and holds
*slots*: the receiver's constructor parameters and the call's parameters, each with an ordered
list of candidate values (mined constants linked by name first, then literal call sites from the
project's tests and docs, then type-driven values and generic pools).
"""

from __future__ import annotations

import ast
import itertools
import keyword
import re
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Optional, Set, Tuple

from pymodel.params import Param, params_of
from pymodel.project import SIDES, Tree
from pymodel.syntax import BUILTIN_NAMES, FUNCTION_NODES, dotted, is_dunder

from .callsites import CallSites, Site, scan_trees
from .changed_constants import changed_constants
from .checked_classes import checked_classes
from .fallback import fallback_items, side_versions
from .forwarded import Forward, forwards
from .hints import Hints
from .mine import mine_target
from .mined import W_CHANGED, W_TARGET, Mined
from .mutators import mutators
from .relations import configure, infer
from .shared_names import shared_import
from .values import Value, dedupe, from_python, key, literal_of, vlike_obj, vstr

CONSTRUCT = {"__init__", "__new__", "__post_init__"}
MODULE_DUNDERS = {"__getattr__", "__dir__"}
COMPARE = {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"}
MAX_SLOT_VALUES = 40
MAX_FORWARDED = 16  # values a parameter takes from the sites of the callees it is handed to


@dataclass
class Slot:
    name: str
    kind: str  # positional_only | positional_or_keyword | var_positional | keyword_only
    required: bool
    values: List[Value]
    container: str = ""  # list | tuple | set | frozenset when the slot takes a container
    elements: List[Value] = field(default_factory=list)
    relevance: int = 0  # how strongly the changed code depends on this parameter's name


@dataclass
class Setup:
    """A set-up call on the receiver: a public mutator method and its parameters."""

    method: str
    slots: List[Slot]
    sites: List[Site] = field(default_factory=list)


@dataclass
class EntryPlan:
    key: str
    target: str
    side: str
    versions: str
    qualname: str
    op: str  # call | static | method | property | setter | special | construct
    dunder: Optional[str]
    import_line: str
    expr: str  # the function (call/static) or the class (everything else)
    method: Optional[str]
    is_async: bool
    show_result: str  # repr | vars | lazy (an iterator, its items consumed) | pattern | list
    show_obj: Optional[str]  # repr | vars
    obj_name: Optional[str]
    ctor: Optional[List[Slot]]
    call: List[Slot]
    sites: List[Site] = field(default_factory=list)
    ctor_sites: List[Site] = field(default_factory=list)
    path: List[str] = field(default_factory=list)
    setups: List[Setup] = field(default_factory=list)
    relations: List[str] = field(default_factory=list)  # metamorphic relations to check
    subject: Optional[str] = None  # the parameter the relations transform
    # parameter -> what the project's tests pass to a callee the entry hands it to
    forwarded: Dict[str, List[Value]] = field(default_factory=dict)
    # where the plan came from, for the input-model rules: the tree, the def, the parameters,
    # the value source, and each side's parameters of the same entry point
    source: Optional["PlanSource"] = None

    def meta(self) -> Dict[str, Any]:
        return {"qualname": self.qualname, "plan": self.key, "op": self.op,
                "dunder": self.dunder, "import": self.import_line, "expr": self.expr,
                "method": self.method, "async": self.is_async,
                "show_result": self.show_result, "show_obj": self.show_obj,
                "obj": self.obj_name, "versions": self.versions}


@dataclass
class PlanSource:
    """What the input-model rules read besides the slots."""

    tree: Tree
    module: str
    node: Any  # the entry's def node (None when only a signature text was known)
    hints: Any  # gen.hints.Hints for this plan
    params: List[Param]  # the call's parameters, **kwargs included
    ctor_params: Optional[List[Param]]
    sides: Dict[str, "_Raw"] = field(default_factory=dict)  # the entry on each side


@dataclass
class Target:
    qualname: str
    kind: str
    versions: str
    files: Dict[str, Optional[str]]
    changed: Dict[str, List[int]]
    plans: List[EntryPlan]
    mined: Mined
    # (import line, expression) of the project classes its changed lines test values against
    checked_classes: List[Tuple[str, str]] = field(default_factory=list)
    # public module constants it reads whose literal data differ (gen/changed_constants.py)
    constants: List[str] = field(default_factory=list)


@dataclass
class _Raw:
    """A plan before its values are known."""

    item: Dict[str, Any]
    entry: Dict[str, Any]
    side: str
    tree: Tree
    params: List[Param]
    ctor_params: Optional[List[Param]]
    class_qual: Optional[str]
    node: Any
    module: str
    forwards: List[Forward] = field(default_factory=list)


class Workspace:
    """Trees, call sites and plans for one request."""

    def __init__(self, request: Dict[str, Any]) -> None:
        targets = request.get("targets")
        targets = targets if isinstance(targets, dict) else {}
        roots = {"old": request.get("old_root"), "new": request.get("new_root")}
        import_roots = request.get("import_roots") or {}
        self.trees: Dict[str, Tree] = {}
        for side in SIDES:
            root = roots[side] or (targets.get(side) or {}).get("root") or "."
            imp = import_roots.get(side) if isinstance(import_roots, dict) else None
            if isinstance(import_roots, list):
                imp = import_roots
            if not isinstance(imp, (str, list)):
                imp = (targets.get(side) or {}).get("import_roots") or ["."]
            roots_list = [imp] if isinstance(imp, str) else [r for r in imp if isinstance(r, str)]
            self.trees[side] = Tree(str(root), roots_list)
        self.targets_json = targets
        self.sites: Dict[str, CallSites] = {}
        self.relations_config = request.get("relations")
        self.sides: Dict[str, Dict[str, _Raw]] = {}  # entry qualname -> side -> its raw plan

    # -- building ----------------------------------------------------------------------------
    def build(self, wanted: Optional[Set[str]] = None) -> List[Target]:
        changed = {cf.get("qualname"): cf for cf in self.targets_json.get("changed_functions", [])
                   if isinstance(cf, dict)}
        access = {a.get("target"): a for a in self.targets_json.get("access", [])
                  if isinstance(a, dict)}
        quals = sorted(q for q in set(changed) | set(access) if isinstance(q, str))
        if wanted is not None:
            quals = [q for q in quals if q in wanted]
        raws: Dict[str, List[_Raw]] = {}
        raw_items: Dict[str, List[Dict[str, Any]]] = {}
        for qual in quals:
            raws[qual] = []
            methods = (access.get(qual) or {}).get("methods", [])
            items = [i for i in methods if isinstance(i, dict) and
                     isinstance(i.get("entry"), dict)] if isinstance(methods, list) else []
            if not items:
                items = self._fallback(qual)
            items = [self._entered_alike(item) for item in items]
            raw_items[qual] = items
            for item in items:
                raws[qual].extend(self._raw(item))
        for raw in (raw for items in raws.values() for raw in items):
            raw.forwards = forwards(raw.tree, raw.module, raw.node, raw.params, raw.class_qual)
        self.sites = scan_trees(self.trees, [
            (raw.side, str(raw.entry.get("expr") or ""), raw.module,
             raw.params + (raw.ctor_params or [])) for items in raws.values() for raw in items],
            {f.callee for items in raws.values() for raw in items for f in raw.forwards})
        out = []
        for qual in quals:
            cf = changed.get(qual) or {}
            acc = access.get(qual) or {}
            mined = mine_target(self.trees, qual, cf, raw_items.get(qual, []), changed)
            plans: List[EntryPlan] = []
            seen: Set[str] = set()
            for raw in raws[qual]:
                plan = self._plan(qual, raw, mined)
                if plan is not None and plan.key not in seen:
                    seen.add(plan.key)
                    plans.append(plan)
            out.append(Target(qual, str(cf.get("kind") or acc.get("kind") or "public"),
                              str(cf.get("versions") or acc.get("versions") or "both"),
                              dict(cf.get("files") or {}),
                              {s: list((cf.get("changed_lines") or {}).get(s) or [])
                               for s in SIDES}, plans, mined))
            out[-1].checked_classes = checked_classes(self.trees, qual, out[-1].changed)
            out[-1].constants = changed_constants(
                self.trees, [str(n) for n in cf.get("module_level_names") or []])
        share_changed_decoders([t.mined for t in out])
        return out

    def _fallback(self, qual: str) -> List[Dict[str, Any]]:
        """Entry points around a target without access paths (see :mod:`gen.fallback`)."""
        side = "new" if self.trees["new"].find_def(qual) is not None else "old"
        items = fallback_items(self.trees[side], qual, "both")
        for item in items:
            entry_q = item["entry"]["qualname"]
            present = [self.trees[s].find_def(entry_q) is not None for s in SIDES]
            item["versions"] = side_versions(*present) or "both"
        return items

    def _entered_alike(self, item: Dict[str, Any]) -> Dict[str, Any]:
        """A call path only one version has, through an entry point both have (a new private
        override reached from an inherited ``__repr__``), is called on both versions: the same
        call runs the other version's code there.  Only an entry point one version lacks is an
        API change, tried twice at most."""
        if versions_of(item) == "both" or item.get("type") != "call_path":
            return item
        entry = item.get("entry") or {}
        cls = (entry.get("class") or {}).get("qualname")
        if any(self.trees[s].find_def(str(entry.get("qualname"))) is None or
               (cls and self.trees[s].class_model(cls) is None) for s in SIDES):
            return item
        return dict(item, versions="both")

    def _raw(self, item: Dict[str, Any]) -> List[_Raw]:
        entry = item.get("entry") or {}
        qual = entry.get("qualname")
        if not isinstance(qual, str):
            return []
        versions = item.get("versions", "both")
        sides = ["new", "old"] if versions == "both" else \
            (["old"] if versions == "old_only" else ["new"])
        out: List[_Raw] = []
        signatures: List[Any] = []
        for side in sides:
            # the old tree may render the entry differently (moved class, new signature)
            side_entry = entry
            if side == "old" and isinstance(item.get("entry_old"), dict) and \
                    item["entry_old"].get("qualname"):
                side_entry = item["entry_old"]
            raw = self._raw_side(item, side_entry, str(side_entry["qualname"]), side)
            if raw is None:
                continue
            self.sides.setdefault(str(entry["qualname"]), {}).setdefault(side, raw)
            cls_info = side_entry.get("class") or {}
            sig = ([(p.name, p.kind, p.default is None) for p in raw.params],
                   [(p.name, p.kind, p.default is None) for p in raw.ctor_params or []],
                   side_entry.get("import_line"), side_entry.get("expr"),
                   cls_info.get("import_line") if isinstance(cls_info, dict) else None)
            if sig in signatures:
                continue
            signatures.append(sig)
            out.append(raw)
        return out

    def _raw_side(self, item: Dict[str, Any], entry: Dict[str, Any], qual: str, side: str
                  ) -> Optional[_Raw]:
        tree = self.trees[side]
        found = tree.find_def(qual)
        cls_info = entry.get("class") or {}
        class_qual = cls_info.get("qualname") if isinstance(cls_info, dict) else None
        kind = entry.get("callable_kind") or "function"
        drop_first = kind in ("method", "classmethod", "property")
        node = None
        module = ""
        params: Optional[List[Param]] = None
        if found is not None:
            module, node, classes = found
            if isinstance(node, FUNCTION_NODES + (ast.Lambda,)):
                if classes and class_qual is None:
                    class_qual = qual.rsplit(".", 1)[0].split("#")[0]
                owner = qual.rsplit(".", 1)[0] if classes else None
                params = params_of(node, module, drop_first and bool(classes), owner)
        if params is None:
            split = tree.split(qual)
            if split is None and side == "old" and versions_of(item) == "both":
                return None
            module = split[0] if split else qual.rsplit(".", 1)[0]
            params = _params_from_text(entry.get("signature"), module, drop_first)
            if params is None:
                return None
        ctor: Optional[List[Param]] = None
        if class_qual:
            model = tree.class_model(class_qual)
            if model is not None:
                ctor = model.ctor
            else:
                split = tree.split(class_qual)
                ctor = _params_from_text(cls_info.get("constructor_signature"),
                                         split[0] if split else module, False)
        return _Raw(item, entry, side, tree, params, ctor, class_qual, node, module)

    def _plan(self, target: str, raw: _Raw, mined: Mined) -> Optional[EntryPlan]:
        entry = raw.entry
        qual = entry["qualname"]
        tree = raw.tree
        sides_sites = [self.sites[s] for s in (raw.side,) + tuple(
            s for s in SIDES if s != raw.side) if s in self.sites]
        hints = Hints(tree, _MergedSites(sides_sites), mined)
        name = qual.rsplit(".", 1)[-1].split("#")[0]
        suffix = qual.rsplit(".", 1)[-1].partition("#")[2]
        kind = entry.get("callable_kind") or "function"
        dunder_name = is_dunder(name)
        cls_info = entry.get("class") or {}
        class_qual = raw.class_qual
        import_line = str(entry.get("import_line") or "")
        expr = str(entry.get("expr") or name)
        dunder: Optional[str] = None
        if class_qual is None and dunder_name and name in MODULE_DUNDERS:
            op, dunder = "special", name  # PEP 562: getattr(module, name), dir(module)
        elif class_qual is None:
            op = "call"
        else:
            if cls_info.get("import_line"):
                import_line = str(cls_info["import_line"])
                expr = str(cls_info.get("expr") or expr.rsplit(".", 1)[0])
            else:
                imp, cexpr = tree.public_ref(class_qual)
                import_line = import_line or imp
                expr = expr.rsplit(".", 1)[0] if "." in expr else cexpr
            if dunder_name and name in CONSTRUCT:
                op = "construct"
            elif dunder_name:
                op, dunder = "special", name
            elif kind in ("staticmethod", "classmethod"):
                op = "static"
            elif kind == "property":
                op = "setter" if suffix == "setter" else "property"
            else:
                op = "method"
        if not import_line:
            return None
        import_line = shared_import(import_line, tree,
                                    self.trees["old" if raw.side == "new" else "new"])
        model = tree.class_model(class_qual) if class_qual else None
        show_obj = None
        if class_qual is not None and op != "static":
            show_obj = "repr" if model is None or model.has_repr or model.has_slots else "vars"
        is_async = bool(entry.get("is_async")) or isinstance(raw.node, ast.AsyncFunctionDef)
        show_result = self._show_result(raw, hints)
        site_keys = [qual]
        if op in ("method", "static"):
            site_keys.append("method:" + name)
        if op == "special":
            site_keys.append("op:" + name)
        sites: List[Site] = []
        for site_key in site_keys:
            for cs in sides_sites:
                sites.extend(cs.get(site_key))
        ctor_sites: List[Site] = []
        if class_qual:
            for cs in sides_sites:
                ctor_sites.extend(cs.get(class_qual))
        call_params = [p for p in raw.params if p.kind != "var_keyword"]
        call = [self._slot(p, hints, sites, call_params) for p in call_params]
        if op == "special" and dunder in COMPARE | {"__hash__"} or \
                (op == "special" and dunder and _is_binary(dunder)):
            others = [vlike_obj()] + (hints.class_values(class_qual, 1)[:4] if class_qual else [])
            if not call:
                call = [Slot("other", "positional_or_keyword", True, others)]
            else:
                call[0].values = dedupe(others + call[0].values)[:MAX_SLOT_VALUES]
        if op == "setter" and not call:
            call = [Slot("value", "positional_or_keyword", True, hints.values(("any",), name))]
        ctor: Optional[List[Slot]] = None
        if class_qual is not None and op != "static":
            ctor_params = [p for p in (raw.ctor_params or []) if p.kind != "var_keyword"]
            ctor = [self._slot(p, hints, ctor_sites, ctor_params) for p in ctor_params]
            if model is not None and model.is_enum and model.enum_members:
                # An enum's objects are its members: ``Op()`` is none, ``Op(Op.plus)`` is one.
                ctor = [Slot("value", "positional_or_keyword", True,
                             hints.class_values(class_qual)[:MAX_SLOT_VALUES])]
        obj_name = None
        if ctor is not None:
            taken = {s.name for s in call} | {"result", "value"} | set(
                re.findall(r"\w+", import_line))
            obj_name = _snake(expr.split(".")[-1])
            if obj_name in taken or not obj_name.isidentifier() or \
                    keyword.iskeyword(obj_name) or obj_name in BUILTIN_NAMES:
                obj_name = "obj"
        setups: List[Setup] = []
        if ctor is not None and class_qual is not None and op in ("method", "special",
                                                                  "property", "setter"):
            for method, owner, node in mutators(tree, class_qual, mined, exclude=name):
                split = tree.split(owner)
                params = [p for p in params_of(node, split[0] if split else raw.module, True,
                                               owner) if p.kind != "var_keyword"]
                setup_sites: List[Site] = []
                for cs in sides_sites:
                    setup_sites.extend(cs.get("method:" + method))
                setups.append(Setup(method, [self._slot(p, hints, setup_sites, params)
                                             for p in params], setup_sites))
        plan_key = "%s|%s|%s" % (target, qual, raw.side)
        plan = EntryPlan(plan_key, target, raw.side, versions_of(raw.item), qual, op, dunder,
                         import_line, expr, name if class_qual else None, is_async,
                         show_result, show_obj, obj_name, ctor, call, sites, ctor_sites,
                         list(raw.item.get("path") or []), setups)
        entry_qual = str((raw.item.get("entry") or {}).get("qualname"))
        plan.source = PlanSource(tree, raw.module, raw.node, hints, list(raw.params),
                                 raw.ctor_params, self.sides.get(entry_qual, {}))
        if qual == target and plan.versions == "both" and op in ("call", "static", "method"):
            self._relations(plan, raw, hints, call_params, name)
        plan.forwarded = _forwarded_values(raw.forwards, sides_sites)
        return plan

    def _relations(self, plan: EntryPlan, raw: _Raw, hints: Hints, params: List[Param],
                   name: str) -> None:
        """The relations a changed public function is checked for, and what they transform:
        its first positional parameter (a required one when there is one)."""
        positional = [p for p in params if p.kind in ("positional_only", "positional_or_keyword")]
        required = [p for p in positional if p.required]
        subject = (required or positional or [None])[0]
        if subject is None:
            return
        returns = getattr(raw.node, "returns", None)
        returns_spec = hints.spec(returns, raw.module) if returns is not None else ("any",)
        inferred = infer(name, subject.name, hints.param_spec(subject), returns_spec)
        plan.relations = configure(inferred, [plan.target, plan.qualname], self.relations_config)
        plan.subject = subject.name

    def _slot(self, param: Param, hints: Hints, sites: List[Site], params: List[Param]
              ) -> Slot:
        values = hints.param_values(param, siblings=[p.name for p in params])
        linked = len([v for v in values if v.get("src") == "mined"])
        from_sites: List[Value] = []
        positional = [p.name for p in params if p.kind in ("positional_only",
                                                           "positional_or_keyword")]
        for site in sites:
            if param.name in positional and positional.index(param.name) < len(site.args):
                from_sites.append(site.args[positional.index(param.name)])
            for name, value in site.kwargs:
                if name == param.name:
                    from_sites.append(value)
            if param.kind == "var_positional" and len(site.args) > len(positional):
                from_sites.extend(site.args[len(positional):])
        head = values[: min(linked, 6)]
        site_values = from_sites[:8]
        for value in from_sites[:8]:  # line-ending variants of multi-line strings
            if value.get("k") == "str" and "\n" in value["v"] and "\r\n" not in value["v"]:
                site_values.append(vstr(value["v"].replace("\n", "\r\n"), "doc"))
        merged = dedupe(head + site_values + values[len(head):])[:MAX_SLOT_VALUES]
        default = _default_key(param)
        if default is not None and len(merged) > 1:  # passing the default changes nothing
            merged = [v for v in merged if key(v) != default]
        container, elements = hints.elements(param)
        for site_value in from_sites:
            if site_value.get("k") == container:
                elements = dedupe(elements + list(site_value["items"]))
        return Slot(param.name, param.kind, param.required, merged, container, elements[:16],
                    hints.mined.relevance(param.name))

    @staticmethod
    def _show_result(raw: _Raw, hints: Hints) -> str:
        node = raw.node
        # a generator's items, bounded: some generators never end
        if isinstance(node, ast.FunctionDef) and _is_generator(node):
            return "lazy"
        if isinstance(node, FUNCTION_NODES) and _returns_lazy(raw.tree, raw.module, node):
            return "lazy"
        if isinstance(node, FUNCTION_NODES) and _returns_pattern(raw.tree, raw.module, node):
            return "pattern"
        returns = getattr(node, "returns", None)
        if returns is None:
            return "repr"
        spec = hints.spec(returns, raw.module)
        if spec[0] == "seq" and spec[1] == "iterator":
            return "lazy"
        if spec[0] == "class":
            model = raw.tree.class_model(spec[1])
            if model is not None and not model.has_repr and not model.has_slots:
                return "vars"
        return "repr"


def _forwarded_values(found: List[Forward], sides_sites: List[CallSites]
                      ) -> Dict[str, List[Value]]:
    """Per parameter, the arguments the project's tests and docs give the callees it is handed
    to, at its place there (:mod:`gen.forwarded`), the callees taking turns."""
    per_callee: Dict[str, List[List[Value]]] = {}
    for forward in found:
        values: List[Value] = []
        for site_key in forward.site_keys:
            for part in sides_sites:
                for site in part.get(site_key):
                    values.extend(v for n, v in site.kwargs if n == forward.name)
                    if forward.index is not None and forward.index < len(site.args):
                        values.append(site.args[forward.index])
        if values:
            per_callee.setdefault(forward.param, []).append(values)
    out: Dict[str, List[Value]] = {}
    for param, lists in per_callee.items():
        turns = [v for row in itertools.zip_longest(*lists) for v in row if v is not None]
        out[param] = dedupe(turns)[:MAX_FORWARDED]
    return out


class _MergedSites:
    """Call sites of several trees (old first), looked up together."""

    def __init__(self, parts: List[CallSites]) -> None:
        self.parts = parts

    def get(self, site_key: str) -> List[Site]:
        out: List[Site] = []
        seen: Set[str] = set()
        for part in self.parts:
            for site in part.get(site_key):
                k = site.identity()
                if k not in seen:
                    seen.add(k)
                    out.append(site)
        return out


def _default_key(param: Param) -> Optional[str]:
    node = param.default
    if node is None:
        return None
    if isinstance(node, ast.Constant) and node.value is None:
        return key({"k": "none"})
    lit = literal_of(node)
    value = from_python(lit) if lit is not None else None
    return key(value) if value is not None else None


def versions_of(item: Dict[str, Any]) -> str:
    return str(item.get("versions") or "both")


def _is_binary(name: str) -> bool:
    core = name[2:-2]
    for prefix in ("", "r", "i"):
        if core.startswith(prefix) and core[len(prefix):] in (
                "add", "sub", "mul", "matmul", "truediv", "floordiv", "mod", "pow", "lshift",
                "rshift", "or", "xor", "and", "divmod"):
            return True
    return False


LAZY_BUILTINS = {"map", "filter", "zip", "iter", "reversed", "enumerate"}


def _own_returns(node: Any) -> Iterator[ast.Return]:
    """A function's return statements with a value, not those of its nested defs."""
    stack = list(node.body)
    while stack:
        sub = stack.pop()
        if isinstance(sub, FUNCTION_NODES + (ast.Lambda, ast.ClassDef)):
            continue
        stack.extend(ast.iter_child_nodes(sub))
        if isinstance(sub, ast.Return) and sub.value is not None:
            yield sub


def _returns_pattern(tree: Tree, module: str, node: Any) -> bool:
    """Whether a function returns ``re.compile(...)``: the repr of a compiled pattern stops
    after 200 characters, so a change further into a long pattern would not show."""
    for sub in _own_returns(node):
        if isinstance(sub.value, ast.Call):
            ref = tree.resolve(module, sub.value.func)
            name = ref.name if ref is not None else (dotted(sub.value.func) or "")
            if name == "re.compile":
                return True
    return False


def _returns_lazy(tree: Tree, module: str, node: Any) -> bool:
    """Whether a function returns a lazy iterator on some path: a generator expression,
    ``map``/``filter``/``zip``..., an ``itertools`` iterator or a project generator function's
    result. Printed as is, such a result shows only its type, never the values it yields."""
    for sub in _own_returns(node):
        value = sub.value
        if isinstance(value, ast.GeneratorExp):
            return True
        if not isinstance(value, ast.Call):
            continue
        ref = tree.resolve(module, value.func)
        name = ref.name if ref is not None else (dotted(value.func) or "")
        if ref is None or ref.kind in ("builtin", "external"):
            bare = name[len("builtins."):] if name.startswith("builtins.") else name
            if bare in LAZY_BUILTINS or name.startswith("itertools."):
                return True
        elif ref.kind == "function" and isinstance(ref.node, ast.FunctionDef) and \
                _is_generator(ref.node):
            return True
    return False


def _is_generator(node: Any) -> bool:
    stack = list(node.body)
    while stack:
        sub = stack.pop()
        if isinstance(sub, (ast.Yield, ast.YieldFrom)):
            return True
        if isinstance(sub, FUNCTION_NODES + (ast.Lambda, ast.ClassDef)):
            continue
        stack.extend(ast.iter_child_nodes(sub))
    return False


def _snake(name: str) -> str:
    out = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower().strip("_")
    return out or "obj"


def _params_from_text(text: Any, module: str, drop_first: bool) -> Optional[List[Param]]:
    """Parameters from a signature text: ``def f(a: int = 1) -> X`` or ``Cls(a, b=2)``."""
    if not isinstance(text, str) or "(" not in text:
        return None
    body = text.strip()
    if body.startswith("async "):
        body = body[6:]
    if not body.startswith("def "):
        body = "def " + body.split("(", 1)[0].split(".")[-1] + "(" + body.split("(", 1)[1]
    try:
        node = ast.parse(body + ":\n    pass\n").body[0]
    except (SyntaxError, ValueError, IndexError, RecursionError):
        return None
    if not isinstance(node, FUNCTION_NODES):
        return None
    return params_of(node, module, drop_first)


def share_changed_decoders(all_mined: List[Mined]) -> None:
    """Every target gets the decoders on any target's changed lines: the text a target passes
    on may reach one through a call no call path resolves (``self.operator.quote(v)``)."""
    families = {f for mined in all_mined for f, w in mined.decoders.items() if w >= W_CHANGED}
    for mined in all_mined:
        for family in sorted(families):
            mined.add_decoder(family, W_TARGET)
