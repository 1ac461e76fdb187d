"""Executable lines of Python source, following coverage.py's notion of a statement.

Two functions are public:

* ``statement_map(source)`` maps every line that belongs to an executable statement to the
  statement's first line (its "start line"), the way coverage.py folds the lines of a multi-line
  statement onto its first line.  A line inside a multi-line call, string, comprehension, lambda or
  compound-statement header (``def f(a,\\n b):``) maps to the line where that logical line starts.
* ``executable_lines(source)`` is the sorted list of statement start lines, i.e. the set coverage.py
  reports as "statements" (the denominator of line coverage).

``child_blocks(stmt)``, the statement lists nested in a compound statement, serves the project
model (``pymodel``) too.

The rules (checked against coverage.py's own parser on CPython 3.11):

* Every AST statement counts, with these exceptions:

  - docstrings (the first statement of a module, class or function body when it is a string
    literal) and, like coverage.py, a bare string literal that is the first statement of any
    indented block;
  - ``global`` / ``nonlocal`` statements and annotation-only declarations inside a function
    (``x: int``), which compile to no bytecode (at module and class level ``x: int`` stores into
    ``__annotations__`` and counts);
  - unreachable code the compiler drops: statements after ``return`` / ``raise`` / ``break`` /
    ``continue`` in the same block, after an ``if``/``else``, ``try`` or ``for``/``while ... else``
    whose every path leaves the block, after a ``while True:`` loop without ``break``, the body of
    ``if False:`` / ``while 0:`` and the ``else`` of ``if True:``.

* Each decorator line of a decorated ``def`` / ``class`` is a statement of its own, and so is the
  ``def`` / ``class`` line (coverage.py reports both).
* ``else:``, ``finally:`` and ``try:``-less keywords are not statements; ``try:``, ``except ...:``,
  ``with``, ``for``, ``while``, ``if``/``elif`` headers, ``match`` and every ``case`` line are.
* Multi-line statements: lines are grouped into logical lines with :mod:`tokenize` (from the first
  token of a logical line to its NEWLINE token), exactly as coverage.py does.

Known divergences from coverage.py (all rare): coverage.py 6 counts a module docstring preceded by
a comment as a statement (we never count docstrings); coverage.py drops any statement whose first
token is a string at the start of an indented block (e.g. ``"-".join(x)``) while we only drop bare
string literals; bytecode-level peculiarities of particular CPython versions (e.g. a
``while 1: break`` loop whose header line vanishes) are not modelled.

Errors: :class:`SyntaxError` (or :class:`ValueError` for NUL bytes on old interpreters) propagates
to the caller; :class:`RecursionError` may come out of :func:`ast.parse` for absurdly nested
expressions.  Standard library only; Python 3.8 - 3.13.
"""

from __future__ import annotations

import ast
import io
import tokenize
from typing import Dict, Iterable, List, Optional, Set, Tuple

__all__ = ["statement_map", "executable_lines", "logical_lines", "analyse_parsed",
           "child_blocks"]

_FUNC_TYPES: Tuple[type, ...] = (ast.FunctionDef, ast.AsyncFunctionDef)
_LOOP_TYPES: Tuple[type, ...] = (ast.For, ast.AsyncFor, ast.While)
_TRY_TYPES: Tuple[type, ...] = tuple(
    t for t in (getattr(ast, "Try", None), getattr(ast, "TryStar", None)) if t is not None
)
_MATCH_TYPE: Optional[type] = getattr(ast, "Match", None)


def _is_str_expr(node: ast.stmt) -> bool:
    """True for a statement that is just a string literal (a docstring-like statement)."""
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def _const_truth(test: ast.expr) -> Optional[bool]:
    """Truth value of a constant test (``True``, ``0``, ``"x"``, ``0 and x``...), else None."""
    if isinstance(test, ast.Constant):
        try:
            return bool(test.value)
        except Exception:  # pragma: no cover - literal constants always have a truth value
            return None
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _const_truth(test.operand)
        return None if inner is None else not inner
    if isinstance(test, ast.BoolOp):
        # The compiler folds ``0 and x`` / ``1 or x``: look at the constant prefix.
        decisive = isinstance(test.op, ast.Or)
        for operand in test.values:
            truth = _const_truth(operand)
            if truth is None:
                return None
            if truth is decisive:
                return decisive
        return not decisive
    return None


