"""Function scopes: the local names of a function body and the types that follow for them.

A :class:`Scope` is the :class:`~pyanalysis.names.Namespace` of one function: its parameters,
locals, ``global`` / ``nonlocal`` declarations and enclosing functions, and the types of locals
that follow from the code (``self``/``cls``, annotations, constructor calls, return annotations,
``super()``).  :func:`function_scopes` builds one per function of a package.
"""

from __future__ import annotations

import ast
from typing import Any, Dict, List, Optional, Set, Tuple

from pymodel.bindings import Binding
from pymodel.resolve import Ref
from pymodel.syntax import FUNCTION_NODES, parameters

from .model import FunctionInfo, ModuleInfo
from .names import Names, Namespace

_POSITIONAL = ("positional_only", "positional_or_keyword")


class Scope(Namespace):
    """Name resolution and light type inference for one function body."""

    def __init__(self, names: Names, mod: ModuleInfo, owner: FunctionInfo,
                 enclosing: List[Namespace], use_attr_types: bool = True) -> None:
        super().__init__(names, mod, owner, enclosing, use_attr_types)
        self.nonlocal_names: Set[str] = set()
        self.call_funcs: Set[int] = set()
        self._sources: Dict[str, List[Tuple[str, Any]]] = {}
        self._setup_function(owner)

    # -- ownership ---------------------------------------------------------------------------
    def _setup_function(self, owner: FunctionInfo) -> None:
        node = owner.node
        if isinstance(node, ast.Lambda):
            self.roots = [node.body]
        else:
            self.roots = list(node.body)
        listed = parameters(node.args)
        self.local_names.update(arg.arg for arg, _kind, _default in listed)
        positional = [arg.arg for arg, kind, _default in listed if kind in _POSITIONAL]
        first = positional[0] if positional else None
        cls = owner.class_qualname
        if cls is not None and first is not None:
            if owner.callable_kind in ("method", "property") and owner.name != "__new__":
                self.self_name = first
            elif owner.callable_kind == "classmethod" or owner.name in ("__new__",
                                                                        "__init_subclass__",
                                                                        "__class_getitem__"):
                self.cls_name = first

    def prepare(self) -> None:
        """Collect local names and infer local types (two rounds, flow-insensitive)."""
        if self.owner is None:
            return
        sources: Dict[str, List[Tuple[str, Any]]] = self._sources

        def add(name: str, kind: str, value: Any = None) -> None:
            sources.setdefault(name, []).append((kind, value))

        for node in self.owned():
            if isinstance(node, ast.Call):
                self.call_funcs.add(id(node.func))
            if isinstance(node, ast.Global):
                self.global_names.update(node.names)
            elif isinstance(node, ast.Nonlocal):
                self.nonlocal_names.update(node.names)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                self.local_names.add(node.id)
            elif isinstance(node, FUNCTION_NODES) or isinstance(node, ast.ClassDef):
                self.local_names.add(node.name)
                prefix = self.owner.qualname + ".<locals>." + node.name
                if isinstance(node, ast.ClassDef):
                    add(node.name, "ref", Ref("class", prefix))
                else:
                    add(node.name, "ref", Ref("function", prefix))
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for alias in node.names:
                    if alias.name == "*":
                        continue
                    if isinstance(node, ast.Import):
                        local = alias.asname or alias.name.split(".")[0]
                        target = alias.name if alias.asname else alias.name.split(".")[0]
                        add(local, "ref", self.names.module_ref(target))
                    else:
                        local = alias.asname or alias.name
                        binding = Binding("importfrom", node.lineno, module=node.module or "",
                                          name=alias.name, level=node.level)
                        add(local, "ref", self.names.binding_ref(self.mod, local, binding))
                    self.local_names.add(local)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                self.local_names.add(node.name)
                add(node.name, "unknown")
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        add(target.id, "expr", node.value)
                    else:
                        for sub in ast.walk(target):
                            if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                                add(sub.id, "unknown")
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                add(node.target.id, "ann", node.annotation)
            elif isinstance(node, ast.NamedExpr):
                add(node.target.id, "expr", node.value)
            elif isinstance(node, (ast.AugAssign, ast.For, ast.AsyncFor, ast.comprehension)):
                for sub in ast.walk(node.target):
                    if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                        add(sub.id, "unknown")
            elif isinstance(node, (ast.With, ast.AsyncWith)):
                for item in node.items:
                    if item.optional_vars is not None:
                        for sub in ast.walk(item.optional_vars):
                            if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                                add(sub.id, "unknown")
            else:
                for field in ("name", "rest"):  # match-statement captures
                    value = getattr(node, field, None)
                    if isinstance(value, str) and type(node).__name__.startswith("Match"):
                        self.local_names.add(value)
                        add(value, "unknown")
        self.local_names -= self.global_names
        self.local_names -= self.nonlocal_names
        # parameters
        owner = self.owner
        node = owner.node
        for arg, kind, _default in parameters(node.args):
            if kind in ("var_positional", "var_keyword"):
                add(arg.arg, "unknown")
            elif arg.arg == self.self_name and owner.class_qualname:
                add(arg.arg, "ref", Ref("instance", owner.class_qualname))
            elif arg.arg == self.cls_name and owner.class_qualname:
                add(arg.arg, "ref", Ref("class", owner.class_qualname))
            elif arg.annotation is not None:
                add(arg.arg, "ann", arg.annotation)
            else:
                add(arg.arg, "unknown")
        self.infer()

    def infer(self) -> None:
        """(Re)compute local types from the collected assignments."""
        owner = self.owner
        if owner is None:
            return
        sources = self._sources
        for _ in range(2):
            env: Dict[str, Optional[Ref]] = {}
            for name in sorted(sources):
                refs: List[Optional[Ref]] = []
                for kind, value in sources[name]:
                    if kind == "ref":
                        refs.append(value)
                    elif kind == "ann":
                        refs.append(self.names.annotation_type(value, self,
                                                               owner.class_qualname))
                    elif kind == "expr":
                        if isinstance(value, ast.Constant) and value.value is None:
                            continue  # ``x = None`` then ``x = Foo()``: Optional[Foo]
                        refs.append(self.typeof(value))
                    else:
                        refs.append(None)
                first = refs[0] if refs else None
                env[name] = first if first is not None and all(r == first for r in refs) \
                    else None
            self.env = env


def function_scopes(names: Names, use_attr_types: bool) -> Dict[str, Scope]:
    pkg = names.pkg
    scopes: Dict[str, Scope] = {}
    for qual in sorted(pkg.functions, key=lambda q: (q.count(".<locals>."), q)):
        func = pkg.functions[qual]
        mod = pkg.modules[func.module]
        enclosing: List[Namespace] = []
        parent = func.parent_function
        chain: List[str] = []
        while parent is not None and parent in pkg.functions:
            chain.append(parent)
            parent = pkg.functions[parent].parent_function
        for p in reversed(chain):
            if p in scopes:
                enclosing.append(scopes[p])
        scope = Scope(names, mod, func, enclosing, use_attr_types)
        try:
            scope.prepare()
        except RecursionError:
            func.notes.append("too deeply nested to infer local types")
        scopes[qual] = scope
    return scopes
