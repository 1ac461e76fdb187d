"""``guard_strings``: one string meeting every check the function makes of a parameter at once.

Parsers and validators guard their work behind several checks of one string: a length
(``len(s) != 7``), a first or last character (``s[0] != '#'``, ``startswith``), an alphabet
(``all(c in HEX for c in s[1:])``, ``isdigit()``).  Each strategy meets one check at most, so the
code past them (the change, often) never runs.  The checks a def makes of a string parameter,
on either version, are read from its body and composed: the prefix, characters of the alphabet,
the suffix, to each length compared with.  Then the same string with one check broken at a
time: a length one off, no prefix, a character outside the alphabet.  A first character checked
against a set (``s[0] in OPERATORS``, a module's or a class's constant) gives a prefix per
character.  A constructor's parameter that ``__init__`` stores (``self.text = text``) gets the
checks the class's methods make of that attribute: a template or a version object checks the
text it was built with where it parses it, not where it takes it.
"""

from __future__ import annotations

import ast
import string
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Optional, Set, Tuple

from ..plans import EntryPlan
from ..registry import Context, strategy
from ..strategies import per_plan
from ..values import vstr
from .common import base_receiver, each_value, interleave

STRATEGY = "guard_strings"
MAX_LENGTH = 64
NAMED_ALPHABETS = {"digits": string.digits, "hexdigits": string.hexdigits,
                   "octdigits": string.octdigits, "ascii_letters": string.ascii_letters,
                   "ascii_lowercase": string.ascii_lowercase,
                   "ascii_uppercase": string.ascii_uppercase, "punctuation": string.punctuation,
                   "whitespace": string.whitespace}
PREDICATE_ALPHABETS = {"isdigit": string.digits, "isdecimal": string.digits,
                       "isnumeric": string.digits, "isalpha": string.ascii_letters,
                       "isalnum": string.ascii_letters + string.digits,
                       "islower": string.ascii_lowercase, "isupper": string.ascii_uppercase,
                       "isspace": " "}


@dataclass
class Checks:
    """What a body checks of one string parameter."""

    lengths: List[int] = field(default_factory=list)
    prefixes: List[str] = field(default_factory=list)
    suffixes: List[str] = field(default_factory=list)
    alphabets: List[str] = field(default_factory=list)

    def empty(self) -> bool:
        return not (self.lengths or self.prefixes or self.suffixes or self.alphabets)


@strategy(STRATEGY, 1, rule=True)
def guard_strings(ctx: Context) -> Iterator[Tuple[EntryPlan, Dict[str, Any]]]:
    """For a string parameter the function checks several ways (a length, a first or last
    character, an alphabet), strings that pass every check at once, then each with one check
    broken: each strategy alone meets one check, and the code past them never runs."""
    return per_plan(ctx, STRATEGY, lambda plan, _rng: _plan_stream(plan))


def _plan_stream(plan: EntryPlan) -> Iterator[Dict[str, Any]]:
    source = plan.source
    if source is None:
        return iter(())
    ctor = base_receiver(plan)
    streams = []
    for slot in plan.call:
        checks = Checks()
        for raw in source.sides.values():
            if raw.node is not None:
                module = raw.tree.load(raw.module)
                merge(checks, checks_of(raw.node, slot.name,
                                        module.tree if module is not None else None))
        if not checks.empty():
            values = [vstr(text) for text in composed(checks)]
            streams.append(each_value(plan, "call", slot.name, values, ctor))
    for name, checks in sorted(_stored_checks(source).items()):
        if any(slot.name == name for slot in plan.ctor or []) and not checks.empty():
            values = [vstr(text) for text in composed(checks)]
            streams.append(each_value(plan, "ctor", name, values, ctor))
    return interleave(streams)


def _stored_checks(source: Any) -> Dict[str, Checks]:
    """Constructor parameter -> the checks the class's methods make of the attribute
    ``__init__`` stores it in, on either version."""
    out: Dict[str, Checks] = {}
    for raw in source.sides.values():
        model = raw.tree.class_model(raw.class_qual) if raw.class_qual else None
        init = model.methods.get("__init__") if model is not None else None
        if init is None:
            continue
        module = raw.tree.load(raw.module)
        for param, attribute in _stored(init[1]).items():
            checks = out.setdefault(param, Checks())
            for _owner, method in model.methods.values():
                merge(checks, checks_of(method, attribute,
                                        module.tree if module is not None else None))
    return out