def _has_break(body: Iterable[ast.stmt]) -> bool:
    """True if a ``break`` in ``body`` exits the loop that owns ``body`` (not a nested one)."""
    stack: List[ast.stmt] = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Break):
            return True
        if isinstance(node, _LOOP_TYPES):
            # A break in a nested loop's body belongs to that loop; its else-clause is ours.
            stack.extend(node.orelse)
            continue
        if isinstance(node, _FUNC_TYPES) or isinstance(node, ast.ClassDef):
            continue
        for block in child_blocks(node):
            stack.extend(block)
    return False


def child_blocks(node: ast.stmt) -> List[List[ast.stmt]]:
    """The statement lists nested directly in a compound statement."""
    blocks: List[List[ast.stmt]] = []
    for field in ("body", "orelse", "finalbody"):
        value = getattr(node, field, None)
        if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
            blocks.append(value)
    for handler in getattr(node, "handlers", None) or []:
        blocks.append(handler.body)
    for case in getattr(node, "cases", None) or []:
        blocks.append(case.body)
    return blocks


def _terminates(node: ast.stmt) -> bool:
    """True if control can never fall through to the statement after ``node``."""
    if isinstance(node, (ast.Return, ast.Raise, ast.Break, ast.Continue)):
        return True
    if isinstance(node, ast.If):
        truth = _const_truth(node.test)
        if truth is True:
            return _block_terminates(node.body)
        if truth is False:
            return bool(node.orelse) and _block_terminates(node.orelse)
        return bool(node.orelse) and _block_terminates(node.body) and _block_terminates(node.orelse)
    if isinstance(node, ast.While) and _const_truth(node.test) is True:
        return not _has_break(node.body)
    if isinstance(node, _LOOP_TYPES):
        if isinstance(node, ast.While) and _const_truth(node.test) is False:
            return bool(node.orelse) and _block_terminates(node.orelse)
        return bool(node.orelse) and not _has_break(node.body) and _block_terminates(node.orelse)
    if _TRY_TYPES and isinstance(node, _TRY_TYPES):
        if node.finalbody and _block_terminates(node.finalbody):
            return True
        body_leaves = _block_terminates(node.body) or (
            bool(node.orelse) and _block_terminates(node.orelse)
        )
        return body_leaves and all(_block_terminates(h.body) for h in node.handlers)
    if _MATCH_TYPE is not None and isinstance(node, _MATCH_TYPE):
        cases = node.cases
        if not cases:
            return False
        last = cases[-1]
        irrefutable = last.guard is None and (
            (isinstance(last.pattern, getattr(ast, "MatchAs")) and last.pattern.pattern is None)
        )
        return irrefutable and all(_block_terminates(c.body) for c in cases)
    return False


def _block_terminates(block: List[ast.stmt]) -> bool:
    return any(_terminates(stmt) for stmt in block)


