"""Snippets that repeat the project calls through which a project test reached a changed line.

The runner records them while the test runs on the old version (``entry_calls`` of a project
test: ``runnerlib/entry_calls.py``): a module-level function, a class's static or class method,
its constructor, or an instance method on an object its constructor rebuilds, with every
argument a literal.  Each becomes ``from M import N`` and ``result = call``, printing
``repr(result)`` (a returned iterator's items, a generator's too; an object without a repr of
its own, its attributes); its literals are then mutated like a converted test's.  A call the
test's own converted snippet already makes the same way gives no snippet of its own.  This
reaches the change from tests no conversion can read: the documents of a data-driven test read from
fixture files, cases attached to a test class at import time, values built by fixtures.

The record comes out of a sandboxed run of untrusted code, so each is checked: an importable
module name, a call of that name whose arguments are literals or standard-library values.
"""

from __future__ import annotations

import ast
import re
from typing import Any, List, Optional

MODULE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*\Z")
IMPORTS = {"import datetime", "import decimal", "import fractions"}
# The builtins a recorded call may pass by name (runnerlib/entry_calls.py): pure functions, types.
BUILTINS = {"abs", "bool", "bytes", "chr", "complex", "dict", "float", "frozenset", "hex", "int",
            "len", "list", "max", "min", "ord", "repr", "round", "set", "sorted", "str", "sum",
            "tuple"}
MAX_CALLS = 3  # per test
LAZY_ITEMS = 1000  # items of a returned iterator printed (some never end)
CONSUMING = {"import collections.abc", "import itertools"}
CONSUMED = ("result = list(itertools.islice(result, %d)) if isinstance(result, "
            "collections.abc.Iterator) else result" % LAZY_ITEMS)
MAX_CALL = 8000  # characters
# An object whose repr is object's own shows nothing of its state: its attributes are printed.
SHOWN_STATE = ("if type(result).__repr__ is object.__repr__ and "
               "isinstance(getattr(result, '__dict__', None), dict):\n"
               "    print(sorted(vars(result).items()))")


def _literal(node: ast.AST) -> bool:
    """A literal, a pure builtin by name (``float``), or a standard-library value written as
    its constructor (``datetime.date(2024, 1, 2)``, ``float('nan')``) with literal arguments."""
    try:
        ast.literal_eval(node)
        return True
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        pass
    if isinstance(node, ast.Name):
        return node.id in BUILTINS
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return all(_literal(e) for e in node.elts)
    if isinstance(node, ast.Dict):
        return all(k is not None and _literal(k) for k in node.keys) and \
            all(_literal(v) for v in node.values)
    if isinstance(node, ast.Call) and not any(k.arg is None for k in node.keywords):
        name = ast.unparse(node.func)
        known = name in ("float", "set", "frozenset") or \
            name.split(".")[0] in ("datetime", "decimal", "fractions") and name.count(".") <= 2
        return known and all(_literal(a) for a in node.args) and \
            all(_literal(k.value) for k in node.keywords)
    return False


def entry_call_snippet(call: Any) -> Optional[str]:
    """The snippet for one recorded call, or None when the record is not a plain call."""
    if not isinstance(call, dict):
        return None
    module, name, text = call.get("module"), call.get("name"), call.get("call")
    imports = call.get("imports") or []
    if not (isinstance(module, str) and MODULE.match(module) and isinstance(name, str) and
            name.isidentifier() and isinstance(text, str) and len(text) <= MAX_CALL and
            isinstance(imports, list) and all(i in IMPORTS for i in imports)):
        return None
    try:
        node = ast.parse(text, mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    if not _plain_call(node, name):
        return None
    head = sorted(set(imports) | CONSUMING) + ["from %s import %s" % (module, name)]
    return "\n".join(head + ["", "result = %s" % ast.unparse(node), CONSUMED,
                             "print(repr(result))", SHOWN_STATE]) + "\n"


def _plain_call(node: ast.AST, name: str) -> bool:
    """``name(...)``, ``name.f(...)`` or ``name(...).f(...)`` (an object rebuilt by its
    constructor, then its method), every argument a literal."""
    if not isinstance(node, ast.Call) or any(k.arg is None for k in node.keywords) or \
            not all(_literal(a) for a in node.args) or \
            not all(_literal(k.value) for k in node.keywords):
        return False
    func = node.func
    if isinstance(func, ast.Name):
        return func.id == name
    if not isinstance(func, ast.Attribute) or not func.attr.isidentifier():
        return False
    if isinstance(func.value, ast.Name):
        return func.value.id == name
    return isinstance(func.value, ast.Call) and isinstance(func.value.func, ast.Name) and \
        _plain_call(func.value, name)


def repeats_a_call_of(snippet: str, code: str) -> bool:
    """Whether the snippet's call is written, the same, in ``code`` (the test's own converted
    snippet): its mutants would be the same tests again."""
    try:
        wanted = [ast.unparse(n.value) for n in ast.parse(snippet).body
                  if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call)][:1]
        written = {ast.unparse(n) for n in ast.walk(ast.parse(code)) if isinstance(n, ast.Call)}
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return bool(wanted) and wanted[0] in written


def entry_call_snippets(test: Any) -> List[str]:
    """The snippets of a project test's recorded calls, first ones first, none twice."""
    calls = test.get("entry_calls") if isinstance(test, dict) else None
    out: List[str] = []
    for call in calls if isinstance(calls, list) else []:
        code = entry_call_snippet(call)
        if code is not None and code not in out:
            out.append(code)
        if len(out) >= MAX_CALLS:
            break
    return out
