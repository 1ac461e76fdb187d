"""One module's AST → its functions, classes, signatures, docstrings, namespace and statements.

Qualified names follow Python's ``__qualname__`` prefixed with the module: ``pkg.mod.f``,
``pkg.mod.Cls.method``, ``pkg.mod.Outer.Inner.m``, nested functions ``pkg.mod.f.<locals>.g``.
Extensions where ``__qualname__`` would be ambiguous:

* property accessors other than the getter: ``pkg.mod.Cls.prop#setter`` / ``#deleter`` /
  ``#getter`` (the ``@property`` getter keeps the plain name);
* several definitions of one name in one scope (``if``/``else`` variants, ``@overload`` stubs):
  the last one (the one bound at run time) keeps the plain name, the earlier ones get ``#1``,
  ``#2``... in source order;
* a lambda bound to a name (``key = lambda x: ...``) is a function named after that name.
"""

from __future__ import annotations

import ast
import re
from typing import Dict, List, Optional, Sequence, Set, Tuple

from .model import (Binding, ClassInfo, FunctionInfo, ModuleInfo, Param, Signature, Statement,
                    truncate_docstring)

_FUNC = (ast.FunctionDef, ast.AsyncFunctionDef)
_LINE_SPLIT = re.compile(r"\r\n|\r|\n")
PROPERTY_DECORATORS = {"property", "cached_property", "abstractproperty", "cached"}


class Segmenter:
    """Fast ``ast.get_source_segment`` (offsets are UTF-8 byte columns) with folded line breaks."""

    def __init__(self, source: str) -> None:
        self.lines: List[bytes] = []
        pos = 0
        for match in _LINE_SPLIT.finditer(source):
            self.lines.append(source[pos:match.end()].encode("utf-8"))
            pos = match.end()
        self.lines.append(source[pos:].encode("utf-8"))

    def raw(self, node: ast.AST) -> Optional[str]:
        try:
            lineno = node.lineno  # type: ignore[attr-defined]
            end_lineno = node.end_lineno  # type: ignore[attr-defined]
            col = node.col_offset  # type: ignore[attr-defined]
            end_col = node.end_col_offset  # type: ignore[attr-defined]
        except AttributeError:
            return None
        if end_lineno is None or end_col is None:
            return None
        if lineno == end_lineno:
            return self.lines[lineno - 1][col:end_col].decode("utf-8", "replace")
        parts = [self.lines[lineno - 1][col:]]
        parts.extend(self.lines[lineno:end_lineno - 1])
        parts.append(self.lines[end_lineno - 1][:end_col])
        return b"".join(parts).decode("utf-8", "replace")

    def text(self, node: Optional[ast.AST]) -> Optional[str]:
        if node is None:
            return None
        raw = self.raw(node)
        if raw is None:
            return None
        if "\n" in raw or "\r" in raw:
            raw = re.sub(r"[ \t]*(?:\r\n|\r|\n)[ \t]*", " ", raw)
        return raw


