"""Fixture values for one test: the runner's built-ins and the project's own ``@pytest.fixture``s.

``FixtureResolver`` looks a fixture name up in the namespaces it is given (conftest modules from
the tree root down, then the test module; later ones override earlier ones), calls the fixture
function with its own fixtures, keeps one value per name for the test and registers the teardown
of ``yield`` fixtures.  Names it does not find there are the built-ins of ``pytest_support``
(``tmp_path``, ``tmpdir``, ``monkeypatch``, ``capsys``).  Autouse fixtures run before the test.  A
parametrised fixture gives its first parameter (``request.param``; the converted test inlines
the same one).  A fixture that reads ``request`` otherwise, or depends on itself, fails the test
with ``difftriage.UsageError``, as an unknown fixture does.
"""

from __future__ import annotations

import types
from typing import Any, Callable, Dict, List, Optional, Tuple

from .pytest_support import UsageError, is_awaitable, make_fixture, required_arguments

FixtureDef = Tuple[Callable[..., Any], bool, Any]  # function, autouse, params


def fixture_definition(obj: Any) -> Optional[Tuple[str, FixtureDef]]:
    """(name, definition) when ``obj`` is a ``@pytest.fixture`` function, else None."""
    if isinstance(obj, types.FunctionType):  # pytest < 8.4 marks the wrapped function
        marker = obj.__dict__.get("_pytestfixturefunction")
        if marker is None:
            return None
        wrapped = obj.__dict__.get("__pytest_wrapped__")
        func = getattr(wrapped, "obj", obj)
    elif type(obj).__name__ == "FixtureFunctionDefinition":  # pytest >= 8.4
        marker = getattr(obj, "_fixture_function_marker", None)
        func = getattr(obj, "_fixture_function", None)
        if marker is None or not isinstance(func, types.FunctionType):
            return None
    else:
        return None
    name = getattr(marker, "name", None) or func.__name__
    return str(name), (func, bool(getattr(marker, "autouse", False)),
                       getattr(marker, "params", None))


class FixtureResolver:
    """The fixture values of one test, created on demand and torn down afterwards."""

    def __init__(self, namespaces: List[Dict[str, Any]], run_dir: str, test_name: str,
                 cleanups: List[Callable[[], None]]) -> None:
        self.definitions: Dict[str, FixtureDef] = {}
        self.autouse: List[str] = []
        for namespace in namespaces:
            for obj in list(namespace.values()):
                found = fixture_definition(obj)
                if found is None:
                    continue
                name, definition = found
                self.definitions[name] = definition
                if definition[1] and name not in self.autouse:
                    self.autouse.append(name)
        self.run_dir = run_dir
        self.test_name = test_name
        self.cleanups = cleanups
        self.values: Dict[str, Any] = {}
        self._active: List[str] = []

    def run_autouse(self) -> None:
        for name in self.autouse:
            self.value(name)

    def arguments(self, func: Callable[..., Any], skip_self: bool,
                  given: Dict[str, Any]) -> Dict[str, Any]:
        kwargs = dict(given)
        for name in required_arguments(func, skip_self):
            if name not in kwargs:
                kwargs[name] = self.value(name)
        return kwargs

    def value(self, name: str) -> Any:
        if name in self.values:
            return self.values[name]
        definition = self.definitions.get(name)
        if definition is None:
            value = make_fixture(name, self.test_name, self.run_dir, self.cleanups)
        else:
            value = self._create(name, definition)
        self.values[name] = value
        return value

    def _create(self, name: str, definition: FixtureDef) -> Any:
        func, _autouse, params = definition
        if name in self._active:
            raise UsageError("fixture %r depends on itself" % name)
        given: Dict[str, Any] = {}
        if "request" in required_arguments(func, False):
            if params is None:
                raise UsageError("fixture %r uses 'request': not supported by the DiffTriage "
                                 "runner" % name)
            given["request"] = ParamRequest(name, _first(name, params))
        self._active.append(name)
        try:
            result = func(**self.arguments(func, False, given))
        finally:
            self._active.pop()
        if is_awaitable(result):
            import asyncio

            return asyncio.run(result)  # type: ignore[arg-type]
        if isinstance(result, types.GeneratorType):
            value = next(result)
            self.cleanups.append(lambda: _finish(result))
            return value
        return result


class ParamRequest:
    """The ``request`` of a parametrised fixture: its parameter, and nothing else."""

    def __init__(self, fixture: str, param: Any) -> None:
        self._fixture = fixture
        self.param = param

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("__"):
            raise AttributeError(attribute)
        raise UsageError("fixture %r uses 'request.%s': not supported by the DiffTriage "
                         "runner" % (self._fixture, attribute))


def _first(name: str, params: Any) -> Any:
    """The first parameter, unwrapped from ``pytest.param(value, id=...)``."""
    try:
        first = list(params)[0]
    except (TypeError, IndexError):
        raise UsageError("fixture %r has no parameters" % name) from None
    values = getattr(first, "values", None)  # a pytest ParameterSet
    if isinstance(values, tuple) and type(first).__name__ == "ParameterSet":
        return values[0] if len(values) == 1 else values
    return first


def _finish(generator: Any) -> None:
    try:
        next(generator)
    except StopIteration:
        pass
