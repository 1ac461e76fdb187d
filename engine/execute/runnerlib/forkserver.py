"""Forking children and supervising them: the worker's process machinery.

``ForkServer`` (the base class of ``Worker``) forks one child per test or batch, sets the child up
(new session, descriptors, resource limits, run directory, optional user switch, death signal),
drains its output and result pipes under a wall-clock deadline, kills its process group and every
other descendant, reaps them, and describes how the child ended.  ``ChildProcess`` is a child as
the worker sees it.
"""

from __future__ import annotations

import faulthandler
import fcntl
import gc
import io
import os
import resource
import select
import signal
import sys
import time
import traceback
from typing import Any, Callable, Dict, List, Optional, Tuple

from .capture import StreamCapture
from .child import KEEP_ALIVE, ChildChannel, ChildSpec
from .confine import TestConfinement
from .common import (MAX_RESULT_PIPE_BYTES, RESULT_FD_MIN, RUNNER_ERROR_EXIT, TEST_FILENAME,
                     clean_text, qualified_name, safe_str)
from .osutil import (PR_SET_NO_NEW_PRIVS, PR_SET_PDEATHSIG, drain_fd, drop_all_capabilities,
                     end_descendants, prctl, remove_tree, set_limit)

CRASH_SIGNALS = {
    getattr(signal, name)
    for name in ("SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE", "SIGABRT", "SIGSYS", "SIGTRAP")
    if hasattr(signal, name)
}


class ChildProcess:
    """A forked child as the worker sees it: pid, pipes, outputs, records, exit status."""

    def __init__(self, pid: int, out_fd: int, err_fd: int, res_fd: int, cap: int) -> None:
        self.pid = pid
        self.fds = {out_fd: "out", err_fd: "err", res_fd: "res"}
        self.out = StreamCapture(cap)
        self.err = StreamCapture(cap)
        self.res = bytearray()
        self.res_total = 0
        self.records: List[bytes] = []
        self.start = time.monotonic()
        self.end: Optional[float] = None
        self.status: Optional[int] = None  # raw wait status once reaped
        self.usage: Any = None  # resource usage of the child itself (not of its descendants)
        self.killed_for: Optional[str] = None
        self.deadline = self.start
        self.pidfd: Optional[int] = None
        if hasattr(os, "pidfd_open"):
            try:
                self.pidfd = os.pidfd_open(pid)
            except OSError:
                self.pidfd = None

    @property
    def wall_ms(self) -> int:
        return int(((self.end or time.monotonic()) - self.start) * 1000)

    def exit_signal(self) -> Optional[int]:
        if self.status is not None and os.WIFSIGNALED(self.status):
            return os.WTERMSIG(self.status)
        return None

    def exit_code(self) -> Optional[int]:
        if self.status is not None and os.WIFEXITED(self.status):
            return os.WEXITSTATUS(self.status)
        return None


