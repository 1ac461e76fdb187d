"""Constants mined from the changed code, its callees and the functions on its call paths.

Every comparison constant (``x <= 100``, ``len(s) > 3``, ``kind == "strict"``, ``x in (1, 2)``,
``s.startswith("#")``), named module/class constants they use (``q >= BULK_THRESHOLD`` → 100),
every number of a constant table the code indexes with a variable (``x > LIMITS[level]``,
``RANGES[field][1]``: each row's second), the keys of the lookup tables the code indexes with
a value (``UNITS[unit]``, ``ALIASES.get(name)``, ``kind in HANDLERS``; entries on changed
lines first), and the literals of the changed lines are collected with the name of the
variable they are compared with (the *subject*), so that they can be fed to the parameter of
the same name; each constant comes back with its neighbours (``c-1, c, c+1``, string case
variants, the empty string).
The regular expressions the code applies (``re.match(r"...", text)``, ``LINK_RE.sub(f, text)``
with ``LINK_RE = re.compile(...)``, a changed module-level ``re.compile``) are kept with their
subjects too: :mod:`gen.regex_samples` writes strings of their shape. What is found goes into
a :class:`gen.mined.Mined`.
"""

from __future__ import annotations

import ast
from decimal import Decimal, InvalidOperation
from typing import Any, Dict, List, Optional, Set, Tuple

from pymodel.project import Tree
from pymodel.syntax import FUNCTION_NODES, dotted, subscript_slice

from .encoded_forms import QUOTES, decoder_family
from .flags import attributes_read, conditions, deciding_tests, flags_in
from .module_values import class_attribute, item_assignments
from .mined import W_CHANGED, W_RELATED, W_TARGET, Mined, kind_key
from .number_parsers import number_family
from .regex_literals import flags_of, guessed_flags, looks_like_regex
from .values import literal_of

TABLE_KEYS = 12  # keys taken from one lookup table
SCALARS = (int, float, str, bytes, bool)

_RE_FUNCTIONS = {"match": 1, "search": 1, "fullmatch": 1, "findall": 1, "finditer": 1,
                 "split": 1, "sub": 2, "subn": 2}  # re.<name>(pattern, ...): the subject's index
MAX_JOINED = 32  # strings of one ``+`` chain joined
MAX_JOINED_LENGTH = 4000
MAX_TABLE_ROWS = 64  # rows of a constant table read for the values an index can give

_STR_METHODS = {"startswith", "endswith", "split", "rsplit", "find", "rfind", "index",
                "rindex", "count", "replace", "strip", "lstrip", "rstrip", "partition",
                "rpartition", "removeprefix", "removesuffix", "get", "pop"}

SHORT_TOKEN = 3  # a string argument of a call in a condition this short is a token


