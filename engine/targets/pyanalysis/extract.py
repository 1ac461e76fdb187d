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

from executable_lines import child_blocks
from pymodel.bindings import collect_bindings, compound_binds
from pymodel.constructors import (DataclassField, FieldRules, dataclass_fields,
                                  has_dataclass_decorator)
from pymodel.syntax import (FUNCTION_NODES, bound_names, decorator_name, decorator_names,
                            lambda_assignment, parameters)

from .model import ClassInfo, FunctionInfo, ModuleInfo, Param, Signature, Statement, \
    truncate_docstring

_LINE_SPLIT = re.compile(r"\r\n|\r|\n")
PROPERTY_DECORATORS = {"property", "cached_property", "abstractproperty", "cached"}
# How a dataclass body reads here (the annotation's source text decides)
_CLASSVAR = re.compile(r"^(typing\.)?ClassVar\b")
_KW_ONLY = re.compile(r"^(dataclasses\.)?KW_ONLY$")
_FIELD_CALLS = ("field", "dataclasses.field")


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


def signature_of(args: ast.arguments, returns: Optional[ast.expr], seg: Segmenter) -> Signature:
    params = [Param(arg.arg, kind, seg.text(arg.annotation), seg.text(default))
              for arg, kind, default in parameters(args)]
    return Signature(params, seg.text(returns))


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
                if isinstance(stmt, FUNCTION_NODES) or isinstance(stmt, ast.ClassDef):
                    scopes.append(stmt.body)
                    if _accessor_suffix(stmt) is None:
                        groups.setdefault(stmt.name, []).append(stmt)
                    continue
                named = lambda_assignment(stmt)
                if named is not None:
                    groups.setdefault(named[0], []).append(named[1])
                    continue
                stack.extend(child_blocks(stmt))
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
        if isinstance(node, FUNCTION_NODES):
            self.function(node, scope)
            return
        if isinstance(node, ast.ClassDef):
            self.klass(node, scope)
            return
        named = lambda_assignment(node)
        if named is not None:
            self.lambda_function(node, named[0], named[1], scope)
            return
        start = node.lineno
        end = getattr(node, "end_lineno", None) or start
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            self._statement(scope, start, end, "import", _imported_names(node))
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
        blocks = child_blocks(node)
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
            for block in blocks:
                self.block(block, scope)
            return
        self._statement(scope, start, end, "other", [])

    def _names_bound_in(self, node: ast.stmt) -> List[str]:
        """Every name a compound statement (header and body, same scope) binds."""
        out: List[str] = list(compound_binds(node))
        stack: List[ast.stmt] = [s for b in child_blocks(node) for s in b]
        while stack:
            stmt = stack.pop()
            if isinstance(stmt, FUNCTION_NODES) or isinstance(stmt, ast.ClassDef):
                out.append(stmt.name)
                continue
            if isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                out.extend(n for t in targets for n in bound_names(t))
            elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
                out.extend(_imported_names(stmt))
            out.extend(compound_binds(stmt))
            stack.extend(s for b in child_blocks(stmt) for s in b)
        return sorted(set(out))

    # -- assignments -------------------------------------------------------------------------
    def assignment(self, node: ast.stmt, targets: List[ast.expr], scope: _Scope) -> None:
        value = getattr(node, "value", None)
        if scope.kind == "module":
            for target in targets:
                if isinstance(target, ast.Name) and target.id == "__all__":
                    self.all_assignment(node, value)
        elif scope.kind == "class" and scope.cls is not None:
            for target in targets:
                for name in bound_names(target):
                    if isinstance(target, ast.Name):
                        scope.cls.attributes.setdefault(name, node.lineno)

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

    def dataclass_fields(self, node: ast.ClassDef) -> List[Param]:
        """The fields of a dataclass body as annotated (text), ``KW_ONLY`` as a marker."""
        def text(expr: ast.expr) -> str:
            return self.seg.text(expr) or ""

        rules = FieldRules(classvar=lambda ann: _CLASSVAR.match(text(ann)) is not None,
                           kw_only_marker=lambda ann: _KW_ONLY.match(text(ann)) is not None,
                           field_call=lambda func: decorator_name(func) in _FIELD_CALLS,
                           nested=True, lambdas=False)
        return [self._field_param(found) for found in dataclass_fields(node.body, rules)]

    def _field_param(self, found: DataclassField) -> Param:
        if found.marker:
            return Param("*", "kw_only_marker")
        default = self.seg.text(found.default)
        if found.factory:
            default = "<factory %s>" % (default or "")
        annotation = self.seg.text(found.stmt.annotation) or ""
        return Param(found.name, "positional_or_keyword", annotation, default)

    # -- definitions -------------------------------------------------------------------------
    def _qualname(self, scope: _Scope, name: str, node: ast.AST) -> str:
        suffix = self.suffixes.get(id(node), "")
        accessor = _accessor_suffix(node)
        if accessor is not None:
            suffix = "#" + accessor
        return "%s.%s%s" % (scope.prefix, name, suffix)

    def function(self, node: ast.AST, scope: _Scope) -> None:
        assert isinstance(node, FUNCTION_NODES)
        qual = self._qualname(scope, node.name, node)
        deco_names = decorator_names(node)
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
        if in_class and scope.cls is not None:
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
        if in_class and scope.cls is not None:
            scope.cls.methods[name] = qual

    def klass(self, node: ast.ClassDef, scope: _Scope) -> None:
        qual = self._qualname(scope, node.name, node)
        deco_lines = [d.lineno for d in node.decorator_list]
        info = ClassInfo(
            qualname=qual, name=node.name, module=self.mod.name, file=self.mod.file,
            start=min(deco_lines + [node.lineno]), def_line=node.lineno,
            end=getattr(node, "end_lineno", None) or node.lineno,
            bases=[self.seg.text(b) or "" for b in node.bases], base_nodes=list(node.bases),
            decorators=[self.seg.text(d) or "" for d in node.decorator_list],
            decorator_lines=deco_lines,
            docstring=truncate_docstring(ast.get_docstring(node, clean=True)),
            is_dataclass=has_dataclass_decorator(node),
            parent_class=scope.cls.qualname if scope.kind == "class" and scope.cls else None,
            parent_function=scope.func.qualname if scope.kind == "function" and scope.func
            else (scope.cls and _parent_func_of_class(scope.cls)), node=node)
        if info.is_dataclass:
            info.fields = self.dataclass_fields(node)
        self.classes.append(info)
        self.mod.classes.append(qual)
        for deco in node.decorator_list:
            self._statement(scope, deco.lineno, self._span_end(deco.lineno), "decorator", [qual],
                            qual)
        self._statement(scope, node.lineno, self._span_end(node.lineno), "class", [qual], qual)
        if scope.kind == "class" and scope.cls is not None:
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
    found = collect_bindings(tree.body)
    for name, bindings in found.names.items():
        # ``__all__ = [...]`` is the export list (``mod.all_names``), not a binding to resolve
        kept = [b for b in bindings if b.kind != "assign" or name != "__all__"]
        if kept:
            mod.namespace[name] = kept
    mod.star_imports = found.stars
    return extractor.functions, extractor.classes


def _imported_names(node: ast.stmt) -> List[str]:
    """The names an import statement binds ("*" for a star import)."""
    assert isinstance(node, (ast.Import, ast.ImportFrom))
    out: List[str] = []
    for alias in node.names:
        if alias.name == "*":
            out.append("*")
        elif alias.asname:
            out.append(alias.asname)
        elif isinstance(node, ast.Import):
            out.append(alias.name.split(".")[0])
        else:
            out.append(alias.name)
    return out


def _module_level_statements(body: List[ast.stmt]) -> List[ast.stmt]:
    out: List[ast.stmt] = []
    stack = list(body)
    while stack:
        stmt = stack.pop(0)
        if isinstance(stmt, FUNCTION_NODES) or isinstance(stmt, ast.ClassDef):
            continue
        out.append(stmt)
        for block in child_blocks(stmt):
            stack.extend(block)
    return out
