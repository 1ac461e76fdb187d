#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <optional>

namespace difftriage::engine {

// How one strategy of the generator served one target.
struct ReportStrategyTally
{
    QString name;
    int tests = 0;
    int novel = 0; // tests that covered a new line or showed a new outcome signature

    bool operator==(const ReportStrategyTally &) const = default;
};

// One target's search: how far it escalated, what ran, its behaviour coverage.
struct ReportSearchTarget
{
    QString target;
    int level = 0;          // 0 direct, 1 input model, 2 broad (docs/SEARCH.md)
    bool exhausted = false; // plateaued at the last level
    int tests = 0;
    QStringList oldSignatures, newSignatures; // distinct outcome signatures on each version
    QList<ReportStrategyTally> strategies;

    bool operator==(const ReportSearchTarget &) const = default;
};

// The search's schedule and what it did per target (the report's `search`).
struct ReportSearch
{
    int tests = 0; // the schedule's budget of tests
    int rounds = 0;
    int candidatesPerRound = 0;
    int plateauTests = 0; // K
    int testCap = 0;      // --max-tests below the effort's budget; 0 = none
    QStringList disabledStrategies;
    QList<ReportSearchTarget> targets;

    bool operator==(const ReportSearch &) const = default;
};

nlohmann::json toJson(const std::optional<ReportSearch> &search);
// Null: no search (an older report, or nothing to analyse). Numbers or lists of the wrong type
// are problems of the document, appended to `problems`.
std::optional<ReportSearch> searchFromJson(const nlohmann::json &value, QStringList &problems);

} // namespace difftriage::engine