class FunctionMiner:
    """Walks one function (old or new side) and records its constants into ``mined``."""

    def __init__(self, tree: Tree, module: str, cls: Optional[str], mined: Mined,
                 changed: Set[int], weight_changed: int, weight_other: int) -> None:
        self.tree = tree
        self.module = module
        self.cls = cls
        self.mined = mined
        self.changed = changed
        self.wc = weight_changed
        self.wo = weight_other
        self.spans: List[Tuple[int, int]] = []  # the changed statements' lines
        self.in_conditions: Set[int] = set()  # ids of the nodes inside a condition

    def weight(self, node: ast.AST) -> int:
        start = getattr(node, "lineno", 0)
        end = getattr(node, "end_lineno", start) or start
        if any(start <= line <= end for line in self.changed) or \
                any(first <= start and end <= last for first, last in self.spans):
            return self.wc
        return self.wo

    def _changed_spans(self, node: Any) -> None:
        """A changed line stands for its whole statement (the analysis maps every line of a
        multi-line statement to its first): ``return (... re.match(r"..." ...) ...)`` changed
        in its pattern is reported at ``return``.  A compound statement spans its header."""
        for sub in ast.walk(node) if self.changed else ():
            if isinstance(sub, ast.stmt) and sub.lineno in self.changed and \
                    not isinstance(sub, FUNCTION_NODES + (ast.ClassDef,)):
                body = getattr(sub, "body", None)
                last = body[0].lineno - 1 if isinstance(body, list) and body else \
                    (sub.end_lineno or sub.lineno)
                self.spans.append((sub.lineno, max(last, sub.lineno)))

    # -- constant evaluation -----------------------------------------------------------------
    def const(self, node: Any, depth: int = 0) -> Tuple[bool, Any]:
        """(found, value) for a literal, a named constant, ``Decimal("...")`` or strings
        joined by ``+``."""
        if depth > 6 or node is None:
            return False, None
        if isinstance(node, ast.Constant):
            if isinstance(node.value, (int, float, str, bytes, bool)) or node.value is None:
                return True, node.value
            return False, None
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            ok, v = self.const(node.operand, depth + 1)
            if ok and isinstance(v, (int, float, Decimal)) and not isinstance(v, bool):
                return True, -v
            return False, None
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            v = literal_of(node)
            if v is not None:
                return True, v
            # named constants in a display (``operator in (Range.OP_LT, Range.OP_LTE)``)
            items = [self.const(e, depth + 1) for e in node.elts]
            found = bool(items) and all(ok and (v is None or isinstance(v, SCALARS))
                                        for ok, v in items)
            return found, (tuple(v for _ok, v in items) if found else None)
        if isinstance(node, ast.JoinedStr):  # rf"...{_TIME_RE}..." of named constants
            parts = []
            for part in node.values:
                if isinstance(part, ast.FormattedValue):
                    if part.conversion != -1 or part.format_spec is not None:
                        return False, None
                    part = part.value
                ok, v = self.const(part, depth + 1)
                if not ok or not isinstance(v, str):
                    return False, None
                parts.append(v)
            return True, "".join(parts)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):  # PREFIX + r"..."
            return self._joined(node, depth)
        if isinstance(node, ast.Call) and (dotted(node.func) or "").split(".")[-1] in \
                ("Decimal", "float", "int") and len(node.args) == 1 and not node.keywords:
            ok, v = self.const(node.args[0], depth + 1)
            name = (dotted(node.func) or "").split(".")[-1]
            if ok and isinstance(v, (str, int, float)) and not isinstance(v, bool):
                try:
                    if name == "Decimal":
                        return True, Decimal(str(v)) if isinstance(v, float) else Decimal(v)
                    return True, (float(v) if name == "float" else int(v))
                except (InvalidOperation, ValueError, TypeError, OverflowError):
                    return False, None
            return False, None
        if isinstance(node, ast.Subscript):
            return self._table_column(node, depth)
        sym = self.named_value(node)
        if sym is not None:
            sub = FunctionMiner(self.tree, sym.module or self.module, None, self.mined,
                                set(), 0, 0)
            return sub.const(sym.node, depth + 1)
        return False, None

    def _table_column(self, node: ast.Subscript, depth: int) -> Tuple[bool, Any]:
        """Every scalar a constant table can give where the code indexes it by a variable:
        ``LIMITS[level]`` gives each of LIMITS's numbers, ``cls.RANGES[field][1]`` the second
        of each of its rows (a bound the code checks a parsed number against)."""
        column: Optional[int] = None
        inner = node
        index_ok, index = self.const(subscript_slice(node), depth + 1)
        if isinstance(node.value, ast.Subscript):
            if not index_ok or not isinstance(index, int) or isinstance(index, bool):
                return False, None
            column, inner = index, node.value
            index_ok, _ = self.const(subscript_slice(inner), depth + 1)
        if index_ok or isinstance(inner.value, ast.Subscript):
            return False, None  # a constant index is a subscript's own business
        ok, table = self.const(inner.value, depth + 1)
        if not ok or not isinstance(table, (tuple, list)) or len(table) > MAX_TABLE_ROWS:
            return False, None
        rows = table if column is None else [
            row[column] for row in table if isinstance(row, (tuple, list)) and
            -len(row) <= column < len(row)]
        values = tuple(v for v in rows if isinstance(v, SCALARS))
        return (True, values) if values and len(values) == len(rows) else (False, None)

    def _joined(self, node: ast.BinOp, depth: int) -> Tuple[bool, Any]:
        """The strings (or bytes) of a chain of ``+`` joined."""
        operands: List[Any] = []
        while isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and \
                len(operands) < MAX_JOINED:
            operands.append(node.right)
            node = node.left
        operands.append(node)
        parts = [self.const(operand, depth + 1) for operand in reversed(operands)]
        kinds = {type(v) for ok, v in parts if ok}
        if not all(ok for ok, _v in parts) or kinds not in ({str}, {bytes}):
            return False, None
        joined = parts[0][1][:0].join(v for _ok, v in parts)
        return (True, joined) if len(joined) <= MAX_JOINED_LENGTH else (False, None)

    def named_value(self, node: Any) -> Any:
        """The module or class constant a name or ``self.NAME`` refers to (None if other)."""
        sym = None
        if isinstance(node, ast.Name):
            sym = self.tree.lookup(self.module, node.id)
        elif isinstance(node, ast.Attribute):
            base = dotted(node.value)
            if base in ("self", "cls") and self.cls:
                klass = self.tree.class_sym(self.cls)
                sym = self.tree.member(klass, node.attr) if klass is not None else None
            else:
                sym = self.tree.resolve(self.module, node)
        return sym if sym is not None and sym.kind == "value" else None

    def table_keys(self, node: Any, weight: int) -> List[Tuple[Any, int]]:
        """The keys of the dict literal a named constant holds (a lookup table), each with its
        weight: an entry on a changed line of this module counts as changed code."""
        sym = self.named_value(node)
        if sym is None or not isinstance(sym.node, ast.Dict):
            return []
        same_module = (sym.module or self.module) == self.module
        return self.dict_keys(sym.node, weight, self.changed if same_module else set(),
                              self.wc)

    def dict_entries(self, table: ast.Dict) -> Dict[Any, str]:
        """A dict literal's constant keys, each with its value's source form."""
        out: Dict[Any, str] = {}
        for key_node, value_node in zip(table.keys, table.values):
            ok, v = self.const(key_node) if key_node is not None else (False, None)
            if ok and isinstance(v, (str, bytes, int)) and not isinstance(v, bool):
                out[v] = ast.dump(value_node)
        return out

    def dict_keys(self, table: ast.Dict, weight: int, changed: Set[int], changed_weight: int
                  ) -> List[Tuple[Any, int]]:
        """A dict literal's constant keys with weights, entries on ``changed`` lines first."""
        out: List[Tuple[Any, int]] = []
        for key_node, value_node in zip(table.keys, table.values):
            ok, v = self.const(key_node) if key_node is not None else (False, None)
            if not ok or not isinstance(v, (str, bytes, int)) or isinstance(v, bool):
                continue
            start = key_node.lineno
            end = getattr(value_node, "end_lineno", start) or start
            touched = any(start <= line <= end for line in changed)
            out.append((v, max(weight, changed_weight) if touched else weight))
        out.sort(key=lambda kv: -kv[1])  # changed entries first, then the table's order
        return out[:TABLE_KEYS]

    def _table_lookup(self, subject_node: Any, table_node: Any, weight: int) -> bool:
        keys = self.table_keys(table_node, weight)
        name, _, _ = self.subject(subject_node)
        for v, w in keys:
            self.mined.add(v, name, w)
            if name is None or w >= self.wc > 0:  # a changed entry: for every parameter too
                self.mined.add(v, None, max(w - 1, 0))
        return bool(keys)

    # -- subjects ----------------------------------------------------------------------------
    @staticmethod
    def subject(node: Any) -> Tuple[Optional[str], bool, Any]:
        """(name, is_length, inverse) for the compared expression; ``inverse`` maps a constant
        compared with the expression back to a value of the subject (for ``x * 2 > 100``)."""
        if isinstance(node, ast.Name):
            return node.id, False, None
        if isinstance(node, ast.Attribute):
            return node.attr, False, None
        if isinstance(node, ast.Call):
            fname = dotted(node.func) or ""
            if fname == "len" and len(node.args) == 1:
                name, _, _ = FunctionMiner.subject(node.args[0])
                return name, True, None
            if fname in ("int", "float", "abs", "str", "Decimal", "round") and node.args:
                return FunctionMiner.subject(node.args[0])
            if isinstance(node.func, ast.Attribute):  # x.lower(), x.strip() ...
                return FunctionMiner.subject(node.func.value)
        if isinstance(node, ast.Subscript):
            return FunctionMiner.subject(node.value)
        if isinstance(node, ast.BinOp) and isinstance(node.right, ast.Constant) and \
                isinstance(node.right.value, int) and not isinstance(node.right.value, bool):
            name, length, _ = FunctionMiner.subject(node.left)
            k = node.right.value
            op = type(node.op).__name__
            return name, length, (op, k)
        return None, False, None

    # -- walking -----------------------------------------------------------------------------
    def run(self, node: Any) -> None:
        self._changed_spans(node)
        self.in_conditions = {id(inner) for sub in ast.walk(node) for test in conditions(sub)
                              for inner in ast.walk(test)}
        if self.wc >= W_CHANGED and self.spans:
            for test in deciding_tests(node, lambda sub: self.weight(sub) == self.wc):
                read: List[Any] = []  # the compared expressions, in the order named
                for name, values in flags_in(test, self.const,
                                             lambda n: read.append(n) or self.subject(n)[0]):
                    self.mined.add_flag(name, values, isinstance(read[-1], ast.Attribute))
                for attribute in attributes_read(test):
                    if attribute not in self.mined.deciding_attributes:
                        self.mined.deciding_attributes.append(attribute)
        body = node.body if isinstance(node, FUNCTION_NODES) else [node]
        skip = _docstring_ids(node)
        for stmt in body if isinstance(body, list) else [body]:
            for sub in ast.walk(stmt):
                if id(sub) in skip:
                    continue
                if isinstance(sub, ast.Compare):
                    self.compare(sub)
                elif isinstance(sub, ast.Call):
                    self.call(sub)
                elif isinstance(sub, ast.Subscript):
                    self.subscript(sub)
                elif isinstance(sub, ast.JoinedStr):
                    for part in sub.values:
                        skip.add(id(part))
                        if isinstance(part, ast.FormattedValue):
                            continue
                elif isinstance(sub, ast.Constant) and self.weight(sub) == self.wc and \
                        self.wc > 0:
                    ok, v = self.const(sub)
                    if ok and v is not None and not isinstance(v, bool):
                        self.mined.add(v, None, self.wc - 1)
                if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Load):
                    self.mined.read(sub.attr, self.weight(sub))
                elif isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load):
                    self.mined.read(sub.id, self.weight(sub))
                if isinstance(sub, (ast.Name, ast.Attribute)) and self.wc > 0 and \
                        isinstance(getattr(sub, "ctx", None), ast.Load) and \
                        self.weight(sub) == self.wc:
                    ok, v = self.const(sub)
                    if ok and not isinstance(v, (tuple, list, set, frozenset)):
                        self.mined.add(v, None, self.wc - 1)

    def _record(self, subject_node: Any, value: Any, weight: int) -> None:
        name, length, inverse = self.subject(subject_node)
        values = [value]
        if isinstance(value, (tuple, list, set, frozenset)):
            values = sorted((v for v in value if isinstance(v, (int, float, str, bytes))),
                            key=kind_key)[:20]
        for v in values:
            self.mined.add(v, name, weight, length)
            if inverse is not None and isinstance(v, (int, float)) and not isinstance(v, bool):
                solved = _invert(inverse, v)
                if solved is not None:
                    self.mined.add(solved, name, weight, length)
            if name is not None:
                self.mined.add(v, None, max(weight - 1, 0), length)

    def compare(self, node: ast.Compare) -> None:
        weight = self.weight(node)
        operands = [node.left] + list(node.comparators)
        for index, op in enumerate(node.ops):
            left, right = operands[index], operands[index + 1]
            if isinstance(op, (ast.In, ast.NotIn)):
                if self._table_lookup(left, right, weight):
                    continue
                ok, v = self.const(right)
                if ok:
                    self._record(left, v, weight)
                else:
                    ok, v = self.const(left)
                    if ok and isinstance(v, (str, bytes, int)):
                        name, _, _ = self.subject(right)
                        self.mined.add(v, name, weight)
                continue
            for r_side in _branches(right):
                for l_side in _branches(left):
                    ok_r, vr = self.const(r_side)
                    ok_l, vl = self.const(l_side)
                    if ok_r and not ok_l:
                        self._record(l_side, vr, weight)
                    elif ok_l and not ok_r:
                        self._record(r_side, vl, weight)

    def regex(self, node: ast.Call, weight: int) -> None:
        """A regular expression applied by ``re.<function>`` or by a compiled pattern's
        method, with the name of what it is applied to."""
        fname = dotted(node.func) or ""
        func = node.func
        if fname.startswith("re.") and fname[3:] in _RE_FUNCTIONS and node.args:
            ok, pattern = self.const(node.args[0])
            index = _RE_FUNCTIONS[fname[3:]]
            subject = self.subject(node.args[index])[0] if len(node.args) > index else None
            if ok:
                self.mined.add_regex(pattern, flags_of(node), subject, weight)
        elif fname == "re.compile" and node.args:
            ok, pattern = self.const(node.args[0])
            if ok:
                self.mined.add_regex(pattern, flags_of(node), None, weight)
        elif isinstance(func, ast.Attribute) and func.attr in _RE_FUNCTIONS:
            sym = self.named_value(func.value)
            compiled = None
            if sym is not None:
                owner = FunctionMiner(self.tree, sym.module or self.module, None, self.mined,
                                      set(), 0, 0)
                compiled = compiled_pattern(sym.node, owner)
            if compiled is not None:
                index = _RE_FUNCTIONS[func.attr] - 1
                subject = self.subject(node.args[index])[0] if len(node.args) > index else None
                self.mined.add_regex(compiled[0], compiled[1], subject, weight)

    def call(self, node: ast.Call) -> None:
        weight = self.weight(node)
        self.regex(node, weight)
        family = decoder_family(node) or number_family(node)
        if family is not None:
            self.mined.add_decoder(family, weight)
        fname = dotted(node.func) or ""
        if fname == "isinstance" and len(node.args) == 2:
            name, _, _ = self.subject(node.args[0])
            types = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            for t in types:
                tname = dotted(t)
                if name and tname:
                    self.mined.kinds.setdefault(name, set()).add(tname.split(".")[-1])
            return
        if fname == "range":
            for arg in node.args:
                ok, v = self.const(arg)
                if ok and isinstance(v, int):
                    self.mined.add(v, None, weight)
            return
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("get", "pop") and \
                node.args and self._table_lookup(node.args[0], node.func.value, weight):
            return
        if id(node) in self.in_conditions:
            # a token a condition hands a helper to look for (``token.is_delim(",")``): the
            # code compares its input with it as surely as with ``==``
            for arg in list(node.args) + [k.value for k in node.keywords]:
                ok, v = self.const(arg)
                if ok and isinstance(v, (str, bytes)) and 0 < len(v) <= SHORT_TOKEN:
                    self.mined.add(v, None, weight)
        elif weight == self.wc and self.wc > 0 and not (
                isinstance(node.func, ast.Attribute) and node.func.attr in _STR_METHODS):
            # a quote a changed line hands a parser's building block (``QuotedString('"""')``):
            # a way of quoting the code reads from now on (other tokens of a plain call may be
            # a message's punctuation; a string method's own argument is read below)
            for arg in list(node.args) + [k.value for k in node.keywords]:
                ok, v = self.const(arg)
                if ok and isinstance(v, str) and 0 < len(v) <= SHORT_TOKEN and \
                        all(ch in QUOTES for ch in v):
                    self.mined.add(v, None, weight)
        if isinstance(node.func, ast.Attribute) and node.func.attr == "join":
            # the separator a join puts between parts (``" ".join(value.split())``): the token
            # a normalisation collapses to, as much the code's as one it splits on
            ok, v = self.const(node.func.value)
            if ok and isinstance(v, (str, bytes)) and 0 < len(v) <= SHORT_TOKEN:
                self.mined.add(v, None, weight)
        if isinstance(node.func, ast.Attribute) and node.func.attr in _STR_METHODS:
            name, _, _ = self.subject(node.func.value)
            for arg in node.args[:1]:
                ok, v = self.const(arg)
                if ok and isinstance(v, (str, bytes)):
                    self.mined.add(v, name, weight)
                    if isinstance(v, str) and v and name:
                        self.mined.add("a" + v + "b", name, max(weight - 1, 0))
                elif ok and isinstance(v, tuple):
                    for item in v:
                        if isinstance(item, str):
                            self.mined.add(item, name, weight)

    def subscript(self, node: ast.Subscript) -> None:
        ok, v = self.const(subscript_slice(node))
        if not ok or isinstance(v, tuple):  # a key taken from a table is looked up too
            self._table_lookup(subscript_slice(node), node.value, self.weight(node))
            return
        if ok and isinstance(v, int) and not isinstance(v, bool):
            name, _, _ = self.subject(node.value)
            n = v + 1 if v >= 0 else -v
            self.mined.add(n, name, self.weight(node), True)
        elif ok and isinstance(v, str):
            name, _, _ = self.subject(node.value)
            self.mined.add(v, None, self.weight(node))


