"""Line probes compiled into the code of requested files (the ``probes`` tracer, 3.10-3.11).

On CPython <= 3.11 an installed trace function slows every frame, traced or not, so the worker
instead compiles each requested file with a probe before each requested statement::

    if FLAGS[slot]: SINK.hit(slot)

``FLAGS`` (a list of booleans) and ``SINK`` are the objects of this module, placed in the code's
constants (compiled from sentinel constants, then swapped in), so the project's namespaces see
nothing new.  Once a statement was hit its flag is cleared and the probe costs a constant load,
a list subscript and a jump.  Probes carry the statement's own location, so line numbers,
tracebacks, ``inspect.getsource`` and docstrings stay as they were.

Placement: before the statement (a ``def``/``class`` also carries its decorators' lines); inside
an ``except E:`` handler's type expression, so the line counts whenever an exception reaches it as
it does for a trace function; in the guard of an always-failing ``case _`` before a requested
``case`` (it runs exactly when that pattern is tried); after the ``from __future__`` block for
those imports.  ``instrument`` refuses a file with a requested statement left unplaced (none
known) and the caller falls back to the trace function for it.
"""

from __future__ import annotations

import ast
import sys
import types
import warnings
from typing import Any, Callable, Dict, Iterable, List, Optional, Set, Tuple, TypeVar

# Slot 0 is never used: the sentinel below is a 1-tuple, so ``SENTINEL[slot]`` cannot be
# constant-folded and compiles to a subscript of the constant that is then swapped for FLAGS.
FLAGS: List[bool] = [False]  # slot -> armed (the probe calls SINK.hit while True)
_SLOTS: Dict[Tuple[str, int], int] = {}  # (file, statement start line) -> slot
_FLAGS_SENTINEL = ("\0difftriage.probe.flags",)
_SINK_SENTINEL = ("\0difftriage.probe.sink",)


class ProbeSink:
    """Receives first hits: disarms the slot and hands it to the current listener."""

    def __init__(self) -> None:
        self.listener: Optional[Callable[[int], None]] = None

    def hit(self, slot: int) -> None:
        FLAGS[slot] = False
        listener = self.listener
        if listener is not None:
            try:
                listener(slot)
            except BaseException:  # noqa: B902 - a probe must never disturb the code it measures
                pass


SINK = ProbeSink()


def slot_for(filename: str, statement: int) -> int:
    """The slot of one statement of one file, the same for every compilation of that file."""
    key = (filename, statement)
    slot = _SLOTS.get(key)
    if slot is None:
        slot = _SLOTS[key] = len(FLAGS)
        FLAGS.append(False)
    return slot


def _probe_expr(slot: int, at: ast.AST) -> ast.expr:
    flag = ast.Subscript(value=ast.Constant(value=_FLAGS_SENTINEL), slice=_index(slot),
                         ctx=ast.Load())
    call = ast.Call(func=ast.Attribute(value=ast.Constant(value=_SINK_SENTINEL), attr="hit",
                                       ctx=ast.Load()),
                    args=[ast.Constant(value=slot)], keywords=[])
    expr = ast.BoolOp(op=ast.And(), values=[flag, call])
    return _located(expr, at)


def _index(slot: int) -> ast.expr:
    if sys.version_info < (3, 9):
        return ast.Index(value=ast.Constant(value=slot))  # type: ignore[call-arg,return-value]
    return ast.Constant(value=slot)


def _probe_stmt(slot: int, at: ast.AST) -> ast.stmt:
    """``if FLAGS[slot]: SINK.hit(slot)``: disarmed, a constant load, a subscript and a jump."""
    expr = _probe_expr(slot, at)
    flag, call = expr.values  # type: ignore[attr-defined]
    return _located(ast.If(test=flag, body=[ast.Expr(value=call)], orelse=[]), at)


_Node = TypeVar("_Node", bound=ast.AST)


def _located(node: _Node, at: ast.AST) -> _Node:
    """Give ``node`` and its children the first line of ``at``, so line tables stay the same."""
    line = getattr(at, "lineno", 1)
    col = getattr(at, "col_offset", 0)
    for child in ast.walk(node):
        if "lineno" in child._attributes:
            child.lineno = line  # type: ignore[attr-defined]
            child.col_offset = col  # type: ignore[attr-defined]
            child.end_lineno = line  # type: ignore[attr-defined]
            child.end_col_offset = col  # type: ignore[attr-defined]
    return node


