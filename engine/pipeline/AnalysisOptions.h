#pragma once

#include "change/ChangeSpec.h"
#include "llm/LlmSettings.h"

#include <QString>
#include <functional>

namespace difftriage::engine {

struct AnalysisOptions
{
    QString repository;
    ChangeSpec change;
    QString pythonOld = QStringLiteral("python3"); // as the user named them; resolved once
    QString pythonNew = QStringLiteral("python3");
    QString generator = QStringLiteral("offline"); // offline | llm
    LlmSettings llm;                               // used when generator is llm
    quint64 seed = 1;
    int maxTests = 300;           // fail-safe budget of candidate tests
    double timeBudgetSeconds = 0; // 0 = none; an outer guard only
    int reruns = 2;               // per version, for each test that shows a difference
    int candidatesPerRound = 40;
    int maxRounds = 12;
    int workersPerVersion = 1;
    bool resume = false;
    QString checkpointDirectory; // empty = the per-user cache
    QString treeCacheDirectory;  // empty = the per-user cache
    QString prepare;             // overrides the project's `prepare`
    bool forceDegradedSandbox = false;
    double testTimeoutSeconds = 0; // 0 = the project's time_limit_s, else 10
};

struct AnalysisProgress
{
    QString
        stage; // preparing | analysing | importing | round N | confirming | shrinking | reporting
    double fraction = 0; // 0..1, best effort
    int testsRun = 0;
    int differences = 0;
    double unionCoverage = 0;
};

using ProgressCallback = std::function<void(const AnalysisProgress &)>;

} // namespace difftriage::engine
