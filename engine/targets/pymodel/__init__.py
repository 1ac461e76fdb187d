"""The model of a Python project that the target analysis and the generator share.

The analyzer (``pyanalysis``) indexes a whole tree eagerly; the generator (``gen``) loads the
modules a request needs.  Both read modules, bindings, names and classes through this package:

* :mod:`pymodel.source` - reading a source file as the interpreter decodes it;
* :mod:`pymodel.syntax` - the AST vocabulary: dotted names, decorators, parameters, names;
* :mod:`pymodel.modules` - the file of a module under import roots, relative imports made absolute;
* :mod:`pymodel.bindings` - module-level bindings and star imports, the primary binding of a name;
* :mod:`pymodel.resolve` - name resolution, certain (the analyzer) or likely (the generator);
* :mod:`pymodel.lineage` - class lineage: C3 or depth-first;
* :mod:`pymodel.constructors` - which definition takes a constructor's arguments, dataclass fields;
* :mod:`pymodel.params` - parameters as the generator fills them (AST annotations and defaults);
* :mod:`pymodel.definitions` - a definition by qualified-name part (``f#1``, ``p#setter``);
* :mod:`pymodel.classes` - project classes for the generator: lineage, kind, constructor;
* :mod:`pymodel.public` - public import paths of definitions;
* :mod:`pymodel.project` - the lazy model of one tree the generator reads.

Standard library only; Python 3.8 - 3.13.  It lives with the target analysis, which owns it.
"""
