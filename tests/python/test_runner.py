"""Tests for engine/execute/runner.py, the fork-server worker that runs test snippets.

The worker is started the way the C++ executor starts it (``python3 -I runner.py --root TREE
--import-root src`` with a clean environment) on the fixture tree in fixtures/runner/tree, and
driven through its JSON-lines protocol.  DIFFTRIAGE_TEST_PYTHON picks another interpreter for the worker
(e.g. a 3.8 or 3.13 build) while pytest itself runs on this one.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from helpers_dir import HELPERS
from typing import Any, Dict, Iterator, List, Optional

import pytest

HERE = Path(__file__).resolve().parent
RUNNER = HELPERS \
    / "runner.py"
TREE = HERE / "fixtures" / "runner" / "tree"
CORE = TREE / "src" / "fixpkg" / "core.py"
CORE_REL = "src/fixpkg/core.py"
WORKER_PYTHON = os.environ.get("DIFFTRIAGE_TEST_PYTHON", sys.executable)


def marker(name: str) -> int:
    """Line number of the ``# @name`` marker in fixpkg/core.py."""
    for number, line in enumerate(CORE.read_text(encoding="utf-8").splitlines(), start=1):
        if line.rstrip().endswith("# @" + name):
            return number
    raise AssertionError("no marker " + name)


class WorkerProcess:
    """A worker subprocess plus a request helper that never blocks forever."""

    def __init__(self, tmp: Path, extra: Optional[List[str]] = None, root: Path = TREE) -> None:
        self.tmp = tmp
        tmp.mkdir(parents=True, exist_ok=True)
        os.chmod(tmp, 0o755)  # reachable by --drop-user nobody
        env = {
            "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0", "OMP_NUM_THREADS": "1",
            "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
            "HOME": str(tmp), "TMPDIR": str(tmp),
        }
        cmd = [WORKER_PYTHON, "-I", str(RUNNER), "--root", str(root), "--import-root", "src"]
        self.proc = subprocess.Popen(cmd + (extra or []), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=env, cwd=str(tmp))
        self.next_id = 0

    def request(self, op: str, timeout: float = 30.0, **fields: Any) -> Dict[str, Any]:
        self.next_id += 1
        message = dict(fields, op=op, id=self.next_id)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write((json.dumps(message) + "\n").encode())
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        assert ready, "worker did not answer %s within %ss" % (op, timeout)
        line = self.proc.stdout.readline()
        assert line, "worker closed its stdout (exit code %r)" % self.proc.poll()
        response = json.loads(line)
        assert response.get("id") == self.next_id, response
        return response

    def run(self, code: str, **fields: Any) -> Dict[str, Any]:
        return self.request("run", code=code, **fields)

    def assert_alive(self) -> None:
        response = self.run("print(6 * 7)")
        assert response["status"] == "ok" and response["stdout"] == "42\n", response

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                self.request("shutdown", timeout=10)
            except AssertionError:
                pass
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                stream.close()


@pytest.fixture(scope="module")
def worker_tmp() -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="dt-runner-test-"))
    os.chmod(path, 0o755)  # --drop-user nobody must reach its run directory
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="module")
def worker(worker_tmp: Path) -> Iterator[WorkerProcess]:
    process = WorkerProcess(worker_tmp / "main")
    yield process
    process.close()


@pytest.fixture(scope="module")
def hello(worker: WorkerProcess) -> Dict[str, Any]:
    return worker.request("hello")


@pytest.fixture()
def fresh_worker(worker_tmp: Path) -> Iterator[WorkerProcess]:
    process = WorkerProcess(worker_tmp / ("w%d" % time.monotonic_ns()))
    yield process
    process.close()


def test_hello(hello: Dict[str, Any]) -> None:
    assert hello["protocol"] == 1
    assert hello["implementation"] == "cpython"
    assert hello["tracer"] in ("sys.monitoring", "probes", "settrace")
    assert isinstance(hello["pid"], int) and isinstance(hello["pytest"], bool)


def test_plain_snippet_output(worker: WorkerProcess) -> None:
    response = worker.run("import fixpkg.core as core\nprint('clamped', core.clamp(50, 1, 10))\n"
                          "import sys\nprint('to stderr', file=sys.stderr)\ncore.clamp(-3, 1, 10)")
    assert response["status"] == "ok", response
    assert response["stdout"] == "clamped 10\n"
    assert response["stderr"] == "to stderr\n"
    assert response["value_repr"] == "1"  # the last expression's value, like the REPL
    assert response["stdout_truncated"] is False and response["exc_type"] is None
    assert response["wall_ms"] >= 0


