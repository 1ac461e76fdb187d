"""``path_forms``: paths in the forms path functions tell apart, alone and related.

The name bias gives a parameter called ``path`` a few relative names; nothing gives it an
absolute path beside a relative one, although that is where ``os.path`` functions differ most
(``commonprefix`` and ``commonpath`` agree on relative siblings; ``commonpath`` refuses a mix of
absolute and relative paths, and ``/data/ab`` and ``/data/ac`` share the string ``/data/a`` but
only the directory ``/data``).  A parameter the target hands to a path function (``os.path``,
``pathlib``, ``open``, ``os``'s and ``shutil``'s file calls, ``glob``), directly or one element
at a time (``for p in paths``, ``join(*parts)``), or whose name says it holds paths, gets:

* one path: absolute and relative, with a trailing separator, ``.`` and ``..`` parts, a path
  through a symbolic link (``/bin/sh``), a doubled separator, a home-relative ``~``, the root and
  the current directory;
* several paths (a parameter whose elements are paths): pairs that relate them, one absolute
  and one relative, two that share a string prefix but not a directory, one inside the other,
  the same twice, a folder with and without its trailing separator;
* two path parameters of one call: the same pairs, one path each.

A receiver's path (``os.path.join(self.root, name)``) is given through the constructor's
parameter of the attribute's name.
"""

from __future__ import annotations

import ast
from typing import Any, Dict, Iterator, List, Optional, Set, Tuple

from pymodel.syntax import dotted

from ..plans import SIDES, EntryPlan
from ..registry import Context, strategy
from ..strategies import per_plan
from ..values import Value, vseq, vstr
from .common import (base_receiver, call_with, each_value, interleave, target_def,
                     target_module)
from .shapes import shaped_base

STRATEGY = "path_forms"
# /bin/sh is a symbolic link on every Debian-like system (to dash, and /bin itself to usr/bin):
# abspath and normpath keep it, realpath and resolve follow it.
ONE = ["/srv/data/a.txt", "a.txt", "data/", "./a.txt", "../a.txt", "/bin/sh", "data//a.txt",
       "~/a.txt", "/", ".", "/srv/data/", "data/./b/../a.txt", ""]
PAIRS = [("/srv/data/a.txt", "data/a.txt"), ("data/a.txt", "/srv/data/a.txt"),
         ("/srv/data/ab", "/srv/data/ac"), ("data/ab", "data/ac"),
         ("/srv/data", "/srv/data/sub/a.txt"), ("a.txt", "a.txt"), ("/srv/data/", "/srv/data"),
         ("/", "/srv")]
# Functions of a path (module prefixes, and bare names once imported from them).
PATH_MODULES = ("os.path.", "posixpath.", "ntpath.", "pathlib.", "shutil.", "glob.")
PATH_FUNCTIONS = {"open", "io.open", "Path", "PurePath", "PosixPath", "PurePosixPath",
                  "os.fspath", "os.listdir", "os.scandir", "os.walk", "os.stat", "os.lstat",
                  "os.makedirs", "os.mkdir", "os.remove", "os.unlink", "os.rename",
                  "os.replace", "os.rmdir", "os.chdir", "os.access"}
SEQUENCE_FUNCTIONS = {"commonpath", "commonprefix"}
# Wrappers a path passes through on its way to the function (``abspath(str(p))``).
PASS_THROUGH = {"str", "list", "tuple", "sorted", "os.fspath", "os.fsdecode", "os.fsencode"}
# Names of paths (``file`` and ``files`` are as often open files).
SINGULAR = ("path", "filename", "dir", "directory", "folder", "dirname")
PLURAL = ("paths", "filenames", "dirs", "directories", "folders")


