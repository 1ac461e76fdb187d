"""The AST vocabulary both stages speak: definition nodes, dotted names, decorators, parameters.

Everything here is a pure function of syntax: no project, no resolution.
"""

from __future__ import annotations

import ast
import builtins
from typing import Any, List, Optional, Tuple

FUNCTION_NODES = (ast.FunctionDef, ast.AsyncFunctionDef)
BUILTIN_NAMES = frozenset(dir(builtins))

# One parameter of a def or lambda: the ``ast.arg``, its kind (positional_only,
# positional_or_keyword, var_positional, keyword_only, var_keyword) and its default expression.
ParameterNode = Tuple[ast.arg, str, Optional[ast.expr]]


def dotted(node: Optional[ast.AST]) -> Optional[str]:
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


def decorator_names(node: ast.AST) -> List[str]:
    """The dotted names of a definition's decorators ("" where a decorator is no name)."""
    return [decorator_name(d) or "" for d in getattr(node, "decorator_list", [])]


def parameters(args: ast.arguments) -> List[ParameterNode]:
    """Every parameter in signature order, with its kind and default."""
    posonly = list(getattr(args, "posonlyargs", []))
    positional = posonly + list(args.args)
    defaults: List[Optional[ast.expr]] = [None] * (len(positional) - len(args.defaults))
    defaults += list(args.defaults)
    out: List[ParameterNode] = []
    for index, arg in enumerate(positional):
        kind = "positional_only" if index < len(posonly) else "positional_or_keyword"
        out.append((arg, kind, defaults[index]))
    if args.vararg is not None:
        out.append((args.vararg, "var_positional", None))
    for arg, default in zip(args.kwonlyargs, args.kw_defaults):
        out.append((arg, "keyword_only", default))
    if args.kwarg is not None:
        out.append((args.kwarg, "var_keyword", None))
    return out


def class_header(node: Any) -> Optional[str]:
    """A class statement's bases (``object`` left out), keywords and decorators, as text: two
    versions of a class with the same header support the same class-level protocols."""
    if not isinstance(node, ast.ClassDef):
        return None
    bases = [ast.dump(b) for b in node.bases if not (isinstance(b, ast.Name) and
                                                     b.id == "object")]
    return repr((bases, [ast.dump(k) for k in node.keywords],
                 [ast.dump(d) for d in node.decorator_list]))


def lambda_assignment(stmt: ast.stmt) -> Optional[Tuple[str, ast.Lambda]]:
    """(name, lambda) for ``name = lambda ...`` / ``name: T = lambda ...``: a function by name."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and \
            isinstance(stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.Lambda):
        return stmt.targets[0].id, stmt.value
    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and \
            isinstance(stmt.value, ast.Lambda):
        return stmt.target.id, stmt.value
    return None


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


def subscript_slice(node: ast.Subscript) -> Any:
    """What is subscripted with (Python 3.8 wraps it in an ``ast.Index``)."""
    inner = node.slice
    if type(inner).__name__ == "Index":
        inner = inner.value  # type: ignore[attr-defined]
    return inner


def parse_annotation(text: str) -> Optional[ast.expr]:
    """The expression of a string annotation (a forward reference), None when it is no Python."""
    try:
        return ast.parse(text.strip(), mode="eval").body
    except (SyntaxError, ValueError, RecursionError):
        return None


def is_dunder(name: str) -> bool:
    """``__name__``-style special names."""
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


def is_public_name(name: str) -> bool:
    """A name without a leading underscore."""
    return not name.startswith("_")


def is_public_module(name: str) -> bool:
    """A dotted module name none of whose parts is private."""
    return all(is_public_name(part) for part in name.split("."))


def base_qualname(qual: str) -> str:
    """``pkg.m.f#1`` / ``pkg.m.C.p#setter`` -> ``pkg.m.f`` / ``pkg.m.C.p``."""
    head, _, last = qual.rpartition(".")
    if "#" in last:
        last = last.split("#", 1)[0]
    return head + "." + last if head else last
