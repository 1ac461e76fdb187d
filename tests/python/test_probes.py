"""Tests for runnerlib/instrument.py, the coverage probes compiled into requested files.

The ``probes`` tracer must report exactly what the ``settrace`` probe reports.  Each module of a
small corpus (generators, async, class bodies, decorators, nested functions, try/except/finally,
``except*``, ``with``, loops with ``else``, multi-line statements, ``from __future__``, threads)
runs once under each probe in this process, every statement requested, and the two hit sets are
compared directly.  Further tests check what instrumented code keeps (line numbers, tracebacks,
docstrings, ``inspect.getsource``) and, through a real worker, that no trace function is installed.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import sys
import textwrap
import traceback
import types
import warnings
from pathlib import Path
from typing import Any, Dict, List, Set, Tuple

import pytest

from helpers_dir import HELPERS

sys.path[:0] = [str(HELPERS)]
import executable_lines  # noqa: E402  (shipped next to runner.py)
from runnerlib import instrument  # noqa: E402
from runnerlib.probe import CoverageProbe, CoverageTarget  # noqa: E402

from test_runner import CORE_REL, WorkerProcess, all_core_lines  # noqa: E402

# The default tracer is ``probes`` on 3.10 and 3.11 only; before, line events skip statements
# that run (``while True:`` headers...), so settrace's reports are not what the probes report.
NOT_PROBES_VERSION = pytest.mark.skipif(not (3, 10) <= sys.version_info < (3, 12),
                                        reason="the probes tracer is for Python 3.10 and 3.11")

CORPUS: Dict[str, str] = {
    "functions": '''
        """Module docstring."""
        from __future__ import annotations
        import os

        GLOBAL = 1


        def deco(tag):
            def wrap(func):
                func.tag = tag
                return func
            return wrap


        @deco(
            "a")
        @staticmethod
        def decorated(x: int) -> int:
            """Docstring."""
            global GLOBAL
            GLOBAL += x
            if x > 2:
                return x
            elif x < 0:
                return -x
            else:
                pass
            return (x +
                    1)


        def outer(n):
            total = 0

            def inner(k):
                nonlocal total
                total += k
            for i in range(n):
                inner(i)
            else:
                total += 100
            while n > 0:
                n -= 1
                if n == 5:
                    break
            else:
                total -= 1
            squares = [v * v for v in range(3)
                       if v]
            key = lambda item: (
                item)
            return sorted(squares, key=key), total


        def never():
            return 1


        def run():
            decorated.__func__(1)
            decorated.__func__(-3)
            outer(3)
    ''',
    "generators": '''
        def gen(n):
            for i in range(n):
                yield i
            yield from range(2)
            return "done"


        def unstarted():
            yield 1


        async def agen(n):
            for i in range(n):
                yield i


        async def coro(n):
            await asyncio.sleep(0)
            items = [i async for i in agen(n)]
            async with Ctx():
                pass
            return items


        class Ctx:
            async def __aenter__(self):
                return self

            async def __aexit__(self, *exc):
                return False


        import asyncio


        def run():
            list(gen(3))
            unstarted()
            asyncio.run(coro(2))
    ''',
    "classes": '''
        class Base:
            """Doc."""
            attr = 1
            if attr:
                other = 2
            else:
                other = 3

            def method(self):
                return self.attr

            @property
            def prop(self):
                return 2

            class Inner:
                x = [i for i in range(2)]


        class Child(Base):
            def method(self):
                return super().method() + 1


        def run():
            Child().method()
            Base().prop
    ''',
    "exceptions": '''
        import threading


        def handlers(kind):
            try:
                if kind == 1:
                    raise ValueError("v")
                if kind == 2:
                    raise KeyError("k")
                value = 1
            except ValueError:
                value = 2
            except (KeyError,
                    TypeError) as exc:
                value = 3
            except:
                value = 4
            else:
                value += 10
            finally:
                value = value * 2
            return value


        def bare():
            try:
                raise OSError()
            except:
                return 1


        def unreached():
            try:
                return 1
            except ZeroDivisionError:
                return 2


        def groups():
            seen = []
            try:
                raise ExceptionGroup("g", [ValueError(1)])
            except* ValueError:
                seen.append(1)
            except* TypeError:
                seen.append(2)  # (a lone ``pass`` here gets a line event from 3.11 anyway)
            return seen


        def with_block(path):
            with open(path) as handle:
                data = handle.read()
            return data


        def threaded():
            box = []
            thread = threading.Thread(target=lambda: box.append(
                1))
            thread.start()
            thread.join()
            return box


        def run():
            handlers(0); handlers(1); handlers(2)
            bare(); unreached(); threaded()
            with_block(__file__)
            if sys.version_info >= (3, 11):
                groups()


        import sys
    ''',
}


def _source(name: str) -> str:
    source = textwrap.dedent(CORPUS[name]).lstrip("\n")
    if name == "exceptions" and sys.version_info < (3, 11):
        source = source.replace("except* ValueError", "except ValueError")
        source = source.replace("except* TypeError", "except TypeError")
    return source


def _targets(path: Path, source: str) -> Tuple[List[CoverageTarget], Set[int]]:
    smap = executable_lines.statement_map(source, str(path))
    statements = set(smap.values())
    target = CoverageTarget("m.py", {str(path)}, sorted(smap), dict(smap), statements, None)
    return [target], statements


def _run_module(code: types.CodeType, path: Path, name: str) -> None:
    module = types.ModuleType(name)
    module.__file__ = str(path)
    sys.modules[name] = module
    try:
        exec(code, module.__dict__)
        module.run()
    finally:
        sys.modules.pop(name, None)


def _hits(mode: str, path: Path, source: str) -> List[int]:
    targets, statements = _targets(path, source)
    hits: Set[int] = set()
    if mode == "probes":
        probed = instrument.instrument(source.encode(), str(path), statements)
        assert probed is not None
        targets[0].probe_slots = probed.slots
        code = probed.code
    else:
        code = compile(source, str(path), "exec", dont_inherit=True)
    probe = CoverageProbe(targets, lambda index, statement: hits.add(statement), mode)
    probe.start()
    try:
        if mode == "probes":
            assert sys.gettrace() is None
        _run_module(code, path, "corpus_" + mode)
    finally:
        probe.stop()
    return targets[0].covered_lines(hits)


@NOT_PROBES_VERSION
@pytest.mark.parametrize("name", sorted(CORPUS))
def test_probes_hit_exactly_what_settrace_hits(name: str, tmp_path: Path) -> None:
    path = tmp_path / (name + ".py")
    source = _source(name)
    path.write_text(source)
    via_settrace = _hits("settrace", path, source)
    via_probes = _hits("probes", path, source)
    assert via_probes == via_settrace
    lines = source.splitlines()
    after_never = [i + 1 for i, line in enumerate(lines, 1) if line.startswith("def never")]
    for line in after_never:
        assert line not in via_probes  # the comparison is not vacuous: some lines never run
    assert len(via_probes) > 10


MATCHING = '''
def kind(value):
    match value:
        case None:
            return "none"
        case int(number) if number > 10:
            return "big"
        case [first, *rest]:
            return "seq"
        case {"key": found}:
            return "map"
        case str() | bytes():
            return "text"
        case _:
            return "other"


def never_matched(value):
    match value:
        case 1:
            return 1


def run():
    for value in (5, [1, 2], {"key": 1}):
        kind(value)
'''


@NOT_PROBES_VERSION
def test_case_lines_hit_exactly_what_settrace_hits(tmp_path: Path) -> None:
    path = tmp_path / "matching.py"
    path.write_text(MATCHING)
    via_settrace = _hits("settrace", path, MATCHING)
    assert {4, 6, 12, 14} <= set(via_settrace) and not {5, 7, 13} & set(via_settrace)
    assert _hits("probes", path, MATCHING) == via_settrace


@NOT_PROBES_VERSION
def test_probed_and_traced_files_together(tmp_path: Path) -> None:
    """A file without probes (outside the import root...) is traced while the other is probed."""
    sources = {"probed": "def run():\n    return 1\n", "traced": "def run():\n    return 2\n"}
    targets: List[CoverageTarget] = []
    codes = {}
    for name, source in sources.items():
        path = tmp_path / (name + ".py")
        path.write_text(source)
        target = _targets(path, source)[0][0]
        codes[name] = (compile(source, str(path), "exec"), path)
        if name == "probed":
            probed = instrument.instrument(source.encode(), str(path), target.statements)
            assert probed is not None
            target.probe_slots = probed.slots
            codes[name] = (probed.code, path)
        targets.append(target)
    hits: Dict[int, Set[int]] = {0: set(), 1: set()}
    probe = CoverageProbe(targets, lambda index, statement: hits[index].add(statement), "probes")
    probe.start()
    try:
        assert sys.gettrace() is not None  # for the traced file
        for name, (code, path) in codes.items():
            _run_module(code, path, "together_" + name)
    finally:
        probe.stop()
    assert hits == {0: {1, 2}, 1: {1, 2}}


def _load_instrumented(path: Path, name: str, statements: Set[int]) -> Any:
    probed = instrument.instrument(path.read_bytes(), str(path), statements)
    assert probed is not None
    spec = importlib.util.spec_from_file_location(name, str(path))
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    exec(probed.code, module.__dict__)
    return module


def test_instrumented_code_keeps_lines_tracebacks_and_docstrings(tmp_path: Path) -> None:
    path = tmp_path / "keep.py"
    source = ('"""Module doc."""\n'
              "from __future__ import annotations\n"
              "\n"
              "def fails(x):\n"
              '    """Function doc."""\n'
              "    y = x + 1\n"
              "    raise ValueError(y)\n"
              "\n"
              "class K:\n"
              '    """Class doc."""\n'
              "    def m(self) -> Undefined:\n"
              "        return inspect_me()\n")
    path.write_text(source)
    smap = executable_lines.statement_map(source, str(path))
    module = _load_instrumented(path, "keep_instrumented", set(smap.values()))
    try:
        assert module.__doc__ == "Module doc."
        assert module.fails.__doc__ == "Function doc."
        assert module.K.__doc__ == "Class doc."
        assert module.K.m.__annotations__ == {"return": "Undefined"}  # the __future__ import
        assert inspect.getsource(module.fails).startswith("def fails(x):")
        assert module.fails.__code__.co_firstlineno == 4
        with pytest.raises(ValueError) as caught:
            module.fails(1)
        frames = traceback.extract_tb(caught.value.__traceback__)
        assert (frames[-1].lineno, frames[-1].line) == (7, "raise ValueError(y)")
        assert "__dt" not in " ".join(vars(module))  # nothing new in the namespace
        assert sorted(n for n in vars(module) if not n.startswith("__")) == \
            ["K", "annotations", "fails"]
    finally:
        sys.modules.pop("keep_instrumented", None)


def test_probes_are_free_once_hit(tmp_path: Path) -> None:
    """A hit probe is disarmed: the sink sees each statement once, however often it runs."""
    path = tmp_path / "loop.py"
    source = "def spin(n):\n    total = 0\n    for i in range(n):\n        total += i\n" \
             "    return total\n\ndef run():\n    spin(1000)\n"
    path.write_text(source)
    targets, statements = _targets(path, source)
    probed = instrument.instrument(source.encode(), str(path), statements)
    assert probed is not None
    targets[0].probe_slots = probed.slots
    seen: List[int] = []
    probe = CoverageProbe(targets, lambda index, statement: seen.append(statement), "probes")
    probe.start()
    _run_module(probed.code, path, "loop_probes")
    probe.stop()
    assert sorted(seen) == [1, 2, 3, 4, 5, 7, 8]
    assert all(not instrument.FLAGS[slot] for slot in probed.slots)


@NOT_PROBES_VERSION
def test_worker_probes_agree_with_settrace_without_a_trace_function(tmp_path: Path) -> None:
    snippet = ("import sys\nimport fixpkg.core as core\n"
               "core.check(0); core.check(50); core.bump(); core.spin(3)\n"
               "print(sys.gettrace())\n")
    covered = {}
    for tracer in ("probes", "settrace"):
        worker = WorkerProcess(tmp_path / tracer, ["--tracer", tracer])
        try:
            assert worker.request("hello")["tracer"] == tracer
            response = worker.run(snippet, coverage={CORE_REL: all_core_lines()})
            assert response["status"] == "ok", response
            covered[tracer] = response["covered"]
            if tracer == "probes":
                assert response["stdout"] == "None\n"  # no trace function while measuring
                again = worker.run(snippet, coverage={CORE_REL: all_core_lines()})
                assert again["covered"] == response["covered"]  # the cached compilation
        finally:
            worker.close()
    assert covered["probes"] == covered["settrace"]
    assert len(covered["probes"][CORE_REL]) > 5


@NOT_PROBES_VERSION
def test_a_file_loaded_without_probes_falls_back_to_the_trace_function(tmp_path: Path) -> None:
    """The child's loader reports a requested file it could not serve with probes (changed on
    disk since the worker compiled it); the probe then traces that file instead."""
    path = tmp_path / "stale.py"
    source = "def run():\n    x = 1\n    return x\n"
    path.write_text(source)
    targets, statements = _targets(path, source)
    probed = instrument.instrument(source.encode(), str(path), statements)
    assert probed is not None
    targets[0].probe_slots = probed.slots
    hits: Set[int] = set()
    probe = CoverageProbe(targets, lambda index, statement: hits.add(statement), "probes")
    probe.start()
    try:
        assert sys.gettrace() is None
        probe.trace_instead(str(path))
        assert sys.gettrace() is not None
        _run_module(compile(source, str(path), "exec"), path, "stale_plain")
    finally:
        probe.stop()
    assert sys.gettrace() is None
    assert targets[0].covered_lines(hits) == [1, 2, 3]


STDLIB_CALLS = {
    "textwrap": "fill('hello world ' * 20, width=30); dedent('  a\\n  b'); shorten('x y ' * 9, 12)",
    "shlex": "split('a \"b c\" d\\\\ e'); quote('a b'); join(['x', 'y z'])",
    "difflib": "list(unified_diff(['a', 'b', 'c'], ['a', 'c', 'd']));"
               " get_close_matches('appel', ['ape', 'apple'])",
    "argparse": "p = ArgumentParser(); p.add_argument('--x', type=int);"
                " p.add_argument('y', nargs='*'); p.parse_args(['--x', '3', 'a'])",
    "csv": "import io; list(reader(io.StringIO('a,b\\n1,\"2,3\"\\n')));"
           " Sniffer().sniff('a;b\\n1;2\\n')",
}


@NOT_PROBES_VERSION
@pytest.mark.parametrize("name", sorted(STDLIB_CALLS))
def test_probes_match_settrace_on_standard_library_modules(name: str) -> None:
    """Real, larger code: a standard-library module's body and a few of its functions."""
    module = importlib.import_module(name)
    path = Path(inspect.getsourcefile(module) or "")
    source = path.read_text(encoding="utf-8") + "\n\ndef run():\n    " + STDLIB_CALLS[name] + "\n"
    via_settrace = _hits("settrace", path, source)
    assert len(via_settrace) > 100
    assert _hits("probes", path, source) == via_settrace


