"""Calls of the changed callable on the objects a project test builds.

A project test often reaches a changed method through other calls (``expr.simplify()`` reaching
``absorb``), on objects several steps build (``a, b = algebra.symbols('a', 'b')``, ``a & ~b``).
A generated call of the method builds its receiver from the constructor's signature and dies in
the constructor's checks (``isinstance(arg, Expression)``); a mutant of the test changes its
literals, never which objects meet the method.  The test's objects are a pool: the names its
top level binds to something other than a literal, the attributes of its test case it reads
(``case.parser``), and the operator expressions and project constructions it writes over them
(``a & b``, ``Symbol('x')``).  Each candidate is the test's code and then one call of the
changed callable: on a pool object as the receiver, guarded by ``isinstance`` (a pool object of
another class adds nothing), with pool objects as its required arguments (a list of them for a
parameter used as a container, one or two for ``*args``).  ``disabled_strategies`` naming
``test_objects`` turns this off.
"""

from __future__ import annotations

import ast
import random
from dataclasses import dataclass
from typing import Iterator, List, Optional, Sequence, Tuple

from ..genome import derive_seed
from ..registry import Context, strategy
from .entry_calls import CONSUMED, CONSUMING, SHOWN_STATE

STRATEGY = "test_objects"
MAX_POOL = 8
MAX_CALLS = 6  # per test and callable
MAX_DRAWS = 40
MAX_EXPR = 80  # characters of a pool expression
INSTANCE = "case"  # the converted test's test-case object (convert.py)
CONTAINERS = {"list": "[%s]", "tuple": "(%s,)", "set": "{%s}", "frozenset": "frozenset({%s})"}
OPERATORS = (ast.BinOp, ast.UnaryOp)


@strategy(STRATEGY, 1, rule=True)
def test_objects(ctx: Context) -> Iterator[object]:
    """The changed callable called on the objects a project test builds (its receiver and its
    arguments taken from the names, case attributes and expressions of the test), after the
    test's own code: what a generated call cannot construct, the project's tests do."""
    return iter(())


def object_calls(code: str, target: str, shapes: Sequence["CallShape"], seed: object,
                 test: str) -> Iterator[str]:
    """Every shape's candidates on the pool of ``code``, shape after shape."""
    tree = _parsed(code)
    if tree is None:
        return
    objects = _pool(tree, target.split(".")[0])
    for shape in shapes:
        yield from candidates(code, shape, objects, derive_seed(seed, STRATEGY, test,
                                                                shape.callee), tree)


@dataclass(frozen=True)
class Param:
    name: str
    kind: str  # positional_only | positional_or_keyword | var_positional | keyword_only
    required: bool
    container: str  # list | tuple | set | frozenset, or "" for one object


@dataclass(frozen=True)
class CallShape:
    """How a snippet calls one of the target's entry points: ``from M import C``, then
    ``obj.method(...)`` on a C (``owner`` set), or ``C.method(...)`` / ``f(...)``."""

    import_line: str
    callee: str  # the function, or the class whose method it is
    method: Optional[str]
    owner: bool  # called on an instance of ``callee``
    params: Tuple[Param, ...]
    methods: Tuple[str, ...] = ()  # the methods the class itself defines


def call_shapes(plans: Sequence[object], target: str) -> List[CallShape]:
    """The shapes of the target's own plans that call it (a function, a method, a static or
    class method) on both versions, the first of each way of calling it."""
    out: List[CallShape] = []
    for plan in plans:
        op = getattr(plan, "op", "")
        if getattr(plan, "qualname", "") != target or getattr(plan, "versions", "") != "both" or \
                op not in ("call", "static", "method"):
            continue
        params = tuple(Param(s.name, s.kind, bool(s.required), s.container or "")
                       for s in plan.call)  # type: ignore[attr-defined]
        shape = CallShape(plan.import_line, plan.expr,  # type: ignore[attr-defined]
                          plan.method if op != "call" else None,  # type: ignore[attr-defined]
                          op == "method", params, _own_methods(plan, target))
        if shape not in out:
            out.append(shape)
    return out


def _own_methods(plan: object, target: str) -> Tuple[str, ...]:
    source = getattr(plan, "source", None)
    owner = target.rsplit(".", 1)[0]
    model = source.tree.class_model(owner) if source is not None and "." in target else None
    if model is None:
        return ()
    return tuple(sorted(name for name, (where, _node) in model.methods.items()
                        if where == owner))


def pool(code: str, package: str) -> List[str]:
    """The expressions of the test's objects (see the module's doc), at most MAX_POOL."""
    tree = _parsed(code)
    return _pool(tree, package) if tree is not None else []


