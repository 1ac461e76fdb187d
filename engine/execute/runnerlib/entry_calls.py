"""The calls into the project through which a project test reached a changed line.

When a run of a project test (``callers_of``) first reaches a changed statement, the frames on
the stack that belong to the project's own modules (not its tests) are the calls that led there.
Those that a snippet can repeat - a module-level function, a class's static or class method,
its constructor, or an instance method whose object the constructor rebuilds from the object's
attributes (``Template('a')._render(1)``), all of whose arguments are plain values written as
literals (never a path into the tree) - are recorded as ``entry_calls``.  The
generator turns each into a snippet of its own: a data-driven test (its documents read from
fixture files, its cases attached at import time, its values from fixtures no snippet can build)
still hands over the exact value that reached the change.

An argument's value is the one its name holds when the changed line runs: a function that
rebinds its parameter first gives the rebound value, still a real input of that function.
"""

from __future__ import annotations

import builtins
import collections
import datetime
import decimal
import fractions
import inspect
import math
import os
import sys
import types
from typing import Any, Callable, Dict, List, Optional, Set, Tuple

from test_files import is_test_path  # next to runner.py, like executable_lines

MAX_CALLS = 3  # per test: the outermost calls first, where the test's own values went in
MAX_SOURCE = 4000  # characters of one call's arguments
MAX_ITEMS = 200  # items of one container
MAX_DEPTH = 6
PLAIN = (bool, int, str, bytes, type(None))
# Standard library values whose repr is their source, with the import it needs.
EVALUABLE = {datetime.date: "datetime", datetime.datetime: "datetime", datetime.time: "datetime",
             datetime.timedelta: "datetime", datetime.timezone: "datetime",
             decimal.Decimal: "decimal", fractions.Fraction: "fractions"}
# Builtins a call may be given by name (``loads(s, parse_float=float)``); the generator accepts
# these names only.
BUILTINS = ("abs", "bool", "bytes", "chr", "complex", "dict", "float", "frozenset", "hex", "int",
            "len", "list", "max", "min", "ord", "repr", "round", "set", "sorted", "str", "sum",
            "tuple")
NAMESPACE = {"datetime": datetime, "decimal": decimal, "fractions": fractions}
# Containers that an object's mutators fill; a constructor's parameters do not explain them.
FILLED = (list, dict, set, frozenset, tuple, bytearray, collections.deque)
# A coroutine's call gives only an awaitable; a generator's items are consumed by its snippet.
AWAITED = inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR


class _Source:
    """Literal source of plain values, with the imports it needs and a size budget.  A string
    holding one of ``roots`` (a path into the tree the test ran in) is no literal: the other
    version's tree lies elsewhere, and the call would read a file that is not there."""

    def __init__(self, roots: Tuple[str, ...] = ()) -> None:
        self.imports: Set[str] = set()
        self.size = 0
        self.roots = tuple(r for r in roots if r)

    def of(self, value: Any, depth: int = 0) -> Optional[str]:
        text = self._of(value, depth)
        if text is not None:
            self.size += len(text)
        return text if self.size <= MAX_SOURCE else None

    def _of(self, value: Any, depth: int) -> Optional[str]:
        kind = type(value)
        if kind in PLAIN:
            if kind in (str, bytes) and self._rooted(value):
                return None
            return repr(value) if kind is not str or len(value) <= MAX_SOURCE else None
        if kind in (type, types.BuiltinFunctionType):
            name = value.__name__
            return name if name in BUILTINS and getattr(builtins, name) is value else None
        if kind is float:
            return repr(value) if math.isfinite(value) else "float(%r)" % repr(value)
        if depth >= MAX_DEPTH:
            return None
        if kind in (list, tuple, set, frozenset, dict) and len(value) > MAX_ITEMS:
            return None
        if kind in (list, tuple):
            items = [self._of(item, depth + 1) for item in value]
            if any(item is None for item in items):
                return None
            if kind is list:
                return "[%s]" % ", ".join(items)  # type: ignore[arg-type]
            return "(%s%s)" % (", ".join(items), "," if len(items) == 1 else "")  # type: ignore
        if kind in (set, frozenset):
            items = [self._of(item, depth + 1) for item in value]
            if any(item is None for item in items):
                return None
            body = "{%s}" % ", ".join(sorted(items)) if items else ""  # type: ignore[arg-type]
            return ("set(%s)" if kind is set and not items else
                    "%s" if kind is set else "frozenset(%s)") % body
        if kind is dict:
            pairs = [(self._of(k, depth + 1), self._of(v, depth + 1)) for k, v in value.items()]
            if any(k is None or v is None for k, v in pairs):
                return None
            return "{%s}" % ", ".join("%s: %s" % pair for pair in pairs)
        module = EVALUABLE.get(kind)  # type: ignore[call-overload]
        if module is None:
            return None
        text = repr(value)
        try:
            if eval(text, dict(NAMESPACE)) != value:  # noqa: S307 - a standard library repr
                return None
        except Exception:  # noqa: BLE001 - a repr that is not source (a foreign tzinfo)
            return None
        self.imports.add("import " + module)
        return text

    def _rooted(self, value: Any) -> bool:
        text = value.decode("utf-8", "replace") if isinstance(value, bytes) else value
        return any(root in text for root in self.roots)


