"""Special (dunder) methods: how each one is triggered, as a short syntax and an English hint.

Also the operator tables used by the call graph (``x + y`` → ``__add__``, reflected ``__radd__``).
"""

from __future__ import annotations

import ast
from typing import Dict, Optional, Tuple

from pymodel.syntax import is_dunder

# name -> (syntax, hint).  ``syntax`` is a short tag shown in lists; ``hint`` completes the sentence
# "Hints: ..." of the access information.
TRIGGERS: Dict[str, Tuple[str, str]] = {
    "__init__": ("Cls(...)", "called when an instance is constructed: Cls(...)"),
    "__new__": ("Cls(...)", "called when an instance is constructed: Cls(...)"),
    "__post_init__": ("Cls(...)", "called by the dataclass constructor after the fields are set: "
                      "Cls(...)"),
    "__init_subclass__": ("class Sub(Cls)",
                          "called when a subclass is defined: class Sub(Cls): ..."),
    "__class_getitem__": ("Cls[...]", "called when the class is subscripted: Cls[item]"),
    "__call__": ("obj(...)", "called when an instance is called like a function: obj(...)"),
    "__eq__": ("==", "called when an instance is compared with ==: obj == other"),
    "__ne__": ("!=", "called when an instance is compared with !=: obj != other"),
    "__lt__": ("<", "called when an instance is compared with <: obj < other (and by sorted())"),
    "__le__": ("<=", "called when an instance is compared with <=: obj <= other"),
    "__gt__": (">", "called when an instance is compared with >: obj > other"),
    "__ge__": (">=", "called when an instance is compared with >=: obj >= other"),
    "__hash__": ("hash()", "called by hash(obj) and when the instance is used as a dict key or "
                 "set member"),
    "__bool__": ("bool()", "called by bool(obj), `not obj` and `if obj:`"),
    "__len__": ("len()", "called by len(obj) (and by bool(obj) when __bool__ is missing)"),
    "__length_hint__": ("operator.length_hint()", "called by operator.length_hint(obj)"),
    "__contains__": ("in", "called by the `in` operator: item in obj"),
    "__iter__": ("iteration", "called when the instance is iterated: for x in obj, list(obj)"),
    "__aiter__": ("async iteration", "called by `async for x in obj`"),
    "__next__": ("next()", "called by next(obj) and on each step of a for loop over it"),
    "__anext__": ("anext()", "called on each step of `async for`"),
    "__reversed__": ("reversed()", "called by reversed(obj)"),
    "__getitem__": ("[]", "called when the instance is subscripted: obj[key]"),
    "__setitem__": ("[]=", "called on item assignment: obj[key] = value"),
    "__delitem__": ("del []", "called on item deletion: del obj[key]"),
    "__missing__": ("[] (missing key)", "called by dict subclasses when obj[key] misses"),
    "__getattr__": ("attribute access", "called when a missing attribute is read: obj.name"),
    "__getattribute__": ("attribute access", "called on every attribute read: obj.name"),
    "__setattr__": ("attribute assignment", "called on attribute assignment: obj.name = value"),
    "__delattr__": ("del attribute", "called on attribute deletion: del obj.name"),
    "__dir__": ("dir()", "called by dir(obj)"),
    "__get__": ("descriptor access", "called when the instance, stored as a class attribute, is "
                "read through an instance or class"),
    "__set__": ("descriptor assignment", "called when the descriptor attribute is assigned"),
    "__delete__": ("descriptor deletion", "called when the descriptor attribute is deleted"),
    "__set_name__": ("class creation", "called when the owning class is created"),
    "__str__": ("str()", "called by str(obj), print(obj) and f-strings"),
    "__repr__": ("repr()", "called by repr(obj), in the interactive shell and by containers' repr"),
    "__format__": ("format()", "called by format(obj, spec) and f'{obj:spec}'"),
    "__bytes__": ("bytes()", "called by bytes(obj)"),
    "__int__": ("int()", "called by int(obj)"),
    "__float__": ("float()", "called by float(obj)"),
    "__complex__": ("complex()", "called by complex(obj)"),
    "__index__": ("operator.index()", "called when the instance is used as an integer index: "
                  "seq[obj], operator.index(obj)"),
    "__round__": ("round()", "called by round(obj)"),
    "__trunc__": ("math.trunc()", "called by math.trunc(obj)"),
    "__floor__": ("math.floor()", "called by math.floor(obj)"),
    "__ceil__": ("math.ceil()", "called by math.ceil(obj)"),
    "__abs__": ("abs()", "called by abs(obj)"),
    "__neg__": ("unary -", "called by -obj"),
    "__pos__": ("unary +", "called by +obj"),
    "__invert__": ("~", "called by ~obj"),
    "__enter__": ("with", "called when the instance is used as a context manager: with obj as x:"),
    "__exit__": ("with", "called when leaving `with obj:` (also when the block raises)"),
    "__aenter__": ("async with", "called by `async with obj as x:`"),
    "__aexit__": ("async with", "called when leaving `async with obj:`"),
    "__await__": ("await", "called by `await obj`"),
    "__copy__": ("copy.copy()", "called by copy.copy(obj)"),
    "__deepcopy__": ("copy.deepcopy()", "called by copy.deepcopy(obj)"),
    "__reduce__": ("pickle", "called by pickle.dumps(obj) and copy"),
    "__reduce_ex__": ("pickle", "called by pickle.dumps(obj) and copy"),
    "__getstate__": ("pickle", "called by pickle.dumps(obj) and copy"),
    "__setstate__": ("unpickle", "called by pickle.loads(...) and copy"),
    "__getnewargs__": ("pickle", "called by pickle.dumps(obj)"),
    "__getnewargs_ex__": ("pickle", "called by pickle.dumps(obj)"),
    "__sizeof__": ("sys.getsizeof()", "called by sys.getsizeof(obj)"),
    "__fspath__": ("os.fspath()", "called by os.fspath(obj) and open(obj)"),
    "__instancecheck__": ("isinstance()", "called by isinstance(x, obj)"),
    "__subclasscheck__": ("issubclass()", "called by issubclass(x, obj)"),
    "__del__": ("garbage collection", "called when the instance is garbage-collected"),
    "__matmul__": ("@", "called by obj @ other"),
    "__divmod__": ("divmod()", "called by divmod(obj, other)"),
    "__pow__": ("**", "called by obj ** other and pow(obj, other)"),
}

