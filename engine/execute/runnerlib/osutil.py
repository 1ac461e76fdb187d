"""Linux process plumbing for the worker and its children.

Resource limits, ``prctl(2)`` (through ctypes, loaded on first use), the worker's descendants as
listed in ``/proc``, inherited descriptors, and the worker's private directories.
"""

from __future__ import annotations

import errno
import os
import resource
from typing import Any, List, Optional

PR_SET_PDEATHSIG = 1
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


def remove_tree(path: str) -> None:
    try:
        os.rmdir(path)
        return
    except FileNotFoundError:
        return
    except OSError:
        pass
    import shutil

    def on_error(func: Any, failed: str, exc_info: Any) -> None:
        try:  # a test may have taken the write or search bit away
            os.chmod(os.path.dirname(failed), 0o700)
            os.chmod(failed, 0o700)
            func(failed)
        except OSError:
            pass

    shutil.rmtree(path, onerror=on_error)
