"""Coverage of the requested changed lines, measured in the child.

A ``CoverageTarget`` describes one requested file (which line events count, mapped to statement
start lines); a ``CoverageProbe`` records which requested statements run and streams each first
hit to the worker.  Three implementations: ``sys.monitoring`` (3.12+); ``probes`` (the default
3.10-3.11): probes the worker compiled into the requested files (``instrument``), with
``sys.settrace`` only for the files it could not instrument; and ``sys.settrace`` with
``threading.settrace`` alone.  See RUNNER_PROTOCOL.md, "Coverage".
"""

from __future__ import annotations

import sys
import threading  # the settrace probe hooks new threads through threading.settrace
import types
from typing import Any, Callable, Dict, List, Optional, Set, Tuple

from . import instrument

MAX_CALLER_LINES = 200

if sys.version_info < (3, 10):
    import dis  # line tables of code objects (co_lines is 3.10+)


class CoverageTarget:
    """One requested file: which line events count, mapped to statement start lines."""

    __slots__ = ("relpath", "names", "requested", "want", "statements", "error", "probe_slots")

    def __init__(self, relpath: str, names: Set[str], requested: List[int],
                 want: Dict[int, int], statements: Set[int], error: Optional[str]) -> None:
        self.relpath = relpath
        self.names = names          # absolute file names a code object may carry
        self.requested = requested  # the changed lines asked for
        self.want = want            # line -> statement start, only for requested statements
        self.statements = statements
        self.error = error
        self.probe_slots: Dict[int, int] = {}  # slot -> statement, when compiled with probes

    def covered_lines(self, hit_statements: Set[int]) -> List[int]:
        return [line for line in self.requested if self.want.get(line) in hit_statements]


def _code_lines(code: types.CodeType) -> Set[int]:
    """Line numbers that instructions of ``code`` (not nested code objects) carry."""
    co_lines = getattr(code, "co_lines", None)
    if co_lines is not None:
        return {line for _, _, line in co_lines() if line is not None}
    return {line for _, line in dis.findlinestarts(code)}