def _is_str_expr(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and \
        isinstance(node.value.value, str)


def _is_future(node: ast.stmt) -> bool:
    return isinstance(node, ast.ImportFrom) and node.module == "__future__"


class _Placer:
    """Inserts probes into every statement list of a module, recording what it placed."""

    def __init__(self, slots: Dict[int, int]) -> None:
        self.slots = slots  # statement start line -> slot
        self.placed: Set[int] = set()

    def module(self, tree: ast.Module) -> None:
        body = tree.body
        head = 0  # the docstring and the __future__ block stay first
        if body and _is_str_expr(body[0]):
            head = 1
        futures: List[ast.stmt] = []
        while head < len(body) and _is_future(body[head]):
            futures.append(body[head])
            head += 1
        rest = self.block(body[head:])
        probes = [_probe_stmt(self.slots[f.lineno], f) for f in futures if self._take(f.lineno)]
        tree.body = body[:head] + probes + rest

    def _take(self, line: int) -> bool:
        if line in self.slots:
            self.placed.add(line)
            return True
        return False

    def block(self, body: List[ast.stmt]) -> List[ast.stmt]:
        out: List[ast.stmt] = []
        for index, stmt in enumerate(body):
            self.inner(stmt)
            if index == 0 and _is_str_expr(stmt):
                out.append(stmt)  # a docstring, or a string coverage.py never counts
                continue
            # A def/class also starts its decorators' lines (each is a statement).
            starts: List[ast.AST] = list(getattr(stmt, "decorator_list", None) or [])
            for node in starts + [stmt]:
                if self._take(node.lineno):  # type: ignore[attr-defined]
                    out.append(_probe_stmt(self.slots[node.lineno], node))  # type: ignore
            out.append(stmt)
        return out

    def inner(self, stmt: ast.stmt) -> None:
        for field in ("body", "orelse", "finalbody"):
            value = getattr(stmt, field, None)
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                setattr(stmt, field, self.block(value))
        for handler in getattr(stmt, "handlers", None) or []:
            self.handler(handler)
        cases = getattr(stmt, "cases", None)
        if cases:
            stmt.cases = self.cases(cases)  # type: ignore[attr-defined]

    def cases(self, cases: List[Any]) -> List[Any]:
        """Before a requested ``case``, ``case _ if <probe>:`` (always false): its guard runs
        exactly when the next pattern is tried, as the trace function sees that line."""
        out = []
        for case in cases:
            case.body = self.block(case.body)
            line = case.pattern.lineno
            if self._take(line):
                probe = ast.match_case(  # type: ignore[attr-defined]
                    pattern=_located(ast.MatchAs(pattern=None, name=None),  # type: ignore
                                     case.pattern),
                    guard=_probe_expr(self.slots[line], case.pattern),
                    body=[_located(ast.Pass(), case.pattern)])
                out.append(probe)
            out.append(case)
        return out

    def handler(self, handler: ast.ExceptHandler) -> None:
        handler.body = self.block(handler.body)
        if not self._take(handler.lineno):
            return
        probe = _probe_stmt(self.slots[handler.lineno], handler)
        if handler.type is None:
            handler.body.insert(0, probe)  # a bare except: catches whatever reaches it
            return
        # ``except (probe, E)[1]:`` runs the probe whenever an exception reaches the handler.
        pair = ast.Tuple(elts=[_probe_expr(self.slots[handler.lineno], handler), handler.type],
                         ctx=ast.Load())
        pick = ast.Subscript(value=pair, slice=_index(1), ctx=ast.Load())
        _located(pick.slice, handler.type)  # type: ignore[arg-type]
        pick.lineno, pick.col_offset = handler.type.lineno, handler.type.col_offset
        pick.end_lineno = getattr(handler.type, "end_lineno", handler.type.lineno)
        pick.end_col_offset = getattr(handler.type, "end_col_offset", handler.type.col_offset)
        pair.lineno, pair.col_offset = pick.lineno, pick.col_offset
        pair.end_lineno, pair.end_col_offset = pick.end_lineno, pick.end_col_offset
        handler.type = pick


def _swap_constants(code: types.CodeType) -> types.CodeType:
    consts = []
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            const = _swap_constants(const)
        elif type(const) is tuple and const == _FLAGS_SENTINEL:
            const = FLAGS
        elif type(const) is tuple and const == _SINK_SENTINEL:
            const = SINK
        consts.append(const)
    return code.replace(co_consts=tuple(consts))


# A compile-time warning of the original source: (message, category, line).
CompileWarning = Tuple[str, type, int]


class Instrumented:
    """A file compiled with probes: its code, which statements got a probe (by slot), and the
    warnings compiling the original source gave, which the child replays as its compile would."""

    __slots__ = ("code", "slots", "warnings")

    def __init__(self, code: types.CodeType, slots: Dict[int, int],
                 compile_warnings: List[CompileWarning]) -> None:
        self.code = code
        self.slots = slots  # slot -> statement start line
        self.warnings = compile_warnings


def _original_warnings(data: bytes, filename: str) -> Optional[List[CompileWarning]]:
    """What compiling the file as it is warns (None: a warning that cannot be replayed)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        compile(data, filename, "exec", dont_inherit=True)
    found: List[CompileWarning] = []
    for warning in caught:
        if warning.filename != filename or not isinstance(warning.message, Warning):
            return None
        found.append((str(warning.message), warning.category, warning.lineno))
    return found


def instrument(data: bytes, filename: str, statements: Iterable[int]) -> Optional[Instrumented]:
    """Compile ``data`` with a probe before each of ``statements``.

    None when a statement has no place for a probe (none known), when compiling fails, or when
    it warns in a way ``replay_warnings`` could not reproduce; the child then compiles the file
    itself and the trace function measures it."""
    wanted = sorted(set(statements))
    slots = {line: slot_for(filename, line) for line in wanted}
    try:
        original = _original_warnings(data, filename)
        if original is None:
            return None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the original's warnings are replayed instead
            tree = ast.parse(data, filename)
            placer = _Placer(slots)
            placer.module(tree)
            if placer.placed != set(wanted):
                return None
            code = compile(tree, filename, "exec", dont_inherit=True)
    except (SyntaxError, ValueError, TypeError, RecursionError, MemoryError):
        return None
    return Instrumented(_swap_constants(code), {slot: line for line, slot in slots.items()},
                        original)


def replay_warnings(compile_warnings: List[CompileWarning], filename: str) -> bool:
    """Issue the original compile's warnings as the compiler does (warn_explicit, no module or
    registry).  False when the filters turn one into an exception: the compiler would then raise
    SyntaxError, so the caller compiles the file itself."""
    for message, category, line in compile_warnings:
        try:
            warnings.warn_explicit(message, category, filename, line)
        except Exception:  # noqa: B902 - a warning filter set to "error"
            return False
    return True
