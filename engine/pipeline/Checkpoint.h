#pragma once

#include "core/Expected.h"
#include "pipeline/TestRecord.h"
#include "report/Report.h"

#include <QList>
#include <QString>

namespace difftriage::engine {

// The state after a completed round. An interrupted analysis resumes from it without running any
// test of a checkpointed round again; with the same seed it ends with the same report.
struct Checkpoint
{
    QString key; // what the state belongs to: repository, commits, seed, budget, generator
    int nextRound = 0;
    QList<TestRecord> tests;
    QList<ReportRound> rounds;
    nlohmann::json ledger;       // TargetLedger::toJson()
    QStringList differenceTests; // ids of the tests whose difference was confirmed
    int flakyDiscarded = 0;
    int executions = 0;

    Status save(const QString &path) const; // atomic
    static Expected<Checkpoint> load(const QString &path, const QString &expectedKey);
};

} // namespace difftriage::engine
