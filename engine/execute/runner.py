"""DiffTriage test runner: a persistent fork-server worker for one version of a Python project.

The C++ executor starts one worker per tree (old and new) as::

    [bwrap ...] python3 -I runner.py --root TREE --import-root DIR [--drop-user NAME]

and talks to it with JSON lines over stdin/stdout (see RUNNER_PROTOCOL.md next to this file).  For
every test the worker forks a fresh child that sets resource limits, optionally drops privileges,
redirects its output into capped pipes, installs a coverage probe limited to the requested changed
lines and runs the snippet (plain code, or the tests it defines), or one test of the project's own
test files (``collect_tests`` lists them).  The worker enforces the wall-clock limit with SIGKILL
to the child's process group, kills and reaps every leftover descendant, and answers with one JSON
line.

Design notes (measurements in RUNNER_PROTOCOL.md):

* The worker imports little (17 MB RSS on 3.11), freezes its heap for the GC before each fork and
  never imports project code, so forks are cheap and module-level lines of the project run, and
  are covered, in every child.
* Coverage: ``sys.monitoring`` on 3.12+; on 3.10-3.11, probes the worker compiles into the
  requested files (an installed trace function slows every frame on <= 3.11), with a
  ``sys.settrace`` probe for the files they cannot serve (and on 3.8-3.9), which only line-traces
  code objects that still contain an unhit requested statement.  Hits are streamed to the worker as they happen, so a
  test that times out or calls ``os._exit`` still reports its coverage.
* Project sources imported by a child are compiled once by the worker and handed to later children
  through fork (a path hook for the import root serves the cached code objects), so children do not
  recompile the project on every run; nothing is written to disk.

The implementation lives in the ``runnerlib`` package next to this file (its ``__init__`` lists
the modules); this script is the entry point: it imports the package and parses the command line.

Standard library only; Python 3.8 - 3.13; Linux (fork, poll, prctl, /proc).
"""

from __future__ import annotations

import os
import signal
import sys
from typing import Any, Dict, List, Optional

_HERE = os.path.dirname(os.path.abspath(__file__))

# runnerlib/ and executable_lines.py live next to this file.  -I keeps the script's directory off
# sys.path: add it for these imports and take it away again so tests cannot import runner
# internals (children also drop these modules from sys.modules).  The package imports all of its
# modules at once, since nothing can be imported from this directory later.  The standard modules
# the package needs are imported while the directory is first on sys.path, so no file here may
# be named like one.
sys.dont_write_bytecode = True  # children must never write .pyc files into trees
sys.path.insert(0, _HERE)
try:
    from runnerlib.common import register_own_file
    from runnerlib.confine import TestConfinement
    from runnerlib.osutil import close_inherited_fds
    from runnerlib.worker import Worker
finally:
    # Every copy: without -I (the executor uses -s to keep PYTHONHASHSEED) Python itself put the
    # script's directory first too.
    sys.path[:] = [entry for entry in sys.path
                   if os.path.abspath(entry or os.curdir) != _HERE]
register_own_file(__file__)


USAGE = ("usage: runner.py --root TREE [--import-root DIR] [--drop-user NAME] "
         "[--drop-capabilities] [--tracer settrace|sys.monitoring|probes] [--landlock-abi N] "
         "[--readable PATH]...")


def _parse_args(argv: List[str]) -> Dict[str, Any]:
    options: Dict[str, Any] = {"root": None, "import_root": None, "drop_user": None,
                               "tracer": None, "landlock_abi": "0", "readable": [],
                               "drop_capabilities": False}
    names = {"--root": "root", "--import-root": "import_root", "--drop-user": "drop_user",
             "--tracer": "tracer", "--landlock-abi": "landlock_abi", "--readable": "readable"}
    index = 0
    while index < len(argv):
        arg = argv[index]
        if arg == "--drop-capabilities":  # the one flag without a value
            options["drop_capabilities"] = True
            index += 1
            continue
        key, equals, value = arg.partition("=")
        if key not in names:
            raise SystemExit("runner.py: unknown argument %r" % arg)
        if not equals:
            index += 1
            if index >= len(argv):
                raise SystemExit("runner.py: %s needs a value" % arg)
            value = argv[index]
        if isinstance(options[names[key]], list):
            options[names[key]].append(value)
        else:
            options[names[key]] = value
        index += 1
    if not options["root"]:
        raise SystemExit(USAGE)
    if not options["landlock_abi"].isdigit():
        raise SystemExit("runner.py: --landlock-abi needs a number, not %r"
                         % options["landlock_abi"])
    return options


def main(argv: Optional[List[str]] = None) -> int:
    options = _parse_args(sys.argv[1:] if argv is None else argv)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # the executor may have left it ignored
    # No handler a test could trigger: inside bubblewrap the worker is the PID namespace's init,
    # to which its tests can send only the signals it handles.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_SETMASK, set())
    sys.dont_write_bytecode = True
    close_inherited_fds()
    worker = Worker(options["root"] or ".", options["import_root"] or ".",
                    options["drop_user"], options["tracer"],
                    TestConfinement(int(options["landlock_abi"]), options["readable"]),
                    options["drop_capabilities"])
    try:
        return worker.serve()
    finally:
        worker.cleanup()


if __name__ == "__main__":
    sys.exit(main())