def compiled_pattern(node: Any, miner: "FunctionMiner") -> Optional[Tuple[str, int]]:
    """(pattern, flags) of a ``re.compile(PATTERN, flags)`` call whose pattern is a constant
    (a literal, a named constant, an f-string of them)."""
    if isinstance(node, ast.Call) and dotted(node.func) == "re.compile" and node.args:
        ok, pattern = miner.const(node.args[0])
        if ok and isinstance(pattern, str):
            return pattern, flags_of(node)
    return None


def _branches(node: Any) -> List[Any]:
    """``a if c else b`` compares like ``a`` and like ``b``."""
    if isinstance(node, ast.IfExp):
        return _branches(node.body) + _branches(node.orelse)
    return [node]


def _invert(inverse: Tuple[str, int], value: Any) -> Optional[Any]:
    op, k = inverse
    try:
        if op == "Add":
            return value - k
        if op == "Sub":
            return value + k
        if op == "Mult" and k:
            return value // k if isinstance(value, int) else value / k
        if op == "FloorDiv":
            return value * k
        if op == "Mod" and k:
            return None
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        return None
    return None


def _docstring_ids(node: Any) -> Set[int]:
    out: Set[int] = set()
    for holder in ast.walk(node):
        body = getattr(holder, "body", None)
        if isinstance(holder, FUNCTION_NODES + (ast.ClassDef, ast.Module)) and body and \
                isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and \
                isinstance(body[0].value.value, str):
            out.add(id(body[0].value))
    return out