@pytest.mark.parametrize("code, shape", [
    ("result = [1, 'a', 2]\nprint(result)\n", "list[3] of int|str"),
    ("result = {'a': 1.5}\n", "dict[1] of str:float"),
    ("result = 'x' * 12\n", "str[10-99]"),
    ("result = None\n", "None"),
    ("result = float('nan')\n", "float:nan"),
    ("result = -3\n", "int:-"),
    ("True\n", "bool:True"),
    ("import fixpkg.core as core\nresult = core.FixtureError('x')\n", "fixpkg.core.FixtureError"),
    ("x = (1, 2)\nx\n", "tuple[2] of int"),
])
def test_result_shape(worker: WorkerProcess, code: str, shape: str) -> None:
    """The final expression's value, else the global ``result``: type and bucketed size."""
    response = worker.run(code)
    assert response["status"] == "ok", response
    assert response["result_shape"] == shape


def test_no_result_shape_without_a_result(worker: WorkerProcess) -> None:
    assert "result_shape" not in worker.run("x = [1, 2]\nprint(x)\n")
    assert "result_shape" not in worker.run("result = [1]\nraise ValueError(result)\n")


def test_exception_type_message_and_traceback(worker: WorkerProcess) -> None:
    response = worker.run("import fixpkg.core as core\ncore.check(-5)\n")
    assert response["status"] == "raised"
    assert response["exc_type"] == "fixpkg.core.FixtureError"
    assert response["exc_message"] == "negative: -5"
    tb = response["traceback"]
    assert 'File "<test>", line 2, in <module>' in tb
    assert 'File "<tree>/src/fixpkg/core.py", line %d, in check' % marker("raise") in tb
    assert str(TREE) not in tb and "runner.py" not in tb
    assert tb.rstrip().endswith("fixpkg.core.FixtureError: negative: -5")
    builtin = worker.run("int('x')")
    assert builtin["exc_type"] == "ValueError"
    assert "invalid literal" in builtin["exc_message"]
    syntax = worker.run("def f(:\n  pass")
    assert syntax["status"] == "raised" and syntax["exc_type"] == "SyntaxError"


def test_pytest_style_functions_without_pytest(fresh_worker: WorkerProcess) -> None:
    """A fresh worker: no earlier test made it load pytest."""
    worker = fresh_worker
    code = (
        "import sys\n"
        "ORDER = []\n"
        "def test_first():\n"
        "    ORDER.append(1)\n"
        "    print('first', 'py' + 'test' in sys.modules)\n"
        "def test_second():\n"
        "    ORDER.append(2)\n"
        "    assert ORDER == [1, 2]\n"
        "def test_third(tmp_path):\n"
        "    (tmp_path / 'f.txt').write_text('x')\n"
        "    assert (tmp_path / 'f.txt').read_text() == 'x'\n"
        "def test_fails():\n"
        "    assert ORDER == [], 'not empty'\n"
        "def test_after_failure():\n"
        "    print('still runs')\n"
        "def helper(x):\n"
        "    raise RuntimeError('helpers are not tests')\n"
    )
    response = worker.run(code)
    assert response["stdout"] == "first False\nstill runs\n"
    assert response["status"] == "raised"
    assert response["exc_type"] == "AssertionError" and response["exc_message"] == "not empty"
    assert response["failed_test"] == "test_fails"
    assert [(t["name"], t["status"]) for t in response["tests"]] == [
        ("test_first", "ok"), ("test_second", "ok"), ("test_third", "ok"),
        ("test_fails", "raised"), ("test_after_failure", "ok")]
    assert 'in test_fails' in response["traceback"]
    passing = worker.run("def test_a():\n    pass\ndef test_b():\n    assert True\n")
    assert passing["status"] == "ok" and len(passing["tests"]) == 2


def test_tmpdir_is_a_legacy_path_of_a_fresh_folder(worker: WorkerProcess) -> None:
    """Older suites ask for ``tmpdir`` (a ``py.path.local``) where newer ones take ``tmp_path``."""
    response = worker.run("def test_dir(tmpdir):\n"
                          "    tmpdir.join('f.txt').write('x')\n"
                          "    print(type(tmpdir).__name__, tmpdir.join('f.txt').read())\n"
                          "    print(len(tmpdir.listdir()))\n")
    assert response["status"] == "ok", response
    assert response["stdout"] == "LocalPath x\n1\n"


