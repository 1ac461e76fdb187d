#include "pipeline/Checkpoint.h"

#include "core/Json.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace difftriage::engine {

using nlohmann::json;

Status Checkpoint::save(const QString &path) const
{
    json tests_ = json::array();
    for (const TestRecord &record : tests)
        tests_.push_back(toJson(record));
    json rounds_ = json::array();
    for (const ReportRound &round : rounds)
        rounds_.push_back({{"index", round.index},
                           {"tests_generated", round.testsGenerated},
                           {"union_coverage", round.unionCoverage}});
    const json document = {{"key", key.toStdString()},
                           {"next_round", nextRound},
                           {"tests", tests_},
                           {"rounds", rounds_},
                           {"ledger", ledger},
                           {"difference_tests", toJson(differenceTests)},
                           {"flaky_discarded", flakyDiscarded},
                           {"executions", executions}};
    if (!QDir().mkpath(QFileInfo(path).path()))
        return makeError(QStringLiteral("cannot create %1").arg(QFileInfo(path).path()));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError(QStringLiteral("cannot write checkpoint %1").arg(path));
    file.write(toJsonBytes(document));
    if (!file.commit())
        return makeError(QStringLiteral("cannot write checkpoint %1").arg(path));
    return Ok{};
}

Expected<Checkpoint> Checkpoint::load(const QString &path, const QString &expectedKey)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(QStringLiteral("no checkpoint at %1").arg(path));
    const json document = parseJson(file.readAll()).value_or(nullptr);
    if (!document.is_object())
        return makeError(QStringLiteral("checkpoint %1 is damaged").arg(path));
    Checkpoint checkpoint;
    checkpoint.key = stringField(document, "key");
    if (checkpoint.key != expectedKey)
        return makeError(QStringLiteral("checkpoint %1 belongs to another analysis").arg(path));
    checkpoint.nextRound = intField(document, "next_round");
    checkpoint.flakyDiscarded = intField(document, "flaky_discarded");
    checkpoint.executions = intField(document, "executions");
    for (const json &item : arrayField(document, "tests")) {
        if (auto record = testRecordFromJson(item))
            checkpoint.tests << std::move(*record);
    }
    for (const json &item : arrayField(document, "rounds"))
        checkpoint.rounds << ReportRound{intField(item, "index"), intField(item, "tests_generated"),
                                         doubleField(item, "union_coverage")};
    checkpoint.differenceTests = stringListField(document, "difference_tests");
    checkpoint.ledger = field(document, "ledger");
    return checkpoint;
}

} // namespace difftriage::engine
