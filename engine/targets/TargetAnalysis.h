#pragma once

#include "change/DiffAnalysis.h"
#include "core/Expected.h"
#include "core/PythonInterpreter.h"
#include "targets/Targets.h"

#include <QStringList>

namespace difftriage::engine {

struct TargetAnalysisInput
{
    PythonInterpreter python;
    QString oldRoot;
    QString newRoot;
    QString base; // commit ids: with the analyzer and interpreter they key the cache
    QString head;
    QList<ChangedFile> files; // the Python files of the diff
    QStringList importRoots;  // relative to the tree; empty = autodetect
    QStringList exclude;      // empty or the defaults = the analyzer's own defaults
    int k = 5;
    QString cacheDirectory; // empty = the per-user cache
};

// Runs analyze.py's `targets` mode on both trees: the changed functions and their access
// information. Answers are cached per (commits, changes, analyzer version, interpreter), so a
// re-run costs nothing. Blocking: call from a worker thread.
Expected<Targets> analyzeTargets(const TargetAnalysisInput &input);

// The shipped files analyze.py runs: the script, executable_lines.py and the pyanalysis and
// pymodel packages (the shared project model), sorted.
QStringList analyzerSources();

// A hash of analyzerSources(): any edit to them invalidates cached answers.
QString analyzerFingerprint();

} // namespace difftriage::engine
