"""Package-wide resolution: names through imports, public API, class hierarchy and call graph.

Nothing is guessed.  A call is resolved only when the callee's identity follows from the code:

* names: local scopes, enclosing functions, the module namespace (imports absolute and relative,
  aliases ``import a.b as c`` / ``from .x import y as z``, star imports, simple module-level
  aliases ``f2 = f``), then builtins;
* attributes of modules, of classes and of *known instances*;
* an instance is known from ``self`` / ``cls``, a parameter annotation naming a package class
  (``Optional[...]``, ``X | None`` and string annotations included), a local or module-level name
  whose every assignment is a constructor call of one class (``x = Foo(...)``), a call to a
  function whose return annotation names a package class, ``super()``, or an instance attribute
  whose type follows from a class-level annotation or from consistent ``self.x = Foo(...)``
  assignments;
* methods are looked up along the package classes' C3 MRO (bases outside the package are
  skipped: a name they might provide is not assumed);
* ``Foo(...)`` → ``Foo.__new__`` / ``__init__`` (and ``__post_init__`` for dataclasses) found in
  the MRO; operators on known instances → special methods (``==`` → ``__eq__``, ``x + y`` →
  ``__add__`` / reflected ``__radd__``, ``len(x)`` → ``__len__``, ``x in y`` → ``__contains__``,
  iteration → ``__iter__``, ``x(...)`` → ``__call__``, ``x[k]`` → ``__getitem__``, ``with x`` →
  ``__enter__``/``__exit__``, truth tests → ``__bool__``, f-strings → ``__format__``/``__str__``,
  property reads/writes → the property's getter/setter...);
* a package function named but not called (a callback, ``key=helper``) is an edge with
  ``via: "reference"``.

Everything else is an unresolved call (kept as source text and counted per function) or an
external call (a name imported from outside the package) or a builtin call.

This module runs the passes in order (:func:`analyse_package`).  They live in
:mod:`pyanalysis.names` (module-level names through :mod:`pymodel.resolve`, module namespaces,
annotation and return types), :mod:`pyanalysis.scope` (names and local types in one function),
:mod:`pyanalysis.classes` (bases, MRO, instance attribute types), :mod:`pyanalysis.callgraph`
(call edges and reads) and :mod:`pyanalysis.public_api` (kinds, public names, import lines); the
:class:`~pyanalysis.package.Package` answers the questions about classes and constructors.
"""

from __future__ import annotations

from .callgraph import build_call_graph
from .classes import infer_attribute_types, resolve_classes
from .names import Names
from .package import Package
from .public_api import assign_public_api
from .scope import function_scopes


def analyse_package(pkg: Package) -> Names:
    """All package-wide passes in order; the names they resolved with."""
    names = Names(pkg)
    resolve_classes(names)
    scopes = function_scopes(names, use_attr_types=False)
    infer_attribute_types(names, scopes)
    build_call_graph(names, scopes)
    assign_public_api(names)
    return names