def test_builtin_fixtures_without_pytest(fresh_worker: WorkerProcess) -> None:
    worker = fresh_worker
    code = (
        "import os, sys\n"
        "import fixpkg.core as core\n"
        "def test_monkeypatch(monkeypatch):\n"
        "    monkeypatch.setattr(core, 'LIMITS', {'low': 0, 'high': 2})\n"
        "    monkeypatch.setattr('fixpkg.core.COUNTER', 41)\n"
        "    monkeypatch.setenv('DT_X', '1')\n"
        "    monkeypatch.setitem(core.__dict__, 'NEW', 1)\n"
        "    assert core.check(5) == 2 and core.bump() == 42\n"
        "def test_undone():\n"
        "    assert core.LIMITS['high'] == 10 and 'DT_X' not in os.environ\n"
        "    assert not hasattr(core, 'NEW')\n"
        "def test_capsys(capsys):\n"
        "    print('hidden')\n"
        "    sys.stderr.write('err')\n"
        "    out, err = capsys.readouterr()\n"
        "    assert (out, err) == ('hidden\\n', 'err')\n"
        "    print('also hidden')\n"
        "def test_visible():\n"
        "    print('visible', 'py' + 'test' in sys.modules)\n"
    )
    response = worker.run(code)
    assert response["status"] == "ok", response
    assert [t["status"] for t in response["tests"]] == ["ok"] * 4
    assert response["stdout"] == "visible False\n"


def test_pytest_style_with_pytest_features(worker: WorkerProcess, hello: Dict[str, Any]) -> None:
    if not hello["pytest"]:
        pytest.skip("pytest is not importable by the worker's interpreter")
    code = (
        "import pytest\n"
        "import fixpkg.core as core\n"
        "def test_raises():\n"
        "    with pytest.raises(core.FixtureError, match='negative'):\n"
        "        core.check(-1)\n"
        "def test_approx():\n"
        "    assert 0.1 + 0.2 == pytest.approx(0.3)\n"
        "def test_monkeypatch(monkeypatch):\n"
        "    monkeypatch.setattr(core, 'LIMITS', {'low': 0, 'high': 2})\n"
        "    assert core.check(5) == 2\n"
        "def test_capsys(capsys):\n"
        "    print('captured')\n"
        "    assert capsys.readouterr().out == 'captured\\n'\n"
        "@pytest.mark.parametrize('value, expected', [(0, 1), (5, 5), (50, 10)])\n"
        "def test_param(value, expected):\n"
        "    assert core.check(value) == expected\n"
        "@pytest.mark.skip(reason='not today')\n"
        "def test_skipped():\n"
        "    raise AssertionError\n"
        "def test_limits_restored():\n"
        "    assert core.LIMITS['high'] == 10\n"
    )
    response = worker.run(code)
    assert response["status"] == "ok", response
    assert response["stdout"] == ""
    statuses = {t["name"]: t["status"] for t in response["tests"]}
    assert statuses == {
        "test_raises": "ok", "test_approx": "ok", "test_monkeypatch": "ok", "test_capsys": "ok",
        "test_param[0]": "ok", "test_param[1]": "ok", "test_param[2]": "ok",
        "test_skipped": "skipped", "test_limits_restored": "ok"}
    unknown = worker.run("def test_x(request):\n    pass\n")
    assert unknown["status"] == "raised" and unknown["exc_type"] == "difftriage.UsageError"


def test_exit_codes(worker: WorkerProcess) -> None:
    response = worker.run("print('before')\nimport sys\nsys.exit(3)\nprint('after')")
    assert (response["status"], response["exit_code"]) == ("exited", 3)
    assert response["stdout"] == "before\n"
    response = worker.run("print('before')\nimport os\nos._exit(3)")
    assert (response["status"], response["exit_code"]) == ("exited", 3)
    assert response["stdout"] == "before\n"  # line-buffered: not lost by os._exit
    response = worker.run("raise SystemExit('bye')")
    assert (response["status"], response["exit_code"]) == ("exited", 1)
    assert response["stderr"] == "bye\n"
    response = worker.run("def test_exit():\n    raise SystemExit(0)\n")
    assert (response["status"], response["exit_code"]) == ("exited", 0)


def test_state_isolation_between_runs(worker: WorkerProcess) -> None:
    first = worker.run(
        "import os, fixpkg.core as core\ncore.bump(); core.bump()\nprint(core.COUNTER)\n"
        "os.environ['LEAK'] = '1'\nopen('left-behind.txt', 'w').write('x')\n"
        "import random\nrandom.random = lambda: 0.5\n")
    assert first["stdout"] == "2\n", first
    second = worker.run(
        "import os, random, fixpkg.core as core\nprint(core.COUNTER)\n"
        "print(os.environ.get('LEAK'), os.path.exists('left-behind.txt'))\n"
        "print(random.random() != 0.5)\n")
    assert second["stdout"] == "0\nNone False\nTrue\n", second