def is_project_file(path: Optional[str], real_root: str, real_import_root: str) -> bool:
    """A module of the project's package: under the import root, not among its tests."""
    if not path:
        return False
    real = os.path.realpath(path)
    if not real.startswith(real_import_root.rstrip("/") + "/"):
        return False
    relative = os.path.relpath(real, real_root if real.startswith(real_root) else
                               real_import_root)
    return not is_test_path(relative.replace(os.sep, "/"))


def _callable(frame: types.FrameType, roots: Tuple[str, ...]) -> Optional[Dict[str, Any]]:
    """How a snippet calls the function ``frame`` runs: {module, name, call prefix, skip}
    (``skip``: leading arguments the call supplies itself), or None."""
    code = frame.f_code
    qualname = getattr(code, "co_qualname", code.co_name)
    module = frame.f_globals.get("__name__")
    if not isinstance(module, str) or module == "__main__" or "<" in qualname or \
            code.co_flags & AWAITED:
        return None  # a coroutine's call prints only its type: its caller's
    parts = qualname.split(".")
    if len(parts) == 1:
        function = frame.f_globals.get(qualname)
        if _runs(function, code):
            return {"module": module, "name": qualname, "prefix": qualname, "skip": 0}
        return None
    if len(parts) != 2:
        return None
    owner = frame.f_globals.get(parts[0])
    if not isinstance(owner, type):
        return None
    try:
        member = inspect.getattr_static(owner, parts[1])
    except AttributeError:
        return None
    if isinstance(member, staticmethod) and _runs(member.__func__, code):
        skip = 0
    elif isinstance(member, classmethod) and _runs(member.__func__, code):
        skip = 1
    elif not inspect.isfunction(member) or not _runs(member, code) or not code.co_argcount or \
            parts[1].startswith("__") and not parts[1].endswith("__"):
        return None  # a name-mangled method is not reached by its name from outside
    elif parts[1] == "__init__":  # the constructor, called as the class
        return {"module": module, "name": parts[0], "prefix": parts[0], "skip": 1}
    else:
        # an instance method: its object rebuilt through its class's constructor
        built = _rebuilt(frame.f_locals.get(code.co_varnames[0]), owner, roots)
        if built is None:
            return None
        return {"module": module, "name": parts[0], "skip": 1, "imports": built[1],
                "prefix": "%s.%s" % (built[0], parts[1])}
    return {"module": module, "name": parts[0], "prefix": qualname, "skip": skip}


def _rebuilt(obj: Any, owner: type, roots: Tuple[str, ...]) -> Optional[Tuple[str, List[str]]]:
    """``Owner(a, b=...)`` (with its imports) for an object of exactly ``owner`` whose
    constructor's parameters are each held, as a literal, by the object's attribute of the
    same name (or with a leading underscore: ``self._text = text``), or have a default, and
    whose other attributes hold no filled container: the object as the project's test built
    it, as far as its state shows.  None otherwise."""
    state = getattr(obj, "__dict__", None)
    if type(obj) is not owner or not isinstance(state, dict):
        return None  # a subclass (a test's own) is not importable from the project
    try:
        parameters = inspect.signature(owner).parameters.values()
    except (TypeError, ValueError):
        return None
    source = _Source(roots)
    parts: List[str] = []
    gap = False  # a parameter left out: the later ones go by name
    unexplained = dict(state)
    for parameter in parameters:
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            gap = True
            continue
        held = [name for name in (parameter.name, "_" + parameter.name) if name in state]
        for name in held:
            unexplained.pop(name, None)
        text = source.of(state[held[0]]) if held else None
        if text is None:
            if parameter.default is parameter.empty:
                return None
            gap = True
            continue  # its default builds an object as good for a test
        # by position where it can be: a renamed parameter is no change to such a call
        by_name = gap or parameter.kind is parameter.KEYWORD_ONLY
        if by_name and parameter.kind is parameter.POSITIONAL_ONLY:
            return None
        parts.append("%s=%s" % (parameter.name, text) if by_name else text)
    if any(isinstance(value, FILLED) and len(value) for value in unexplained.values()):
        return None  # state added after construction (fields, rows): a new object lacks it
    return "%s(%s)" % (owner.__name__, ", ".join(parts)), sorted(source.imports)