def _stored(init: Any) -> Dict[str, str]:
    """Parameter -> ``self.<attribute>`` for the plain ``self.a = p`` statements of an
    ``__init__``."""
    args = getattr(init, "args", None)
    if args is None or not args.args:
        return {}
    me = args.args[0].arg
    params = {a.arg for a in args.args[1:] + args.kwonlyargs}
    out: Dict[str, str] = {}
    for sub in ast.walk(init):
        if isinstance(sub, ast.Assign) and len(sub.targets) == 1 and \
                isinstance(sub.value, ast.Name) and sub.value.id in params:
            target = _named(sub.targets[0])
            if target is not None and target.startswith(me + "."):
                out.setdefault(sub.value.id, "self." + target.split(".", 1)[1])
    return out


def merge(into: Checks, more: Checks) -> None:
    for name in ("lengths", "prefixes", "suffixes", "alphabets"):
        mine = getattr(into, name)
        mine.extend(v for v in getattr(more, name) if v not in mine)


def checks_of(node: ast.AST, name: str, module: Optional[ast.Module]) -> Checks:
    """The checks ``node``'s body makes of the parameter ``name`` (or of ``self.<attribute>``,
    whatever the method calls its first parameter)."""
    checks = Checks()
    constants = _module_strings(module)
    if name.startswith("self."):
        args = getattr(node, "args", None)
        if args is None or not args.args:
            return checks
        name = args.args[0].arg + name[4:]
    for sub in ast.walk(node):
        if isinstance(sub, ast.Compare) and len(sub.ops) == 1:
            if isinstance(sub.ops[0], (ast.In, ast.NotIn)):
                _leading(checks, sub.left, sub.comparators[0], name, constants)
            _compare(checks, sub.left, sub.comparators[0], name)
            _compare(checks, sub.comparators[0], sub.left, name)
        elif isinstance(sub, ast.Call) and isinstance(sub.func, ast.Attribute) and \
                _is(sub.func.value, name):
            _method(checks, sub.func.attr, sub.args)
        elif isinstance(sub, (ast.GeneratorExp, ast.ListComp, ast.SetComp)):
            _membership(checks, sub, name, constants)
    return checks


def _is(node: Any, name: str) -> bool:
    """``name`` itself, or a slice of it (``s[1:]``)."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
        node = node.value
    return _named(node) == name


def _named(node: Any) -> Optional[str]:
    """``s`` or ``self.s``: a name, or an attribute of one."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return node.value.id + "." + node.attr
    return None


def _leading(checks: Checks, left: Any, right: Any, name: str,
             constants: Dict[str, str]) -> None:
    """``s[0] in OPERATORS``: each character of the set is a prefix the body looks for."""
    if isinstance(left, ast.Subscript) and _named(left.value) == name and \
            isinstance(left.slice, ast.Constant) and left.slice.value == 0:
        for char in dict.fromkeys(_alphabet(right, constants) or ""):
            _add(checks.prefixes, char)


def _compare(checks: Checks, left: Any, right: Any, name: str) -> None:
    value = right.value if isinstance(right, ast.Constant) else None
    if isinstance(left, ast.Call) and isinstance(left.func, ast.Name) and \
            left.func.id == "len" and len(left.args) == 1 and _is(left.args[0], name) and \
            isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_LENGTH:
        _add(checks.lengths, value)
    elif isinstance(left, ast.Subscript) and _named(left.value) == name and \
            isinstance(value, str) and value:
        index = left.slice
        if isinstance(index, ast.Constant) and index.value == 0:
            _add(checks.prefixes, value)
        elif isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub) and \
                isinstance(index.operand, ast.Constant) and index.operand.value == 1:
            _add(checks.suffixes, value)
        elif isinstance(index, ast.Slice) and index.lower is None:
            _add(checks.prefixes, value)


def _method(checks: Checks, method: str, args: List[Any]) -> None:
    if method in ("startswith", "endswith") and args:
        found = _strings(args[0])
        for text in found[:3]:
            _add(checks.prefixes if method == "startswith" else checks.suffixes, text)
    elif method in PREDICATE_ALPHABETS:
        _add(checks.alphabets, PREDICATE_ALPHABETS[method])


def _membership(checks: Checks, comp: Any, name: str, constants: Dict[str, str]) -> None:
    """``c in ALPHABET for c in s`` (or ``s[1:]``), also negated."""
    if not comp.generators or not _is(comp.generators[0].iter, name):
        return
    target = comp.generators[0].target
    if not isinstance(target, ast.Name):
        return
    for sub in ast.walk(comp.elt):
        if isinstance(sub, ast.Compare) and len(sub.ops) == 1 and \
                isinstance(sub.ops[0], (ast.In, ast.NotIn)) and \
                isinstance(sub.left, ast.Name) and sub.left.id == target.id:
            alphabet = _alphabet(sub.comparators[0], constants)
            if alphabet:
                _add(checks.alphabets, alphabet)