@strategy(STRATEGY, 1, rule=True)
def path_forms(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """Paths in the forms path functions tell apart, for each parameter the target hands to
    os.path, pathlib, open or os's file calls (or named as a path): absolute and relative,
    trailing separators, '.', '..', '~' and the root; a parameter of several paths gets pairs
    that relate them (absolute with relative, a shared string prefix that is no shared
    directory, one inside the other, the same twice), as do two path parameters of one call."""
    uses: Dict[str, str] = {}
    for side in SIDES:
        imported = imported_path_names(target_module(ctx.target, side))
        for name, how in path_parameters(target_def(ctx.target, side), imported).items():
            uses.setdefault(name, how)
    for plan in ctx.target.plans:
        source = plan.source
        if source is None:
            continue
        module = source.tree.load(source.module)
        imported = imported_path_names(module.tree if module is not None else None)
        for name, how in path_parameters(source.node, imported).items():
            uses.setdefault(name, how)
    return per_plan(ctx, STRATEGY, lambda plan, _rng: _plan_stream(plan, uses))


def _plan_stream(plan: EntryPlan, uses: Dict[str, str]) -> Iterator[Dict[str, Any]]:
    ctor = base_receiver(plan)
    base = shaped_base(plan)
    streams = []
    singles = []
    for where, slots in (("call", plan.call), ("ctor", plan.ctor or [])):
        for slot in slots:
            how = uses.get(slot.name) or uses.get("self." + slot.name) or \
                uses.get("self._" + slot.name) or _named(slot.name)
            if how == "one":
                singles.append((where, slot.name))
                streams.append(each_value(plan, where, slot.name, [vstr(p) for p in ONE], ctor, base))
            elif how == "many":
                kind = slot.container or "list"
                streams.append(each_value(plan, where, slot.name, _sequences(kind), ctor, base))
    calls = [name for where, name in singles if where == "call"]
    if len(calls) >= 2:
        streams.append(_pairs(plan, calls[0], calls[1], base, ctor))
    return interleave(streams)


def _sequences(kind: str) -> List[Value]:
    out = [vseq(kind, [vstr(a), vstr(b)]) for a, b in PAIRS]
    out.append(vseq(kind, [vstr("/srv/data/a.txt"), vstr("/srv/data/b.txt"), vstr("c.txt")]))
    out.extend(vseq(kind, [vstr(p)]) for p in ("/srv/data/a.txt", "a.txt", "/"))
    return out


def _pairs(plan: EntryPlan, first: str, second: str, base: Dict[str, Value],
           ctor: Dict[str, Value]) -> Iterator[Dict[str, Any]]:
    for a, b in PAIRS:
        yield call_with(plan, dict(base, **{first: vstr(a), second: vstr(b)}), ctor)


def _named(name: str) -> Optional[str]:
    """``one`` or ``many`` when the name alone says the parameter holds paths."""
    lowered = name.lower().lstrip("_")
    if lowered.endswith(PLURAL):
        return "many"
    if lowered.endswith(SINGULAR):
        return "one"
    return None


def path_parameters(node: Any, imported: Set[str]) -> Dict[str, str]:
    """The parameters (and ``self.<attribute>``s) a def hands to a path function: ``one``
    for a path, ``many`` for several (a sequence function's argument, a loop's iterable whose
    item is a path, a starred argument)."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return {}
    params = {a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs}
    for extra in (node.args.vararg, node.args.kwarg):
        if extra is not None:
            params.add(extra.arg)
    found: Dict[str, str] = {}
    loops: Dict[str, str] = {}  # a loop variable -> the parameter it iterates
    for sub in ast.walk(node):
        if isinstance(sub, (ast.For, ast.comprehension)) and isinstance(sub.target, ast.Name):
            source = _subject(sub.iter, params)
            if source is not None:
                loops[sub.target.id] = source
    for sub in ast.walk(node):
        if not isinstance(sub, ast.Call) or not _is_path_function(sub.func, imported):
            continue
        sequence = _last_name(sub.func) in SEQUENCE_FUNCTIONS
        for arg in sub.args:
            starred = isinstance(arg, ast.Starred)
            subject = _subject(arg.value if starred else arg, params | set(loops))
            if subject is None:
                continue
            if subject in loops:
                found.setdefault(loops[subject], "many")
            else:
                found.setdefault(subject, "many" if sequence or starred else "one")
    return found


def _subject(node: Any, params: Set[str]) -> Optional[str]:
    """The parameter (or ``self.attr``) an argument is, through pass-through wrappers."""
    for _ in range(3):
        if isinstance(node, ast.Call) and len(node.args) == 1 and \
                dotted(node.func) in PASS_THROUGH:
            node = node.args[0]
    if isinstance(node, ast.Name) and node.id in params:
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
            node.value.id == "self":
        return "self." + node.attr
    return None


def _is_path_function(func: Any, imported: Set[str]) -> bool:
    name = dotted(func)
    if not name:
        return False
    return name in PATH_FUNCTIONS or name in imported or name.startswith(PATH_MODULES) or \
        name.startswith("path.")


def imported_path_names(module: Optional[ast.Module]) -> Set[str]:
    """The names a module imports from a path module (``from os.path import join``)."""
    out: Set[str] = set()
    for sub in ast.walk(module) if module is not None else []:
        if isinstance(sub, ast.ImportFrom) and (sub.module or "") in (
                "os.path", "posixpath", "pathlib", "shutil", "glob"):
            out.update(alias.asname or alias.name for alias in sub.names)
    return out


def _last_name(func: Any) -> str:
    return (dotted(func) or "").rpartition(".")[2]
