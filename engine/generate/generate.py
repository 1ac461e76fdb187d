"""DiffTriage's offline test generator (no network, no model; standard library, Python 3.8 - 3.13).

Usage::

    generate.py generate      --request REQ.json   # candidates for one round
    generate.py shrink        --request REQ.json   # simpler variants of one genome
    generate.py find-tests    --request REQ.json   # the project's tests that may reach the change
    generate.py convert-tests --request REQ.json   # which of them become snippets, and why not
    generate.py strategies                         # the strategy registry, as JSON

``--request -`` reads the request from stdin.  The answer is one JSON document on stdout (UTF-8,
sorted keys); the same request always yields a byte-identical answer.  Exit codes: 0 done, 2 bad
input (one line on stderr), 1 internal error.  The full protocol, with examples, is in
GENERATE_PROTOCOL.md next to this file; in short:

``generate`` request::

    {"seed": 1, "round": 0, "max_candidates": 40,
     "old_root": "/cache/base", "new_root": "/cache/head",
     "import_roots": {"old": "/cache/base/src", "new": "/cache/head/src"},
     "targets": <the JSON of ``analyze.py targets``>,
     "feedback": {"tests": [{"id": "t3", "target": "pkg.mod._helper", "genome": {...},
                             "covered": {"old": {"pkg/mod.py": [12, 13]}, "new": {...}},
                             "outcome": "ok"}],
                  "uncovered": {"pkg.mod._helper": {"old": [14], "new": [14, 15]}}}}

``feedback`` is optional (round 0).  Optional too: ``schedule`` (``{target: {"level": 0..2,
"plateaued": [strategy, ...]}}``; when present, exactly its targets get candidates, each from the
strategies of its level) and ``disabled_strategies`` (names switched off everywhere).  Without a
schedule, every target gets every strategy, and when ``uncovered`` is non-empty only the targets
it names get candidates.  ``import_roots`` values may be absolute or relative to their tree (default: the
analyzer's import roots, else the tree root).

``generate`` response::

    {"candidates": [{"target": "pkg.mod._helper", "entry": "pkg.mod.public_fn",
                     "genome": {...}, "code": "from pkg import public_fn\\n\\n..."}]}

At most ``max_candidates``, no two with the same code (nor the code of a feedback test), spread
round-robin over the targets; each names its ``strategy`` (also in its genome); round 0 adds
metamorphic relation checks of the changed public functions, which carry ``"relation":
"<label>"`` (configured by the request's ``relations``).
The genome format is documented in :mod:`gen.snippet`.

``shrink`` request: ``{"seed", "genome", ...}`` plus, optionally, the same fields as
``generate`` (with ``targets`` and the roots, shrinking keeps the mined boundary constants as
candidates).  Response: ``{"candidates": [{"target", "entry", "genome", "code"}]}``, the
preferred (simplest) variant first; each variant is strictly simpler than the genome.
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

from gen import GENERATOR_VERSION  # noqa: E402
from gen.command_line.candidates import is_command_genome  # noqa: E402
from gen.genome import is_genome  # noqa: E402
from gen.project_tests import convert_tests, find_tests  # noqa: E402
from gen.project_tests.candidates import is_project_genome  # noqa: E402
from gen.registry import check_names, describe  # noqa: E402
from gen.search import generate  # noqa: E402
from gen.shrink import shrink  # noqa: E402

MODES = {"generate": "candidate tests for one round",
         "shrink": "simpler variants of one genome",
         "find-tests": "the project's test files that may reach the changed code",
         "convert-tests": "which reaching project tests become snippets, and why not"}


class BadInput(Exception):
    """Invalid input: reported on one stderr line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise BadInput(message)


def make_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="generate.py", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--version", action="version", version=GENERATOR_VERSION)
    sub = parser.add_subparsers(dest="mode")
    for mode, text in MODES.items():
        p = sub.add_parser(mode, help=text)
        p.add_argument("--request", required=True, help="REQUEST.json ('-' for stdin)")
    sub.add_parser("strategies", help="the strategy registry: names, levels, what each tries")
    return parser


