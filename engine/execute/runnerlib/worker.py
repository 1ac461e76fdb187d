"""The worker: serves the JSON-lines protocol, one request at a time.

``Worker`` answers ``hello``, ``run`` (a snippet, or one test of the project's own files),
``run_batch``, ``check_imports``, ``collect_tests`` and ``shutdown``
(RUNNER_PROTOCOL.md).  Each test runs in a child forked by the ``ForkServer`` base class; the
child prepares its import path and coverage probe here and runs the snippet with
``SnippetRunner``.  The worker also maps requested lines to statements (``executable_lines``) and
compiles the project modules children imported, for the code cache.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import random
import signal
import sys
import time
import warnings
from typing import Any, Callable, Dict, List, Optional, Set, Tuple

import executable_lines  # next to runner.py, which puts its directory on sys.path for the import
from test_files import CONFTEST, is_test_name

from .capture import StreamCapture, capture_python_streams
from .child import (CODE_CACHE, ON_UNPROBED_LOAD, PROBED_CODE, UNCACHED_LOADS, ChildChannel,
                    finish_child_streams, install_import_root_hook)
from .common import (OWN_FILES, OWN_MODULES, PROTOCOL_VERSION, RUNNER_ERROR_EXIT,
                     TMP_PLACEHOLDER, TREE_PLACEHOLDER, PathScrubber, clean_text, qualified_name,
                     safe_str, shadowed_by_tree)
from .confine import TestConfinement
from .entry_calls import recording_entry_calls
from .forkserver import ChildProcess, ForkServer
from .instrument import Instrumented, instrument
from .osutil import (PR_SET_CHILD_SUBREAPER, PR_SET_DUMPABLE, end_descendants,
                     make_private_dir, prctl, remove_tree)
from .probe import (CoverageProbe, CoverageTarget, caller_statements, tracer_mode,
                    tracking_callers)
from .protocol import ProtocolPipes, parse_limits, parse_seed
from .snippet import SnippetRunner
from .suite import resolve_in_tree


class Worker(ForkServer):
    """Serves requests on the protocol pipes, one at a time."""

    def __init__(self, root: str, import_root: str, drop_user: Optional[str],
                 tracer: Optional[str] = None,
                 confinement: Optional[TestConfinement] = None,
                 drop_capabilities: bool = False) -> None:
        self.root = os.path.abspath(root)
        self.import_root = os.path.abspath(os.path.join(self.root, import_root))
        self.real_root = os.path.realpath(self.root)
        self.real_import_root = os.path.realpath(self.import_root)
        self.tracer = tracer or tracer_mode()
        if self.tracer not in ("sys.monitoring", "settrace", "probes") or (
                self.tracer == "sys.monitoring" and not hasattr(sys, "monitoring")):
            raise SystemExit("runner.py: tracer %r is not available here" % self.tracer)
        uid: Optional[int] = None
        gid: Optional[int] = None
        if drop_user:
            import pwd

            entry = pwd.getpwnam(drop_user)
            uid, gid = entry.pw_uid, entry.pw_gid
        self.drop_user = drop_user
        self.smap_cache: Dict[str, Tuple[Optional[Dict[int, int]], Optional[str]]] = {}
        # (path, mtime_ns, size, statements) -> the file compiled with probes, or None
        self.probed_cache: Dict[Tuple[str, int, int, frozenset], Optional[Instrumented]] = {}
        self.compiled_bytes = 0
        self.compile_refused: Set[str] = set()
        self.subreaper = prctl(PR_SET_CHILD_SUBREAPER, 1)
        # Tests share the worker's uid in some sandboxes: they must not trace it or read its
        # memory through /proc.
        prctl(PR_SET_DUMPABLE, 0)
        base_parent = os.environ.get("TMPDIR") or "/tmp"
        self.base_dir = make_private_dir(base_parent, uid)
        run_dir = os.path.join(self.base_dir, "run")
        self.scrub = PathScrubber([(self.root, TREE_PLACEHOLDER), (run_dir, TMP_PLACEHOLDER)])
        self.pytest_available = importlib.util.find_spec("pytest") is not None
        self.pipes = ProtocolPipes()
        if confinement is None:
            confinement = TestConfinement(0, [])
        confinement.allow_reading(self._own_paths())
        confinement.prepare()
        super().__init__(run_dir, uid, gid, self.pipes.fds, confinement)
        self.drop_capabilities = drop_capabilities
        # The worker's sys.path never contains the import root; only children add it.
        install_import_root_hook(self.import_root)

    def _own_paths(self) -> List[str]:
        """What every test reads besides the system: the tree, the runner, the interpreter."""
        paths = [self.root, self.real_root, self.import_root, self.base_dir,
                 os.environ.get("HOME", ""), os.path.dirname(os.path.realpath(sys.executable))]
        paths += [os.path.dirname(os.path.realpath(name)) for name in OWN_FILES]
        for prefix in (sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix):
            paths += [prefix, os.path.realpath(prefix)]
        for entry in sys.path:
            if entry and os.path.isdir(entry):
                paths += [entry, os.path.realpath(entry)]
        return paths

    # -- protocol -----------------------------------------------------------------------------

    def serve(self) -> int:
        while True:
            line = self.pipes.read_line()
            if line is None:
                return 0
            if not line.strip():
                continue
            request_id: Any = None
            try:
                request = json.loads(line)
                if not isinstance(request, dict):
                    raise ValueError("a request is a JSON object")
                request_id = request.get("id")
                op = request.get("op")
                handler = {
                    "hello": self.op_hello,
                    "run": self.op_run,
                    "run_batch": self.op_run_batch,
                    "check_imports": self.op_check_imports,
                    "collect_tests": self.op_collect_tests,
                    "shutdown": self.op_shutdown,
                }.get(op)  # type: ignore[arg-type]
                if handler is None:
                    raise ValueError("unknown op %r" % (op,))
                response = handler(request)
            except (ValueError, TypeError, KeyError) as exc:
                response = {"id": request_id, "error": "bad request: %s" % safe_str(exc)}
            except Exception as exc:  # a bug in the runner: say so, keep serving
                response = {"id": request_id,
                            "error": "internal error: %s: %s" % (qualified_name(type(exc)),
                                                                 safe_str(exc))}
            self._send(response)
            if response.get("op") == "shutdown":
                self.cleanup()
                return 0

    def _send(self, response: Dict[str, Any]) -> None:
        if not self.pipes.send(response):
            self.cleanup()
            os._exit(0)  # the executor went away

    def cleanup(self) -> None:
        remove_tree(self.base_dir)

    # -- ops ----------------------------------------------------------------------------------

    def op_hello(self, request: Dict[str, Any]) -> Dict[str, Any]:
        return {
            "id": request.get("id"), "op": "hello", "protocol": PROTOCOL_VERSION,
            "python": "%d.%d.%d" % sys.version_info[:3],
            "implementation": sys.implementation.name,
            "tracer": self.tracer, "pytest": self.pytest_available, "pid": os.getpid(),
            "root": self.root, "import_root": self.import_root,
            "drop_user": self.drop_user, "subreaper": self.subreaper,
            "drop_capabilities": self.drop_capabilities, "pid1": self.worker_pid == 1, "landlock": self.confinement.abi,
            "landlock_error": self.confinement.error,
            "ops": ["hello", "run", "run_batch", "check_imports", "collect_tests", "shutdown"],
        }

    def op_shutdown(self, request: Dict[str, Any]) -> Dict[str, Any]:
        return {"id": request.get("id"), "op": "shutdown", "ok": True}

    def op_run(self, request: Dict[str, Any]) -> Dict[str, Any]:
        code = request.get("code")
        test = request.get("test")
        if test is not None:
            relpath, name = self._project_test(test)
            code = None
            self._preload_pytest(self._source_of(relpath))
        elif not isinstance(code, str):
            raise ValueError("run needs a 'code' string or a 'test'")
        else:
            self._preload_pytest(code)
        spec, cap = parse_limits(request)
        seed = parse_seed(request.get("seed"))
        targets = self._coverage_targets(request.get("coverage"))
        hits: List[Set[int]] = [set() for _ in targets]
        callers_of = caller_statements(targets, request.get("callers_of"))

        def child() -> None:
            channel = ChildChannel(self._result_fd)
            callers: Set[int] = set()
            entries: List[Dict[str, Any]] = []
            emit = channel.hit
            if code is None and callers_of:
                test_file = resolve_in_tree(self.root, relpath)
                emit = tracking_callers(emit, {test_file, os.path.realpath(test_file)},
                                        callers_of, callers)
                emit = recording_entry_calls(emit, callers_of, self.real_root,
                                             self.real_import_root, entries)
            probe = self._child_prepare(targets, emit)
            runner = SnippetRunner(self.scrub, self.run_dir)
            runner.install_warning_hook()
            random.seed(seed)
            probe.start()
            if code is None:
                result = runner.run_project_test(self.root, relpath, name)
            else:
                result = runner.run(code)
            finish_child_streams()
            probe.stop()
            result["warnings"] = runner.warnings
            if code is None and callers_of:
                result["reached_from"] = sorted(callers)
                result["entry_calls"] = entries
            result["pid"] = self._child_pid
            result["imported"] = UNCACHED_LOADS
            channel.record(b"R", result)

        proc = self._spawn(child, spec, cap)
        results: List[Dict[str, Any]] = []
        self._supervise(proc, spec.timeout_s,
                        lambda tag, body: self._collect_record(proc, tag, body, hits, results))
        response = self._outcome(proc, results[0] if results else None, spec)
        response["id"] = request.get("id")
        response["stdout"] = proc.out.text(self.scrub)
        response["stderr"] = proc.err.text(self.scrub)
        response["stdout_truncated"] = proc.out.truncated
        response["stderr_truncated"] = proc.err.truncated
        response["covered"] = self._covered(targets, hits)
        errors = {t.relpath: t.error for t in targets if t.error}
        if errors:
            response["coverage_errors"] = errors
        if results:
            self._compile_imported(results[0].get("imported"))
        return response

    def op_run_batch(self, request: Dict[str, Any]) -> Dict[str, Any]:
        snippets = request.get("snippets")
        if not isinstance(snippets, list) or not all(
                isinstance(s, dict) and isinstance(s.get("code"), str) for s in snippets):
            raise ValueError("run_batch needs 'snippets': [{code, seed?}]")
        spec, cap = parse_limits(request)
        default_seed = parse_seed(request.get("seed"))
        for snippet in snippets:
            snippet["seed"] = parse_seed(snippet.get("seed", default_seed))
        targets = self._coverage_targets(request.get("coverage"))
        self._preload_pytest("".join(s["code"] for s in snippets))
        responses: List[Optional[Dict[str, Any]]] = [None] * len(snippets)
        hits_per: List[List[Set[int]]] = [[set() for _ in targets] for _ in snippets]
        batch_out = StreamCapture(cap)
        batch_err = StreamCapture(cap)
        next_index = 0
        children = 0
        imported: List[str] = []
        batch_start = time.monotonic()
        while next_index < len(snippets):
            first = next_index

            def child(first: int = first) -> None:
                channel = ChildChannel(self._result_fd)
                probe = self._child_prepare(targets, channel.hit)
                # What one snippet starts ends before the next one runs, double forks too.
                prctl(PR_SET_CHILD_SUBREAPER, 1)
                for index in range(first, len(snippets)):
                    snippet = snippets[index]
                    channel.start(index)
                    started = time.monotonic()
                    runner = SnippetRunner(self.scrub, self.run_dir)
                    sinks = capture_python_streams(
                        cap, lambda: self._flooded(channel, sinks, started))
                    runner.install_warning_hook()
                    random.seed(snippet["seed"])
                    probe.reset()
                    probe.start()
                    result = runner.run(snippet["code"])
                    probe.stop()
                    result["warnings"] = runner.warnings
                    result["wall_ms"] = int((time.monotonic() - started) * 1000)
                    result.update(self._sink_fields(sinks))
                    result["pid"] = self._child_pid
                    end_descendants(2.0)
                    channel.record(b"R", result)
                finish_child_streams()
                channel.record(b"I", {"imported": UNCACHED_LOADS, "pid": self._child_pid})

            proc = self._spawn(child, spec, cap)
            children += 1
            state = {"current": first}
            records: List[Dict[str, Any]] = []

            def on_record(tag: bytes, body: bytes, proc: ChildProcess = proc,
                          state: Dict[str, int] = state,
                          records: List[Dict[str, Any]] = records) -> Optional[float]:
                if tag == b"S":
                    index, pid = body.split()
                    if int(pid) != proc.pid:  # a snippet forked and its copy ran on
                        return None
                    state["current"] = int(index)
                    for stream in (proc.out, proc.err):  # the output limit is per snippet
                        stream.counted_from = stream.total
                    return time.monotonic() + spec.timeout_s
                if tag == b"C":
                    index, statement = body.split()
                    hits_per[state["current"]][int(index)].add(int(statement))
                    return None
                if tag == b"R":
                    record = json.loads(body)
                    if record.get("pid") == proc.pid:
                        record.pop("pid", None)
                        responses[state["current"]] = record
                    return None
                if tag == b"E":
                    records.append(json.loads(body))
                elif tag == b"I":
                    record = json.loads(body)
                    if record.get("pid") == proc.pid:
                        imported.extend(record.get("imported") or [])
                return None

            self._supervise(proc, spec.timeout_s, on_record)
            batch_out.data += proc.out.data[:max(0, cap - len(batch_out.data))]
            batch_out.total += proc.out.total
            batch_err.data += proc.err.data[:max(0, cap - len(batch_err.data))]
            batch_err.total += proc.err.total
            current = state["current"]
            if responses[current] is None:
                outcome = self._outcome(proc, records[0] if records else None, spec)
                outcome.update({"stdout": "", "stderr": "", "stdout_truncated": False,
                                "stderr_truncated": False})
                responses[current] = outcome
            next_index = current + 1
            while next_index < len(snippets) and responses[next_index] is not None:
                next_index += 1
        self._compile_imported(imported)
        results = []
        for index, response in enumerate(responses):
            assert response is not None
            response.pop("imported", None)
            response["index"] = index
            snippet_id = snippets[index].get("id")
            if snippet_id is not None:
                response["id"] = snippet_id
            response["covered"] = self._covered(targets, hits_per[index])
            results.append(response)
        return {
            "id": request.get("id"), "results": results, "children": children,
            "wall_ms": int((time.monotonic() - batch_start) * 1000),
            "stdout": batch_out.text(self.scrub), "stderr": batch_err.text(self.scrub),
            "stdout_truncated": batch_out.truncated, "stderr_truncated": batch_err.truncated,
        }

    def _sink_fields(self, sinks: Tuple[Any, Any]) -> Dict[str, Any]:
        fields: Dict[str, Any] = {}
        for key, sink in zip(("stdout", "stderr"), sinks):
            fields[key] = self.scrub(sink.data.decode("utf-8", "backslashreplace"))
            fields[key + "_truncated"] = sink.total > len(sink.data)
        return fields

    def _flooded(self, channel: ChildChannel, sinks: Tuple[Any, Any], started: float) -> None:
        """A batch snippet wrote past the output limit: it ends as it would alone, killed."""
        result = {"status": "killed", "aborted_reason": "output_limit",
                  "signal": signal.SIGKILL, "exc_type": None, "exc_message": None,
                  "traceback": None, "exit_code": None, "warnings": [],
                  "wall_ms": int((time.monotonic() - started) * 1000), "pid": self._child_pid}
        result.update(self._sink_fields(sinks))
        channel.record(b"R", result)
        os.kill(os.getpid(), signal.SIGKILL)
        os._exit(RUNNER_ERROR_EXIT)

    def op_collect_tests(self, request: Dict[str, Any]) -> Dict[str, Any]:
        relpath = request.get("file")
        resolve_in_tree(self.root, relpath)  # type: ignore[arg-type]
        doctests_only = bool(request.get("doctests_only"))
        spec, cap = parse_limits(request)
        self._preload_pytest(self._source_of(relpath))  # type: ignore[arg-type]

        def child() -> None:
            channel = ChildChannel(self._result_fd)
            self._child_prepare([], channel.hit)
            runner = SnippetRunner(self.scrub, self.run_dir)
            runner.install_warning_hook()
            answer = runner.collect_project_tests(self.root, relpath,  # type: ignore[arg-type]
                                                  doctests_only)
            finish_child_streams()
            answer["pid"] = self._child_pid
            channel.record(b"R", answer)

        proc = self._spawn(child, spec, cap)
        results: List[Dict[str, Any]] = []
        self._supervise(proc, spec.timeout_s,
                        lambda tag, body: self._collect_record(proc, tag, body, [], results))
        answer = results[0] if results and "tests" in results[0] else None
        if answer is None:
            outcome = self._outcome(proc, results[0] if results else None, spec)
            answer = {"tests": [], "error_type": "difftriage." + outcome["status"],
                      "error_message": outcome.get("exc_message") or
                      outcome.get("aborted_reason") or outcome["status"]}
        answer.pop("pid", None)
        answer["id"] = request.get("id")
        answer["file"] = relpath
        return answer

    def _project_test(self, test: Any) -> Tuple[str, str]:
        if not isinstance(test, dict) or not isinstance(test.get("name"), str) or \
                not test["name"]:
            raise ValueError("'test' must be {file, name}")
        relpath = test.get("file")
        resolve_in_tree(self.root, relpath)  # type: ignore[arg-type]
        return relpath, test["name"]  # type: ignore[return-value]

    def _source_of(self, relpath: str) -> str:
        try:
            with open(resolve_in_tree(self.root, relpath), "rb") as handle:
                return handle.read(1 << 20).decode("utf-8", "replace")
        except OSError:
            return ""

    def op_check_imports(self, request: Dict[str, Any]) -> Dict[str, Any]:
        modules = request.get("modules")
        if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
            raise ValueError("check_imports needs 'modules': [names]")
        spec, cap = parse_limits(request)
        answers: List[Optional[Dict[str, Any]]] = [None] * len(modules)
        next_index = 0
        while next_index < len(modules):
            first = next_index

            def child(first: int = first) -> None:
                channel = ChildChannel(self._result_fd)
                self._child_prepare([], channel.hit)
                for index in range(first, len(modules)):
                    channel.start(index)
                    channel.record(b"R", self._probe_import(modules[index]))
                finish_child_streams()

            proc = self._spawn(child, spec, cap)
            state = {"current": first}

            def on_record(tag: bytes, body: bytes, proc: ChildProcess = proc,
                          state: Dict[str, int] = state) -> Optional[float]:
                if tag == b"S":
                    index, pid = body.split()
                    if int(pid) != proc.pid:
                        return None
                    state["current"] = int(index)
                    return time.monotonic() + spec.timeout_s
                if tag == b"R":
                    answers[state["current"]] = json.loads(body)
                return None

            self._supervise(proc, spec.timeout_s, on_record)
            current = state["current"]
            if answers[current] is None:
                outcome = self._outcome(proc, None, spec)
                answers[current] = {
                    "module": modules[current], "file": None, "in_import_root": False,
                    "in_tree": False, "error_type": "difftriage." + outcome["status"],
                    "error_message": outcome.get("aborted_reason") or outcome["status"],
                }
            next_index = current + 1
            while next_index < len(modules) and answers[next_index] is not None:
                next_index += 1
        return {"id": request.get("id"), "modules": answers}

    # -- coverage and the code cache ----------------------------------------------------------

    def _coverage_targets(self, request: Any) -> List[CoverageTarget]:
        PROBED_CODE.clear()
        if not request:
            return []
        if not isinstance(request, dict):
            raise ValueError("coverage must map relative paths to line lists")
        targets = []
        for relpath, lines in request.items():
            if not isinstance(lines, list) or not all(
                    isinstance(n, int) and not isinstance(n, bool) for n in lines):
                raise ValueError("coverage[%r] must be a list of line numbers" % relpath)
            path = os.path.normpath(os.path.join(self.root, relpath))
            smap, error = self._statement_map(path)
            requested = sorted(set(lines))
            smap = smap or {}
            statements = {smap[n] for n in requested if n in smap}
            want = {line: start for line, start in smap.items() if start in statements}
            names = {path, os.path.realpath(path)}
            target = CoverageTarget(relpath, names, requested, want, statements, error)
            if self.tracer == "probes" and statements:
                self._compile_probes(target, path)
            targets.append(target)
        return targets

    def _compile_probes(self, target: CoverageTarget, path: str) -> None:
        """Serve ``path`` to this request's children compiled with probes, when it can be.

        Files the children's import system does not load through the import-root hook (outside
        the import root, or test files and conftests that pytest compiles itself), and files
        with a statement that has no place for a probe, stay with the trace function."""
        real = os.path.realpath(path)
        base = os.path.basename(real)
        if not real.startswith(self.real_import_root.rstrip("/") + "/") or \
                not base.endswith(".py") or is_test_name(base) or base == CONFTEST:
            return
        try:
            with open(path, "rb") as handle:
                st = os.fstat(handle.fileno())
                key = (real, st.st_mtime_ns, st.st_size, frozenset(target.statements))
                if key not in self.probed_cache:
                    if len(self.probed_cache) >= 256:  # one entry per file and line set asked
                        self.probed_cache.clear()
                    self.probed_cache[key] = instrument(handle.read(), path, target.statements)
        except OSError:
            return
        probed = self.probed_cache[key]
        if probed is None:
            return
        target.probe_slots = probed.slots
        for name in target.names:
            PROBED_CODE[name] = (st.st_mtime_ns, st.st_size, probed.code, probed.warnings)

    def _statement_map(self, path: str) -> Tuple[Optional[Dict[int, int]], Optional[str]]:
        cached = self.smap_cache.get(path)
        if cached is None:
            try:
                import tokenize

                with tokenize.open(path) as handle:
                    source = handle.read()
                cached = (executable_lines.statement_map(source, path), None)
            except (OSError, SyntaxError, ValueError, UnicodeDecodeError, RecursionError) as exc:
                cached = (None, "%s: %s" % (qualified_name(type(exc)), safe_str(exc)))
            self.smap_cache[path] = cached
        return cached

    @staticmethod
    def _covered(targets: List[CoverageTarget], hits: List[Set[int]]) -> Dict[str, List[int]]:
        return {t.relpath: t.covered_lines(h) for t, h in zip(targets, hits)}

    def _collect_record(self, proc: ChildProcess, tag: bytes, body: bytes, hits: List[Set[int]],
                        results: List[Dict[str, Any]]) -> Optional[float]:
        if tag == b"C":
            index, statement = body.split()
            hits[int(index)].add(int(statement))
        elif tag in (b"R", b"E"):
            record = json.loads(body)
            if record.get("pid", proc.pid) == proc.pid and not results:
                record.pop("pid", None)
                if tag == b"E":
                    record["_runner_error"] = True
                results.append(record)
        return None

    def _compile_imported(self, files: Any) -> None:
        """Compile project modules a child imported so later children skip compilation.

        Files whose compilation warns (SyntaxWarning...) are left to the children, so that every
        run shows the same warnings."""
        if not isinstance(files, list):
            return
        for path in files:
            if not isinstance(path, str) or path in CODE_CACHE or path in self.compile_refused:
                continue
            if self.compiled_bytes > 64 * 1024 * 1024:
                return
            try:
                with open(path, "rb") as handle:
                    st = os.fstat(handle.fileno())
                    data = handle.read()
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always")
                    code = compile(data, path, "exec", dont_inherit=True)
                if caught:
                    self.compile_refused.add(path)
                    continue
            except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
                self.compile_refused.add(path)
                continue
            CODE_CACHE[path] = (st.st_mtime_ns, st.st_size, code)
            self.compiled_bytes += len(data)

    # -- in the child -------------------------------------------------------------------------

    def _preload_pytest(self, code_text: str) -> None:
        """Import pytest into the worker the first time a test mentions it.

        Importing pytest takes ~0.3 s, too much for every child; once in the worker's (frozen)
        heap it costs a fork next to nothing.  Snippets that never mention pytest never load it.
        """
        if "pytest" in code_text and self.pytest_available and "pytest" not in sys.modules:
            try:
                loaded = set(sys.modules)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    importlib.import_module("pytest")
            except Exception:
                self.pytest_available = False
                return
            # pytest keeps its own references; the tests import the tree's copy afresh.
            for name in shadowed_by_tree(set(sys.modules) - loaded, self.import_root,
                                         self.root):
                del sys.modules[name]

    def _child_prepare(self, targets: List[CoverageTarget],
                       emit: Callable[[int, int], None]) -> CoverageProbe:
        """Import-path setup and the probe."""
        for name in OWN_MODULES:  # runner internals stay out of the test's reach
            sys.modules.pop(name, None)
        sys.path.insert(0, self.import_root)
        probe = CoverageProbe(targets, emit, self.tracer)
        ON_UNPROBED_LOAD[:] = [probe.trace_instead]
        return probe

    def _probe_import(self, name: str) -> Dict[str, Any]:
        entry: Dict[str, Any] = {"module": name, "file": None, "relpath": None,
                                 "in_import_root": False, "in_tree": False,
                                 "error_type": None, "error_message": None}
        try:
            module = importlib.import_module(name)
            location = getattr(module, "__file__", None)
        except BaseException as exc:  # noqa: B902 - SystemExit at import time is a finding too
            entry["error_type"] = qualified_name(type(exc))
            entry["error_message"] = self.scrub(safe_str(exc))
            location = None
            try:
                spec = importlib.util.find_spec(name)
                location = spec.origin if spec is not None else None
            except BaseException:  # noqa: B902
                location = None
        if location and location not in ("built-in", "frozen"):
            real = os.path.realpath(location)
            entry["file"] = clean_text(location)
            entry["in_import_root"] = real.startswith(self.real_import_root.rstrip("/") + "/")
            entry["in_tree"] = real.startswith(self.real_root.rstrip("/") + "/")
            if entry["in_tree"]:
                entry["relpath"] = clean_text(os.path.relpath(real, self.real_root))
        elif location:
            entry["file"] = location
        return entry
