"""The ``command_line`` strategy's candidates for a ``generate`` request.

For every entry point the change touches (on either version): the argument lists, in this
order: none, ``--help``, the options only one version declares, ``-``, ``1`` and two files (one
absolute, one relative) as positional arguments, then the other declared options; a flag alone,
a value-taking option with each of its first values; each with a whitespace table on standard
input, then again with JSON lines, then with comma-separated rows.  The entry points take turns; the list is fixed for a request, and a
round takes the next ones not tried yet.  An entry point that only one version has gets two
candidates (no arguments, ``--help``).  A console script that points at another function on
each version is imported from the new place, falling back to the old one only where the new one
is absent, so each version runs its own.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Set, Tuple

from ..plans import SIDES, Workspace
from ..registry import Context, strategy
from .entries import Entry, entries, touched
from .options import Declared, declared

STRATEGY = "command_line"
FIRST_ROUND = 32
PER_ROUND = 16
MAX_ARGVS = 40
ONE_SIDED = 2
VALUES_PER_OPTION = 3
# Standard input named as a file; a number (a count, a depth); two files, one named absolutely
# and one relatively (a program that finds their common folder may refuse the mix).
POSITIONAL = [["-"], ["1"], ["/srv/data/a.txt", "data/a.txt"]]
INPUTS = (("a table", "name value\nalpha 1\nbeta 2.5\ngamma -3\n"),
          ("JSON lines", '{"name": "alpha", "value": 1}\n{"name": "beta", "value": 2.5}\n'),
          ("comma-separated rows", "name,value\nalpha,1\nbeta,2.5\n"))


TERMINAL = '''class Terminal(io.TextIOWrapper):
    """Standard output and error of the program, kept even when it closes them."""

    def __init__(self):
        super().__init__(io.BytesIO(), encoding='utf-8', errors='replace', write_through=True)

    def close(self):
        self.flush()

    def text(self):
        self.flush()
        return self.buffer.getvalue().decode('utf-8', 'replace')'''


@strategy(STRATEGY, 0, rule=True, request_fed=True)
def command_line(ctx: Context) -> Any:
    """The project's console scripts and ``python -m`` packages that a changed module belongs to
    (or their ``__main__`` imports), run with argument lists built from the options their code
    declares and a small table on standard input; prints what they wrote and their exit
    status."""
    return iter(())


def is_command_genome(genome: Any) -> bool:
    return isinstance(genome, dict) and genome.get("strategy") == STRATEGY and \
        isinstance(genome.get("code"), str)


def tried_codes(tests: List[Dict[str, Any]]) -> Set[str]:
    return {t["genome"]["code"] for t in tests if is_command_genome(t.get("genome"))}


def round_candidates(request: Dict[str, Any], workspace: Workspace, aimed: Optional[Set[str]],
                     tried: Set[str]) -> List[Dict[str, Any]]:
    """This round's candidates: the next ones of the request's fixed list not tried yet."""
    targets = workspace.targets_json
    functions = [f for f in targets.get("changed_functions") or [] if isinstance(f, dict)]
    changed = _changed_files(targets)
    per_entry: List[List[Dict[str, Any]]] = []
    for key, per_side in sorted(_entries(workspace, changed).items()):
        reach = [(side, path) for side, entry in sorted(per_side.items())
                 for path in touched(workspace.trees[side], entry, changed[side])]
        if not reach:
            continue
        target = _target_in(functions, reach)
        if target is None or (aimed is not None and target not in aimed):
            continue
        argvs, inputs = _argvs(workspace, per_side), INPUTS
        if len(per_side) < len(SIDES):
            argvs, inputs = argvs[:ONE_SIDED], INPUTS[:1]
        moved_ok = _moved_ok(workspace, per_side)
        mine: List[Dict[str, Any]] = []
        for stdin in inputs:
            for argv in argvs:
                code = render(per_side, argv, stdin, moved_ok)
                if code is None or code in tried:
                    continue
                tried.add(code)
                genome = {"strategy": STRATEGY, "target": target, "code": code,
                          "command": {"entry": list(key), "argv": argv, "stdin": stdin[0]}}
                mine.append({"target": target, "entry": _qualname(per_side[_first(per_side)]),
                             "genome": genome, "code": code, "strategy": STRATEGY})
        per_entry.append(mine)
    # the entry points take turns
    out = [c for rank in range(max([len(m) for m in per_entry] + [0]))
           for c in (m[rank] for m in per_entry if rank < len(m))]
    limit = FIRST_ROUND if int(request.get("round") or 0) == 0 else PER_ROUND
    return out[:limit]


def _qualname(entry: Entry) -> str:
    return entry.module + ("." + entry.function if entry.function else "")


def _first(per_side: Dict[str, Entry]) -> str:
    return "new" if "new" in per_side else "old"


def _changed_files(targets: Dict[str, Any]) -> Dict[str, Set[str]]:
    out: Dict[str, Set[str]] = {side: set() for side in SIDES}
    for line in targets.get("changed_lines") or []:
        if isinstance(line, dict) and line.get("side") in out and line.get("statement") and \
                isinstance(line.get("file"), str):
            out[line["side"]].add(line["file"])
    return out


def _entries(workspace: Workspace, changed: Dict[str, Set[str]]
             ) -> Dict[Tuple[str, str], Dict[str, Entry]]:
    out: Dict[Tuple[str, str], Dict[str, Entry]] = {}
    for side in SIDES:
        for key, entry in entries(workspace.trees[side], changed[side]).items():
            out.setdefault(key, {})[side] = entry
    return out


def _target_in(functions: List[Dict[str, Any]], reach: List[Tuple[str, str]]) -> Optional[str]:
    """A changed function of the first file through which the change reaches the entry point."""
    for side, path in reach:
        for function in functions:
            if (function.get("files") or {}).get(side) == path:
                return function.get("qualname")
    return functions[0].get("qualname") if functions else None


def _argvs(workspace: Workspace, per_side: Dict[str, Entry]) -> List[List[str]]:
    found = {side: declared(workspace.trees[side], e.module, e.function)
             for side, e in per_side.items()}
    merged = Declared()
    words: List[str] = []
    for side in ("new", "old"):
        if side in found:
            for name, option in found[side].options.items():
                merged.add(name, option.takes_value, option.choices)
            words += [w for w in found[side].words if w not in words]
    one_sided = [n for n in merged.options if sum(n in d.options for d in found.values()) == 1]
    argvs: List[List[str]] = [[], ["--help"]]
    argvs += _with_options(merged, one_sided, words) + POSITIONAL
    argvs += _with_options(merged, [n for n in merged.options if n not in one_sided], words)
    unique: List[List[str]] = []
    for argv in argvs:
        if argv not in unique:
            unique.append(argv)
    return unique[:MAX_ARGVS]


def _with_options(declared_: Declared, names: List[str], words: List[str]) -> List[List[str]]:
    """A flag alone; a value-taking option with each of its first values."""
    argvs: List[List[str]] = []
    for name in names:
        option = declared_.options[name]
        values = (option.choices or words)[:VALUES_PER_OPTION] + ["1"]
        if option.takes_value is not True:
            argvs.append([name])
        if option.takes_value is not False:
            argvs += [[name, value] for value in values[:VALUES_PER_OPTION]]
    return argvs


def _moved_ok(workspace: Workspace, per_side: Dict[str, Entry]) -> bool:
    """Whether a script whose function moved can be told apart by importing: the new place must
    not exist on the old version."""
    new, old = per_side.get("new"), per_side.get("old")
    if new is None or old is None or (new.module, new.function) == (old.module, old.function):
        return True
    return workspace.trees["old"].find_def("%s.%s" % (new.module, new.function)) is None


def render(per_side: Dict[str, Entry], argv: List[str], inputs: Tuple[str, str],
           moved_ok: bool) -> Optional[str]:
    """The snippet running one command line on whichever version imports it."""
    entry = per_side[_first(per_side)]
    command = " ".join([entry.name] + argv)
    kind = "console script" if entry.function else "python -m"
    lines = ["# `%s` run as a command line (%s), %s on standard input" % (
             command, kind, inputs[0]),
             "import contextlib", "import io"]
    lines += ["import runpy"] if entry.function is None else []
    # the command line first: the window labels a test by its first statement
    lines += ["import sys", "",
              "sys.argv = %r" % ([entry.name] + argv,),
              "sys.stdin = io.TextIOWrapper(io.BytesIO(%r), encoding='utf-8')" % (
                  inputs[1].encode("utf-8"),),
              "", "", TERMINAL, "", "",
              "terminal = Terminal()",
              "status = None",
              "try:",
              "    with contextlib.redirect_stdout(terminal), "
              "contextlib.redirect_stderr(terminal):"]
    if entry.function is None:
        lines.append("        runpy.run_module(%r, run_name='__main__')" % (entry.name,))
    else:
        old = per_side.get("old")
        places = [entry]
        if old is not None and (old.module, old.function) != (entry.module, entry.function):
            if not moved_ok or "." in entry.function + str(old.function):
                return None
            places.append(old)
        head, _dot, rest = entry.function.partition(".")
        lines += _imports(places)
        lines.append("        status = %s()" % (head + (("." + rest) if rest else ""),))
    # Python's own exit: a status that is not a number is printed and the process exits with 1
    lines += ["except SystemExit as exit:", "    status = exit.code",
              "finally:",
              "    if status is not None and not isinstance(status, int):",
              "        print(status, file=terminal)",
              "        status = 1",
              "    print(terminal.text(), end='')",
              "print('exit status:', 0 if status is None else int(status))"]
    return "\n".join(lines) + "\n"


def _imports(places: List[Entry]) -> List[str]:
    first = places[0]
    name = first.function.partition(".")[0]  # type: ignore[union-attr]
    line = "from %s import %s" % (first.module, name)
    if len(places) == 1:
        return ["        " + line]
    other = places[1]
    other_name = other.function.partition(".")[0]  # type: ignore[union-attr]
    alias = "" if other_name == name else " as %s" % (name,)
    return ["        try:", "            " + line,
            "        except ImportError:  # the old version declares the script here",
            "            from %s import %s%s" % (other.module, other_name, alias)]
