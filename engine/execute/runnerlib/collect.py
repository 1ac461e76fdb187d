"""Which tests a module holds: the items a snippet or a project test file defines.

``collect_items`` lists, in definition order:

* top-level functions named ``test*`` (``test_f``), one item per ``parametrize`` case
  (``test_f[0]``, stacked marks ``test_f[0][1]``);
* ``test*`` methods of ``Test*`` classes without ``__init__`` (pytest style, ``TestA::test_b``);
* ``test*`` methods of ``unittest.TestCase`` subclasses, whatever their name
  (``RegistryTests::test_lookup``), run with ``setUp``/``tearDown`` and the class fixtures;
* with ``doctests``, the doctests of the module's functions, classes and its own docstring, named
  as ``doctest`` names them (``pkg.mod.func``: a dotted name, unlike every other item).

Items are only collected from objects the module defines itself (``own``), never from what it
imports.
"""

from __future__ import annotations

import sys
import types
from typing import Any, Callable, Dict, List, Optional

from .pytest_support import expand_marks


class TestItem:
    """One runnable test: a function, a method of a test class, or a doctest."""

    __test__ = False  # a runner class, never a test itself

    def __init__(self, name: str, kind: str, func: Optional[Callable[..., Any]] = None,
                 owner: Optional[type] = None, params: Optional[Dict[str, Any]] = None,
                 skip: Optional[str] = None, doctest: Any = None, line: int = 0) -> None:
        self.name = name
        self.kind = kind  # function | method | unittest | doctest
        self.func = func
        self.owner = owner
        self.params = params or {}
        self.skip = skip
        self.doctest = doctest
        self.line = line


def _line_of(obj: Any) -> int:
    for _ in range(10):  # the function a decorator (``unittest.skip``) wraps
        wrapped = getattr(obj, "__wrapped__", None)
        if not isinstance(wrapped, types.FunctionType):
            break
        obj = wrapped
    code = getattr(obj, "__code__", None)
    return int(getattr(code, "co_firstlineno", 0) or 0)


def _is_testcase(obj: Any) -> bool:
    unittest_module = sys.modules.get("unittest")
    if unittest_module is None:
        return False
    try:
        return isinstance(obj, type) and issubclass(obj, unittest_module.TestCase)
    except TypeError:
        return False


def _method_items(class_name: str, cls: type, kind: str) -> List[TestItem]:
    items: List[TestItem] = []
    if kind == "unittest":
        import unittest

        names = unittest.TestLoader().getTestCaseNames(cls)
    else:
        names = [n for n in dir(cls) if n.startswith("test")]
    members = []
    for attr in names:
        member = getattr(cls, attr, None)
        if isinstance(member, types.FunctionType):
            members.append((_line_of(member), attr, member))
    for line, attr, member in sorted(members, key=lambda m: (m[0], m[1])):
        base = "%s::%s" % (class_name, attr)
        if kind == "unittest":
            items.append(TestItem(base, kind, member, cls, line=line))
            continue
        for case_name, params, skip in expand_marks(base, member):
            items.append(TestItem(case_name, kind, member, cls, params, skip, line=line))
    return items


def collect_items(module: types.ModuleType, own: Callable[[Any], bool],
                  doctests: bool = False) -> List[TestItem]:
    """The tests ``module`` defines (``own`` says whether an object was defined there)."""
    items: List[TestItem] = []
    for name, obj in list(module.__dict__.items()):
        if name.startswith("test") and isinstance(obj, types.FunctionType) and own(obj):
            for case_name, params, skip in expand_marks(name, obj):
                items.append(TestItem(case_name, "function", obj, None, params, skip,
                                      line=_line_of(obj)))
        elif isinstance(obj, type) and own(obj) and getattr(obj, "__test__", True):
            if _is_testcase(obj):
                items.extend(_method_items(name, obj, "unittest"))
            elif name.startswith("Test") and "__init__" not in obj.__dict__:
                items.extend(_method_items(name, obj, "method"))
    if doctests:
        items.extend(doctest_items(module))
    return items


def doctest_items(module: types.ModuleType) -> List[TestItem]:
    import doctest

    try:
        found = doctest.DocTestFinder(exclude_empty=True).find(module, module.__name__)
    except Exception:  # a module doctest cannot introspect has no doctests to offer
        return []
    return [TestItem(test.name, "doctest", doctest=test, line=int(test.lineno or 0) + 1)
            for test in sorted(found, key=lambda t: (t.lineno or 0, t.name)) if test.examples]
