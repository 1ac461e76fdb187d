"""Which operating-system errors the sandbox caused rather than the code under test.

Landlock refuses to open what lies outside the tree and the system's libraries with ``EACCES``;
outside the sandbox the same call would open the path or fail for its own reason (``/`` is a
directory, the file is missing).  Landlock leaves ``access(2)`` alone, so a ``PermissionError``
on a path that ``os.access`` calls readable, and that this process still cannot open, was the
sandbox's refusal, not the file's permissions.  Code that raises such an error itself with a path it
may read is the system's answer; a hostile version can fake a refusal only of a path the sandbox
refuses, and the judge ignores it only against another OS error.
The judge does not compare such a side with another side's OS error: their difference would be
the sandbox's, not the change's.
"""

from __future__ import annotations

import errno
import os
from typing import Optional

SANDBOX = "sandbox"  # refused by the sandbox although the file's permissions allow it
SYSTEM = "system"  # any other OSError: the system's own answer


def os_error_kind(exc: BaseException) -> Optional[str]:
    """``SANDBOX``, ``SYSTEM`` or None (not an ``OSError``)."""
    if not isinstance(exc, OSError):
        return None
    if exc.errno != errno.EACCES or not isinstance(exc.filename, (str, bytes)):
        return SYSTEM
    try:
        if not os.access(exc.filename, os.R_OK):
            return SYSTEM
        # Non-blocking and no controlling terminal: the path may be a FIFO or a device.
        fd = os.open(exc.filename, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except PermissionError:
        return SANDBOX
    except (OSError, ValueError, TypeError):
        return SYSTEM
    os.close(fd)
    return SYSTEM
