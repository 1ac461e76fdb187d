"""A lazy, read-only model of one source tree: modules, name resolution, classes and constructors.

Only the modules a request needs are parsed (on first use), so a generator request stays fast on
large projects.  Resolution is static and best effort: ``from .x import y``, ``import a.b as c``,
module-level assignments, class bodies and star imports; everything outside the tree is an
*external* dotted name (``decimal.Decimal``, ``typing.Optional``).
"""

from __future__ import annotations

import ast
import builtins
import io
import os
import tokenize
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

if TYPE_CHECKING:  # pragma: no cover
    from .classes import ClassModel

FUNC = (ast.FunctionDef, ast.AsyncFunctionDef)
ENUM_BASES = {"enum.Enum", "enum.IntEnum", "enum.StrEnum", "enum.Flag", "enum.IntFlag"}
BUILTIN_NAMES = frozenset(dir(builtins))
_PARSED: Dict[Tuple[str, bool, str], "Mod"] = {}  # (module, is_package, source) -> parsed


@dataclass
class Param:
    """One parameter of a callable; ``module`` is where its annotation's names resolve."""

    name: str
    kind: str  # positional_only, positional_or_keyword, var_positional, keyword_only, var_keyword
    annotation: Optional[ast.expr]
    default: Optional[ast.expr]
    module: str
    owner: Any = None  # the def/lambda node (to guess types from how the body uses the name)
    owner_class: Optional[str] = None  # the class defining that method, if any

    @property
    def required(self) -> bool:
        return self.default is None and self.kind not in ("var_positional", "var_keyword")


@dataclass
class Sym:
    """What a name resolves to."""

    kind: str  # module | class | function | value | external | builtin
    name: str  # qualified / dotted name
    node: Any = None
    module: str = ""


@dataclass
class Mod:
    name: str
    path: str
    source: str
    tree: ast.Module
    is_package: bool
    bindings: Dict[str, Tuple[Any, ...]] = field(default_factory=dict)
    stars: List[str] = field(default_factory=list)


def read_source(path: str) -> str:
    with open(path, "rb") as handle:
        data = handle.read()
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError:
        encoding = "utf-8"
    text = data.decode(encoding, "replace")
    return text[1:] if text.startswith("\ufeff") else text


def params_of(node: Any, module: str, drop_first: bool, owner_class: Optional[str] = None
              ) -> List[Param]:
    """Parameters of a def or lambda node (``self``/``cls`` dropped when ``drop_first``)."""
    args = node.args
    out: List[Param] = []
    positional = list(getattr(args, "posonlyargs", [])) + list(args.args)
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    n_posonly = len(getattr(args, "posonlyargs", []))
    for index, (arg, default) in enumerate(zip(positional, defaults)):
        kind = "positional_only" if index < n_posonly else "positional_or_keyword"
        out.append(Param(arg.arg, kind, arg.annotation, default, module))
    if args.vararg is not None:
        out.append(Param(args.vararg.arg, "var_positional", args.vararg.annotation, None, module))
    for arg, default in zip(args.kwonlyargs, args.kw_defaults):
        out.append(Param(arg.arg, "keyword_only", arg.annotation, default, module))
    if args.kwarg is not None:
        out.append(Param(args.kwarg.arg, "var_keyword", args.kwarg.annotation, None, module))
    if drop_first and out and out[0].kind in ("positional_only", "positional_or_keyword"):
        out = out[1:]
    for param in out:
        param.owner = node
        param.owner_class = owner_class
    return out


def decorator_names(node: Any) -> List[str]:
    out = []
    for deco in getattr(node, "decorator_list", []):
        target = deco.func if isinstance(deco, ast.Call) else deco
        out.append(dotted(target) or "")
    return out


def dotted(node: Any) -> Optional[str]:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = dotted(node.value)
        return base + "." + node.attr if base else None
    return None