def callees(tree: Tree, module: str, cls: Optional[str], node: Any) -> List[str]:
    """Qualified names of project functions directly called by ``node`` (best effort)."""
    out: List[str] = []
    for sub in ast.walk(node):
        if not isinstance(sub, ast.Call):
            continue
        func = sub.func
        qual: Optional[str] = None
        if isinstance(func, ast.Attribute) and dotted(func.value) in ("self", "cls") and cls:
            model = tree.class_model(cls)
            if model is not None and func.attr in model.methods:
                qual = model.methods[func.attr][0] + "." + func.attr
        elif isinstance(func, (ast.Name, ast.Attribute)):
            sym = tree.resolve(module, func)
            if sym is not None and sym.kind == "function":
                qual = sym.name
        if qual is not None and qual not in out:
            out.append(qual)
    return out


def mine_function(tree: Tree, qual: str, mined: Mined, changed: Set[int],
                  weight_changed: int, weight_other: int) -> Optional[Any]:
    """Mine one function of ``tree`` by qualified name (a closure too); returns its node (or
    None)."""
    found = tree.find_local_def(qual)
    if found is None:
        return None
    module, node, classes = found
    if not isinstance(node, FUNCTION_NODES + (ast.Lambda,)):
        return None
    cls = qual.rsplit(".", 1)[0] if classes else None
    FunctionMiner(tree, module, cls, mined, changed, weight_changed, weight_other).run(node)
    return node


