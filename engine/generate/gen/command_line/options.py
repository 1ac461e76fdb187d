"""The options an entry point's code declares, whether each takes a value, and values to give.

Read from the entry function (its decorators too, for ``click``) or the ``__main__`` module, and
the project functions they call, two calls deep: ``argparse``/``optparse`` ``add_argument`` and
``add_option`` calls (a value unless ``action`` is a flag action; ``choices``), ``click.option``
(``is_flag``), ``getopt`` specifications (``"ho:"``, ``["output="]``) and any other string that
looks like an option.  Values: the option's choices, else the words the code compares with.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Set, Tuple

from pymodel.project import Tree
from pymodel.syntax import FUNCTION_NODES, dotted

OPTION = re.compile(r"^--?[A-Za-z0-9][A-Za-z0-9_-]*=?$")
WORD = re.compile(r"^[A-Za-z0-9][\w.+-]{0,19}$")
FLAG_ACTIONS = {"store_true", "store_false", "store_const", "append_const", "count", "help",
                "version", "BooleanOptionalAction"}
DECLARING = {"add_argument", "add_option", "option"}
MAX_FUNCTIONS = 12
MAX_WORDS = 12


@dataclass
class Option:
    takes_value: Optional[bool] = None  # None: the code does not say
    choices: List[str] = field(default_factory=list)


@dataclass
class Declared:
    options: Dict[str, Option] = field(default_factory=dict)  # in the order the code has them
    words: List[str] = field(default_factory=list)

    def add(self, name: str, takes_value: Optional[bool] = None,
            choices: Optional[List[str]] = None) -> None:
        option = self.options.setdefault(name, Option())
        if takes_value is not None:
            option.takes_value = takes_value
        option.choices += [c for c in choices or [] if c not in option.choices]


def declared(tree: Tree, module: str, function: Optional[str]) -> Declared:
    """What the entry point (``module:function``, or the module itself) declares."""
    out = Declared()
    for _module, node in _code(tree, module, function):
        _scan(node, out)
    return out


def _code(tree: Tree, module: str, function: Optional[str]) -> List[Tuple[str, Any]]:
    """The entry's own code, then the project functions it calls (two calls deep)."""
    mod = tree.load(module)
    if mod is None:
        return []
    start: Any = mod.tree if function is None else None
    if function is not None:
        found = tree.find_def(module + "." + function)
        start = found[1] if found and isinstance(found[1], FUNCTION_NODES) else None
    if start is None:
        return []
    out: List[Tuple[str, Any]] = [(module, start)]
    seen = {id(start)}
    frontier = [(module, start)]
    for _depth in range(2):
        following = []
        for owner, node in frontier:
            for call in (n for n in ast.walk(node) if isinstance(n, ast.Call)):
                if not isinstance(call.func, (ast.Name, ast.Attribute)):
                    continue
                sym = tree.resolve(owner, call.func)
                if sym is None or sym.kind != "function" or id(sym.node) in seen or \
                        len(out) >= MAX_FUNCTIONS:
                    continue
                seen.add(id(sym.node))
                out.append((sym.module or owner, sym.node))
                following.append((sym.module or owner, sym.node))
        frontier = following
    return out


def _scan(root: Any, out: Declared) -> None:
    declaring: Set[int] = set()
    for node in ast.walk(root):
        if isinstance(node, ast.Call):
            name = dotted(node.func) or ""
            last = name.rsplit(".", 1)[-1]
            if last in DECLARING:
                declaring.update(id(a) for a in node.args)
                _declaration(node, out)
            elif last in ("getopt", "gnu_getopt") and len(node.args) >= 2:
                _getopt(node, out)
                declaring.update(id(n) for n in ast.walk(node))
        elif isinstance(node, ast.Compare):
            for part in [node.left] + list(node.comparators):
                for sub in ast.walk(part):
                    text = _text(sub)
                    if text is not None and WORD.match(text) and text not in out.words and \
                            len(out.words) < MAX_WORDS:
                        out.words.append(text)
    for node in ast.walk(root):
        text = _text(node)
        if text is not None and id(node) not in declaring and OPTION.match(text) and \
                text not in ("-", "--"):
            out.add(text.rstrip("="), True if text.endswith("=") else None)


def _declaration(call: ast.Call, out: Declared) -> None:
    names = [t for t in (_text(a) for a in call.args) if t and t.startswith("-") and
             OPTION.match(t)]
    if not names:
        return
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    action = _text(keywords.get("action")) or dotted(keywords.get("action")) or ""
    flag = action.rsplit(".", 1)[-1] in FLAG_ACTIONS or \
        _constant(keywords.get("is_flag")) is True or _constant(keywords.get("nargs")) == 0
    choices = keywords.get("choices")
    listed = [t for t in (_text(c) for c in getattr(choices, "elts", [])) if t]
    for name in names:
        out.add(name, not flag, [c for c in listed if WORD.match(c)])


def _getopt(call: ast.Call, out: Declared) -> None:
    short = _text(call.args[1]) or ""
    for index, letter in enumerate(short):
        if letter.isalnum():
            out.add("-" + letter, short[index + 1:index + 2] == ":")
    longs = call.args[2] if len(call.args) > 2 else next(
        (k.value for k in call.keywords if k.arg == "longopts"), None)
    for item in getattr(longs, "elts", []):
        text = _text(item)
        if text:
            out.add("--" + text.rstrip("="), text.endswith("="))


def _text(node: Any) -> Optional[str]:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) \
        else None


def _constant(node: Any) -> Any:
    return node.value if isinstance(node, ast.Constant) else None
