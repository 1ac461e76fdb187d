"""DiffTriage's static analyser for Python projects (standard library only, Python 3.8 - 3.13).

Usage::

    analyze.py index   --root TREE [--import-root DIR ...] [--exclude GLOB ...]
                       [--no-default-excludes]
    analyze.py targets --old-root OLD --new-root NEW --changes CHANGES.json [--k 5]
                       [--import-root DIR ...] [--exclude GLOB ...] [--no-default-excludes]

``index`` emits the package model of one tree (modules, classes, functions with qualified names,
signatures, docstrings, kinds, module-level statements, the static call graph).  ``targets``
indexes both trees and emits the changed functions and their access information (how a test
reaches each one from the public API), split into both / old-only / new-only.  Output is JSON on
stdout, deterministic (sorted keys and lists); the schema is ``ANALYZE_SCHEMA.md`` next to this
file.

Exit codes: 0 done, 2 bad input (one line on stderr), 1 internal error.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
from typing import Any, Dict, List, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:  # ``python -I`` leaves the script's directory off sys.path
    sys.path.insert(0, HERE)

from pyanalysis import ANALYZER_VERSION  # noqa: E402
from pyanalysis.index import build_index  # noqa: E402
from pyanalysis.targets import compute_targets, load_changes  # noqa: E402


class BadInput(Exception):
    """Invalid command-line input: reported on one stderr line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise BadInput(message)


def make_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="analyze.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--version", action="version", version=ANALYZER_VERSION)
    sub = parser.add_subparsers(dest="mode")

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--import-root", action="append", default=None, metavar="DIR",
                       help="import root relative to the tree (repeatable; default: src/ when "
                            "the package lives there, else the tree root)")
        p.add_argument("--exclude", action="append", default=[], metavar="GLOB",
                       help="extra exclude glob (repeatable)")
        p.add_argument("--no-default-excludes", action="store_true",
                       help="do not apply the default excludes (tests, docs, examples, ...)")

    index = sub.add_parser("index", help="analyse one tree")
    index.add_argument("--root", required=True)
    common(index)
    targets = sub.add_parser("targets", help="changed functions and access information")
    targets.add_argument("--old-root", required=True)
    targets.add_argument("--new-root", required=True)
    targets.add_argument("--changes", required=True, help="CHANGES.json ('-' for stdin)")
    targets.add_argument("--k", type=int, default=5, help="call paths per private function")
    common(targets)
    return parser


def run(argv: Optional[List[str]] = None) -> Dict[str, Any]:
    args = make_parser().parse_args(argv)
    if args.mode == "index":
        if not os.path.isdir(args.root):
            raise BadInput("--root is not a directory: %s" % args.root)
        return build_index(args.root, args.import_root, args.exclude,
                           not args.no_default_excludes).to_json()
    if args.mode == "targets":
        for flag, path in (("--old-root", args.old_root), ("--new-root", args.new_root)):
            if not os.path.isdir(path):
                raise BadInput("%s is not a directory: %s" % (flag, path))
        if args.k < 1:
            raise BadInput("--k must be at least 1")
        try:
            changes = load_changes(args.changes)
        except (OSError, ValueError) as exc:
            raise BadInput("cannot read --changes: %s" % exc)
        return compute_targets(args.old_root, args.new_root, changes, k=args.k,
                               import_roots=args.import_root, excludes=args.exclude,
                               use_default_excludes=not args.no_default_excludes)
    raise BadInput("a mode is required: index or targets")


def main(argv: Optional[List[str]] = None) -> int:
    result: Dict[str, Any] = {}

    def work() -> None:
        try:
            result["value"] = run(argv)
        except BadInput as exc:
            result["bad"] = str(exc)
        except SystemExit as exc:  # --help / --version
            result["exit"] = exc.code if isinstance(exc.code, int) else 0
        except BaseException as exc:  # pragma: no cover - reported, not hidden
            import traceback
            result["error"] = "".join(traceback.format_exception(type(exc), exc,
                                                                 exc.__traceback__))

    # Deeply nested sources need deep recursion: run with a large stack and recursion limit.
    try:
        threading.stack_size(256 * 1024 * 1024)
        thread = threading.Thread(target=work, name="analyze")
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
        thread.start()
        thread.join()
    except (ValueError, RuntimeError, MemoryError):  # no big stack here (address-space limit)
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 3000))
        work()
    if "bad" in result:
        sys.stderr.write("analyze.py: %s\n" % result["bad"])
        return 2
    if "exit" in result:
        return int(result["exit"])
    if "error" in result:
        sys.stderr.write("analyze.py: internal error\n" + result["error"])
        return 1
    text = json.dumps(result["value"], sort_keys=True, indent=1, ensure_ascii=False) + "\n"
    sys.stdout.flush()
    # UTF-8 whatever the locale; a lone surrogate from a string literal becomes "?".
    sys.stdout.buffer.write(text.encode("utf-8", "replace"))
    sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
