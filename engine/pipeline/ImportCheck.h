#pragma once

#include "core/Expected.h"
#include "core/PythonInterpreter.h"
#include "targets/Targets.h"

namespace difftriage::engine {

class Executor;

// A changed module that cannot import because a third-party dependency is missing from the
// interpreter (a maintainer script needing a build tool, an optional extra).
struct UnimportableModule
{
    QString module;
    QString file; // the module's file, relative to the tree
    QString message;
};

// Before generating: every changed module should import on its side. A module that resolves to an
// installed copy outside the tree is a clear error naming the interpreter, and so is a project
// module neither tree has. Modules missing a third-party dependency are returned: the pipeline
// leaves them out (and says so) when other changed modules remain, and fails otherwise. Errors
// the change itself causes (a syntax error on one side) are neither: they are what the analysis
// is for.
Expected<QList<UnimportableModule>> checkChangedModulesImport(Executor &executor,
                                                              const Targets &targets,
                                                              const PythonInterpreter &oldPython,
                                                              const PythonInterpreter &newPython);

// The files of the modules in `unimportable`.
QStringList unimportableFiles(const QList<UnimportableModule> &unimportable);

// Leaves out the targets whose file is in `unimportable`, also in the raw document the
// generators read: an unchanged module that only reads a changed name (a benchmark script
// needing a tool the interpreter lacks) cannot be imported either, and every test of it would
// end in the same ModuleNotFoundError on both versions. Returns how many were left out.
int dropUnimportableTargets(Targets &targets, const QList<UnimportableModule> &unimportable);

} // namespace difftriage::engine
