#pragma once

#include "core/Expected.h"
#include "core/PythonInterpreter.h"

#include <QByteArray>
#include <QStringList>

namespace difftriage::engine {

// Runs one of the shipped Python helper scripts to completion and returns its stdout. Blocking:
// call it from a worker thread, never from the GUI thread.
struct HelperScriptRun
{
    QString script; // file name under <data dir>/python
    QStringList arguments;
    QByteArray input;
    int timeoutMs = 120000;
};

Expected<QByteArray> runHelperScript(const PythonInterpreter &interpreter,
                                     const HelperScriptRun &run);

} // namespace difftriage::engine
