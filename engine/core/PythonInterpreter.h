#pragma once

#include "core/Expected.h"

#include <QString>

namespace difftriage::engine {

// The interpreter the user chose, resolved once to its real binary: `python3` on PATH may be a shim
// (pyenv) that costs hundreds of milliseconds per start and may not be the interpreter it names.
struct PythonInterpreter
{
    QString requested;  // what the user asked for ("python3", a path, ...)
    QString executable; // the real binary, absolute
    QString version;    // "3.11.2"
    int major = 0;
    int minor = 0;

    bool atLeast(int wantMajor, int wantMinor) const
    {
        return major > wantMajor || (major == wantMajor && minor >= wantMinor);
    }
};

// Runs the interpreter once to learn its real path and version. Errors name the interpreter.
Expected<PythonInterpreter> resolvePythonInterpreter(const QString &requested);

} // namespace difftriage::engine
