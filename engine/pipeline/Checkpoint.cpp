#include "pipeline/Checkpoint.h"

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
    json differences = json::array();
    for (const QString &id : differenceTests)
        differences.push_back(id.toStdString());
    const json document = {{"key", key.toStdString()},
                           {"next_round", nextRound},
                           {"tests", tests_},
                           {"rounds", rounds_},
                           {"difference_tests", differences},
                           {"flaky_discarded", flakyDiscarded},
                           {"executions", executions}};
    if (!QDir().mkpath(QFileInfo(path).path()))
        return makeError(QStringLiteral("cannot create %1").arg(QFileInfo(path).path()));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError(QStringLiteral("cannot write checkpoint %1").arg(path));
    file.write(QByteArray::fromStdString(document.dump()));
    if (!file.commit())
        return makeError(QStringLiteral("cannot write checkpoint %1").arg(path));
    return Ok{};
}

Expected<Checkpoint> Checkpoint::load(const QString &path, const QString &expectedKey)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(QStringLiteral("no checkpoint at %1").arg(path));
    const QByteArray text = file.readAll();
    const json document =
        json::parse(text.constData(), text.constData() + text.size(), nullptr, false);
    if (document.is_discarded() || !document.is_object())
        return makeError(QStringLiteral("checkpoint %1 is damaged").arg(path));
    Checkpoint checkpoint;
    checkpoint.key = QString::fromStdString(document.value("key", std::string()));
    if (checkpoint.key != expectedKey)
        return makeError(QStringLiteral("checkpoint %1 belongs to another analysis").arg(path));
    checkpoint.nextRound = document.value("next_round", 0);
    checkpoint.flakyDiscarded = document.value("flaky_discarded", 0);
    checkpoint.executions = document.value("executions", 0);
    for (const json &item : document.value("tests", json::array())) {
        if (auto record = testRecordFromJson(item))
            checkpoint.tests << std::move(*record);
    }
    for (const json &item : document.value("rounds", json::array()))
        checkpoint.rounds << ReportRound{item.value("index", 0), item.value("tests_generated", 0),
                                         item.value("union_coverage", 0.0)};
    for (const json &item : document.value("difference_tests", json::array()))
        checkpoint.differenceTests << QString::fromStdString(item.get<std::string>());
    return checkpoint;
}

} // namespace difftriage::engine
