"""Static analysis helpers behind ``analyze.py`` (DiffTriage's Python project analyser).

Modules:

* :mod:`pyanalysis.model` - the records (modules, classes, functions, statements) of one tree;
* :mod:`pyanalysis.discover` - finding the package's files, excludes, import roots, module names;
* :mod:`pyanalysis.extract` - one file's AST → definitions, signatures, docstrings, statements;
* :mod:`pyanalysis.resolve` - package-wide resolution: runs the passes below in order;
* :mod:`pyanalysis.package` - the package model: classes along the MRO, constructors;
* :mod:`pyanalysis.names` - module-level names, module namespaces, annotation and return types;
* :mod:`pyanalysis.scope` - names and local types inside one function body;
* :mod:`pyanalysis.classes` - resolved bases, the C3 MRO, instance attribute types;
* :mod:`pyanalysis.callgraph` - the static call graph and module-level reads;
* :mod:`pyanalysis.public_api` - kinds (public / private / special), public names, import lines;
* :mod:`pyanalysis.index` - the ``index`` mode (whole tree → JSON);
* :mod:`pyanalysis.targets` - the ``targets`` mode (changed functions and access information).

What both the analyzer and the generator need of a project (source reading, module-level
bindings and star imports, name resolution, class lineage, constructor sources, the AST
vocabulary) is the shared project model, :mod:`pymodel`, next to this package.

Standard library only; Python 3.8 - 3.13.
"""

ANALYZER_VERSION = "difftriage-analyze/1.0"
