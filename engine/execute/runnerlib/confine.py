"""Each test's own Landlock domain: what it may read, and whom it may signal.

The worker builds one Landlock ruleset from the paths a Python test needs (``--readable``: the
interpreter's prefixes and libraries, the system's libraries, a few ``/etc`` files; the tree, the
runner's directory and its own private directory are added here).  Every child adds a rule for its
own ``/proc/<pid>`` and enters the ruleset as a new, nested domain before the test runs.  So a test
reads nothing else (no other process's ``/proc`` entry, no ``/tmp``, no home directory), and from
Landlock ABI 6 on it can neither signal nor reach through an abstract Unix socket any process
outside its own domain: not the worker, not the other version's tests.

The children's ``/proc/self`` rules accumulate in the worker's ruleset; it is rebuilt every
``REBUILD_EVERY`` forks so that entering it stays cheap.  Landlock through ``ctypes``: the system
calls have the same numbers on every architecture.
"""

from __future__ import annotations

import os
from typing import Any, List, Optional

SYS_LANDLOCK_CREATE_RULESET = 444
SYS_LANDLOCK_ADD_RULE = 445
SYS_LANDLOCK_RESTRICT_SELF = 446
CREATE_RULESET_VERSION = 1
RULE_PATH_BENEATH = 1

FS_EXECUTE = 1 << 0
FS_READ_FILE = 1 << 2
FS_READ_DIR = 1 << 3
FILE_RIGHTS = FS_EXECUTE | FS_READ_FILE
DIR_RIGHTS = FILE_RIGHTS | FS_READ_DIR
SCOPE_ABSTRACT_UNIX_SOCKET = 1 << 0  # ABI 6
SCOPE_SIGNAL = 1 << 1  # ABI 6

REBUILD_EVERY = 64


class _Syscalls:
    """libc's syscall(2) and the two argument structures, loaded once in the worker."""

    def __init__(self) -> None:
        import ctypes

        class RulesetAttr(ctypes.Structure):
            _fields_ = [("handled_access_fs", ctypes.c_uint64),
                        ("handled_access_net", ctypes.c_uint64),
                        ("scoped", ctypes.c_uint64)]

        class PathBeneathAttr(ctypes.Structure):
            _pack_ = 1
            _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]

        self.ctypes = ctypes
        self.libc = ctypes.CDLL(None, use_errno=True)
        self.syscall = self.libc.syscall
        self.syscall.restype = ctypes.c_long
        self.RulesetAttr = RulesetAttr
        self.PathBeneathAttr = PathBeneathAttr
        # Built here, filled in the child: a child's fresh objects cost copy-on-write faults.
        self.proc_rule = PathBeneathAttr(DIR_RIGHTS & ~FS_EXECUTE, -1)
        self.proc_rule_ref = ctypes.byref(self.proc_rule)

    def abi(self) -> int:
        return max(0, int(self.syscall(SYS_LANDLOCK_CREATE_RULESET, None, 0,
                                       CREATE_RULESET_VERSION)))

    def add_rule(self, ruleset: int, rule_ref: Any) -> bool:
        return self.syscall(SYS_LANDLOCK_ADD_RULE, ruleset, RULE_PATH_BENEATH, rule_ref, 0) == 0


class TestConfinement:
    """The Landlock ruleset every test enters; inactive when the kernel or the caller says so."""

    def __init__(self, abi_limit: int, readable: List[str]) -> None:
        self.readable = [path for path in dict.fromkeys(readable) if path]
        self.abi = 0
        self.error: Optional[str] = None
        self._calls: Optional[_Syscalls] = None
        self._ruleset = -1
        self._entered_since_build = 0
        if abi_limit <= 0:
            return
        try:
            calls = _Syscalls()
            abi = min(calls.abi(), abi_limit)
        except (OSError, AttributeError, ImportError) as exc:
            self.error = "Landlock is not reachable: %s" % exc
            return
        if abi < 1:
            self.error = "the kernel has no Landlock"
            return
        self._calls = calls
        self.abi = abi

    def allow_reading(self, paths: List[str]) -> None:
        """More paths to read (the worker's own); before the first fork."""
        for path in paths:
            if path and path not in self.readable:
                self.readable.append(path)

    @property
    def active(self) -> bool:
        return self.abi > 0

    @property
    def scoped(self) -> bool:
        return self.abi >= 6

    def prepare(self) -> None:
        """In the worker, once its own paths are known: the first ruleset. A kernel that refuses
        it leaves the tests unconfined, and ``error`` (in the hello answer) says why."""
        if not self.active:
            return
        try:
            self._build()
        except OSError as exc:
            self.error = "cannot build the tests' Landlock ruleset: %s" % exc
            self.abi = 0

    def before_fork(self) -> None:
        """In the worker: a fresh ruleset now and then, so the children's rules stay few."""
        if not self.active:
            return
        if self._entered_since_build >= REBUILD_EVERY:
            self._build()
        self._entered_since_build += 1

    def _build(self) -> None:
        calls = self._calls
        assert calls is not None
        if self._ruleset >= 0:
            os.close(self._ruleset)
            self._ruleset = -1
        attr = calls.RulesetAttr(FS_EXECUTE | FS_READ_FILE | FS_READ_DIR, 0,
                                 SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL if self.scoped else 0)
        size = 24 if self.scoped else 8
        ruleset = calls.syscall(SYS_LANDLOCK_CREATE_RULESET, calls.ctypes.byref(attr), size, 0)
        if ruleset < 0:
            raise OSError(calls.ctypes.get_errno(), "cannot create a Landlock ruleset")
        for path in self.readable:
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue  # not on this machine
            try:
                rights = DIR_RIGHTS if os.path.isdir(path) else FILE_RIGHTS
                rule = calls.PathBeneathAttr(rights, fd)
                if not calls.add_rule(ruleset, calls.ctypes.byref(rule)):
                    raise OSError(calls.ctypes.get_errno(), "cannot allow reading %s" % path)
            finally:
                os.close(fd)
        os.set_inheritable(ruleset, False)
        self._ruleset = int(ruleset)
        self._entered_since_build = 0

    def enter(self) -> None:
        """In the child, after no_new_privs: its own /proc entry, then the nested domain."""
        if not self.active:
            return
        calls = self._calls
        assert calls is not None
        proc = os.open("/proc/self", os.O_PATH | os.O_CLOEXEC)
        try:
            calls.proc_rule.parent_fd = proc
            if not calls.add_rule(self._ruleset, calls.proc_rule_ref):
                raise OSError(calls.ctypes.get_errno(), "cannot allow reading /proc/self")
        finally:
            os.close(proc)
        if calls.syscall(SYS_LANDLOCK_RESTRICT_SELF, self._ruleset, 0) != 0:
            raise OSError(calls.ctypes.get_errno(), "cannot enter the test's Landlock domain")
        os.close(self._ruleset)