def test_the_loader_serves_probed_code_and_replays_compile_warnings(tmp_path: Path) -> None:
    """Children load a requested file as compiled with probes, with the warnings compiling the
    file itself gives; a filter that makes them errors, or a changed file, hands the file back
    to the ordinary compilation and tells the probe (which then traces it)."""
    from runnerlib import child

    path = tmp_path / "escapes.py"
    source = "PATTERN = '\\d+'\n\ndef run():\n    return PATTERN\n"
    path.write_text(source)
    probed = instrument.instrument(source.encode(), str(path), {1, 3, 4})
    assert probed is not None
    assert [(c.__name__, line) for _, c, line in probed.warnings] == [("DeprecationWarning", 1)]
    st = path.stat()
    handed_back: List[str] = []
    child.PROBED_CODE[str(path)] = (st.st_mtime_ns, st.st_size, probed.code, probed.warnings)
    child.ON_UNPROBED_LOAD[:] = [handed_back.append]
    loader = child._CachedSourceLoader("escapes", str(path))
    try:
        with pytest.warns(DeprecationWarning, match="invalid escape sequence"):
            assert loader.get_code("escapes") is probed.code
        assert handed_back == []
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            with pytest.raises(SyntaxError):  # what compiling the file itself does
                loader.get_code("escapes")
        assert handed_back == [os.path.realpath(path)]
        child.PROBED_CODE[str(path)] = (st.st_mtime_ns + 1, st.st_size, probed.code, [])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            plain = loader.get_code("escapes")
        assert plain is not probed.code and plain.co_filename == str(path)
        assert len(handed_back) == 2
    finally:
        child.PROBED_CODE.clear()
        child.ON_UNPROBED_LOAD[:] = []
        child.UNCACHED_LOADS[:] = []
