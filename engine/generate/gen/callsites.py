"""Literal call sites in the project's own tests, docs and doctests.

The base tree's test files (``test_files.is_test_path``: ``test_*.py``, ``tests.py``,
``conftest.py``, anything under a ``tests``/``test`` folder), documentation (``docs``/``doc``,
README; ``>>>`` lines and fenced Python blocks) and the docstrings of the modules a request
touches are parsed; every call of a project function or class, every method call
``x.name(...)``, ``lit in x`` and ``x[lit]`` whose arguments are literals (or texts built of
literals, ``'1' * 21``; or constructions of project classes / ``Decimal`` / ``date`` ... with
literal arguments, or names bound to such values in the same function or by a parameterless
helper like ``def make_invoice(): return Invoice(...)``) becomes a *site*.  Files are
pre-filtered by the names of interest, and the amount of text read is bounded, so a request
stays fast."""

from __future__ import annotations

import ast
import os
import re
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Optional, Set, Tuple

from pymodel.project import Tree
from pymodel.source import read_source
from pymodel.syntax import BUILTIN_NAMES, FUNCTION_NODES, dotted, subscript_slice
from test_files import CONFTEST, TEST_FOLDERS, is_test_name

from .values import MAX_FOLDED, Value, folded_text, from_python, key, literal_of, vcall, vnone

MAX_FILES = 400
MAX_FILE_BYTES = 400_000
MAX_TOTAL_BYTES = 6_000_000
MAX_SITES_PER_KEY = 40
DOC_DIRS = ("docs", "doc", "examples", "example")
SKIP_DIRS = {".git", ".hg", ".tox", ".venv", "venv", "node_modules", "build", "dist",
             "__pycache__", ".mypy_cache", ".pytest_cache", "site-packages"}
STDLIB_CALLS = {
    "decimal.Decimal": ("Decimal", "from decimal import Decimal"),
    "fractions.Fraction": ("Fraction", "from fractions import Fraction"),
    "datetime.date": ("date", "from datetime import date"),
    "datetime.datetime": ("datetime", "from datetime import datetime"),
    "datetime.time": ("time", "from datetime import time"),
    "datetime.timedelta": ("timedelta", "from datetime import timedelta"),
    "pathlib.Path": ("Path", "from pathlib import Path"),
    "collections.OrderedDict": ("OrderedDict", "from collections import OrderedDict"),
}
BUILTIN_CALLS = {"list", "tuple", "set", "frozenset", "dict", "bytes", "bytearray", "complex",
                 "range", "float", "int", "str"}
TYPING_NAMES = {"Optional", "Union", "List", "Dict", "Tuple", "Any", "Iterable", "Sequence",
                "Mapping", "Callable", "Set", "Literal", "Type"}
_FENCE = re.compile(r"```(?:python|py|pycon)?\s*\n(.*?)```", re.S)


@dataclass
class Site:
    args: List[Value]
    kwargs: List[Tuple[str, Value]]
    # a method site's receiver when the test builds it of literals: the project class and the
    # construction's arguments (``Markup('<em>{v}</em>').format_map({'v': '<'})``), which
    # matter together with the call's
    receiver: Optional[Tuple[str, "Site"]] = None

    def identity(self) -> str:
        """What tells two sites apart, the receiver's construction included."""
        whole: Dict[str, Any] = {"a": self.args, "k": [[n, v] for n, v in self.kwargs]}
        if self.receiver is not None:
            whole["r"] = [self.receiver[0], self.receiver[1].identity()]
        return key(whole)