def test_seeds(worker: WorkerProcess) -> None:
    code = "import random\nprint(random.random(), random.randint(0, 10**9))"
    one = worker.run(code, seed=1)["stdout"]
    assert worker.run(code, seed=1)["stdout"] == one
    assert worker.run(code, seed=2)["stdout"] != one


def test_warnings_recorded(worker: WorkerProcess) -> None:
    response = worker.run("import fixpkg.core as core\ncore.old_api()\ncore.old_api()\n"
                          "import warnings\nwarnings.warn('mine')\n")
    assert response["status"] == "ok"
    assert response["warnings"] == [
        {"category": "DeprecationWarning", "message": "old_api is deprecated"},
        {"category": "UserWarning", "message": "mine"}]
    assert response["stderr"] == ""


def test_warnings_about_the_source_text_are_not_behaviour(worker: WorkerProcess) -> None:
    # what the compiler says of how a file is written (here while the snippet compiles code,
    # as it does while importing a module): a fix of an escape would differ in every test
    response = worker.run("compile(\"PATTERN = '\\\\d+'\\nok = PATTERN is 'x'\", 'm', 'exec')\n"
                          "import warnings\nwarnings.warn('mine', DeprecationWarning)\n")
    assert response["status"] == "ok", response
    assert response["warnings"] == [{"category": "DeprecationWarning", "message": "mine"}]


def test_stdin_and_protocol_pipe_are_out_of_reach(worker: WorkerProcess) -> None:
    response = worker.run("import os\nos.write(1, b'\\n{\"id\": 666}\\n')\ninput()")
    assert response["status"] == "raised" and response["exc_type"] == "EOFError"
    assert response["stdout"] == '\n{"id": 666}\n'
    worker.assert_alive()


def test_text_is_json_safe(worker: WorkerProcess) -> None:
    response = worker.run("import os\nos.write(1, b'\\xff\\xfe ok')\n"
                          "raise ValueError('\\udc80 lone surrogate \\u65e5\\u672c')")
    assert response["stdout"] == "\\xff\\xfe ok"
    assert response["exc_message"] == "\\udc80 lone surrogate \u65e5\u672c"


def all_core_lines() -> List[int]:
    return list(range(1, len(CORE.read_text(encoding="utf-8").splitlines()) + 1))


def test_coverage_of_requested_lines(worker: WorkerProcess) -> None:
    requested = [marker(n) for n in ("module-level", "multi-continuation", "call-continuation",
                                     "clamp-high", "clamp-value", "raise", "never")]
    response = worker.run("import fixpkg.core as core\ncore.check(50)\n",
                          coverage={CORE_REL: requested, "src/fixpkg/__init__.py": [1]})
    assert response["status"] == "ok"
    assert response["covered"][CORE_REL] == sorted(
        marker(n) for n in ("module-level", "multi-continuation", "call-continuation",
                            "clamp-high"))
    # the docstring line of __init__.py is not a statement: never reported as covered
    assert response["covered"]["src/fixpkg/__init__.py"] == []
    # Module-level lines run again in the next child: the worker never imports the project.
    again = worker.run("import fixpkg.core\n", coverage={CORE_REL: requested})
    assert again["covered"][CORE_REL] == sorted(
        marker(n) for n in ("module-level", "multi-continuation"))
    missing = worker.run("pass", coverage={"src/fixpkg/nope.py": [1]})
    assert missing["covered"] == {"src/fixpkg/nope.py": []}
    assert "src/fixpkg/nope.py" in missing["coverage_errors"]


def test_coverage_survives_exit_threads_and_timeout(worker: WorkerProcess) -> None:
    requested = [marker(n) for n in ("clamp-low", "clamp-high", "bump", "spin-body", "never")]
    code = ("import threading, os, fixpkg.core as core\n"
            "t = threading.Thread(target=core.clamp, args=(0, 1, 10)); t.start(); t.join()\n"
            "core.bump()\n"
            "os._exit(5)\n")
    response = worker.run(code, coverage={CORE_REL: requested})
    assert (response["status"], response["exit_code"]) == ("exited", 5)
    assert response["covered"][CORE_REL] == sorted([marker("clamp-low"), marker("bump")])
    looping = worker.run("import fixpkg.core as core\ncore.spin(10)\nwhile True:\n    pass\n",
                         coverage={CORE_REL: requested}, timeout_s=0.5)
    assert looping["status"] == "timeout"
    assert looping["covered"][CORE_REL] == [marker("spin-body")]


