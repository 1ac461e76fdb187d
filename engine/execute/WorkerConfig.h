#pragma once

#include "core/PythonInterpreter.h"
#include "core/Vocabulary.h"

#include <QString>
#include <QStringList>

namespace difftriage::engine {

// One version's worker settings.
struct WorkerConfig
{
    PythonInterpreter python;
    QString treeRoot;   // the checked-out tree (read-only cache)
    QString importRoot; // relative to treeRoot ("", ".", "src") or absolute; empty = detect
    int hashSeed = 0;   // PYTHONHASHSEED of the first run; rerun r uses hashSeed + r
    bool forceDegraded = false;

    // Per-test limits the worker enforces besides TestRequest's time and memory.
    int maxOutputBytes = 64 * 1024;
    int maxProcesses = 64;
    int maxFileMb = 64;
    QString unprivilegedUser = QStringLiteral("nobody"); // used when running as root
    // > 0: plan as on a kernel whose Landlock ABI is at most this (tests of older kernels'
    // fallbacks: no signal scoping before 6, no TCP rules before 4).
    int landlockAbiLimit = 0;
};

// The directory to put first on sys.path, relative to the tree: what the project configures
// (the first of `configured` that exists), else src/ when the code lives there, else the root.
QString detectImportRoot(const QString &treeRoot, const QStringList &configured = {});

} // namespace difftriage::engine