class CallSites:
    """Sites keyed by the callee's qualified name, ``method:NAME`` or ``op:__dunder__``."""

    def __init__(self, tree: Tree, interesting: Set[str]) -> None:
        self.tree = tree
        self.interesting = {n for n in interesting if n}
        self.sites: Dict[str, List[Site]] = {}
        self._seen: Set[str] = set()
        self.files_read = 0
        self.bytes_read = 0

    # -- public ------------------------------------------------------------------------------
    def get(self, site_key: str) -> List[Site]:
        return self.sites.get(site_key, [])

    def scan(self, extra_modules: Iterable[str] = ()) -> None:
        """Scan tests/docs under the tree root plus the docstrings of ``extra_modules``."""
        if not self.interesting:
            return
        pattern = re.compile(r"\b(?:%s)\b" % "|".join(
            re.escape(n) for n in sorted(self.interesting, key=lambda n: (-len(n), n))))
        for path, kind in self._files():
            if self.files_read >= MAX_FILES or self.bytes_read >= MAX_TOTAL_BYTES:
                break
            try:
                if os.path.getsize(path) > MAX_FILE_BYTES:
                    continue
                text = read_source(path, lenient=True)
            except OSError:
                continue
            if not pattern.search(text):
                continue
            self.files_read += 1
            self.bytes_read += len(text)
            context = self._context_module(path)
            if kind == "py":
                self._python(text, context, doctests=True)
            else:
                self._doc(text, context)
        for modname in sorted(set(extra_modules)):
            mod = self.tree.load(modname)
            if mod is not None and ">>>" in mod.source:
                for node in ast.walk(mod.tree):
                    doc = _docstring(node)
                    if doc and ">>>" in doc:
                        self._doctest(doc, modname)

    # -- files -------------------------------------------------------------------------------
    def _files(self) -> List[Tuple[str, str]]:
        root = self.tree.root
        out: List[Tuple[str, str]] = []
        for name in sorted(os.listdir(root)) if os.path.isdir(root) else []:
            full = os.path.join(root, name)
            if os.path.isfile(full) and name.lower().startswith("readme") and \
                    name.lower().endswith((".md", ".rst", ".txt")):
                out.append((full, "doc"))
        for top in TEST_FOLDERS + DOC_DIRS:
            base = os.path.join(root, top)
            if not os.path.isdir(base):
                continue
            for dirpath, dirnames, filenames in os.walk(base):
                dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
                for fname in sorted(filenames):
                    full = os.path.join(dirpath, fname)
                    if fname.endswith(".py"):
                        out.append((full, "py"))
                    elif fname.endswith((".md", ".rst", ".txt")):
                        out.append((full, "doc"))
        # test modules living next to the sources (pkg/tests/test_x.py, test_x.py at the root)
        import_root = self.tree.import_root
        for dirpath, dirnames, filenames in os.walk(import_root):
            rel = os.path.relpath(dirpath, root)
            if rel.split(os.sep)[0] in TEST_FOLDERS + DOC_DIRS:
                dirnames[:] = []
                continue
            dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and
                                 not d.startswith("."))
            for fname in sorted(filenames):
                if fname.endswith(".py") and (is_test_name(fname) or fname == CONFTEST):
                    out.append((os.path.join(dirpath, fname), "py"))
        seen: Set[str] = set()
        unique = []
        for path, kind in out:
            if path not in seen:
                seen.add(path)
                unique.append((path, kind))
        return unique

    def _context_module(self, path: str) -> str:
        """A module name whose imports give meaning to names in ``path`` (the file itself)."""
        return "<file>:" + path

    # -- parsing -----------------------------------------------------------------------------
    def _doc(self, text: str, context: str) -> None:
        if ">>>" in text:
            self._doctest(text, context)
        for match in _FENCE.finditer(text):
            block = match.group(1)
            if ">>>" not in block:
                self._python(block, context, doctests=False)

    def _doctest(self, text: str, context: str) -> None:
        lines: List[str] = []
        for raw in text.splitlines():
            stripped = raw.strip()
            if stripped.startswith(">>> "):
                lines.append(stripped[4:])
            elif stripped == ">>>":
                lines.append("")
            elif stripped.startswith("... ") and lines:
                lines.append("    " + stripped[4:] if lines[-1].rstrip().endswith(":") or
                             lines[-1].startswith("    ") else stripped[4:])
        if lines:
            self._python("\n".join(lines), context, doctests=False, lenient=True)

    def _python(self, text: str, context: str, doctests: bool, lenient: bool = False) -> None:
        try:
            module = ast.parse(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            if not lenient:
                return
            module = ast.Module(body=[], type_ignores=[])
            for line in text.splitlines():
                try:
                    module.body.extend(ast.parse(line).body)
                except (SyntaxError, ValueError, RecursionError, MemoryError):
                    continue
        scope = _FileScope(self.tree, module, context)
        helpers = scope.helpers
        self._walk(module, scope, _local_bindings(module), helpers)
        if doctests:
            for node in ast.walk(module):
                doc = _docstring(node)
                if doc and ">>>" in doc:
                    self._doctest(doc, context)

    def _walk(self, root: Any, scope: "_FileScope", local: Dict[str, Any],
              helpers: Dict[str, Any]) -> None:
        """One pass over the tree; each function body sees its own local bindings."""
        stack: List[Tuple[Any, Dict[str, Any]]] = [(root, local)]
        while stack:
            node, names = stack.pop()
            if isinstance(node, ast.Call):
                self._call(node, scope, names, helpers)
            elif isinstance(node, ast.Compare) and len(node.ops) == 1 and \
                    isinstance(node.ops[0], (ast.In, ast.NotIn)):
                value = scope.value(node.left, names, helpers)
                if value is not None:
                    self._add("op:__contains__", Site([value], []))
            elif isinstance(node, ast.Subscript) and isinstance(getattr(node, "ctx", None),
                                                                ast.Load):
                inner = subscript_slice(node)
                if isinstance(inner, ast.Constant) and isinstance(node.value, ast.Name):
                    value = scope.value(inner, names, helpers)
                    if value is not None:
                        self._add("op:__getitem__", Site([value], []))
            inner_names = _local_bindings(node) if isinstance(node, FUNCTION_NODES) else names
            children = list(ast.iter_child_nodes(node))
            stack.extend((child, inner_names) for child in reversed(children))

    def _call(self, node: ast.Call, scope: "_FileScope", local: Dict[str, Any],
              helpers: Dict[str, Any]) -> None:
        if any(isinstance(a, ast.Starred) for a in node.args) or \
                any(k.arg is None for k in node.keywords):
            return
        site_key: Optional[str] = None
        if isinstance(node.func, (ast.Name, ast.Attribute)):
            sym = scope.resolve(node.func)
            if sym is not None and sym[0] in ("function", "class"):
                site_key = sym[1]
            elif isinstance(node.func, ast.Attribute) and node.func.attr in self.interesting:
                site_key = "method:" + node.func.attr
        if site_key is None:
            return
        args = [scope.value(a, local, helpers) for a in node.args]
        kwargs = [(k.arg, scope.value(k.value, local, helpers)) for k in node.keywords]
        if any(a is None for a in args) or any(v is None for _k, v in kwargs):
            return
        receiver = None
        if site_key.startswith("method:") and isinstance(node.func, ast.Attribute):
            receiver = _receiver(node.func.value, scope, local, helpers)
        self._add(site_key, Site(args, kwargs, receiver))  # type: ignore[arg-type]

    def _add(self, site_key: str, site: Site) -> None:
        bucket = self.sites.setdefault(site_key, [])
        if len(bucket) >= MAX_SITES_PER_KEY:
            return
        text = site_key + "|" + site.identity()
        if text in self._seen:
            return
        self._seen.add(text)
        bucket.append(site)


class _FileScope:
    """Names of one test/doc file: its imports (resolved in the tree) and helper functions."""

    def __init__(self, tree: Tree, module: ast.Module, context: str) -> None:
        self.tree = tree
        self.context = None if context.startswith("<file>:") else context
        self.imports: Dict[str, Tuple[str, Optional[str]]] = {}
        self.helpers: Dict[str, Any] = {}
        for stmt in ast.walk(module):
            if isinstance(stmt, ast.ImportFrom) and stmt.module and stmt.level == 0:
                for alias in stmt.names:
                    if alias.name != "*":
                        self.imports[alias.asname or alias.name] = (stmt.module, alias.name)
            elif isinstance(stmt, ast.Import):
                for alias in stmt.names:
                    if alias.asname:
                        self.imports[alias.asname] = (alias.name, None)
                    else:
                        top = alias.name.split(".")[0]
                        self.imports[top] = (top, None)
        for stmt in module.body:
            if isinstance(stmt, FUNCTION_NODES) and not stmt.args.args and not stmt.args.kwonlyargs:
                body = [s for s in stmt.body if not (isinstance(s, ast.Expr) and
                                                     isinstance(s.value, ast.Constant))]
                if len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value:
                    self.helpers[stmt.name] = body[0].value
        self._cache: Dict[str, Optional[Tuple[str, str]]] = {}

    def resolve(self, node: Any) -> Optional[Tuple[str, str]]:
        """(kind, qualified or external dotted name) of a Name/Attribute in this file."""
        text = dotted(node)
        if text is None:
            return None
        if text in self._cache:
            return self._cache[text]
        result: Optional[Tuple[str, str]] = None
        parts = text.split(".")
        head = self.imports.get(parts[0])
        if head is not None:
            module, name = head
            if name is None:
                dotted_path = module + ("." + ".".join(parts[1:]) if len(parts) > 1 else "")
            else:
                dotted_path = module + "." + name + \
                    ("." + ".".join(parts[1:]) if len(parts) > 1 else "")
            result = self._lookup(dotted_path)
        elif self.context is not None:
            sym = self.tree.lookup(self.context, parts[0])
            for attr in parts[1:]:
                if sym is None:
                    break
                sym = self.tree.member(sym, attr)
            if sym is not None and sym.kind in ("function", "class"):
                result = (sym.kind, sym.name)
            elif sym is not None and sym.kind == "external" and sym.name in STDLIB_CALLS:
                result = ("stdlib", sym.name)
        self._cache[text] = result
        return result

    def _lookup(self, dotted_path: str) -> Optional[Tuple[str, str]]:
        parts = dotted_path.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            modname = ".".join(parts[:cut])
            if self.tree.is_module(modname):
                sym = self.tree.lookup(modname, parts[cut])
                for attr in parts[cut + 1:]:
                    if sym is None:
                        break
                    sym = self.tree.member(sym, attr)
                if sym is not None and sym.kind in ("function", "class"):
                    return sym.kind, sym.name
                return None
        if dotted_path in STDLIB_CALLS:
            return "stdlib", dotted_path
        return None

    def value(self, node: Any, local: Dict[str, Any], helpers: Dict[str, Any],
              depth: int = 0) -> Optional[Value]:
        if depth > 8:
            return None
        if isinstance(node, ast.Constant) and node.value is None:
            return vnone("doc")
        lit = literal_of(node)
        if lit is None:
            lit = folded_text(node)
        if lit is not None:
            return from_python(lit, "doc")
        if isinstance(node, ast.Name) and node.id in local and depth < 4:
            return self.value(local[node.id], {}, helpers, depth + 1)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mult)):
            return _joined(self.value(node.left, local, helpers, depth + 1), node.op,
                           self.value(node.right, local, helpers, depth + 1))
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            items = [self.value(e, local, helpers, depth + 1) for e in node.elts]
            if any(i is None for i in items) or len(items) > 30:
                return None
            kind = {ast.List: "list", ast.Tuple: "tuple", ast.Set: "set"}[type(node)]
            return {"k": kind, "items": items, "src": "doc"}
        if isinstance(node, ast.Dict):
            pairs = []
            for k, v in zip(node.keys, node.values):
                if k is None:
                    return None
                kv = self.value(k, local, helpers, depth + 1)
                vv = self.value(v, local, helpers, depth + 1)
                if kv is None or vv is None:
                    return None
                pairs.append([kv, vv])
            return {"k": "dict", "items": pairs, "src": "doc"}
        if isinstance(node, ast.Call) and not any(isinstance(a, ast.Starred) for a in node.args) \
                and not any(k.arg is None for k in node.keywords):
            fname = dotted(node.func)
            if isinstance(node.func, ast.Name) and not node.args and not node.keywords and \
                    node.func.id in helpers and node.func.id not in self.imports:
                return self.value(helpers[node.func.id], {}, {}, depth + 1)
            ref = self.resolve(node.func) if fname else None
            fn: Optional[str] = None
            imports: List[str] = []
            obj = False
            if ref is not None and ref[0] == "class":
                model = self.tree.class_model(ref[1])
                imp, fn = self.tree.public_ref(ref[1])
                imports = [imp] if imp else []
                obj = model is None or not (model.is_enum or model.is_exception)
            elif ref is not None and ref[0] == "stdlib":
                fn, imp = STDLIB_CALLS[ref[1]]
                imports = [imp]
            elif fname in BUILTIN_CALLS and fname not in self.imports:
                fn = fname
            if fn is None:
                return None
            args = [self.value(a, local, helpers, depth + 1) for a in node.args]
            kwargs = [(k.arg, self.value(k.value, local, helpers, depth + 1))
                      for k in node.keywords]
            if any(a is None for a in args) or any(v is None for _k, v in kwargs):
                return None
            return vcall(fn, imports, args, kwargs, obj=obj, src="doc")  # type: ignore[arg-type]
        if isinstance(node, ast.Attribute):  # Enum members: Color.RED
            ref = self.resolve(node.value)
            if ref is not None and ref[0] == "class":
                model = self.tree.class_model(ref[1])
                if model is not None and model.is_enum and node.attr in model.enum_members:
                    imp, expr = self.tree.public_ref(ref[1])
                    return {"k": "expr", "code": expr + "." + node.attr,
                            "imports": [imp] if imp else [], "src": "doc"}
        return None