def mine_value_names(trees: Dict[str, Tree], names: List[str], mined: Mined, weight: int
                     ) -> None:
    """Module-level names whose definition changed (``DEFAULT_RATE = 0.2``): their values; a
    table's keys (of its literal and of the module's ``TABLE[key] = value`` statements), the
    keys of the entries that differ between the versions strongest."""
    for qual in names:
        module, _, name = qual.rpartition(".")
        tables: Dict[str, Dict[Any, str]] = {}
        assigned: Dict[str, Dict[Any, str]] = {}
        for side in sorted(trees):
            tree = trees[side]
            mined.side = side
            sym = tree.lookup(module, name) if module else None
            sym = sym if sym is not None and sym.kind == "value" else \
                class_attribute(tree, module, name)
            if sym is None:
                continue
            miner = FunctionMiner(tree, sym.module or module, None, mined, set(), 0, 0)
            assigned[side] = item_assignments(tree, sym.module or module, name, miner)
            compiled = compiled_pattern(sym.node, miner)
            if compiled is not None:  # the expression itself changed
                mined.add_regex(compiled[0], compiled[1], None, W_CHANGED)
                continue
            if isinstance(sym.node, ast.Dict):
                tables[side] = dict(miner.dict_entries(sym.node), **assigned[side])
                continue
            ok, v = miner.const(sym.node)
            if ok and isinstance(v, (tuple, list, set, frozenset)):
                for item in v:
                    mined.add(item, None, weight)
            elif ok:
                mined.add(v, None, weight)
                if looks_like_regex(v):  # _TIME_RE_STR = r"...", compiled elsewhere
                    mined.add_regex(v, guessed_flags(v), None, W_CHANGED)
        if any(assigned.values()):  # a table built by a call, then set item by item
            for side, items in assigned.items():
                tables.setdefault(side, dict(items))
        sides = list(tables.values())
        differing = {k for k in set().union(*sides) if len({t.get(k) for t in sides}) > 1} \
            if len(sides) == 2 else set()
        keys = sorted(set().union(*sides), key=lambda k: (k not in differing, kind_key(k)))
        for k in keys[:TABLE_KEYS]:
            mined.add(k, None, W_CHANGED if k in differing else weight)