class ForkServer:
    """Forks children with limits, supervises them and reports how they ended."""

    _result_fd = -1  # in a child: its private result pipe
    _child_pid = -1  # in a child: its own pid

    def __init__(self, run_dir: str, uid: Optional[int], gid: Optional[int],
                 private_fds: Tuple[int, ...], confinement: TestConfinement) -> None:
        self.run_dir = run_dir  # recreated empty for every child
        self.uid = uid  # the user children switch to (--drop-user), or None
        self.gid = gid
        self.confinement = confinement  # each child's own Landlock domain
        self.drop_capabilities = False  # children stay root, with no capability at all
        self.worker_pid = os.getpid()
        self.forks = 0
        self._private_fds = private_fds  # the worker's own descriptors, closed in every child
        # Built once here rather than in every child (each object a child creates costs page
        # faults); the worker itself never uses them.
        self._child_streams = (
            io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8"),
            io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8",
                             errors="strict", line_buffering=True),
            io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8",
                             errors="backslashreplace", line_buffering=True, write_through=True),
        )
        self._wake_r: Optional[int] = None
        self._wake_w: Optional[int] = None
        if not hasattr(os, "pidfd_open"):
            # Python < 3.9: learn about child exits through SIGCHLD and a wakeup pipe.
            self._wake_r, self._wake_w = os.pipe()
            os.set_blocking(self._wake_r, False)
            os.set_blocking(self._wake_w, False)
            signal.signal(signal.SIGCHLD, lambda signum, frame: None)
            signal.set_wakeup_fd(self._wake_w, warn_on_full_buffer=False)

    # -- forking ------------------------------------------------------------------------------

    def _spawn(self, body: Callable[[], None], spec: ChildSpec, cap: int) -> ChildProcess:
        remove_tree(self.run_dir)
        os.mkdir(self.run_dir, 0o700)
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        res_r, res_w = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        self.forks += 1
        if self.forks % 256 == 0:  # frozen objects are never collected: sweep now and then
            gc.unfreeze()
            gc.collect()
        # Frozen objects are skipped by the child's garbage collector, which would otherwise
        # touch (and copy-on-write fault) every page of the worker's heap.
        gc.freeze()
        self.confinement.before_fork()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            code = RUNNER_ERROR_EXIT
            try:
                for fd in (out_r, err_r, res_r):
                    os.close(fd)
                self._child_setup(spec, out_w, err_w, res_w)
                body()
                code = 0
            except BaseException as exc:  # noqa: B902 - report the runner's own failure
                try:
                    ChildChannel(self._result_fd).record(b"E", {
                        "status": "crashed", "aborted_reason": "runner_error",
                        "exc_type": qualified_name(type(exc)), "exc_message": safe_str(exc),
                        "traceback": clean_text("".join(traceback.format_exception(
                            type(exc), exc, exc.__traceback__))),
                        "pid": os.getpid()})
                except BaseException:  # noqa: B902
                    pass
            finally:
                os._exit(code)
        for fd in (out_w, err_w, res_w):
            os.close(fd)
        for fd in (out_r, err_r, res_r):
            os.set_blocking(fd, False)
        return ChildProcess(pid, out_r, err_r, res_r, cap)

    def _child_setup(self, spec: ChildSpec, out_w: int, err_w: int, res_w: int) -> None:
        """Runs first in every child: session, fds, limits, user, directories."""
        self._child_pid = os.getpid()
        os.setsid()
        try:
            self._result_fd = fcntl.fcntl(res_w, fcntl.F_DUPFD_CLOEXEC, RESULT_FD_MIN)
            os.close(res_w)
        except OSError:  # a low RLIMIT_NOFILE: keep the descriptor where it is
            self._result_fd = res_w
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.dup2(out_w, 1)
        os.dup2(err_w, 2)
        for fd in (devnull, out_w, err_w) + self._private_fds:
            try:
                os.close(fd)
            except OSError:
                pass
        if self._wake_w is not None:
            signal.set_wakeup_fd(-1)
            os.close(self._wake_r)  # type: ignore[arg-type]
            os.close(self._wake_w)
        for signum in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP, signal.SIGALRM):
            signal.signal(signum, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        # The worker's stream objects own fds 0-2: keep them alive, or collecting them would
        # close the descriptors the test writes to.
        KEEP_ALIVE.extend([sys.stdin, sys.stdout, sys.stderr,
                           sys.__stdin__, sys.__stdout__, sys.__stderr__])
        sys.stdin, sys.stdout, sys.stderr = self._child_streams
        sys.__stdin__, sys.__stdout__, sys.__stderr__ = self._child_streams
        set_limit(resource.RLIMIT_CORE, 0)
        set_limit(resource.RLIMIT_DATA, spec.mem_mb * 1024 * 1024)
        set_limit(resource.RLIMIT_FSIZE, spec.fsize_mb * 1024 * 1024)
        set_limit(resource.RLIMIT_NPROC, spec.max_processes)
        cpu = int(spec.timeout_s) + 2
        set_limit(resource.RLIMIT_CPU, cpu, cpu + 1)
        os.chdir(self.run_dir)  # before dropping privileges: its parents may be closed to them
        if self.uid is not None:
            os.chown(self.run_dir, self.uid, self.gid)  # type: ignore[arg-type]
            os.setgroups([])
            os.setgid(self.gid)  # type: ignore[arg-type]
            os.setuid(self.uid)
        elif self.drop_capabilities:
            drop_all_capabilities()
        prctl(PR_SET_NO_NEW_PRIVS, 1)
        prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != self.worker_pid:  # the worker died before the signal was armed
            os._exit(RUNNER_ERROR_EXIT)
        self.confinement.enter()
        os.environ["TMPDIR"] = self.run_dir
        sys.argv = [TEST_FILENAME]
        sys.dont_write_bytecode = True
        faulthandler.enable(sys.stderr)

    # -- supervising --------------------------------------------------------------------------

    def _supervise(self, proc: ChildProcess, timeout_s: float,
                   on_record: Callable[[bytes, bytes], Optional[float]]) -> None:
        """Drain the child's pipes until it exits, the deadline passes or output floods."""
        poller = select.poll()
        for fd in proc.fds:
            poller.register(fd, select.POLLIN)
        wake_fd = proc.pidfd if proc.pidfd is not None else self._wake_r
        if wake_fd is not None:
            poller.register(wake_fd, select.POLLIN)
        open_fds = set(proc.fds)
        proc.deadline = proc.start + timeout_s
        while True:
            if self._has_exited(proc):
                break
            now = time.monotonic()
            if now >= proc.deadline:
                proc.killed_for = "time_limit"
                break
            wait = proc.deadline - now
            if wake_fd is None or not open_fds:
                wait = min(wait, 0.005 if not open_fds else 0.05)
            try:
                events = poller.poll(max(1, int(wait * 1000 + 0.999)))
            except InterruptedError:
                continue
            for fd, _ in events:
                if fd == wake_fd:
                    if fd == self._wake_r:
                        drain_fd(fd)
                    continue
                if fd in open_fds and not self._read_from(proc, fd, on_record):
                    open_fds.discard(fd)
                    poller.unregister(fd)
            if proc.out.flooded or proc.err.flooded:
                proc.killed_for = "output_limit"
                break
            if proc.res_total > MAX_RESULT_PIPE_BYTES:
                proc.killed_for = "result_flood"
                break
        self._terminate(proc)
        # Everything that could write is dead now: take what is still buffered in the pipes.
        drain_until = time.monotonic() + 0.5
        for fd in list(open_fds):
            while time.monotonic() < drain_until and self._read_from(proc, fd, on_record):
                pass
        for fd in list(proc.fds) + ([proc.pidfd] if proc.pidfd is not None else []):
            try:
                os.close(fd)
            except OSError:
                pass

    def _read_from(self, proc: ChildProcess, fd: int,
                   on_record: Callable[[bytes, bytes], Optional[float]]) -> bool:
        """Read one chunk; False at EOF or when nothing more is available right now after exit."""
        try:
            chunk = os.read(fd, 1 << 20)
        except BlockingIOError:
            return proc.status is None  # after the child is reaped, "nothing now" ends draining
        except InterruptedError:
            return True
        except OSError:
            return False
        if not chunk:
            return False
        kind = proc.fds[fd]
        if kind == "out":
            proc.out.feed(chunk)
        elif kind == "err":
            proc.err.feed(chunk)
        else:
            proc.res_total += len(chunk)
            proc.res += chunk
            while True:
                newline = proc.res.find(b"\n")
                if newline < 0:
                    break
                line = bytes(proc.res[:newline])
                del proc.res[:newline + 1]
                tag, _, body = line.partition(b" ")
                try:
                    new_deadline = on_record(tag, body)
                except (ValueError, TypeError, IndexError, KeyError):
                    new_deadline = None
                if new_deadline is not None:
                    proc.deadline = new_deadline  # run_batch / check_imports: next item
        return True

    def _has_exited(self, proc: ChildProcess) -> bool:
        """True once the child is a zombie (not reaped yet, so its pid cannot be reused)."""
        try:
            info = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return True
        return info is not None and info.si_pid == proc.pid

    def _terminate(self, proc: ChildProcess) -> None:
        """Kill the child's process group and every other descendant, then reap them all."""
        for kill in (lambda: os.killpg(proc.pid, signal.SIGKILL),
                     lambda: os.kill(proc.pid, signal.SIGKILL)):
            try:
                kill()
            except OSError:
                pass
        while True:
            try:
                _, status, usage = os.wait4(proc.pid, 0)
                proc.usage = usage
                break
            except InterruptedError:
                continue
            except ChildProcessError:
                status = 0
                break
        proc.status = status
        proc.end = time.monotonic()
        self._reap_orphans()

    def _reap_orphans(self) -> None:
        """Kill and reap descendants that escaped the process group: double forks, setsid.

        The worker is their subreaper; inside bubblewrap it is also the init of the sandbox's
        PID namespace, where a SIGKILL to -1 reaches every process but the worker itself."""
        if self.worker_pid == 1:
            try:
                os.kill(-1, signal.SIGKILL)
            except OSError:
                pass
        end_descendants(5.0)

    def _outcome(self, proc: ChildProcess, record: Optional[Dict[str, Any]],
                 spec: ChildSpec) -> Dict[str, Any]:
        """The response fields that describe how the child ended."""
        response: Dict[str, Any] = {
            "status": "crashed", "exc_type": None, "exc_message": None, "traceback": None,
            "exit_code": None, "signal": None, "wall_ms": proc.wall_ms, "warnings": [],
            "aborted_reason": None,
        }
        signum = proc.exit_signal()
        if proc.killed_for == "time_limit" and record is not None and \
                not record.get("_runner_error"):
            # The result was complete; only the final os._exit missed the deadline.
            response.update(record)
        elif proc.killed_for == "time_limit":
            response["status"] = "timeout"
            response["aborted_reason"] = "time_limit"
        elif proc.killed_for in ("output_limit", "result_flood"):
            response["status"] = "killed"
            response["aborted_reason"] = proc.killed_for
            response["signal"] = signal.SIGKILL
        elif record is not None:
            record.pop("_runner_error", None)
            response.update(record)
        elif signum is not None:
            response["signal"] = signum
            if signum in CRASH_SIGNALS:
                response["status"] = "crashed"
            else:
                response["status"] = "killed"
                if signum == getattr(signal, "SIGXCPU", -1):
                    response["aborted_reason"] = "cpu_limit"
                elif signum == getattr(signal, "SIGXFSZ", -1):
                    response["aborted_reason"] = "file_size"
        else:
            response["status"] = "exited"
            response["exit_code"] = proc.exit_code()
        response.pop("imported", None)
        response["wall_ms"] = proc.wall_ms
        if proc.usage is not None:
            response["cpu_ms"] = int((proc.usage.ru_utime + proc.usage.ru_stime) * 1000)
            response["max_rss_kb"] = int(proc.usage.ru_maxrss)
            response["page_faults"] = int(proc.usage.ru_minflt + proc.usage.ru_majflt)
        return response