def dotted(node: ast.AST) -> Optional[str]:
    """``a.b.c`` for a Name/Attribute chain, else None."""
    parts: List[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def decorator_name(node: ast.expr) -> Optional[str]:
    """Dotted name of a decorator, looking through a call (``@dataclass(frozen=True)``)."""
    if isinstance(node, ast.Call):
        node = node.func
    return dotted(node)


def signature_of(args: ast.arguments, returns: Optional[ast.expr], seg: Segmenter) -> Signature:
    params: List[Param] = []
    positional = list(getattr(args, "posonlyargs", [])) + list(args.args)
    defaults: List[Optional[ast.expr]] = [None] * (len(positional) - len(args.defaults))
    defaults += list(args.defaults)
    posonly = len(getattr(args, "posonlyargs", []))
    for index, arg in enumerate(positional):
        params.append(Param(arg.arg, "positional_only" if index < posonly else
                            "positional_or_keyword", seg.text(arg.annotation),
                            seg.text(defaults[index])))
    if args.vararg is not None:
        params.append(Param(args.vararg.arg, "var_positional", seg.text(args.vararg.annotation)))
    for arg, default in zip(args.kwonlyargs, args.kw_defaults):
        params.append(Param(arg.arg, "keyword_only", seg.text(arg.annotation), seg.text(default)))
    if args.kwarg is not None:
        params.append(Param(args.kwarg.arg, "var_keyword", seg.text(args.kwarg.annotation)))
    return Signature(params, seg.text(returns))


def bound_names(target: ast.expr) -> List[str]:
    """Names bound by an assignment target (tuples unpacked; ``x.a`` / ``x[k]`` bind ``x``)."""
    out: List[str] = []
    stack: List[ast.expr] = [target]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Name):
            out.append(node.id)
        elif isinstance(node, (ast.Tuple, ast.List)):
            stack.extend(node.elts)
        elif isinstance(node, ast.Starred):
            stack.append(node.value)
        elif isinstance(node, (ast.Attribute, ast.Subscript)):
            base: ast.expr = node
            while isinstance(base, (ast.Attribute, ast.Subscript)):
                base = base.value
            if isinstance(base, ast.Name):
                out.append(base.id)
    return out


def _is_lambda_assign(stmt: ast.stmt) -> Optional[Tuple[str, ast.Lambda]]:
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and \
            isinstance(stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.Lambda):
        return stmt.targets[0].id, stmt.value
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and \
            isinstance(stmt.value, ast.Lambda):
        return stmt.target.id, stmt.value
    return None


def _child_blocks(stmt: ast.stmt) -> List[List[ast.stmt]]:
    blocks: List[List[ast.stmt]] = []
    for name in ("body", "orelse", "finalbody"):
        value = getattr(stmt, name, None)
        if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
            blocks.append(value)
    for handler in getattr(stmt, "handlers", None) or []:
        blocks.append(handler.body)
    for case in getattr(stmt, "cases", None) or []:
        blocks.append(case.body)
    return blocks


def _accessor_suffix(node: ast.AST) -> Optional[str]:
    """'setter' / 'deleter' / 'getter' for ``@name.setter``-style decorators."""
    for deco in getattr(node, "decorator_list", []):
        if isinstance(deco, ast.Attribute) and isinstance(deco.value, ast.Name) and \
                deco.value.id == getattr(node, "name", None) and \
                deco.attr in ("setter", "deleter", "getter"):
            return deco.attr
    return None


def _duplicate_suffixes(tree: ast.Module) -> Dict[int, str]:
    """id(def node) -> '#n' for earlier definitions of a name defined again in the same scope."""
    suffixes: Dict[int, str] = {}
    scopes: List[List[ast.stmt]] = [tree.body]
    while scopes:
        body = scopes.pop()
        groups: Dict[str, List[ast.AST]] = {}
        stack: List[List[ast.stmt]] = [body]
        while stack:
            block = stack.pop(0)
            for stmt in block:
                if isinstance(stmt, _FUNC) or isinstance(stmt, ast.ClassDef):
                    scopes.append(stmt.body)
                    if _accessor_suffix(stmt) is None:
                        groups.setdefault(stmt.name, []).append(stmt)
                    continue
                named = _is_lambda_assign(stmt)
                if named is not None:
                    groups.setdefault(named[0], []).append(named[1])
                    continue
                stack.extend(_child_blocks(stmt))
        for nodes in groups.values():
            if len(nodes) > 1:
                nodes.sort(key=lambda n: (n.lineno, n.col_offset))  # type: ignore[attr-defined]
                for index, node in enumerate(nodes[:-1], start=1):
                    suffixes[id(node)] = "#%d" % index
    return suffixes


class _Scope:
    def __init__(self, kind: str, prefix: str, cls: Optional[ClassInfo] = None,
                 func: Optional[FunctionInfo] = None, top_level: bool = True) -> None:
        self.kind = kind  # module | class | function
        self.prefix = prefix
        self.cls = cls
        self.func = func
        self.top_level = top_level  # module scope or a class body not inside a function