class _StatementCollector:
    """Collects the raw start lines of reachable, bytecode-producing statements."""

    def __init__(self) -> None:
        self.starts: Set[int] = set()
        self.docstring_lines: Set[int] = set()

    def block(self, body: List[ast.stmt], in_function: bool, indented: bool,
              docstring_owner: bool) -> None:
        for index, stmt in enumerate(body):
            if index == 0 and _is_str_expr(stmt) and (docstring_owner or indented):
                end = getattr(stmt, "end_lineno", None) or stmt.lineno
                self.docstring_lines.update(range(stmt.lineno, end + 1))
            else:
                self.statement(stmt, in_function)
            if _terminates(stmt):
                break  # the rest of the block is unreachable

    def statement(self, node: ast.stmt, in_function: bool) -> None:
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            return
        if (
            in_function
            and isinstance(node, ast.AnnAssign)
            and node.value is None
            and isinstance(node.target, ast.Name)
        ):
            return
        if isinstance(node, _FUNC_TYPES) or isinstance(node, ast.ClassDef):
            for deco in node.decorator_list:
                self.starts.add(deco.lineno)
            self.starts.add(node.lineno)
            self.block(node.body, in_function=not isinstance(node, ast.ClassDef),
                       indented=True, docstring_owner=True)
            return
        self.starts.add(node.lineno)
        if isinstance(node, ast.If):
            truth = _const_truth(node.test)
            if truth is not False:
                self.block(node.body, in_function, True, False)
            if truth is not True and node.orelse:
                # An ``elif`` is a nested If sharing the orelse list; it is not "indented".
                elif_chain = len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If) and \
                    node.orelse[0].col_offset == node.col_offset
                self.block(node.orelse, in_function, not elif_chain, False)
            return
        if isinstance(node, _LOOP_TYPES):
            truth = _const_truth(node.test) if isinstance(node, ast.While) else None
            if truth is not False:
                self.block(node.body, in_function, True, False)
            if truth is not True and node.orelse:
                self.block(node.orelse, in_function, True, False)
            return
        if _TRY_TYPES and isinstance(node, _TRY_TYPES):
            self.block(node.body, in_function, True, False)
            for handler in node.handlers:
                self.starts.add(handler.lineno)
                self.block(handler.body, in_function, True, False)
            if node.orelse and not _block_terminates(node.body):
                self.block(node.orelse, in_function, True, False)
            if node.finalbody:
                self.block(node.finalbody, in_function, True, False)
            return
        if _MATCH_TYPE is not None and isinstance(node, _MATCH_TYPE):
            for case in node.cases:
                self.starts.add(case.pattern.lineno)
                self.block(case.body, in_function, True, False)
            return
        for block in child_blocks(node):  # with / async with / anything newer
            self.block(block, in_function, True, False)


def logical_lines(source: str) -> List[Tuple[int, int]]:
    """(first line, last line) of every logical line spanning more than one physical line.

    This is coverage.py's multi-line rule: a logical line runs from its first token to the NEWLINE
    token that ends it.
    """
    ranges: List[Tuple[int, int]] = []
    first: Optional[int] = None
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    for tok in tokens:
        ttype, text, (sline, _), (eline, _), _ = tok
        if ttype == tokenize.NEWLINE:
            if first is not None and eline != first:
                ranges.append((first, eline))
            first = None
            continue
        if text.strip() and ttype != tokenize.COMMENT and first is None:
            first = sline
    return ranges


def _analyse(source: str, filename: str) -> Tuple[Set[int], Dict[int, int]]:
    return analyse_parsed(ast.parse(source, filename=filename), source)


def analyse_parsed(tree: ast.Module, source: str) -> Tuple[Set[int], Dict[int, int]]:
    """(statement start lines, statement_map) for an already parsed module (saves a parse)."""
    collector = _StatementCollector()
    collector.block(tree.body, in_function=False, indented=False, docstring_owner=True)

    first_of: Dict[int, int] = {}
    span_of: Dict[int, Tuple[int, int]] = {}
    try:
        ranges = logical_lines(source)
    except (tokenize.TokenError, IndentationError, SyntaxError):  # pragma: no cover - parsed OK
        ranges = []
    for first, last in ranges:
        for line in range(first, last + 1):
            first_of[line] = first
        span_of[first] = (first, last)

    ignore = collector.docstring_lines
    statements = {first_of.get(line, line) for line in collector.starts - ignore} - ignore
    mapping: Dict[int, int] = {}
    for start in statements:
        lo, hi = span_of.get(start, (start, start))
        for line in range(lo, hi + 1):
            mapping[line] = start
    return statements, mapping


def statement_map(source: str, filename: str = "<src>") -> Dict[int, int]:
    """Maps every line that belongs to an executable statement to that statement's first line
    (coverage.py's rule: statement start lines; a line inside a multi-line statement maps to that
    statement)."""
    return _analyse(source, filename)[1]


def executable_lines(source: str, filename: str = "<src>") -> List[int]:
    """Sorted statement start lines (what coverage.py reports as the file's statements)."""
    return sorted(_analyse(source, filename)[0])


def _main(argv: Optional[List[str]] = None) -> int:
    """``executable_lines.py FILE...`` prints each file's executable lines (a debugging aid)."""
    import json
    import sys

    args = sys.argv[1:] if argv is None else argv
    out: Dict[str, object] = {}
    for path in args:
        with open(path, encoding="utf-8") as handle:
            out[path] = executable_lines(handle.read(), path)
    json.dump(out, sys.stdout, sort_keys=True)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