class Tree:
    """One tree (old or new) under its import root."""

    def __init__(self, root: str, import_roots: Optional[List[str]] = None) -> None:
        self.root = os.path.abspath(root)
        roots = [os.path.join(self.root, r) for r in (import_roots or []) if r]
        self.import_roots = [os.path.abspath(r) for r in roots] or [self.root]
        self.import_root = self.import_roots[0]
        self._mods: Dict[str, Optional[Mod]] = {}
        self._files: Dict[str, Optional[Tuple[str, bool]]] = {}
        self._classes: Dict[str, Optional["ClassModel"]] = {}
        self._public: Dict[str, Tuple[str, str]] = {}

    # -- modules -----------------------------------------------------------------------------
    def module_file(self, name: str) -> Optional[Tuple[str, bool]]:
        if name not in self._files:
            self._files[name] = self._module_file(name)
        return self._files[name]

    def _module_file(self, name: str) -> Optional[Tuple[str, bool]]:
        if not name or any(not p.isidentifier() for p in name.split(".")):
            return None
        for root in self.import_roots:
            base = os.path.join(root, *name.split("."))
            init = os.path.join(base, "__init__.py")
            if os.path.isfile(init):
                return init, True
            if os.path.isfile(base + ".py"):
                return base + ".py", False
        return None

    def is_module(self, name: str) -> bool:
        """Whether ``name`` is a module of the tree (a file exists; nothing is parsed)."""
        return self.module_file(name) is not None

    def load(self, name: str) -> Optional[Mod]:
        if name in self._mods:
            return self._mods[name]
        self._mods[name] = None
        found = self.module_file(name)
        if found is None:
            return None
        path, is_package = found
        try:
            source = read_source(path)
        except (OSError, SyntaxError, ValueError, LookupError):
            return None
        # the old and new trees share most files: parse each distinct text once per process
        cache_key = (name, is_package, source)
        cached = _PARSED.get(cache_key)
        if cached is None:
            try:
                tree = ast.parse(source)
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                return None
            mod = Mod(name, path, source, tree, is_package)
            self._collect(mod, tree.body, in_handler=False)
            if len(_PARSED) > 2000:
                _PARSED.clear()
            _PARSED[cache_key] = mod
        else:
            mod = Mod(name, path, source, cached.tree, is_package, cached.bindings,
                      cached.stars)
        self._mods[name] = mod
        return mod

    def _collect(self, mod: Mod, body: List[ast.stmt], in_handler: bool) -> None:
        def bind(name: str, record: Tuple[Any, ...]) -> None:
            if in_handler and name in mod.bindings:
                return
            mod.bindings[name] = record

        for stmt in body:
            if isinstance(stmt, FUNC):
                bind(stmt.name, ("def", stmt))
            elif isinstance(stmt, ast.ClassDef):
                bind(stmt.name, ("class", stmt))
            elif isinstance(stmt, ast.Assign):
                for target in stmt.targets:
                    if isinstance(target, ast.Name):
                        bind(target.id, ("value", stmt.value))
            elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                if stmt.value is not None:
                    bind(stmt.target.id, ("value", stmt.value))
            elif isinstance(stmt, ast.Import):
                for alias in stmt.names:
                    if alias.asname:
                        bind(alias.asname, ("import", alias.name))
                    else:
                        top = alias.name.split(".")[0]
                        bind(top, ("import", top))
            elif isinstance(stmt, ast.ImportFrom):
                source = self._absolute(mod, stmt.module, stmt.level)
                if source is None:
                    continue
                for alias in stmt.names:
                    if alias.name == "*":
                        mod.stars.append(source)
                    else:
                        bind(alias.asname or alias.name, ("from", source, alias.name))
            elif isinstance(stmt, ast.If):
                self._collect(mod, stmt.body, in_handler)
                self._collect(mod, stmt.orelse, True)
            elif isinstance(stmt, ast.Try) or type(stmt).__name__ == "TryStar":
                self._collect(mod, stmt.body, in_handler)  # type: ignore[attr-defined]
                for handler in stmt.handlers:  # type: ignore[attr-defined]
                    self._collect(mod, handler.body, True)
                self._collect(mod, stmt.orelse, in_handler)  # type: ignore[attr-defined]
                self._collect(mod, stmt.finalbody, in_handler)  # type: ignore[attr-defined]
            elif isinstance(stmt, (ast.With, ast.AsyncWith)):
                self._collect(mod, stmt.body, in_handler)

    @staticmethod
    def _absolute(mod: Mod, module: Optional[str], level: int) -> Optional[str]:
        if level == 0:
            return module
        parts = mod.name.split(".")
        if not mod.is_package:
            parts = parts[:-1]
        if level - 1 > len(parts):
            return None
        base = parts[: len(parts) - (level - 1)]
        if module:
            base = base + module.split(".")
        return ".".join(base)

    # -- resolution --------------------------------------------------------------------------
    def lookup(self, modname: str, name: str, depth: int = 0) -> Optional[Sym]:
        """What ``name`` means at the top level of module ``modname``."""
        if depth > 12:
            return None
        mod = self.load(modname)
        if mod is None:
            return None
        record = mod.bindings.get(name)
        if record is None:
            for star in mod.stars:
                if self.is_module(star):
                    found = self.lookup(star, name, depth + 1)
                    if found is not None:
                        return found
            if self.is_module(modname + "." + name):
                return Sym("module", modname + "." + name)
            if name in BUILTIN_NAMES:
                return Sym("builtin", name)
            return None
        kind = record[0]
        qual = modname + "." + name
        if kind == "def":
            return Sym("function", qual, record[1], modname)
        if kind == "class":
            return Sym("class", qual, record[1], modname)
        if kind == "value":
            return Sym("value", qual, record[1], modname)
        if kind == "import":
            target = record[1]
            return Sym("module", target) if self.is_module(target) else Sym("external", target)
        if kind == "from":
            source, orig = record[1], record[2]
            if self.is_module(source + "." + orig):
                return Sym("module", source + "." + orig)
            if self.is_module(source):
                return self.lookup(source, orig, depth + 1)
            return Sym("external", source + "." + orig)
        return None

    def resolve(self, modname: str, node: Any, depth: int = 0) -> Optional[Sym]:
        """Resolve a Name/Attribute expression at module level."""
        if isinstance(node, ast.Name):
            return self.lookup(modname, node.id, depth)
        if isinstance(node, ast.Attribute):
            base = self.resolve(modname, node.value, depth + 1)
            if base is None:
                return None
            return self.member(base, node.attr, depth + 1)
        return None

    def member(self, base: Sym, attr: str, depth: int = 0) -> Optional[Sym]:
        if base.kind == "module":
            return self.lookup(base.name, attr, depth + 1)
        if base.kind == "external":
            return Sym("external", base.name + "." + attr)
        if base.kind == "class" and isinstance(base.node, ast.ClassDef):
            for stmt in base.node.body:
                if isinstance(stmt, ast.ClassDef) and stmt.name == attr:
                    return Sym("class", base.name + "." + attr, stmt, base.module)
                if isinstance(stmt, FUNC) and stmt.name == attr:
                    return Sym("function", base.name + "." + attr, stmt, base.module)
                if isinstance(stmt, ast.Assign) and any(
                        isinstance(t, ast.Name) and t.id == attr for t in stmt.targets):
                    return Sym("value", base.name + "." + attr, stmt.value, base.module)
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and \
                        stmt.target.id == attr and stmt.value is not None:
                    return Sym("value", base.name + "." + attr, stmt.value, base.module)
        return None

    def class_sym(self, qual: str) -> Optional[Sym]:
        found = self.find_def(qual)
        if found is None or not isinstance(found[1], ast.ClassDef):
            return None
        return Sym("class", qual, found[1], found[0])

    # -- definitions -------------------------------------------------------------------------
    def split(self, qual: str) -> Optional[Tuple[str, List[str]]]:
        parts = qual.split(".")
        for cut in range(len(parts), 0, -1):
            name = ".".join(parts[:cut])
            if self.module_file(name) is not None:
                return name, parts[cut:]
        return None

    def find_def(self, qual: str) -> Optional[Tuple[str, Any, List[ast.ClassDef]]]:
        """(module, def/class/lambda node, enclosing classes) for a qualified name."""
        found = self.split(qual)
        if found is None:
            return None
        modname, rest = found
        mod = self.load(modname)
        if mod is None or not rest:
            return None
        body: List[ast.stmt] = mod.tree.body
        classes: List[ast.ClassDef] = []
        node: Any = None
        for index, part in enumerate(rest):
            name, _, suffix = part.partition("#")
            node = _find_in_body(body, name, suffix)
            if node is None:
                return None
            if index < len(rest) - 1:
                if not isinstance(node, ast.ClassDef):
                    return None
                classes.append(node)
                body = node.body
        return modname, node, classes

    # -- classes -----------------------------------------------------------------------------
    def class_model(self, qual: str, depth: int = 0) -> Optional["ClassModel"]:
        if qual in self._classes:
            return self._classes[qual]
        self._classes[qual] = None
        sym = self.class_sym(qual)
        if sym is None or depth > 10:
            return None
        model = self._build_class(sym, depth)
        self._classes[qual] = model
        return model

    def _build_class(self, sym: Sym, depth: int) -> "ClassModel":
        from .classes import build_class
        return build_class(self, sym, depth)

    # -- public import paths ------------------------------------------------------------------
    def public_ref(self, qual: str) -> Tuple[str, str]:
        """(import line, expression) a user would write for a class or function."""
        if qual in self._public:
            return self._public[qual]
        found = self.split(qual)
        if found is None:
            result = ("", qual.rsplit(".", 1)[-1])
        else:
            modname, rest = found
            top = rest[0].partition("#")[0] if rest else ""
            result = ("from %s import %s" % (modname, top), ".".join(
                r.partition("#")[0] for r in rest))
            parts = modname.split(".")
            found_public = False
            for cut in range(1, len(parts) + 1):
                candidate = ".".join(parts[:cut])
                if any(p.startswith("_") for p in parts[:cut]) and cut < len(parts):
                    continue
                if self._binds(candidate, top, modname + "." + top):
                    result = ("from %s import %s" % (candidate, top), result[1])
                    found_public = True
                    break
            if not found_public and any(p.startswith("_") for p in parts):
                sibling = self._public_sibling(parts, top, modname + "." + top)
                if sibling is not None:
                    result = ("from %s import %s" % (sibling, top), result[1])
        self._public[qual] = result
        return result

    def _binds(self, modname: str, name: str, qual: str) -> bool:
        ref = self.lookup(modname, name)
        return ref is not None and ref.kind in ("class", "function") and ref.name == qual

    def _public_sibling(self, parts: List[str], name: str, qual: str) -> Optional[str]:
        """A public module of the same package (or a parent) that imports the definition of a
        private module (``dateutil._common.weekday`` → ``dateutil.relativedelta``)."""
        for depth in range(len(parts) - 1, 0, -1):
            package = parts[:depth]
            if any(p.startswith("_") for p in package):
                continue
            for root in self.import_roots:
                folder = os.path.join(root, *package)
                try:
                    entries = sorted(os.listdir(folder))
                except OSError:
                    continue
                for entry in entries[:200]:
                    stem = entry[:-3] if entry.endswith(".py") else entry
                    if stem.startswith("_") or not stem.isidentifier() or \
                            (not entry.endswith(".py") and
                             not os.path.isfile(os.path.join(folder, entry, "__init__.py"))):
                        continue
                    candidate = ".".join(package + [stem])
                    found = self.module_file(candidate)
                    if found is None or candidate not in self._mods and \
                            not _mentions(found[0], name):
                        continue  # cheap text check before parsing a module
                    if self._binds(candidate, name, qual):
                        return candidate
        return None