class CoverageProbe:
    """Records which requested statements execute, streaming each first hit through ``emit``.

    Only code objects of the requested files that still contain an unhit requested statement are
    line-traced.  With sys.monitoring (3.12+) every other location is disabled after its first
    event; with sys.settrace the global trace function returns None for other frames, so their
    lines are never traced, and the probe uninstalls itself once every statement was hit.
    """

    def __init__(self, targets: List[CoverageTarget], emit: Callable[[int, int], None],
                 mode: str) -> None:
        self.targets = targets
        self.emit = emit
        self.mode = mode
        self.by_name: Dict[str, int] = {}  # files the trace function / sys.monitoring watch
        self.slot_owner: Dict[int, Tuple[int, int]] = {}  # probe slot -> (target, statement)
        for index, target in enumerate(targets):
            if mode == "probes" and target.probe_slots:
                for slot, statement in target.probe_slots.items():
                    self.slot_owner[slot] = (index, statement)
                continue
            for name in target.names:
                self.by_name[name] = index
        self.pending: List[Set[int]] = [set(t.statements) for t in targets]
        self.remaining = sum(len(p) for p in self.pending)
        self.code_statements: Dict[types.CodeType, frozenset] = {}
        self.active = False
        self._tracing = False  # the trace function is installed
        self._tool: Optional[int] = None
        self._local_codes: List[types.CodeType] = []

    def reset(self) -> None:
        """Forget hits (run_batch: each snippet is measured on its own)."""
        self.pending = [set(t.statements) for t in self.targets]
        self.remaining = sum(len(p) for p in self.pending)

    def _statements_of(self, code: types.CodeType, index: int) -> frozenset:
        stmts = self.code_statements.get(code)
        if stmts is None:
            want = self.targets[index].want
            stmts = frozenset(want[line] for line in _code_lines(code) if line in want)
            self.code_statements[code] = stmts
        return stmts

    def _hit(self, index: int, statement: int) -> None:
        pending = self.pending[index]
        if statement in pending:
            pending.discard(statement)
            self.remaining -= 1
            self.emit(index, statement)
            if self.remaining <= 0:
                self.stop()

    # -- install / uninstall ------------------------------------------------------------------

    def start(self) -> None:
        if self.remaining <= 0 or self.active:
            return
        self.active = True
        if self.mode == "sys.monitoring":
            self._start_monitoring()
            return
        if self.mode == "probes":
            self._arm_probes()
            if not any(self.pending[i] for i in set(self.by_name.values())):
                return  # every file with something pending has probes: no trace function
        self._start_settrace()

    def _arm_probes(self) -> None:
        instrument.SINK.listener = self._slot_hit
        flags = instrument.FLAGS
        for slot, (index, statement) in self.slot_owner.items():
            flags[slot] = statement in self.pending[index]

    def trace_instead(self, filename: str) -> None:
        """A requested file was loaded without its probes (it changed on disk after the worker
        compiled it): the trace function measures it from now on."""
        for index, target in enumerate(self.targets):
            if filename not in target.names or not target.probe_slots:
                continue
            for slot in target.probe_slots:
                if self.slot_owner.pop(slot, None) is not None:
                    instrument.FLAGS[slot] = False
            for name in target.names:
                self.by_name[name] = index
            if self.active and not self._tracing and self.pending[index]:
                self._start_settrace()

    def _slot_hit(self, slot: int) -> None:
        owner = self.slot_owner.get(slot)
        if owner is not None and self.active:
            self._hit(*owner)

    def stop(self) -> None:
        if not self.active:
            return
        self.active = False
        if self.mode == "sys.monitoring":
            mon = sys.monitoring  # type: ignore[attr-defined]
            try:
                mon.set_events(self._tool, 0)
                for code in self._local_codes:
                    mon.set_local_events(self._tool, code, 0)
            except Exception:
                pass
            del self._local_codes[:]
        else:
            if self.mode == "probes":
                flags = instrument.FLAGS
                for slot in self.slot_owner:
                    flags[slot] = False
            sys.settrace(None)
            threading.settrace(None)  # type: ignore[arg-type]
            self._tracing = False

    def _start_settrace(self) -> None:
        by_name = self.by_name
        pending = self.pending
        statements_of = self._statements_of
        hit = self._hit
        targets = self.targets
        locals_cache: Dict[types.CodeType, Callable[..., Any]] = {}
        probe = self

        def make_local(index: int, stmts: frozenset) -> Callable[..., Any]:
            want = targets[index].want

            def local_trace(frame: types.FrameType, event: str, arg: Any) -> Any:
                if event == "line":
                    statement = want.get(frame.f_lineno)
                    if statement is not None and statement in pending[index]:
                        hit(index, statement)
                        if stmts.isdisjoint(pending[index]):
                            frame.f_trace_lines = False
                return local_trace

            return local_trace

        def global_trace(frame: types.FrameType, event: str, arg: Any) -> Any:
            if not probe.active:
                return None
            code = frame.f_code
            index = by_name.get(code.co_filename)
            if index is None:
                return None
            stmts = statements_of(code, index)
            if not stmts or stmts.isdisjoint(pending[index]):
                return None
            local = locals_cache.get(code)
            if local is None:
                local = locals_cache[code] = make_local(index, stmts)
            return local

        threading.settrace(global_trace)
        sys.settrace(global_trace)
        self._tracing = True

    def _start_monitoring(self) -> None:
        mon = sys.monitoring  # type: ignore[attr-defined]
        events = mon.events
        disable = mon.DISABLE
        if self._tool is None:
            for tool in (4, 3, 2, 1, 0, 5):
                if mon.get_tool(tool) is None:
                    mon.use_tool_id(tool, "difftriage")
                    self._tool = tool
                    break
            else:
                self.active = False
                return
            tool = self._tool
            by_name = self.by_name
            statements_of = self._statements_of
            hit = self._hit
            targets = self.targets
            local_codes = self._local_codes
            probe = self

            def on_start(code: types.CodeType, offset: int) -> Any:
                index = by_name.get(code.co_filename)
                if index is not None and probe.active:
                    stmts = statements_of(code, index)
                    if stmts and not stmts.isdisjoint(probe.pending[index]):
                        mon.set_local_events(tool, code, events.LINE)
                        local_codes.append(code)
                return disable

            def on_line(code: types.CodeType, line: int) -> Any:
                index = by_name.get(code.co_filename)
                if index is not None:
                    statement = targets[index].want.get(line)
                    if statement is not None:
                        hit(index, statement)
                return disable

            mon.register_callback(tool, events.PY_START, on_start)
            mon.register_callback(tool, events.LINE, on_line)
        else:
            mon.restart_events()
        mon.set_events(self._tool, events.PY_START)


def caller_statements(targets: List[CoverageTarget], wanted: Any) -> Set[Tuple[int, int]]:
    """The (target, statement) pairs of a run's ``callers_of``: requested lines of ``targets``
    mapped to their statements."""
    found: Set[Tuple[int, int]] = set()
    if not isinstance(wanted, dict):
        return found
    for index, target in enumerate(targets):
        lines = wanted.get(target.relpath)
        for line in lines if isinstance(lines, list) else []:
            statement = target.want.get(line) if isinstance(line, int) else None
            if statement is not None:
                found.add((index, statement))
    return found


def tracking_callers(emit: Callable[[int, int], None], files: Set[str],
                     statements: Set[Tuple[int, int]],
                     lines: Set[int]) -> Callable[[int, int], None]:
    """``emit``, also recording the lines of ``files`` on the stack at the first hit of each of
    ``statements``: which statements of a project test reached a changed line first, whose
    literals matter most there."""

    def hit(index: int, statement: int) -> None:
        emit(index, statement)
        if (index, statement) not in statements:
            return
        frame: Optional[types.FrameType] = sys._getframe(1)
        while frame is not None and len(lines) < MAX_CALLER_LINES:
            if frame.f_code.co_filename in files:
                lines.add(frame.f_lineno)
            frame = frame.f_back

    return hit


def tracer_mode() -> str:
    """The default probe.  Before 3.10 line events skip some statements that run (a
    ``while True:`` header, some ``break``s), which the compiled probes would report: settrace
    keeps the reports identical to what they were there."""
    if hasattr(sys, "monitoring"):
        return "sys.monitoring"
    return "probes" if sys.version_info >= (3, 10) else "settrace"