def _runs(function: Any, code: types.CodeType) -> bool:
    """``function`` is, or wraps (functools.wraps), the function whose code is ``code``."""
    for _ in range(8):
        if function is None:
            return False
        if getattr(function, "__code__", None) is code:
            return True
        function = getattr(function, "__wrapped__", None)
    return False


def _arguments(frame: types.FrameType, skip: int, roots: Tuple[str, ...]
               ) -> Optional[Dict[str, Any]]:
    """The call's argument list as source, with its imports; None when a value is no literal."""
    code = frame.f_code
    names = code.co_varnames
    count = code.co_argcount
    keyword_only = code.co_kwonlyargcount
    values = frame.f_locals
    source = _Source(roots)
    parts: List[str] = []
    for name in names[skip:count]:
        if name not in values:
            return None
        text = source.of(values[name])
        if text is None:
            return None
        parts.append(text)
    index = count + keyword_only
    if code.co_flags & inspect.CO_VARARGS:
        extra = values.get(names[index])
        index += 1
        for item in extra if isinstance(extra, tuple) else ():
            text = source.of(item)
            if text is None:
                return None
            parts.append(text)
    for name in names[count:count + keyword_only]:
        if name not in values:
            return None
        text = source.of(values[name])
        if text is None:
            return None
        parts.append("%s=%s" % (name, text))
    if code.co_flags & inspect.CO_VARKEYWORDS:
        extra = values.get(names[index])
        for key, item in (extra.items() if isinstance(extra, dict) else ()):
            text = source.of(item)
            if text is None or not isinstance(key, str) or not key.isidentifier():
                return None
            parts.append("%s=%s" % (key, text))
    return {"arguments": ", ".join(parts), "imports": sorted(source.imports)}


def entry_calls(frame: Optional[types.FrameType], real_root: str, real_import_root: str,
                found: List[Dict[str, Any]]) -> None:
    """Adds to ``found`` the repeatable project calls on the stack above ``frame`` (outermost
    first, at most MAX_CALLS in all, the innermost always among them, none twice)."""
    calls: List[Dict[str, Any]] = []
    roots = (real_root, real_import_root)
    while frame is not None:
        if is_project_file(frame.f_code.co_filename, real_root, real_import_root):
            how = _callable(frame, roots)
            arguments = _arguments(frame, how["skip"], roots) if how else None
            if how and arguments:
                calls.append({"module": how["module"], "name": how["name"],
                              "call": "%s(%s)" % (how["prefix"], arguments["arguments"]),
                              "imports": sorted(set(arguments["imports"]) |
                                                set(how.get("imports", ())))})
        frame = frame.f_back
    known = {call["call"] for call in found}
    fresh = [call for call in reversed(calls) if call["call"] not in known]
    room = MAX_CALLS - len(found)
    if len(fresh) > room > 1:  # the innermost too: the call nearest the changed line
        fresh = fresh[:room - 1] + fresh[-1:]
    for call in fresh[:max(room, 0)]:
        if call["call"] not in known:
            known.add(call["call"])
            found.append(call)


def recording_entry_calls(emit: Callable[[int, int], None], statements: Set[Tuple[int, int]],
                          real_root: str, real_import_root: str,
                          found: List[Dict[str, Any]]) -> Callable[[int, int], None]:
    """``emit``, also recording the entry calls on the stack at the first hit of each of
    ``statements`` (the changed ones)."""

    def hit(index: int, statement: int) -> None:
        emit(index, statement)
        if (index, statement) not in statements or len(found) >= MAX_CALLS:
            return
        try:
            entry_calls(sys._getframe(1), real_root, real_import_root, found)
        except Exception:  # noqa: BLE001 - a recording never changes how the test runs
            pass

    return hit