def _coverage_py_statements(snippet: str) -> Optional[Dict[str, List[int]]]:
    """Executed and all statements of core.py for ``snippet`` according to coverage.py."""
    script = (
        "import json, sys\n"
        "try:\n"
        "    import coverage\n"
        "except ImportError:\n"
        "    print('null'); sys.exit(0)\n"
        "sys.path.insert(0, %r)\n"
        "cov = coverage.Coverage(data_file=None, include=[%r], config_file=False)\n"
        "cov.start()\n"
        "exec(compile(%r, '<test>', 'exec'), {'__name__': '__main__'})\n"
        "cov.stop()\n"
        "_, statements, _, missing, _ = cov.analysis2(%r)\n"
        "print(json.dumps({'statements': statements,\n"
        "                  'executed': sorted(set(statements) - set(missing))}))\n"
    ) % (str(TREE / "src"), str(CORE), snippet, str(CORE))
    out = subprocess.run([WORKER_PYTHON, "-I", "-B", "-c", script], check=True,
                         capture_output=True, text=True, timeout=60).stdout
    return json.loads(out)


def test_coverage_matches_coverage_py(worker: WorkerProcess) -> None:
    snippet = ("import fixpkg.core as core\n"
               "core.check(0); core.check(5); core.check(50); core.bump()\n"
               "try:\n    core.check(-1)\nexcept ValueError:\n    pass\n")
    expected = _coverage_py_statements(snippet)
    if expected is None:
        pytest.skip("coverage.py is not importable by the worker's interpreter")
    response = worker.run(snippet, coverage={CORE_REL: all_core_lines()})
    covered = set(response["covered"][CORE_REL])
    statements = set(expected["statements"])
    assert covered & statements == set(expected["executed"])
    # Continuation lines of executed multi-line statements are covered too.
    assert {marker("multi-continuation"), marker("call-continuation")} <= covered
    assert marker("never") not in covered and marker("spin-body") not in covered


def test_monitoring_and_settrace_agree(worker: WorkerProcess, hello: Dict[str, Any],
                                       worker_tmp: Path) -> None:
    if hello["tracer"] != "sys.monitoring":
        pytest.skip("sys.monitoring needs Python 3.12+")
    snippet = ("import fixpkg.core as core\n"
               "core.check(0); core.check(50); core.bump(); core.spin(3)\n")
    other = WorkerProcess(worker_tmp / "settrace", ["--tracer", "settrace"])
    try:
        assert other.request("hello")["tracer"] == "settrace"
        via_settrace = other.run(snippet, coverage={CORE_REL: all_core_lines()})
    finally:
        other.close()
    via_monitoring = worker.run(snippet, coverage={CORE_REL: all_core_lines()})
    assert via_monitoring["covered"] == via_settrace["covered"]
    assert marker("call-continuation") in via_monitoring["covered"][CORE_REL]


def test_timeout_with_signals_blocked_and_ignored(worker: WorkerProcess) -> None:
    code = ("import signal, time\n"
            "signals = {signal.SIGALRM, signal.SIGTERM, signal.SIGINT, signal.SIGHUP}\n"
            "signal.pthread_sigmask(signal.SIG_BLOCK, signals)\n"
            "for s in signals:\n    signal.signal(s, signal.SIG_IGN)\n"
            "print('blocked', flush=True)\n"
            "while True:\n    time.sleep(0.01)\n")
    started = time.monotonic()
    response = worker.run(code, timeout_s=1)
    assert response["status"] == "timeout" and response["aborted_reason"] == "time_limit"
    assert response["stdout"] == "blocked\n"
    assert 900 <= response["wall_ms"] < 5000
    assert time.monotonic() - started < 5
    worker.assert_alive()


def test_infinite_loop(worker: WorkerProcess) -> None:
    response = worker.run("while True:\n    pass\n", timeout_s=0.5)
    assert response["status"] == "timeout"
    worker.assert_alive()


def _pid_alive(pid: int) -> bool:
    try:
        with open("/proc/%d/stat" % pid) as handle:
            return handle.read().split(") ")[-1][0] != "Z"
    except OSError:
        return False


def test_leftover_grandchildren_are_killed(worker: WorkerProcess) -> None:
    code = ("import os, time\n"
            "for escape in (False, False, True, True):\n"
            "    pid = os.fork()\n"
            "    if pid == 0:\n"
            "        if escape:\n"
            "            os.setsid()  # leaves the group: only the subreaper sweep finds it\n"
            "        time.sleep(1000)\n"
            "        os._exit(0)\n"
            "    print(pid, flush=True)\n")
    response = worker.run(code)
    assert response["status"] == "ok", response
    pids = [int(p) for p in response["stdout"].split()]
    assert len(pids) == 4
    deadline = time.monotonic() + 5
    while any(_pid_alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_pid_alive(pid) for pid in pids)
    worker.assert_alive()