def _mentions(path: str, name: str) -> bool:
    try:
        with open(path, "rb") as handle:
            return name.encode("utf-8") in handle.read(2_000_000)
    except OSError:
        return False


def _find_in_body(body: List[ast.stmt], name: str, suffix: str) -> Any:
    """The def/class/lambda named ``name`` in a scope body (``#N`` / ``#setter`` variants)."""
    found: List[Any] = []
    stack = [body]
    while stack:
        block = stack.pop(0)
        for stmt in block:
            if isinstance(stmt, FUNC + (ast.ClassDef,)) and stmt.name == name:
                found.append(stmt)
            elif isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Lambda) and any(
                    isinstance(t, ast.Name) and t.id == name for t in stmt.targets):
                found.append(stmt.value)
            elif isinstance(stmt, (ast.If, ast.Try, ast.With)):
                for attr in ("body", "orelse", "finalbody"):
                    stack.append(getattr(stmt, attr, []))
                for handler in getattr(stmt, "handlers", []):
                    stack.append(handler.body)
    if not found:
        return None
    found.sort(key=lambda n: (n.lineno, n.col_offset))
    if suffix in ("setter", "deleter", "getter"):
        for node in found:
            if any(d.endswith("." + suffix) for d in decorator_names(node)):
                return node
        return None
    plain = [n for n in found if not any(d.endswith((".setter", ".deleter"))
                                         for d in decorator_names(n))]
    if suffix.isdigit():
        index = int(suffix) - 1
        return plain[index] if 0 <= index < len(plain) else None
    return plain[-1] if plain else found[-1]