def _receiver(node: Any, scope: "_FileScope", local: Dict[str, Any], helpers: Dict[str, Any],
              depth: int = 0) -> Optional[Tuple[str, Site]]:
    """The project class and construction arguments of a method call's receiver built of
    literals in the test, directly or through a name it bound (``m = Markup('x')``)."""
    if isinstance(node, ast.Name) and node.id in local and depth < 4:
        return _receiver(local[node.id], scope, {}, helpers, depth + 1)
    if not isinstance(node, ast.Call) or any(isinstance(a, ast.Starred) for a in node.args) \
            or any(k.arg is None for k in node.keywords):
        return None
    ref = scope.resolve(node.func)
    if ref is None or ref[0] != "class":
        return None
    args = [scope.value(a, local, helpers) for a in node.args]
    kwargs = [(k.arg, scope.value(k.value, local, helpers)) for k in node.keywords]
    if any(a is None for a in args) or any(v is None for _k, v in kwargs):
        return None
    return ref[1], Site(args, kwargs)  # type: ignore[arg-type]


def _joined(left: Optional[Value], op: Any, right: Optional[Value]) -> Optional[Value]:
    """``a + b`` of two texts, ``a * n`` of a text and a count, where either side is a name
    the test bound (``latin + zwnj``); what :func:`folded_text` does for literals alone."""
    if left is None or right is None:
        return None
    kinds = (left.get("k"), right.get("k"))
    if isinstance(op, ast.Add) and kinds in (("str", "str"), ("bytes", "bytes")) and \
            len(left["v"]) + len(right["v"]) <= MAX_FOLDED:
        return {"k": kinds[0], "v": left["v"] + right["v"], "src": "doc"}
    if isinstance(op, ast.Mult) and set(kinds) in ({"str", "int"}, {"bytes", "int"}):
        text, count = (left, right) if kinds[1] == "int" else (right, left)
        if 0 <= count["v"] and len(text["v"]) * count["v"] <= MAX_FOLDED:
            return {"k": text["k"], "v": text["v"] * count["v"], "src": "doc"}
    return None


