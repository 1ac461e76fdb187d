#pragma once

#include "core/Expected.h"
#include "core/PythonInterpreter.h"

#include <QString>

namespace difftriage::engine {

// A project's prepare step (`--prepare CMD` or `prepare` in .difftriage.json): a shell command run
// once in a freshly materialised tree, before the tree is frozen read-only, to generate what the
// project needs before it imports (a `_version.py`, a `.dist-info`). It runs sandboxed like a test:
// no network, writes only to the tree and its own scratch directories, limits on time, memory,
// CPU time and file size.
struct PrepareRequest
{
    QString command;
    QString tree;             // the fresh tree, writable
    QString commitId;         // for SETUPTOOLS_SCM_PRETEND_VERSION: a tree has no .git
    QString sideName;         // "old" or "new", for messages
    PythonInterpreter python; // first on PATH, as `python` and `python3` resolve to it
    bool forceDegradedSandbox = false;
    double timeoutSeconds = 600; // wall clock, and each process's CPU time
    int memoryMb = 4096;         // each process's data segment (RLIMIT_DATA)
    int maxFileMb = 1024;        // the largest file it may write
};

Status runPrepareCommand(const PrepareRequest &request);

} // namespace difftriage::engine