def test_stdout_flood_is_capped_quickly(worker: WorkerProcess) -> None:
    started = time.monotonic()
    response = worker.run("import os\nchunk = b'x' * (1 << 20)\n"
                          "for _ in range(1024):\n    os.write(1, chunk)\n")  # 1 GiB
    elapsed = time.monotonic() - started
    assert response["status"] == "killed" and response["aborted_reason"] == "output_limit"
    assert response["stdout"] == "x" * 65536 and response["stdout_truncated"] is True
    assert elapsed < 5
    small = worker.run("import sys\nfor _ in range(2000):\n    sys.stdout.write('y' * 100)\n",
                       max_output_bytes=1000)
    assert small["status"] == "ok" and small["stdout"] == "y" * 1000
    assert small["stdout_truncated"] is True
    worker.assert_alive()


def test_huge_allocation_is_contained(worker: WorkerProcess) -> None:
    response = worker.run("x = bytearray(8 << 30)\n")
    assert response["status"] in ("raised", "killed"), response
    if response["status"] == "raised":
        assert response["exc_type"] == "MemoryError"
    assert response["aborted_reason"] == "memory"
    growing = worker.run("chunks = []\nwhile True:\n    chunks.append(bytearray(1 << 24))\n",
                         mem_mb=256)
    assert growing["status"] == "raised" and growing["exc_type"] == "MemoryError"
    assert growing["aborted_reason"] == "memory"
    worker.assert_alive()


def test_crash_is_reported(worker: WorkerProcess) -> None:
    response = worker.run("import os, signal\nprint('x', flush=True)\n"
                          "os.kill(os.getpid(), signal.SIGSEGV)\n")
    assert response["status"] == "crashed" and response["signal"] == 11
    assert "Fatal Python error" in response["stderr"]  # faulthandler's dump
    killed = worker.run("import os, signal\nos.kill(os.getpid(), signal.SIGTERM)\n")
    assert killed["status"] == "killed" and killed["signal"] == 15
    worker.assert_alive()


def test_check_imports(worker: WorkerProcess) -> None:
    response = worker.request("check_imports",
                              modules=["fixpkg.core", "json", "fixpkg.nope", "fixpkg.broken",
                                       "fixpkg"])
    by_name = {entry["module"]: entry for entry in response["modules"]}
    core = by_name["fixpkg.core"]
    assert core["in_import_root"] is True and core["relpath"] == CORE_REL
    assert core["error_type"] is None
    assert by_name["json"]["in_import_root"] is False and by_name["json"]["in_tree"] is False
    assert by_name["json"]["file"].endswith("json/__init__.py")
    assert by_name["fixpkg.nope"]["error_type"] == "ModuleNotFoundError"
    broken = by_name["fixpkg.broken"]
    assert broken["error_type"] == "RuntimeError"
    assert broken["error_message"] == "broken on purpose"
    assert broken["relpath"] == "src/fixpkg/broken.py"
    assert by_name["fixpkg"]["relpath"] == "src/fixpkg/__init__.py"


def test_run_batch(worker: WorkerProcess) -> None:
    requested = [marker("clamp-low"), marker("clamp-high"), marker("module-level")]
    snippets = [
        {"id": "a", "code": "import fixpkg.core as core\nprint(core.clamp(0, 1, 10))"},
        {"id": "b", "code": "import fixpkg.core as core\ncore.check(-1)"},
        {"id": "c", "code": "import os\nos._exit(4)"},
        {"id": "d", "code": "import fixpkg.core as core\nprint(core.clamp(99, 1, 10))\n"
                            "import random\nprint(random.random())", "seed": 7},
        {"id": "e", "code": "while True:\n    pass"},
        {"id": "f", "code": "print('after timeout')"},
    ]
    response = worker.request("run_batch", snippets=snippets, timeout_s=0.5,
                              coverage={CORE_REL: requested})
    results = response["results"]
    assert [r["id"] for r in results] == ["a", "b", "c", "d", "e", "f"]
    assert [r["status"] for r in results] == ["ok", "raised", "exited", "ok", "timeout", "ok"]
    assert results[0]["stdout"] == "1\n"
    assert results[0]["covered"][CORE_REL] == sorted([marker("clamp-low"),
                                                      marker("module-level")])
    assert results[1]["exc_type"] == "fixpkg.core.FixtureError"
    assert results[2]["exit_code"] == 4
    single = worker.run(snippets[3]["code"], seed=7, coverage={CORE_REL: requested})
    assert results[3]["stdout"] == single["stdout"]
    # The module was imported afresh in a new child after os._exit, so d covers module level.
    assert results[3]["covered"][CORE_REL] == single["covered"][CORE_REL]
    assert results[5]["stdout"] == "after timeout\n"
    assert response["children"] == 3