class Extractor:
    """Walks one parsed module and fills ``mod`` plus the function/class lists."""

    def __init__(self, mod: ModuleInfo, executable: Set[int], smap: Dict[int, int]) -> None:
        self.mod = mod
        self.seg = Segmenter(mod.source)
        self.executable = executable
        self.smap = smap
        self.functions: List[FunctionInfo] = []
        self.classes: List[ClassInfo] = []
        assert mod.tree is not None
        self.suffixes = _duplicate_suffixes(mod.tree)

    # -- helpers -----------------------------------------------------------------------------
    def _span_end(self, start: int) -> int:
        """Last physical line of the logical line starting at ``start``."""
        end = start
        probe = start + 1
        while self.smap.get(probe) == start:
            end = probe
            probe += 1
        return end

    def _statement(self, scope: _Scope, start: int, end: int, kind: str, binds: Sequence[str],
                   owner: Optional[str] = None) -> None:
        if not scope.top_level:
            return
        if self.executable and start not in self.executable:
            return  # docstrings, dead code: not statements (coverage.py's rule)
        self.mod.statements.append(Statement(start, end, kind, scope.prefix,
                                             [b if "." in b else scope.prefix + "." + b
                                              for b in binds],
                                             owner))

    def _bind(self, scope: _Scope, name: str, binding: Binding) -> None:
        if scope.kind == "module":
            self.mod.namespace.setdefault(name, []).append(binding)

    # -- entry -------------------------------------------------------------------------------
    def run(self) -> None:
        tree = self.mod.tree
        assert tree is not None
        self.mod.docstring = truncate_docstring(ast.get_docstring(tree, clean=True))
        self.block(tree.body, _Scope("module", self.mod.name))

    def block(self, body: List[ast.stmt], scope: _Scope) -> None:
        for stmt in body:
            self.stmt(stmt, scope)

    def stmt(self, node: ast.stmt, scope: _Scope) -> None:
        if isinstance(node, _FUNC):
            self.function(node, scope)
            return
        if isinstance(node, ast.ClassDef):
            self.klass(node, scope)
            return
        named = _is_lambda_assign(node)
        if named is not None:
            self.lambda_function(node, named[0], named[1], scope)
            return
        start = node.lineno
        end = getattr(node, "end_lineno", None) or start
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            binds = self.imports(node, scope)
            self._statement(scope, start, end, "import", binds)
            return
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            binds = [n for t in targets for n in bound_names(t)]
            self.assignment(node, targets, scope)
            self._statement(scope, start, end, "assign", binds)
            return
        if isinstance(node, ast.Delete):
            binds = [n for t in node.targets for n in bound_names(t)]
            self._statement(scope, start, end, "other", binds)
            return
        blocks = _child_blocks(node)
        if blocks:
            header_end = self._span_end(start)
            binds = self._names_bound_in(node)
            self._statement(scope, start, header_end, "compound", binds)
            for handler in getattr(node, "handlers", None) or []:
                self._statement(scope, handler.lineno, self._span_end(handler.lineno),
                                "compound", [handler.name] if handler.name else [])
            for case in getattr(node, "cases", None) or []:
                line = case.pattern.lineno
                self._statement(scope, line, self._span_end(line), "compound", [])
            if scope.kind == "module":
                for name in self._direct_binds(node):
                    self._bind(scope, name, Binding("other", start))
            for block in blocks:
                self.block(block, scope)
            return
        self._statement(scope, start, end, "other", [])

    def _direct_binds(self, node: ast.stmt) -> List[str]:
        out: List[str] = []
        if isinstance(node, (ast.For, ast.AsyncFor)):
            out.extend(bound_names(node.target))
        if isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                if item.optional_vars is not None:
                    out.extend(bound_names(item.optional_vars))
        for handler in getattr(node, "handlers", None) or []:
            if handler.name:
                out.append(handler.name)
        return out

    def _names_bound_in(self, node: ast.stmt) -> List[str]:
        """Every name a compound statement (header and body, same scope) binds."""
        out: List[str] = list(self._direct_binds(node))
        stack: List[ast.stmt] = [s for b in _child_blocks(node) for s in b]
        while stack:
            stmt = stack.pop()
            if isinstance(stmt, _FUNC) or isinstance(stmt, ast.ClassDef):
                out.append(stmt.name)
                continue
            if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                out.extend(n for t in targets for n in bound_names(t))
            elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
                for alias in stmt.names:
                    if alias.name == "*":
                        out.append("*")
                    elif alias.asname:
                        out.append(alias.asname)
                    elif isinstance(stmt, ast.Import):
                        out.append(alias.name.split(".")[0])
                    else:
                        out.append(alias.name)
            out.extend(self._direct_binds(stmt))
            stack.extend(s for b in _child_blocks(stmt) for s in b)
        return sorted(set(out))

    # -- imports and assignments -------------------------------------------------------------
    def imports(self, node: ast.stmt, scope: _Scope) -> List[str]:
        binds: List[str] = []
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    binds.append(alias.asname)
                    self._bind(scope, alias.asname, Binding("import", node.lineno, alias.name))
                else:
                    top = alias.name.split(".")[0]
                    binds.append(top)
                    self._bind(scope, top, Binding("import", node.lineno, top))
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                if alias.name == "*":
                    binds.append("*")
                    if scope.kind == "module":
                        self.mod.star_imports.append((node.module or "", node.level))
                    continue
                local = alias.asname or alias.name
                binds.append(local)
                self._bind(scope, local, Binding("importfrom", node.lineno, node.module or "",
                                                 alias.name, node.level))
        return binds

    def assignment(self, node: ast.stmt, targets: List[ast.expr], scope: _Scope) -> None:
        value = getattr(node, "value", None)
        if scope.kind == "module":
            for target in targets:
                if isinstance(target, ast.Name) and target.id == "__all__":
                    self.all_assignment(node, value)
                    continue
                if isinstance(target, ast.Name) and isinstance(node, (ast.Assign, ast.AnnAssign)):
                    if value is not None:
                        self._bind(scope, target.id, Binding("assign", node.lineno, value=value))
                else:
                    for name in bound_names(target):
                        if name != "__all__":
                            self._bind(scope, name, Binding("other", node.lineno))
        elif scope.kind == "class" and scope.cls is not None:
            for target in targets:
                for name in bound_names(target):
                    if isinstance(target, ast.Name):
                        scope.cls.attributes.setdefault(name, node.lineno)
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                self.dataclass_field(node, scope.cls)

    def all_assignment(self, node: ast.stmt, value: Optional[ast.expr]) -> None:
        names = self._literal_strings(value)
        if isinstance(node, ast.AugAssign):
            if names is not None and self.mod.all_names is not None:
                self.mod.all_names = self.mod.all_names + names
                return
            self.mod.all_dynamic = True
            return
        if names is None:
            self.mod.all_dynamic = True
            return
        self.mod.all_names = names

    @staticmethod
    def _literal_strings(value: Optional[ast.expr]) -> Optional[List[str]]:
        if not isinstance(value, (ast.List, ast.Tuple, ast.Set)):
            return None
        out: List[str] = []
        for elt in value.elts:
            if isinstance(elt, ast.Constant) and isinstance(elt.value, str):
                out.append(elt.value)
            else:
                return None
        return out

    def all_mutation(self, node: ast.stmt) -> bool:
        """``__all__.append('x')`` / ``__all__.extend([...])`` at module level."""
        if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)):
            return False
        func = node.value.func
        if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
                and func.value.id == "__all__"):
            return False
        args = node.value.args
        if func.attr == "append" and len(args) == 1 and isinstance(args[0], ast.Constant) \
                and isinstance(args[0].value, str) and self.mod.all_names is not None:
            self.mod.all_names = self.mod.all_names + [args[0].value]
            return True
        if func.attr == "extend" and len(args) == 1 and self.mod.all_names is not None:
            names = self._literal_strings(args[0])
            if names is not None:
                self.mod.all_names = self.mod.all_names + names
                return True
        self.mod.all_dynamic = True
        return True

    def dataclass_field(self, node: ast.AnnAssign, cls: ClassInfo) -> None:
        if not cls.is_dataclass or not isinstance(node.target, ast.Name):
            return
        ann = self.seg.text(node.annotation) or ""
        if re.match(r"^(typing\.)?ClassVar\b", ann):
            return
        if re.match(r"^(dataclasses\.)?KW_ONLY$", ann):
            cls.fields.append(Param("*", "kw_only_marker"))
            return
        default: Optional[str] = None
        value = node.value
        if isinstance(value, ast.Call) and decorator_name(value.func) in ("field",
                                                                           "dataclasses.field"):
            for kw in value.keywords:
                if kw.arg == "init" and isinstance(kw.value, ast.Constant) and \
                        kw.value.value is False:
                    return
                if kw.arg == "default":
                    default = self.seg.text(kw.value)
                elif kw.arg == "default_factory":
                    default = "<factory %s>" % (self.seg.text(kw.value) or "")
        elif value is not None:
            default = self.seg.text(value)
        cls.fields.append(Param(node.target.id, "positional_or_keyword", ann, default))

    # -- definitions -------------------------------------------------------------------------
    def _qualname(self, scope: _Scope, name: str, node: ast.AST) -> str:
        suffix = self.suffixes.get(id(node), "")
        accessor = _accessor_suffix(node)
        if accessor is not None:
            suffix = "#" + accessor
        return "%s.%s%s" % (scope.prefix, name, suffix)

    def function(self, node: ast.AST, scope: _Scope) -> None:
        assert isinstance(node, _FUNC)
        qual = self._qualname(scope, node.name, node)
        deco_names = [decorator_name(d) or "" for d in node.decorator_list]
        in_class = scope.kind == "class"
        kind = "function"
        if in_class:
            kind = "method"
            lasts = {n.split(".")[-1] for n in deco_names}
            if "staticmethod" in lasts:
                kind = "staticmethod"
            elif "classmethod" in lasts:
                kind = "classmethod"
            elif lasts & PROPERTY_DECORATORS or _accessor_suffix(node) is not None:
                kind = "property"
        deco_lines = [d.lineno for d in node.decorator_list]
        info = FunctionInfo(
            qualname=qual, name=node.name, module=self.mod.name, file=self.mod.file,
            start=min(deco_lines + [node.lineno]), def_line=node.lineno,
            end=getattr(node, "end_lineno", None) or node.lineno,
            body_start=node.body[0].lineno,
            signature=signature_of(node.args, node.returns, self.seg),
            docstring=truncate_docstring(ast.get_docstring(node, clean=True)),
            decorators=[self.seg.text(d) or "" for d in node.decorator_list],
            decorator_lines=deco_lines, is_async=isinstance(node, ast.AsyncFunctionDef),
            callable_kind=kind, class_qualname=scope.cls.qualname if in_class and scope.cls else
            None, parent_function=scope.func.qualname if scope.kind == "function" and scope.func
            else (scope.cls and _parent_func_of_class(scope.cls)), node=node)
        self.functions.append(info)
        self.mod.functions.append(qual)
        for deco in node.decorator_list:
            self._statement(scope, deco.lineno, self._span_end(deco.lineno), "decorator", [qual],
                            qual)
        self._statement(scope, node.lineno, self._span_end(node.lineno), "def", [qual], qual)
        if scope.kind == "module":
            self._bind(scope, node.name, Binding("def", node.lineno, qual))
        elif in_class and scope.cls is not None:
            accessor = _accessor_suffix(node)
            if accessor is None:
                scope.cls.methods[node.name] = qual
        inner = _Scope("function", qual + ".<locals>", func=info, top_level=False)
        self.block(node.body, inner)

    def lambda_function(self, stmt: ast.stmt, name: str, lam: ast.Lambda, scope: _Scope) -> None:
        qual = self._qualname(scope, name, lam)
        in_class = scope.kind == "class"
        info = FunctionInfo(
            qualname=qual, name=name, module=self.mod.name, file=self.mod.file,
            start=stmt.lineno, def_line=stmt.lineno,
            end=getattr(stmt, "end_lineno", None) or stmt.lineno, body_start=lam.body.lineno,
            signature=signature_of(lam.args, None, self.seg), docstring=None, decorators=[],
            decorator_lines=[], is_async=False, callable_kind="lambda",
            class_qualname=scope.cls.qualname if in_class and scope.cls else None,
            parent_function=scope.func.qualname if scope.kind == "function" and scope.func
            else (scope.cls and _parent_func_of_class(scope.cls)), node=lam)
        self.functions.append(info)
        self.mod.functions.append(qual)
        self.mod.lambdas.add(id(lam))
        self._statement(scope, stmt.lineno, getattr(stmt, "end_lineno", None) or stmt.lineno,
                        "assign", [qual], qual)
        if scope.kind == "module":
            self._bind(scope, name, Binding("lambda", stmt.lineno, qual))
        elif in_class and scope.cls is not None:
            scope.cls.methods[name] = qual

    def klass(self, node: ast.ClassDef, scope: _Scope) -> None:
        qual = self._qualname(scope, node.name, node)
        deco_names = [decorator_name(d) or "" for d in node.decorator_list]
        deco_lines = [d.lineno for d in node.decorator_list]
        info = ClassInfo(
            qualname=qual, name=node.name, module=self.mod.name, file=self.mod.file,
            start=min(deco_lines + [node.lineno]), def_line=node.lineno,
            end=getattr(node, "end_lineno", None) or node.lineno,
            bases=[self.seg.text(b) or "" for b in node.bases], base_nodes=list(node.bases),
            decorators=[self.seg.text(d) or "" for d in node.decorator_list],
            decorator_lines=deco_lines,
            docstring=truncate_docstring(ast.get_docstring(node, clean=True)),
            is_dataclass=any(n.split(".")[-1] == "dataclass" for n in deco_names),
            parent_class=scope.cls.qualname if scope.kind == "class" and scope.cls else None,
            parent_function=scope.func.qualname if scope.kind == "function" and scope.func
            else (scope.cls and _parent_func_of_class(scope.cls)), node=node)
        self.classes.append(info)
        self.mod.classes.append(qual)
        for deco in node.decorator_list:
            self._statement(scope, deco.lineno, self._span_end(deco.lineno), "decorator", [qual],
                            qual)
        self._statement(scope, node.lineno, self._span_end(node.lineno), "class", [qual], qual)
        if scope.kind == "module":
            self._bind(scope, node.name, Binding("class", node.lineno, qual))
        elif scope.kind == "class" and scope.cls is not None:
            scope.cls.nested_classes[node.name] = qual
        inner = _Scope("class", qual, cls=info, func=scope.func, top_level=scope.top_level)
        for stmt in node.body:
            self.stmt(stmt, inner)


def _parent_func_of_class(cls: ClassInfo) -> Optional[str]:
    return cls.parent_function


def extract(mod: ModuleInfo, executable: Set[int], smap: Dict[int, int]
            ) -> Tuple[List[FunctionInfo], List[ClassInfo]]:
    """Fill ``mod`` (namespace, statements, __all__) and return its functions and classes."""
    extractor = Extractor(mod, executable, smap)
    tree = mod.tree
    assert tree is not None
    # __all__.append/extend at module level are handled before the general walk.
    extractor.run()
    for stmt in _module_level_statements(tree.body):
        extractor.all_mutation(stmt)
    return extractor.functions, extractor.classes


def _module_level_statements(body: List[ast.stmt]) -> List[ast.stmt]:
    out: List[ast.stmt] = []
    stack = list(body)
    while stack:
        stmt = stack.pop(0)
        if isinstance(stmt, _FUNC) or isinstance(stmt, ast.ClassDef):
            continue
        out.append(stmt)
        for block in _child_blocks(stmt):
            stack.extend(block)
    return out

