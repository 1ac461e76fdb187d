"""Genome → an ordinary, readable Python snippet.

A genome (JSON) describes one call::

    {"target": "pkg.mod._helper",
     "entry": {"qualname", "plan", "op", "dunder", "import", "expr", "method", "async",
               "show_result", "show_obj", "obj", "versions",
               "probe": optional, "membership" observes whether ``expr`` has ``dunder``,
               "class_protocol" observes the class ``expr`` itself (rules/class_header.py),
               "constant" prints the module constant ``constant`` names
               (rules/changed_constants.py),
               "observe": optional, "exception" prints the type and message of an exception},
     "environ": optional {name: value or null (unset)}, set before the imports,
     "ctor": null | [ARG, ...],          # the receiver object's constructor arguments
     "setup": [{"method": name, "args": [ARG, ...]}],   # optional: calls on the receiver first
     "args": [ARG, ...]}                 # the call's arguments
    ARG = {"name": param name, "value": VALUE, "pass": "pos" | "kw" | "star",
           "opt": true when the parameter has a default, "kind": parameter kind}

The snippet imports through the public path, builds the receiver (``invoice = Invoice(...)``),
binds mutable arguments to variables named after their parameters, performs the call (or the
operator / builtin that triggers a special method), and prints what it observes: the result's
repr (its sorted ``vars()`` when its class has no repr of its own, ``list()`` of an iterator), the
mutable arguments after the call and the receiver's state.  Nothing is wrapped in try/except,
except where a rule observes the exception's message (``observe``).
"""

from __future__ import annotations

import keyword
import re
from typing import Any, Dict, List, Optional, Set, Tuple

from pymodel.syntax import BUILTIN_NAMES

from .imports import bound_names, merge_imports
from .relation_snippet import render_relation
from .values import Value, is_mutable, render


class _AnyName:
    """Aliases for a dry run: every argument is bound to some variable."""

    @staticmethod
    def get(_name: str) -> str:
        return "x"

UNARY = {
    "__len__": "len({o})", "__bool__": "bool({o})", "__str__": "str({o})",
    "__repr__": "repr({o})", "__iter__": "list({o})", "__reversed__": "list(reversed({o}))",
    "__int__": "int({o})", "__float__": "float({o})", "__complex__": "complex({o})",
    "__bytes__": "bytes({o})", "__abs__": "abs({o})", "__neg__": "-{o}", "__pos__": "+{o}",
    "__invert__": "~{o}", "__index__": "operator.index({o})",
    "__length_hint__": "operator.length_hint({o})", "__next__": "next({o})",
    "__dir__": "sorted(dir({o}))", "__fspath__": "os.fspath({o})", "__copy__": "copy.copy({o})",
    "__deepcopy__": "copy.deepcopy({o})", "__trunc__": "math.trunc({o})",
    "__floor__": "math.floor({o})", "__ceil__": "math.ceil({o})",
    "__reduce__": "pickle.loads(pickle.dumps({o}))",
    "__reduce_ex__": "pickle.loads(pickle.dumps({o}))",
    "__getstate__": "pickle.loads(pickle.dumps({o}))",
    "__setstate__": "pickle.loads(pickle.dumps({o}))",
    "__getnewargs__": "pickle.loads(pickle.dumps({o}))",
    "__getnewargs_ex__": "pickle.loads(pickle.dumps({o}))",
}
WITH_ARGS = {
    "__contains__": "{a0} in {o}", "__getitem__": "{o}[{a0}]", "__missing__": "{o}[{a0}]",
    "__call__": "{o}({args})", "__format__": "format({o}, {a0})",
    "__round__": "round({o}, {a0})", "__getattr__": "getattr({o}, {a0})",
    "__getattribute__": "getattr({o}, {a0})", "__hash__": "hash({o}) == hash({a0})",
    "__eq__": "{o} == {a0}", "__ne__": "{o} != {a0}", "__lt__": "{o} < {a0}",
    "__le__": "{o} <= {a0}", "__gt__": "{o} > {a0}", "__ge__": "{o} >= {a0}",
    "__divmod__": "divmod({o}, {a0})", "__rdivmod__": "divmod({a0}, {o})",
    "__class_getitem__": "{C}[{a0}]",
}
STATEMENTS = {
    "__setitem__": "{o}[{a0}] = {a1}", "__delitem__": "del {o}[{a0}]",
    "__setattr__": "setattr({o}, {a0}, {a1})", "__delattr__": "delattr({o}, {a0})",
}
BINOPS = {"add": "+", "sub": "-", "mul": "*", "matmul": "@", "truediv": "/",
          "floordiv": "//", "mod": "%", "pow": "**", "lshift": "<<", "rshift": ">>",
          "or": "|", "xor": "^", "and": "&"}
