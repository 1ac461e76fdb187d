#pragma once

#include "core/Expected.h"
#include "core/PythonInterpreter.h"
#include "targets/Targets.h"

namespace difftriage::engine {

class Executor;

// Before generating: every changed module must import on its side. A missing third-party
// dependency, or a module that resolves to an installed copy outside the tree, is a clear error
// naming the interpreter. Errors the change itself causes (a syntax error on one side) are not:
// they are what the analysis is for.
Status checkChangedModulesImport(Executor &executor, const Targets &targets,
                                 const PythonInterpreter &oldPython,
                                 const PythonInterpreter &newPython);

} // namespace difftriage::engine
