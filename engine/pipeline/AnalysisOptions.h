#pragma once

#include "change/ChangeSpec.h"
#include "config/ProjectConfig.h"
#include "core/Vocabulary.h"
#include "llm/LlmSettings.h"

#include <QString>
#include <QStringList>
#include <functional>

namespace difftriage::engine {

// What the user said for one analysis: the command line's flags or the window's settings. Nothing
// here is weighed yet; resolveAnalysisOptions() decides against the project's configuration.
struct UserChoices
{
    // This run's interpreters (the command line): they beat the project's `python`.
    QString pythonOld, pythonNew;
    // The user's standing interpreters (Settings): the project's `python` beats them. An empty
    // new one means the old one's.
    QString defaultPythonOld, defaultPythonNew;
    QString prepare;               // beats the project's `prepare`
    double testTimeoutSeconds = 0; // 0 = the project's time_limit_s, else 10
    GeneratorKind generator = GeneratorKind::Offline;
    SuggestionSource suggest = SuggestionSource::Heuristic;
    LlmSettings llm; // used by the LLM generator and the LLM classifier
    quint64 seed = 1;
    Effort effort = Effort::Normal; // the schedule of tests (pipeline/SearchSchedule)
    int maxTests = 0;               // a cap below the effort's tests; 0 = none
    double timeBudgetSeconds = 0;   // 0 = none; an outer guard only
    bool resume = false;
    bool forceDegradedSandbox = false;
    // Generator strategies switched off by name (switchableStrategies(), gen/registry.py): for
    // ablation and diagnosis.
    QStringList disabledStrategies;
    // Tuning that tests and benchmarks change; users keep the defaults (0 = the effort's).
    int reruns = 2; // per version, for each test that shows a difference
    int candidatesPerRound = 0;
    int maxRounds = 0;
    int plateauTests = 0;
    int workersPerVersion = 1;
    QString checkpointDirectory; // empty = the per-user cache
    QString treeCacheDirectory;  // empty = the per-user cache
};

// What a front end asks for: which change of which repository, and what the user said.
struct AnalysisRequest
{
    QString repository;
    ChangeSpec change;
    UserChoices choices;
};

// Everything one analysis runs with, decided once by resolveAnalysisOptions().
struct AnalysisOptions
{
    QString repository; // as libgit2 opened it
    ChangeSpec change;
    UserChoices choices;
    ProjectConfig config;                          // `.difftriage.json` of the base revision
    QString pythonOld = QStringLiteral("python3"); // as named; the pipeline finds the executable
    QString pythonNew = QStringLiteral("python3");
    QString prepare; // empty = none
    double testTimeoutSeconds = 10;
};

struct AnalysisProgress
{
    QString stage; // preparing | analysing | importing | project tests | round N: … | shrinking |
                   // reporting | suggesting
    double fraction = 0; // 0..1, best effort
    int testsRun = 0;
    int differences = 0;
    double unionCoverage = 0;
};

using ProgressCallback = std::function<void(const AnalysisProgress &)>;

} // namespace difftriage::engine