def test_child_killing_its_worker_does_not_hang(fresh_worker: WorkerProcess) -> None:
    fresh_worker.assert_alive()
    assert fresh_worker.proc.stdin is not None
    fresh_worker.proc.stdin.write(
        b'{"op": "run", "id": 1, "code": "import os, signal\\nos.kill(os.getppid(), 9)"}\n')
    fresh_worker.proc.stdin.flush()
    assert fresh_worker.proc.wait(timeout=10) == -9


def _session_members(session: int) -> List[int]:
    """Live processes whose session id is ``session`` (a child's descendants keep its session)."""
    members = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open("/proc/%s/stat" % name) as handle:
                    fields = handle.read().rsplit(") ", 1)[1].split()
            except (OSError, IndexError):
                continue
            if fields[0] != "Z" and int(fields[3]) == session:
                members.append(int(name))
    return members


@pytest.mark.skipif(os.geteuid() != 0, reason="--drop-user needs root")
def test_fork_bomb_under_drop_user(worker_tmp: Path) -> None:
    try:
        import pwd

        pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("no user 'nobody'")
    dropped = WorkerProcess(worker_tmp / "nobody", ["--drop-user", "nobody"])
    try:
        who = dropped.run("import os\nprint(os.getuid(), os.geteuid())\n"
                          "open('mine.txt', 'w').write('ok')")
        assert who["stdout"] == "65534 65534\n", who
        bomb = ("import os, time\n"
                "print('start', os.getsid(0), flush=True)\n"
                "while True:\n"
                "    try:\n"
                "        os.fork()\n"
                "    except OSError:\n"
                "        time.sleep(0.01)\n")
        started = time.monotonic()
        response = dropped.run(bomb, timeout_s=1.5, max_processes=32)
        assert response["status"] == "timeout"
        assert time.monotonic() - started < 10
        first_line = response["stdout"].splitlines()[0].split()
        assert first_line[0] == "start"
        session = int(first_line[1])
        deadline = time.monotonic() + 5
        while _session_members(session) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _session_members(session) == []
        dropped.assert_alive()
    finally:
        dropped.close()


def test_batch_flood_ends_as_it_does_alone(worker: WorkerProcess) -> None:
    flood = "import sys\nchunk = 'x' * (1 << 20)\nfor _ in range(1024):\n    sys.stdout.write(chunk)\n"
    alone = worker.run(flood)
    response = worker.request("run_batch", snippets=[{"code": "print('before')"},
                                                     {"code": flood},
                                                     {"code": "print('after')"}])
    results = response["results"]
    assert [r["status"] for r in results] == ["ok", "killed", "ok"]
    for outcome in (alone, results[1]):
        assert outcome["status"] == "killed" and outcome["aborted_reason"] == "output_limit"
        assert outcome["stdout"] == "x" * 65536 and outcome["stdout_truncated"] is True
    assert results[2]["stdout"] == "after\n"
    # Bytes written to fd 1 count per snippet: two snippets under the limit stay ok.
    half = "import os\nchunk = b'y' * (1 << 20)\nfor _ in range(10):\n    os.write(1, chunk)\n"
    halves = worker.request("run_batch", snippets=[{"code": half}, {"code": half}])
    assert [r["status"] for r in halves["results"]] == ["ok", "ok"]


DAEMON = ("import os, time\n"
          "r, w = os.pipe()\n"
          "if os.fork() == 0:\n"
          "    os.setsid()\n"
          "    if os.fork() == 0:\n"
          "        os.write(w, str(os.getpid()).encode())\n"
          "        time.sleep(60)\n"
          "    os._exit(0)\n"
          "os.close(w)\n"
          "pid = os.read(r, 32).decode()\n"
          "open('daemon.pid', 'w').write(pid)\n"
          "print(pid)\n")


def test_double_forked_daemon_ends_with_its_test(worker: WorkerProcess) -> None:
    response = worker.run(DAEMON)
    assert response["status"] == "ok", response
    assert not _pid_alive(int(response["stdout"]))
    # In a batch, before the next snippet runs (the run directory is shared within a batch).
    check = ("import os\npid = int(open('daemon.pid').read())\n"
             "try:\n    os.kill(pid, 0)\n    print('alive')\nexcept ProcessLookupError:\n"
             "    print('gone')\n")
    batch = worker.request("run_batch", snippets=[{"code": DAEMON}, {"code": check}])
    assert [r["status"] for r in batch["results"]] == ["ok", "ok"], batch
    assert batch["results"][1]["stdout"] == "gone\n"


def _landlock_abi() -> int:
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    return max(0, int(libc.syscall(444, None, 0, 1)))


