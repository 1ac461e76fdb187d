"""Methods a class binds by assignment in its body rather than by ``def``.

``casefold = _escaping(str.casefold)``, ``__radd__ = __add__``, ``shout = str.upper``: a
changed such statement changes what ``Class.name`` does, yet no function holds the line, so no
reader of the name would be a target.  Each becomes a target of its own, called like a method
with the signature of what it binds: the aliased function's, the built-in method's, or that of
the function a project factory returns (``def wrapped(self, *args, **kwargs)``), read as the
built-in base's method of the same name when the factory's is only variadic.  Bindings whose
value is no recognisable callable (data, ``property(...)``) are left to their readers.
"""

from __future__ import annotations

import ast
import builtins
import inspect
from dataclasses import dataclass
from typing import Any, Dict, List, Optional

from .index import TreeIndex
from .model import ClassInfo, FunctionInfo


@dataclass
class Binding:
    qualname: str  # Class.name
    class_qualname: str
    name: str
    file: str
    line: int
    end: int
    signature: str  # "def name(self, ...)"


def changed_bindings(idx: TreeIndex, module_level: List[Dict[str, Any]]) -> List[Binding]:
    """The callables bound by the changed class-body assignments among ``module_level``."""
    out: Dict[str, Binding] = {}
    for stmt in module_level:
        cls = idx.classes.get(stmt.get("scope") or "")
        if stmt.get("kind") != "assign" or cls is None or cls.node is None:
            continue
        for qual in stmt.get("binds") or []:
            owner, _, name = qual.rpartition(".")
            if owner != cls.qualname or qual in idx.functions or qual in out:
                continue
            value = _assigned(cls.node, stmt["line"], name)
            signature = _signature(idx, cls, name, value) if value is not None else None
            if signature is not None:
                out[qual] = Binding(qual, cls.qualname, name, stmt["file"], stmt["line"],
                                    stmt.get("end_line") or stmt["line"], signature)
    return [out[q] for q in sorted(out)]


def bound_on(idx: TreeIndex, class_qual: str, name: str) -> bool:
    """Whether the class has ``name`` on this tree: its own, a project base's or a built-in
    base's."""
    if class_qual not in idx.classes:
        return False
    if idx.package.class_lookup(class_qual, name) is not None:
        return True
    return _builtin_member(idx, class_qual, name) is not None


def _assigned(class_node: ast.ClassDef, line: int, name: str) -> Optional[ast.expr]:
    """The value assigned to ``name`` on ``line`` of the class body, also inside its ``if``
    and ``try`` blocks (``if sys.version_info >= (3, 9): removeprefix = ...``)."""
    for stmt in _body_statements(class_node.body):
        if stmt.lineno != line:
            continue
        if isinstance(stmt, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in stmt.targets):
            return stmt.value
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and \
                stmt.target.id == name:
            return stmt.value
    return None


def _body_statements(body: List[ast.stmt]) -> List[ast.stmt]:
    out: List[ast.stmt] = []
    for stmt in body:
        out.append(stmt)
        if isinstance(stmt, ast.If):
            out.extend(_body_statements(stmt.body + stmt.orelse))
        elif isinstance(stmt, ast.Try):
            out.extend(_body_statements(stmt.body + stmt.orelse + stmt.finalbody + [
                s for handler in stmt.handlers for s in handler.body]))
    return out


def _signature(idx: TreeIndex, cls: ClassInfo, name: str, value: ast.expr) -> Optional[str]:
    if isinstance(value, ast.Name):
        func = _function(idx, cls, value.id)
        return _renamed(func.signature_text(), name) if func is not None else None
    if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name):
        kind = getattr(builtins, value.value.id, None)
        if isinstance(kind, type) and value.value.id not in _module_names(idx, cls):
            return _builtin_signature(getattr(kind, value.attr, None), name)
        return None
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
        factory = _function(idx, cls, value.func.id)
        made = _returned_def(idx, factory) if factory is not None else None
        if made is None:
            return None
        params = made.signature.params
        if all(p.kind in ("var_positional", "var_keyword") for p in params[1:]):
            builtin = _builtin_signature(_builtin_member(idx, cls.qualname, name), name)
            if builtin is not None:
                return builtin
        return _renamed(made.signature_text(), name)
    return None


def _function(idx: TreeIndex, cls: ClassInfo, name: str) -> Optional[FunctionInfo]:
    """A def of the class body or of the class's module, by name."""
    qual = cls.methods.get(name) or cls.module + "." + name
    return idx.functions.get(qual)


def _module_names(idx: TreeIndex, cls: ClassInfo) -> Any:
    mod = idx.modules.get(cls.module)
    return mod.namespace if mod is not None else {}


def _returned_def(idx: TreeIndex, factory: FunctionInfo) -> Optional[FunctionInfo]:
    """The nested function a factory returns (``return wrapped``)."""
    node = factory.node
    last = node.body[-1] if node is not None and node.body else None
    if not isinstance(last, ast.Return) or not isinstance(last.value, ast.Name):
        return None
    return idx.functions.get(factory.qualname + ".<locals>." + last.value.id)


def builtin_base_having(idx: TreeIndex, class_qual: str, name: str) -> Optional[str]:
    """The built-in base (``str``) the class inherits a callable ``name`` from, if any."""
    for qual in idx.package.mro(class_qual):
        info = idx.classes.get(qual)
        for base in info.external_bases if info is not None else []:
            kind = getattr(builtins, base, None)
            if isinstance(kind, type) and callable(getattr(kind, name, None)):
                return base
    return None


def _builtin_member(idx: TreeIndex, class_qual: str, name: str) -> Any:
    base = builtin_base_having(idx, class_qual, name)
    return getattr(getattr(builtins, base), name) if base is not None else None


def _builtin_signature(member: Any, name: str) -> Optional[str]:
    if not callable(member):
        return None
    try:
        text = str(inspect.signature(member))
    except (TypeError, ValueError):
        return None
    return "def %s%s" % (name, text.split(" -> ")[0])


def _renamed(signature: str, name: str) -> str:
    """``def shout(self)`` bound as ``loud`` is called as ``loud``."""
    head, paren, rest = signature.partition("(")
    words = head.split()
    words[-1] = name
    return " ".join(words) + paren + rest