def load_request(path: str) -> Dict[str, Any]:
    try:
        if path == "-":
            data = json.loads(sys.stdin.buffer.read().decode("utf-8"))
        else:
            with open(path, "rb") as handle:
                data = json.loads(handle.read().decode("utf-8"))
    except (OSError, ValueError) as exc:
        raise BadInput("cannot read --request: %s" % exc)
    if not isinstance(data, dict):
        raise BadInput("the request must be a JSON object")
    return data


def validate(request: Dict[str, Any], mode: str) -> None:
    for name in ("seed", "round", "max_candidates", "max_files"):
        value = request.get(name)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise BadInput("%s must be an integer" % name)
    targets = request.get("targets")
    if targets is not None and not isinstance(targets, dict):
        raise BadInput("targets must be the JSON object of analyze.py targets")
    for name in ("changed_functions", "access"):
        if isinstance(targets, dict) and not isinstance(targets.get(name, []), list):
            raise BadInput("targets.%s must be a list" % name)
    if mode != "shrink":
        if targets is None:
            raise BadInput("%s needs targets" % mode)
        for side in ("old_root", "new_root"):
            root = request.get(side)
            if root is not None and (not isinstance(root, str) or not os.path.isdir(root)):
                raise BadInput("%s is not a directory: %s" % (side, root))
        feedback = request.get("feedback")
        if feedback is not None and not isinstance(feedback, dict):
            raise BadInput("feedback must be an object")
        validate_strategies(request)
    project_tests = request.get("project_tests")
    if project_tests is not None and not (isinstance(project_tests, dict) and isinstance(
            project_tests.get("tests", []), list)):
        raise BadInput("project_tests must be {\"tests\": [...]}")
    if mode == "shrink":
        genomes = request.get("genomes")
        if genomes is None:
            genomes = [request.get("genome")]
        elif not isinstance(genomes, list):
            raise BadInput("genomes must be a list of genome objects")
        if not all(is_genome(g) or is_project_genome(g) or is_command_genome(g)
                   for g in genomes):
            raise BadInput("shrink needs well-formed genome objects")


def validate_strategies(request: Dict[str, Any]) -> None:
    disabled = request.get("disabled_strategies")
    schedule = request.get("schedule")
    try:
        if disabled is not None:
            if not isinstance(disabled, list):
                raise ValueError("disabled_strategies must be a list of names")
            check_names(disabled)
        if schedule is not None:
            if not isinstance(schedule, dict):
                raise ValueError("schedule must be an object: {target: {level, plateaued}}")
            for entry in schedule.values():
                plateaued = entry.get("plateaued", []) if isinstance(entry, dict) else None
                if not isinstance(plateaued, list):
                    raise ValueError("schedule entries must be objects with a plateaued list")
                check_names(plateaued)
    except ValueError as exc:
        raise BadInput(str(exc))


def run(argv: Optional[List[str]] = None) -> Any:
    args = make_parser().parse_args(argv)
    if args.mode == "strategies":
        return {"strategies": describe()}
    if args.mode not in MODES:
        raise BadInput("a mode is required: %s or strategies" % ", ".join(MODES))
    request = load_request(args.request)
    validate(request, args.mode)
    handlers = {"generate": generate, "shrink": shrink, "find-tests": find_tests,
                "convert-tests": convert_tests}
    return handlers[args.mode](request)


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

    # Deeply nested project sources need deep recursion: a big stack and recursion limit.
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    try:
        threading.stack_size(256 * 1024 * 1024)
    except (ValueError, RuntimeError):  # pragma: no cover - platform without the knob
        pass
    thread = threading.Thread(target=work, name="generate")
    thread.start()
    thread.join()
    if "bad" in result:
        sys.stderr.write("generate.py: %s\n" % result["bad"])
        return 2
    if "exit" in result:
        return int(result["exit"])
    if "error" in result:
        sys.stderr.write("generate.py: internal error\n" + result["error"])
        return 1
    text = json.dumps(result["value"], sort_keys=True, indent=1, ensure_ascii=False) + "\n"
    sys.stdout.flush()
    sys.stdout.buffer.write(text.encode("utf-8", "backslashreplace"))
    sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
