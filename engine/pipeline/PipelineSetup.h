#pragma once

#include "core/PythonInterpreter.h"
#include "execute/Executor.h"
#include "judge/Judge.h"
#include "pipeline/ChangeWorkspace.h"
#include "report/Report.h"
#include "targets/Targets.h"

#include <memory>
#include <optional>

namespace difftriage::engine {

// What an analysis and a single-test run share: the change's trees (prepared), interpreters,
// changed functions and access information, a started executor and the judge.
struct PipelineSetup
{
    QString repositoryPath;
    ChangeWorkspace workspace;
    PythonInterpreter pythonOld;
    PythonInterpreter pythonNew;
    Targets targets;
    QString oldImportRoot;
    QString newImportRoot;
    QStringList notes;
    QStringList commitMessages; // the change's own commits: part of its stated intent
    std::unique_ptr<Executor> executor;
    std::unique_ptr<Judge> judge;
    // Set when the analysis ends before any test runs: nothing to run (no Python change, no
    // changed executable code) or cancelled while the trees, targets or workers were being set
    // up. The report to return as it is.
    std::optional<Report> earlyReport;
};

} // namespace difftriage::engine