def mine_target(trees: Dict[str, Tree], qual: str, changed: Dict[str, Any],
                items: List[Dict[str, Any]],
                changed_functions: Optional[Dict[str, Any]] = None) -> Mined:
    """Everything mined for one target, on both sides: the target (changed lines strongest),
    its callees (the changed lines of a callee the change also touches next: the target's new
    call of a new check passes its values through), the functions on its call paths, changed
    module-level constants and the constructors of the receivers its entry points need."""
    mined = Mined()
    paths = [item.get("path") or [] for item in items]
    for side in sorted(trees):
        tree = trees[side]
        mined.side = side
        lines = set((changed.get("changed_lines") or {}).get(side) or [])
        node = mine_function(tree, qual, mined, lines, W_CHANGED, W_TARGET)
        if node is not None:
            found = tree.find_local_def(qual)
            cls = qual.rsplit(".", 1)[0] if found and found[2] else None
            module = found[0] if found else ""
            for callee in callees(tree, module, cls, node)[:12]:
                if callee != qual:
                    also = (changed_functions or {}).get(callee) or {}
                    callee_lines = set((also.get("changed_lines") or {}).get(side) or [])
                    mine_function(tree, callee, mined, callee_lines, W_TARGET, W_RELATED)
        for path in paths:
            for fn in path:
                if fn != qual:
                    weight = W_RELATED + 1 if len(path) > 1 and fn == path[-2] else W_RELATED
                    mine_function(tree, fn, mined, set(), 0, weight)
        for item in items:  # receivers' constructors shape the objects the target sees
            dispatch = (item.get("entry") or {}).get("dispatch") or {}
            for name in sorted(dispatch) if isinstance(dispatch, dict) else []:
                mined.add(dispatch[name], name, W_CHANGED)  # "_visit_" + kind → kind
            cls_info = (item.get("entry") or {}).get("class") or {}
            model = tree.class_model(cls_info["qualname"]) \
                if isinstance(cls_info, dict) and cls_info.get("qualname") else None
            init = model.methods.get("__init__") if model is not None else None
            if init is not None:
                mine_function(tree, init[0] + ".__init__", mined, set(), 0, W_RELATED)
    mine_value_names(trees, list(changed.get("module_level_names") or []), mined, W_TARGET)
    for side, tree in trees.items():
        mined.side = side
        mine_callback_patterns(tree, qual, mined)
    mined.side = None
    return mined


