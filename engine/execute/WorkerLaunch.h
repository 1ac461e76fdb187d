#pragma once

#include "core/Expected.h"
#include "core/PythonInterpreter.h"
#include "execute/ProcessConfinement.h"
#include "execute/SandboxPlan.h"

#include <QProcessEnvironment>
#include <QStringList>
#include <memory>
#include <utility>
#include <vector>

namespace difftriage::engine {

// What to start: the command line, environment and child-side confinement of one worker (or of a
// probe run the same way).
struct WorkerLaunch
{
    QString program;
    QStringList arguments;
    QProcessEnvironment environment;
    QString workingDirectory;
    std::shared_ptr<const ProcessConfinement> confinement;
};

struct WorkerLaunchSpec
{
    PythonInterpreter python;
    QStringList scriptArguments; // after `python -s`: runner.py and its options, or `-c CODE`
    QStringList visiblePaths;    // must be readable inside the sandbox (tree, helper dir)
    int hashSeed = 0;
    QString privateDir; // degraded: this worker's own directory (home/ and tmp/ inside)
    // A command run instead of the interpreter (a project's prepare step), the directories it
    // may write to besides its private ones, and where it starts (default: its private /tmp).
    QStringList command;
    QStringList writablePaths;
    QString workingDirectory;
    std::vector<std::pair<int, rlim_t>> limits; // resource limits of the whole sandbox
};

// The interpreter runs with -s and a clean environment rather than -I: -I implies -E, which
// ignores PYTHONHASHSEED, and old and new must hash alike. PYTHONSAFEPATH keeps the script's
// directory off sys.path on 3.11+, as -I would.
Expected<WorkerLaunch> buildWorkerLaunch(const SandboxPlan &plan, const WorkerLaunchSpec &spec);

} // namespace difftriage::engine