SYSTEM_READABLE = ["/usr", "/lib", "/lib64", "/etc/ld.so.cache", "/etc/localtime"]


@pytest.mark.skipif(_landlock_abi() < 1, reason="the kernel has no Landlock")
@pytest.mark.parametrize("abi", [3, 99])
def test_landlock_confines_each_test(worker_tmp: Path, abi: int) -> None:
    outside = worker_tmp / ("outside-%d" % abi)
    outside.mkdir()
    secret = outside / "token.txt"
    secret.write_text("sk-secret\n")
    os.chmod(outside, 0o755)
    os.chmod(secret, 0o644)
    extra = ["--landlock-abi", str(abi)]
    for path in SYSTEM_READABLE:
        extra += ["--readable", path]
    confined = WorkerProcess(worker_tmp / ("landlock-%d" % abi), extra)
    try:
        hello = confined.request("hello")
        assert hello["landlock"] == min(abi, _landlock_abi())
        probe = ("import os, fixpkg.core\n"
                 "def attempt(what, act):\n"
                 "    try:\n        act()\n        print(what, 'ok')\n"
                 "    except OSError as exc:\n        print(what, type(exc).__name__)\n"
                 "attempt('secret', lambda: open(%r).read())\n"
                 "attempt('process list', lambda: os.listdir('/proc'))\n"
                 "attempt('own status', lambda: open('/proc/self/status').read())\n"
                 "attempt('signal worker', lambda: os.kill(os.getppid(), 0))\n"
                 "print(fixpkg.core.clamp(5, 1, 3))\n") % str(secret)
        response = confined.run(probe)
        assert response["status"] == "ok", response
        lines = response["stdout"].splitlines()
        assert lines[:3] == ["secret PermissionError", "process list PermissionError",
                             "own status ok"]
        scoped = hello["landlock"] >= 6
        assert lines[3] == ("signal worker PermissionError" if scoped else "signal worker ok")
        assert lines[4] == "3"
        assert "sk-secret" not in json.dumps(response)
        confined.assert_alive()
    finally:
        confined.close()


@pytest.mark.skipif(_landlock_abi() < 1, reason="the kernel has no Landlock")
def test_an_os_error_says_whether_the_sandbox_refused_it(worker_tmp: Path) -> None:
    outside = worker_tmp / "outside-refusal"
    outside.mkdir()
    (outside / "notes.txt").write_text("plain\n")
    os.chmod(outside, 0o755)
    os.chmod(outside / "notes.txt", 0o644)
    extra = ["--landlock-abi", "99"]
    for path in SYSTEM_READABLE:
        extra += ["--readable", path]
    confined = WorkerProcess(worker_tmp / "landlock-refusal", extra)
    try:
        expected = {"open(%r).read()" % str(outside / "notes.txt"): ("PermissionError", "sandbox"),
                    "import os\nos.listdir('/')": ("PermissionError", "sandbox"),
                    "import os, fixpkg\nopen(os.path.dirname(fixpkg.__file__))":
                        ("IsADirectoryError", "system"),
                    "open('missing.txt')": ("FileNotFoundError", "system"),
                    "import fixpkg\nraise PermissionError(13, 'no', fixpkg.__file__)":
                        ("PermissionError", "system"),
                    "raise ValueError('plain')": ("ValueError", None)}
        for code, (exc_type, kind) in expected.items():
            response = confined.run(code + "\n")
            assert response["status"] == "raised", (code, response)
            assert response["exc_type"] == exc_type, (code, response)
            assert response.get("os_error") == kind, (code, response)
    finally:
        confined.close()


def test_pytest_leaves_the_trees_own_copy_of_its_dependencies(worker_tmp: Path) -> None:
    """A project that pytest itself imports (pluggy here) is still tested from its tree."""
    tree = worker_tmp / "shadow-tree"
    (tree / "src" / "pluggy").mkdir(parents=True, exist_ok=True)
    (tree / "src" / "pluggy" / "__init__.py").write_text("WHERE = 'tree'\n", encoding="utf-8")
    os.chmod(tree, 0o755)
    process = WorkerProcess(worker_tmp / "shadow", root=tree)
    try:
        if not process.request("hello")["pytest"]:
            pytest.skip("pytest is not importable by the worker's interpreter")
        code = "import pytest\nimport pluggy\nprint(getattr(pluggy, 'WHERE', 'elsewhere'))\n"
        for snippet in (code, "import pluggy\nprint(getattr(pluggy, 'WHERE', 'elsewhere'))\n"):
            response = process.run(snippet)
            assert response["status"] == "ok", response
            assert response["stdout"] == "tree\n", response
    finally:
        process.close()