BINOPS: Dict[type, str] = {
    ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.MatMult: "matmul", ast.Div: "truediv",
    ast.FloorDiv: "floordiv", ast.Mod: "mod", ast.Pow: "pow", ast.LShift: "lshift",
    ast.RShift: "rshift", ast.BitOr: "or", ast.BitXor: "xor", ast.BitAnd: "and",
}
BINOP_SYMBOLS: Dict[str, str] = {
    "add": "+", "sub": "-", "mul": "*", "matmul": "@", "truediv": "/", "floordiv": "//",
    "mod": "%", "pow": "**", "lshift": "<<", "rshift": ">>", "or": "|", "xor": "^", "and": "&",
}

# Compare op -> (method on the left operand, reflected method on the right operand)
COMPARES: Dict[type, Tuple[str, str]] = {
    ast.Eq: ("__eq__", "__eq__"), ast.NotEq: ("__ne__", "__ne__"),
    ast.Lt: ("__lt__", "__gt__"), ast.LtE: ("__le__", "__ge__"),
    ast.Gt: ("__gt__", "__lt__"), ast.GtE: ("__ge__", "__le__"),
}
COMPARE_SYMBOLS: Dict[type, str] = {
    ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=",
}
UNARY: Dict[type, str] = {ast.USub: "__neg__", ast.UAdd: "__pos__", ast.Invert: "__invert__"}

# builtin function -> special methods of its first argument, tried in order (first found wins)
BUILTIN_SPECIALS: Dict[str, Tuple[str, ...]] = {
    "len": ("__len__",), "str": ("__str__", "__repr__"), "repr": ("__repr__",),
    "hash": ("__hash__",), "bool": ("__bool__", "__len__"), "iter": ("__iter__", "__getitem__"),
    "next": ("__next__",), "abs": ("__abs__",), "int": ("__int__", "__index__"),
    "float": ("__float__", "__index__"), "complex": ("__complex__",), "bytes": ("__bytes__",),
    "reversed": ("__reversed__",), "format": ("__format__", "__str__", "__repr__"),
    "dir": ("__dir__",), "round": ("__round__",), "divmod": ("__divmod__",),
    "pow": ("__pow__",), "list": ("__iter__", "__getitem__"),
    "tuple": ("__iter__", "__getitem__"), "set": ("__iter__", "__getitem__"),
    "frozenset": ("__iter__", "__getitem__"), "sorted": ("__iter__", "__getitem__"),
    "enumerate": ("__iter__", "__getitem__"), "sum": ("__iter__", "__getitem__"),
    "min": ("__iter__",), "max": ("__iter__",), "any": ("__iter__",), "all": ("__iter__",),
    "zip": ("__iter__",), "map": (), "print": ("__str__", "__repr__"),
}


def trigger_for(name: str) -> Optional[Dict[str, str]]:
    """{"method", "syntax", "hint"} for a special method name (operators included)."""
    if name in TRIGGERS:
        syntax, hint = TRIGGERS[name]
        return {"method": name, "syntax": syntax, "hint": hint}
    core = name[2:-2] if is_dunder(name) else ""
    for prefix, what in (("", "obj {op} other"), ("r", "other {op} obj (reflected)"),
                         ("i", "obj {op}= other (in place)")):
        if core.startswith(prefix) and core[len(prefix):] in BINOP_SYMBOLS:
            op = BINOP_SYMBOLS[core[len(prefix):]]
            syntax = (op + "=") if prefix == "i" else op
            return {"method": name, "syntax": syntax,
                    "hint": "called by " + what.format(op=op)}
    if is_dunder(name):
        return {"method": name, "syntax": name,
                "hint": "a special method called implicitly by Python for " + name}
    return None