def _local_bindings(root: Any) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    body = getattr(root, "body", [])
    for stmt in body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and \
                isinstance(stmt.targets[0], ast.Name):
            out[stmt.targets[0].id] = stmt.value
    return out


def _docstring(node: Any) -> Optional[str]:
    if isinstance(node, FUNCTION_NODES + (ast.ClassDef, ast.Module)):
        try:
            return ast.get_docstring(node)
        except (TypeError, ValueError):
            return None
    return None


def scan_trees(trees: Dict[str, Tree], entries: List[Tuple[str, str, str, List[Any]]],
               callees: Iterable[str] = ()) -> Dict[str, "CallSites"]:
    """Call sites of both trees for a request's entry plans.

    ``entries`` holds (side, entry expression, module, parameters) per plan; the names of
    interest are the entry's names, the names in the parameters' annotations, and those in the
    constructor annotations of the classes they name (one level down), and the qualified
    ``callees`` the entries hand a parameter to (:mod:`gen.forwarded`).
    """
    names: Set[str] = {q.rsplit(".", 1)[-1] for q in callees}
    modules: Set[str] = set()
    for _side, expr, module, params in entries:
        names.update(p for p in re.split(r"\W+", expr) if p)
        modules.add(module)
        for p in params:
            names.update(annotation_names(p.annotation))
    extra: Set[str] = set()
    for side, _expr, _module, params in entries:
        tree = trees[side]
        for p in params:
            for n in annotation_names(p.annotation):
                sym = tree.lookup(p.module, n)
                if sym is not None and sym.kind == "class":
                    model = tree.class_model(sym.name)
                    for cp in (model.ctor or []) if model else []:
                        extra.update(annotation_names(cp.annotation))
    names = {n for n in names | extra if n not in BUILTIN_NAMES and len(n) > 1 and
             n not in TYPING_NAMES}
    out: Dict[str, CallSites] = {}
    for side in sorted(trees):
        sites = CallSites(trees[side], names)
        sites.scan(sorted(modules))
        out[side] = sites
    return out


def annotation_names(node: Any) -> Set[str]:
    out: Set[str] = set()
    if node is None:
        return out
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        out.update(re.findall(r"[A-Za-z_]\w*", node.value))
        return out
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            out.add(sub.id)
        elif isinstance(sub, ast.Attribute):
            out.add(sub.attr)
        elif isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            out.update(re.findall(r"[A-Za-z_]\w*", sub.value))
    return out
