"""Linux process plumbing for the worker and its children.

Resource limits, ``prctl(2)`` (through ctypes, loaded on first use), the worker's descendants as
listed in ``/proc``, inherited descriptors, and the worker's private directories.
"""

from __future__ import annotations

import errno
import os
import resource
import stat
from typing import Any, List, Optional

PR_SET_PDEATHSIG = 1
PR_CAPBSET_DROP = 24
PR_SET_DUMPABLE = 4
PR_SET_CHILD_SUBREAPER = 36
PR_SET_NO_NEW_PRIVS = 38


def set_limit(which: int, soft: int, hard: Optional[int] = None) -> None:
    if hard is None:
        hard = soft
    _, cur_hard = resource.getrlimit(which)
    if cur_hard != resource.RLIM_INFINITY:
        hard = min(hard, cur_hard)
        soft = min(soft, hard)
    resource.setrlimit(which, (soft, hard))


_LIBC: List[Any] = []


def prctl(option: int, arg: int) -> bool:
    """prctl(2) through ctypes; False where unavailable (ctypes is imported only when called)."""
    try:
        if not _LIBC:
            import ctypes

            _LIBC.append(ctypes.CDLL(None, use_errno=True))
        return _LIBC[0].prctl(option, arg, 0, 0, 0) == 0
    except Exception:
        return False


def drop_all_capabilities() -> None:
    """Give up every capability for good, bounding set included: a test that has to stay root
    (the unprivileged user cannot reach the interpreter) is root by name only, and gains nothing
    back by exec."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    for cap in range(64):
        if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            if ctypes.get_errno() == errno.EINVAL:
                break  # past the kernel's last capability
            raise OSError(ctypes.get_errno(), "cannot drop capability %d" % cap)
    header = (ctypes.c_uint32 * 2)(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this process
    nothing = (ctypes.c_uint32 * 6)()  # effective, permitted, inheritable: twice 32 bits each
    if libc.capset(header, nothing) != 0:
        raise OSError(ctypes.get_errno(), "cannot drop capabilities")


def live_children() -> List[int]:
    me = os.getpid()
    try:
        with open("/proc/%d/task/%d/children" % (me, me)) as handle:
            return [int(pid) for pid in handle.read().split()]
    except OSError:
        pass
    children = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % name, "rb") as handle:
                stat = handle.read()
            fields = stat[stat.rindex(b")") + 2:].split()
            if int(fields[1]) == me:
                children.append(int(name))
        except (OSError, ValueError, IndexError):
            continue
    return children


def task_children() -> List[int]:
    """Children of every thread of this process (a thread's forks are listed under it)."""
    children: List[int] = []
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:
        return live_children()
    for task in tasks:
        try:
            with open("/proc/self/task/%s/children" % task) as handle:
                children.extend(int(pid) for pid in handle.read().split())
        except (OSError, ValueError):
            continue
    return children


def end_descendants(give_up_after: float) -> None:
    """Kill and reap every descendant of this process, which must be their subreaper."""
    import signal
    import time

    give_up = time.monotonic() + give_up_after
    while True:
        try:
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            return  # none left
        except InterruptedError:
            continue
        for pid in task_children():
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        if time.monotonic() > give_up:
            return
        time.sleep(0.0005)


def close_inherited_fds() -> None:
    """Close descriptors the executor may have leaked to us, so children cannot inherit them."""
    try:
        names = os.listdir("/proc/self/fd")
    except OSError:
        return
    for name in names:
        fd = int(name)
        if fd > 2:
            try:
                os.close(fd)
            except OSError:
                pass


def drain_fd(fd: int) -> None:
    try:
        while os.read(fd, 4096):
            pass
    except OSError:
        pass


def make_private_dir(parent: str, uid: Optional[int]) -> str:
    for _ in range(100):
        path = os.path.join(parent, "difftriage-worker-%s" % os.urandom(6).hex())
        try:
            os.mkdir(path, 0o711 if uid is not None else 0o700)
            return path
        except FileExistsError:
            continue
    raise OSError(errno.EEXIST, "could not create a private directory in %s" % parent)


def _reclaim(path: str) -> None:
    """Make every directory below ``path`` ours and open to us again, top down.

    A test may have taken the write or search bit away; and a worker that is root without
    CAP_DAC_OVERRIDE (bubblewrap started as root) cannot even list what its test, switched to the
    unprivileged user, left behind, though it may take the directories back (CAP_CHOWN)."""
    try:
        info = os.lstat(path)
    except OSError:
        return
    if not stat.S_ISDIR(info.st_mode):
        return
    if info.st_uid != os.geteuid():
        try:
            os.chown(path, os.geteuid(), os.getegid(), follow_symlinks=False)
        except OSError:
            pass
    try:
        os.chmod(path, 0o700)
        names = os.listdir(path)
    except OSError:
        return
    for name in names:
        _reclaim(os.path.join(path, name))


def remove_tree(path: str) -> None:
    try:
        os.rmdir(path)
        return
    except FileNotFoundError:
        return
    except OSError:
        pass
    import shutil

    _reclaim(path)
    shutil.rmtree(path, ignore_errors=True)