def _alphabet(node: Any, constants: Dict[str, str]) -> Optional[str]:
    if isinstance(node, ast.Attribute):
        return NAMED_ALPHABETS.get(node.attr) or constants.get("." + node.attr)
    if isinstance(node, ast.Name):
        return constants.get(node.id) or NAMED_ALPHABETS.get(node.id)
    texts = _strings(node)
    return "".join(texts) or None


def _strings(node: Any) -> List[str]:
    """The strings of a literal: one, or those of a tuple, list, set or frozenset call."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
            node.func.id in ("set", "frozenset") and len(node.args) == 1:
        node = node.args[0]
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if node.value else []
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [e.value for e in node.elts if isinstance(e, ast.Constant) and
                isinstance(e.value, str) and e.value]
    return []


def _module_strings(module: Optional[ast.Module]) -> Dict[str, str]:
    """Module-level names bound once to a string (or a collection of strings), and as
    ``.name`` the class attributes of its classes (read as ``Cls.name`` or ``self.name``)."""
    out: Dict[str, str] = {}
    seen: Set[str] = set()
    body = module.body if module is not None else []
    classes = [(".", c.body) for c in body if isinstance(c, ast.ClassDef)]
    for prefix, statements in [("", body)] + classes:
        for stmt in statements:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and \
                    isinstance(stmt.targets[0], ast.Name):
                name = prefix + stmt.targets[0].id
                texts = _strings(stmt.value)
                if name in seen:
                    out.pop(name, None)
                elif texts:
                    out[name] = "".join(texts)
                seen.add(name)
    return out


def _add(values: List[Any], value: Any) -> None:
    if value not in values and len(values) < 4:
        values.append(value)


def composed(checks: Checks) -> List[str]:
    """Strings meeting every check, then each with one check broken, without repeats."""
    prefix = checks.prefixes[0] if checks.prefixes else ""
    suffix = checks.suffixes[0] if checks.suffixes else ""
    alphabet = _common(checks.alphabets) or "abc123"
    room = len(prefix) + len(suffix)
    # a length no body fits in (``len(s) > 1`` with a prefix) keeps the default beside it
    lengths = checks.lengths + ([room + 4] if all(n <= room for n in checks.lengths) else [])
    out: List[str] = []
    for length in lengths:
        for picks in (_spread(alphabet), alphabet[::-1], alphabet):
            body = _filled(picks, length - len(prefix) - len(suffix))
            if body is not None:
                _keep(out, prefix + body + suffix)
    for length in lengths:  # one check broken at a time
        body = _filled(_spread(alphabet), length - len(prefix) - len(suffix))
        if body is None:
            continue
        _keep(out, prefix + body + suffix + body[:1])  # a length one past
        _keep(out, prefix + body[:-1] + suffix if body else prefix + suffix[:-1])
        if prefix:
            _keep(out, body[:1] * len(prefix) + body + suffix)  # no prefix
        if suffix:
            _keep(out, prefix + body + body[:1] * len(suffix))
        outside = next((c for c in "g!Z~ " if c not in alphabet), None)
        if outside is not None and body:
            middle = len(body) // 2
            _keep(out, prefix + body[:middle] + outside + body[middle + 1:] + suffix)
    short = _filled(_spread(alphabet), 4) or ""
    for extra in checks.prefixes[1:]:  # the other prefixes the body looks for
        _keep(out, extra + short + suffix)
    for extra in checks.suffixes[1:]:
        _keep(out, prefix + short + extra)
    return out


def _common(alphabets: List[str]) -> str:
    """The characters every alphabet allows, in the first one's order (the first alone when
    they share none)."""
    if not alphabets:
        return ""
    common = [c for c in dict.fromkeys(alphabets[0]) if all(c in a for a in alphabets[1:])]
    return "".join(common) or alphabets[0]


def _spread(alphabet: str) -> str:
    """Characters from across the alphabet, not only its start: ``0``, ``9`` and ``c`` of a hex
    alphabet tell more apart than ``000000``."""
    step = max(1, len(alphabet) // 6)
    return alphabet[::step]


def _filled(picks: str, length: int) -> Optional[str]:
    if length < 0 or not picks:
        return None
    return (picks * (length // len(picks) + 1))[:length]


def _keep(out: List[str], text: str) -> None:
    if text not in out:
        out.append(text)
