"""Class-level passes: resolved bases, the C3 MRO and the types of instance attributes."""

from __future__ import annotations

import ast
from typing import Dict, List, Optional, Set, Tuple

from pymodel.lineage import linearise
from pymodel.resolve import Ref

from .names import Names
from .package import Package
from .scope import Scope


def _c3(pkg: Package, qual: str, stack: Set[str]) -> List[str]:
    cls = pkg.classes[qual]
    if cls.mro:
        return cls.mro
    if qual in stack:
        return [qual]
    stack.add(qual)
    seqs = [list(_c3(pkg, b, stack)) for b in cls.resolved_bases if b in pkg.classes]
    seqs.append(list(cls.resolved_bases))
    result = linearise(qual, seqs)
    stack.discard(qual)
    cls.mro = result
    return result


def resolve_classes(names: Names) -> None:
    """Bases (package / external) and MRO of every class."""
    pkg = names.pkg
    for qual in sorted(pkg.classes):
        cls = pkg.classes[qual]
        scope = names.module_namespace(cls.module)
        for base_node, text in zip(cls.base_nodes, cls.bases):
            node = base_node
            if isinstance(node, ast.Subscript):
                node = node.value
            ref = None
            if cls.parent_class is not None and isinstance(node, ast.Name):
                # a base named after a sibling nested class
                parent = pkg.classes.get(cls.parent_class)
                if parent is not None and node.id in parent.nested_classes:
                    ref = Ref("class", parent.nested_classes[node.id])
            if ref is None and cls.parent_function is None:
                ref = scope.typeof(node)
            elif ref is None and isinstance(node, ast.Name):
                ref, _ = scope.lookup(node.id)
            if ref is not None and ref.kind == "class" and ref.name in pkg.classes and \
                    ref.name != qual:
                cls.resolved_bases.append(ref.name)
            elif text not in ("object",):
                cls.external_bases.append(text)
    for qual in sorted(pkg.classes):
        _c3(pkg, qual, set())


def infer_attribute_types(names: Names, scopes: Dict[str, Scope]) -> None:
    """Instance attribute types from class annotations and consistent ``self.x = ...``."""
    pkg = names.pkg
    for qual in sorted(pkg.classes):
        cls = pkg.classes[qual]
        scope = names.module_namespace(cls.module)
        for stmt in cls.node.body:
            if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                ref = names.annotation_type(stmt.annotation, scope, qual)
                cls.attr_types[stmt.target.id] = ref
    candidates: Dict[Tuple[str, str], List[Optional[Ref]]] = {}
    annotated: Set[Tuple[str, str]] = {(q, a) for q, c in pkg.classes.items()
                                       for a in c.attr_types}
    for qual in sorted(scopes):
        scope = scopes[qual]
        func = pkg.functions[qual]
        if scope.self_name is None or func.class_qualname is None:
            continue
        cls_qual = func.class_qualname
        for node in scope.owned():
            targets: List[Tuple[ast.AST, Optional[ast.AST], Optional[ast.AST]]] = []
            if isinstance(node, ast.Assign):
                targets = [(t, node.value, None) for t in node.targets]
            elif isinstance(node, ast.AnnAssign):
                targets = [(node.target, node.value, node.annotation)]
            for target, value, annotation in targets:
                if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                        and target.value.id == scope.self_name):
                    continue
                key = (cls_qual, target.attr)
                if key in annotated:
                    continue
                try:
                    if annotation is not None:
                        ref = names.annotation_type(annotation, scope, cls_qual)
                    elif isinstance(value, ast.Constant) and value.value is None:
                        continue
                    else:
                        ref = scope.typeof(value) if value is not None else None
                except RecursionError:
                    ref = None
                if ref is not None and ref.kind != "instance":
                    ref = None
                candidates.setdefault(key, []).append(ref)
    for (cls_qual, attr), refs in sorted(candidates.items()):
        first = refs[0]
        pkg.classes[cls_qual].attr_types[attr] = first if first is not None and all(
            r == first for r in refs) else None