def mine_callback_patterns(tree: Tree, qual: str, mined: Mined) -> None:
    """The patterns whose matches the module hands to the target as a callback
    (``re.sub(PATTERN, _replace, text)``, ``ENTITY.sub(_replace, text)``): nothing calls the
    target directly, so no call path brings them."""
    found = tree.find_def(qual)
    module = tree.module(found[0]) if found else None
    if module is None:
        return
    name = qual.rsplit(".", 1)[-1]
    miner = FunctionMiner(tree, found[0], None, mined, set(), 0, 0)
    for node in ast.walk(module.tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute) or \
                node.func.attr not in ("sub", "subn"):
            continue
        fname = dotted(node.func) or ""
        args = node.args[1:] if fname in ("re.sub", "re.subn") else node.args
        if not args or (dotted(args[0]) or "").rsplit(".", 1)[-1] != name:
            continue
        if fname in ("re.sub", "re.subn"):
            ok, pattern = miner.const(node.args[0])
            compiled = (pattern, flags_of(node)) if ok and isinstance(pattern, str) else None
        else:
            sym = miner.named_value(node.func.value)
            compiled = compiled_pattern(sym.node, miner) if sym is not None else None
        if compiled is not None:
            mined.add_regex(compiled[0], compiled[1], None, W_RELATED + 1)