MODULE_IMPORTS = ("operator", "os", "copy", "math", "pickle", "gc", "asyncio")
CLASS_LEVEL = {"__class_getitem__", "__init_subclass__"}
LAZY_ITEMS = 1000  # the items of a returned iterator a test consumes (some never end)


class _Renderer:
    def __init__(self, genome: Dict[str, Any]) -> None:
        self.genome = genome
        self.entry = genome.get("entry") or {}
        self.imports: Set[str] = set()
        if self.entry.get("import"):
            self.imports.add(str(self.entry["import"]))
        self.lines: List[str] = []
        self.prints: List[str] = []
        self.bound: Dict[str, str] = {}  # argument name (receiver: "") -> its variable
        self.taken: Set[str] = set(BUILTIN_NAMES) | {"result", "value", "Sub"}
        for line in list(self.imports):
            self.taken.update(bound_names(line))
        self.obj = str(self.entry.get("obj") or "obj")
        self.taken.add(self.obj)
        self.ctor_code: Optional[str] = None
        # names every value will import: a variable must never shadow one of them
        scratch: Set[str] = set()
        groups = [genome.get("ctor") or [], genome.get("args") or []] + \
            [item.get("args") or [] for item in genome.get("setup") or []]
        for group in groups:
            for arg in group:
                render(arg["value"], scratch, "", _AnyName())  # type: ignore[arg-type]
        for line in scratch:
            self.taken.update(bound_names(line))

    def value(self, value: Value) -> str:
        return render(value, self.imports, self.ctor_code, self.bound)

    def bind(self, name: str, value: Value, watch: bool) -> str:
        """Inline immutable values; bind mutable ones to a variable (printed after the call)."""
        code = self.value(value)
        if not is_mutable(value):
            return code
        var = name if name.isidentifier() and name not in self.taken else name + "_arg"
        index = 2
        while not var.isidentifier() or keyword.iskeyword(var) or var in self.taken:
            var = "%s_%d" % (re.sub(r"\W", "_", name) or "arg", index)
            index += 1
        self.taken.add(var)
        self.bound[name] = var
        self.lines.append("%s = %s" % (var, code))
        if watch:
            self.prints.append(show(var, "vars" if value.get("show") == "vars" else "repr"))
        return var

    def arglist(self, args: List[Dict[str, Any]], watch: bool) -> Tuple[List[str], List[str]]:
        parts: List[str] = []
        plain: List[str] = []
        for arg in args:
            code = self.bind(str(arg.get("name") or "arg"), arg["value"], watch)
            plain.append(code)
            if arg.get("pass") == "kw":
                parts.append("%s=%s" % (arg["name"], code))
            else:
                parts.append(code)
        return parts, plain

    def run(self) -> str:
        entry = self.entry
        op = entry.get("op") or "call"
        dunder = entry.get("dunder")
        expr = str(entry.get("expr") or "")
        ctor = self.genome.get("ctor")
        if entry.get("probe") == "class_protocol":  # rules/class_header.py
            return self.class_protocol(expr)
        if entry.get("probe") == "constant":  # rules/changed_constants.py
            return self.constant(str(entry.get("constant") or ""))
        if ctor is not None and not (op == "special" and dunder in CLASS_LEVEL):
            parts = [("%s=%s" % (a["name"], self.value(a["value"])) if a.get("pass") == "kw"
                      else self.value(a["value"])) for a in ctor]
            self.ctor_code = "%s(%s)" % (expr, ", ".join(parts))
            if op != "construct":
                self.lines.append("%s = %s" % (self.obj, self.ctor_code))
                self.bound[""] = self.obj
                for setup in self.genome.get("setup") or []:
                    args = [("%s=%s" % (a["name"], self.value(a["value"])) if a.get("pass") ==
                             "kw" else self.value(a["value"])) for a in setup.get("args") or []]
                    self.lines.append("%s.%s(%s)" % (self.obj, setup["method"], ", ".join(args)))
        parts, plain = self.arglist(self.genome.get("args") or [], watch=True)
        result: Optional[str] = None
        mode = str(entry.get("show_result") or "repr")
        method = entry.get("method")
        if op == "call":
            result = "%s(%s)" % (expr, ", ".join(parts))
        elif op == "static":
            result = "%s.%s(%s)" % (expr, method, ", ".join(parts))
        elif op == "method":
            result = "%s.%s(%s)" % (self.obj, method, ", ".join(parts))
        elif op == "property":
            result = "%s.%s" % (self.obj, method)
        elif op == "setter":
            self.lines.append("%s.%s = %s" % (self.obj, method, plain[0] if plain else "None"))
        elif op == "construct":
            self.lines.append("%s = %s" % (self.obj, self.ctor_code or expr + "()"))
        elif op == "special":
            result, mode = self.special(str(dunder), plain, parts, mode)
        if result is not None:
            if entry.get("async") and op in ("call", "static", "method"):
                self.imports.add("import asyncio")
                result = "asyncio.run(%s)" % result
            self.lines.append("result = %s" % result)
            if mode == "lazy":  # consumed at once: the values, bounded for endless iterators
                self.imports.update({"import collections.abc", "import itertools"})
                self.lines.append("result = list(itertools.islice(result, %d)) if isinstance("
                                  "result, collections.abc.Iterator) else result" % LAZY_ITEMS)
                mode = "repr"
            self.prints.insert(0, show("result", mode))
            self.call_returned(entry.get("call_result"))
        if entry.get("show_obj") and ctor is not None and op not in ("static",) and \
                not (op == "special" and dunder in CLASS_LEVEL | {"__del__"}):
            self.prints.append(show(self.obj, str(entry["show_obj"])))
        head = merge_imports(self.imports)
        body = self.lines + self.prints
        if entry.get("observe") == "exception" and not any("\n" in line for line in body):
            # rules/exception_messages.py; a multi-line value would change if indented
            body = ["try:"] + ["    " + line for line in body] + [
                "except Exception as error:",
                "    print('raises', type(error).__name__, str(error))"]
        return "\n".join(self.environ() + head + [""] + body) + "\n"

    def class_protocol(self, cls: str) -> str:
        """The class object's protocols: subscription and the ``collections.abc`` classes it
        is a subclass of."""
        self.imports.add("import collections.abc")
        body = ["try:",
                "    print(repr(%s[int]))" % cls,
                "except Exception as error:",
                "    print('subscript raises', type(error).__name__)",
                "print(sorted(name for name in collections.abc.__all__",
                "             if isinstance(getattr(collections.abc, name), type)",
                "             and issubclass(%s, getattr(collections.abc, name))))" % cls]
        return "\n".join(self.environ() + merge_imports(self.imports) + [""] + body) + "\n"

    def constant(self, qual: str) -> str:
        """A module constant's value, imported by its own name."""
        module, _, name = qual.rpartition(".")
        body = ["from %s import %s" % (module, name), "", "print(repr(%s))" % name]
        return "\n".join(self.environ() + body) + "\n"

    def environ(self) -> List[str]:
        """rules/environment.py: the variables set before anything is imported."""
        variables = self.genome.get("environ") or {}
        if not variables:
            return []
        return ["import os"] + [
            "os.environ.pop(%r, None)" % name if value is None else
            "os.environ[%r] = %r" % (name, value) for name, value in sorted(variables.items())]

    def call_returned(self, spec: Any) -> None:
        """Calls of the function the entry returned (rules/returned_callables.py): each link of
        the chain an argument list (``result(f)(3)`` for a decorator factory), the last call
        made ``times`` times on the same function, each result printed."""
        if not isinstance(spec, dict) or not isinstance(spec.get("chain"), list):
            return
        links = ["(%s)" % ", ".join(self.value(v) for v in args) for args in spec["chain"]]
        if not links:
            return
        callee = "result"
        if len(links) > 1:  # decorate once, then call the decorated function
            self.lines.append("decorated = result%s" % "".join(links[:-1]))
            callee = "decorated"
        for _ in range(max(1, min(int(spec.get("times") or 1), 3))):
            self.lines.append("returned = %s%s" % (callee, links[-1]))
            self.lines.append("print(repr(returned))")

    def special(self, dunder: str, plain: List[str], parts: List[str], mode: str
                ) -> Tuple[Optional[str], str]:
        expr = str(self.entry.get("expr") or "")
        o = self.obj if self.genome.get("ctor") is not None else expr  # a module's dunder
        if self.entry.get("probe") == "membership":  # rules/protocol_membership.py
            return "callable(getattr(%s, %r, None))" % (expr, dunder), "repr"
        fields = {"o": o, "C": expr, "args": ", ".join(parts),
                  "a0": plain[0] if plain else "None", "a1": plain[1] if len(plain) > 1 else "None"}
        if dunder in UNARY:
            text = UNARY[dunder].format(**fields)
            self._module_imports(text)
            return text, "repr"
        if dunder == "__round__" and not plain:
            return "round(%s)" % o, "repr"
        if dunder in WITH_ARGS:
            text = WITH_ARGS[dunder].format(**fields)
            # a call's result is shown as the method's plan says: a generator's items consumed
            return text, mode if dunder == "__call__" else "repr"
        if dunder in STATEMENTS:
            self.lines.append(STATEMENTS[dunder].format(**fields))
            return None, mode
        if dunder in ("__enter__", "__exit__"):
            self.lines.append("with %s as value:" % o)
            self.lines.append("    print(repr(value))")
            return None, mode
        if dunder == "__del__":
            self.imports.add("import gc")
            self.lines.append("del %s" % o)
            self.lines.append("gc.collect()")
            return None, mode
        if dunder == "__init_subclass__":
            self.lines.append("class Sub(%s):" % expr)
            self.lines.append("    pass")
            return "Sub.__name__", "repr"
        if dunder in ("__pow__",) and len(plain) > 1:
            return "pow(%s, %s)" % (o, ", ".join(plain)), "repr"
        core = dunder[2:-2]
        if core in BINOPS:
            return "%s %s %s" % (o, BINOPS[core], fields["a0"]), "repr"
        if core.startswith("r") and core[1:] in BINOPS:
            return "%s %s %s" % (fields["a0"], BINOPS[core[1:]], o), "repr"
        if core.startswith("i") and core[1:] in BINOPS:
            self.lines.append("%s %s= %s" % (o, BINOPS[core[1:]], fields["a0"]))
            return None, mode
        return "repr(%s)" % o, "repr"

    def _module_imports(self, text: str) -> None:
        for module in MODULE_IMPORTS:
            if text.startswith(module + ".") or ("(" + module + ".") in text:
                self.imports.add("import " + module)


def show(name: str, mode: str) -> str:
    if mode == "vars":
        return "print(sorted(vars(%s).items()))" % name
    if mode == "list":
        return "print(repr(list(%s)))" % name
    if mode == "pattern":  # a compiled pattern's repr is cut after 200 characters
        return "print(repr(getattr(%s, 'pattern', %s)), getattr(%s, 'flags', None))" % (
            name, name, name)
    return "print(repr(%s))" % name


def render_genome(genome: Dict[str, Any]) -> str:
    """The snippet for a genome (deterministic); a relation check when it carries one."""
    if genome.get("relation") is not None:
        return render_relation(genome)
    return _Renderer(genome).run()
