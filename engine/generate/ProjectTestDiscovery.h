#pragma once

#include "core/Expected.h"
#include "core/PythonInterpreter.h"
#include "targets/Targets.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <atomic>
#include <functional>
#include <nlohmann/json.hpp>
#include <utility>

namespace difftriage::engine {

class Executor;

// The offline generator's strategy that these seeds feed (gen/project_tests), as
// --disable-strategy and the candidates' genomes name it.
QString projectTestsStrategy();

// How much of the project's own suite one analysis runs to find the tests that reach the change:
// the effort's counts (pipeline/SearchSchedule); `seconds` is an outer guard, the counts decide
// in practice (so that two runs of one analysis agree).
struct ProjectTestBudget
{
    int maxFiles = 30; // candidate test files collected, best first
    int maxTests = 60; // tests run on the old version
    double seconds = 90;
};

// A test of the project's suite that ran a changed line of the old version.
struct ProjectTestSeed
{
    QString file; // tree-relative
    QString name; // the runner's name: test_f[0], Class::test_m, pkg.mod.func (a doctest)
    QMap<QString, QList<int>> covered;
    QList<int> reachedFrom; // its own lines that first reached a changed line
    nlohmann::json entryCalls = nlohmann::json::array(); // TestOutcome::entryCalls
    QString id() const { return file + QStringLiteral("::") + name; }
};

// What the discovery found, for the generator (generationJson) and the report.
struct ProjectTestSeeds
{
    int filesSearched = 0; // candidate files the static filter kept
    int testsFound = 0;    // tests they hold, as collected on the old version
    int testsRun = 0;
    bool budgetSpent = false; // tests were left unrun
    QList<ProjectTestSeed> reaching;
    QStringList converted;                      // test ids that became snippets
    QList<std::pair<QString, QString>> skipped; // test id, why it cannot be a snippet or run
    QStringList notes;                          // test files that do not import, say

    // {"tests": [{file, name, covered, reached_from, entry_calls}]} for
    // GenerationRequest::projectTests; null when empty.
    nlohmann::json generationJson() const;
};

struct ProjectTestDiscoveryInput
{
    Executor *executor = nullptr; // started
    PythonInterpreter python;     // runs the generator's static filter and conversion
    QString oldRoot;
    QString oldImportRoot;
    const Targets *targets = nullptr;
    ProjectTestBudget budget;
    double testTimeoutSeconds = 10;
    const std::atomic_bool *cancel = nullptr;
    std::function<void(double fraction)> progress;
};

// The project's tests that reach a changed line of the old version: candidate files from a
// static filter (generate.py find-tests), their tests collected and run one by one in the
// sandbox on the old tree with the changed lines' coverage (Executor::collectTests, run), and
// what the generator can make of them (generate.py convert-tests). Blocking; cancellation stops
// it early with what it has.
Expected<ProjectTestSeeds> discoverProjectTests(const ProjectTestDiscoveryInput &input);

} // namespace difftriage::engine