def _parsed(code: str) -> Optional[ast.Module]:
    try:
        return ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _pool(tree: ast.Module, package: str) -> List[str]:
    imported = _project_names(tree, package)
    names: List[str] = []
    attributes: List[str] = []
    built: List[str] = []
    for statement in tree.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef,
                                  ast.Import, ast.ImportFrom)):
            continue
        names += _bound(statement)
        for node in ast.walk(statement):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                    node.value.id == INSTANCE and isinstance(node.ctx, ast.Load) and \
                    not node.attr.startswith("assert"):
                attributes.append(ast.unparse(node))
    known = set(names) | {INSTANCE}
    for statement in tree.body:
        if isinstance(statement, (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign)):
            built += [text for node in ast.walk(statement)
                      for text in [_built(node, known, imported)] if text]
    called = {ast.unparse(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    attributes = [a for a in attributes if a not in called]
    return _interleaved([list(dict.fromkeys(group)) for group in (names, attributes, built)])


def candidates(code: str, shape: CallShape, objects: List[str], seed: int,
               tree: Optional[ast.Module] = None) -> Iterator[str]:
    """The test's code, then one call of ``shape`` on pool objects; up to MAX_CALLS.
    ``tree`` is ``code`` parsed, when the caller has it."""
    tree = tree if tree is not None else _parsed(code)
    if not objects or not shape.import_line or tree is None:
        return
    rng = random.Random(seed)
    receivers = (_likely_receivers(tree, shape, objects) or list(objects)) if shape.owner else [""]
    seen = set()
    for draw in range(MAX_DRAWS):
        receiver = receivers[draw % len(receivers)]
        arguments = _arguments(shape.params, objects, receiver, rng)
        if arguments is None:
            return
        call = _call_text(shape, receiver, arguments)
        if call in seen:
            continue
        seen.add(call)
        yield _snippet(code, shape, receiver, call)
        if len(seen) >= MAX_CALLS:
            return


def _likely_receivers(tree: ast.Module, shape: CallShape, objects: List[str]) -> List[str]:
    """The objects the test calls a method of the class on, or builds with its constructor."""
    methods = set(shape.methods) | {shape.method}
    likely = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in methods:
            likely.add(ast.unparse(node.func.value))
        built = isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
            node.func.id == shape.callee
        if built:
            likely.add(ast.unparse(node))
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and \
                isinstance(node.value.func, ast.Name) and node.value.func.id == shape.callee:
            likely |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return [o for o in objects if o in likely]


def _arguments(params: Sequence[Param], objects: List[str], receiver: str,
               rng: random.Random) -> Optional[List[str]]:
    """Pool objects for the required parameters and ``*args``; None when a required
    keyword-only parameter would be left out."""
    others = [o for o in objects if o != receiver] or objects
    out: List[str] = []
    for param in params:
        if param.kind == "var_positional":
            out += rng.sample(others, min(len(others), rng.randint(1, 2)))
        elif not param.required:
            continue
        elif param.kind == "keyword_only":
            out.append("%s=%s" % (param.name, rng.choice(others)))
        elif param.container in CONTAINERS:
            chosen = [rng.choice(objects) for _ in range(rng.randint(1, 3))]
            out.append(CONTAINERS[param.container] % ", ".join(chosen))
        else:
            out.append(rng.choice(others))
    return out


def _call_text(shape: CallShape, receiver: str, arguments: List[str]) -> str:
    callee = shape.callee + ("." + shape.method if shape.method and not shape.owner else "")
    if shape.owner:
        callee = "%s.%s" % (_wrapped(receiver), shape.method)
    return "%s(%s)" % (callee, ", ".join(arguments))


def _snippet(code: str, shape: CallShape, receiver: str, call: str) -> str:
    body = ["result = " + call, CONSUMED, "print(repr(result))", SHOWN_STATE]
    if shape.owner:
        body.append("print(repr(%s))" % receiver)  # what the call did to its receiver
        body = ["if isinstance(%s, %s):" % (_wrapped(receiver), shape.callee)] + \
            ["    " + line for text in body for line in text.split("\n")]
    head = sorted(CONSUMING) + [shape.import_line]
    return code.rstrip("\n") + "\n\n" + "\n".join(head + body) + "\n"


def _wrapped(text: str) -> str:
    """An expression safe before ``.attr``: names and attributes as they are, else bracketed."""
    try:
        node = ast.parse(text, mode="eval").body
    except SyntaxError:
        return "(%s)" % text
    return text if isinstance(node, (ast.Name, ast.Attribute, ast.Call)) else "(%s)" % text


def _bound(statement: ast.stmt) -> List[str]:
    """The names an assignment binds to something other than a literal."""
    if isinstance(statement, ast.Assign):
        targets, value = statement.targets, statement.value
    elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
        targets, value = [statement.target], statement.value
    else:
        return []
    if _is_literal(value):
        return []
    out: List[str] = []
    for target in targets:
        nodes = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
        out += [n.id for n in nodes if isinstance(n, ast.Name) and n.id != INSTANCE and
                not n.id.startswith("_")]
    return out


def _built(node: ast.AST, known: set, imported: set) -> str:
    """An operator expression over the test's objects (``a & ~b``) or a construction by a
    project name (``Symbol('x')``), as text; "" for anything else."""
    if isinstance(node, OPERATORS) and not isinstance(getattr(node, "op", None), ast.Not):
        leaves = [n for n in ast.walk(node) if isinstance(n, ast.Name)]
        fits = leaves and all(n.id in known for n in leaves) and \
            not any(isinstance(n, ast.Call) for n in ast.walk(node))
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
            node.func.id in imported:
        fits = all(_is_literal(a) or isinstance(a, ast.Name) and a.id in known
                   for a in list(node.args) + [k.value for k in node.keywords])
    else:
        return ""
    text = ast.unparse(node) if fits else ""
    return text if len(text) <= MAX_EXPR else ""


def _project_names(tree: ast.Module, package: str) -> set:
    """The names the test imports from the project's package."""
    out = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and package and \
                (node.module == package or node.module.startswith(package + ".")):
            out |= {alias.asname or alias.name for alias in node.names}
    return out


def _is_literal(node: ast.AST) -> bool:
    try:
        ast.literal_eval(node)
        return True
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False


def _interleaved(groups: List[List[str]]) -> List[str]:
    out: List[str] = []
    for row in range(max((len(g) for g in groups), default=0)):
        out += [g[row] for g in groups if row < len(g) and g[row] not in out]
    return out[:MAX_POOL]
