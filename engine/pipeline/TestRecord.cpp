#include "pipeline/TestRecord.h"

#include "core/Json.h"

#include <QCryptographicHash>

namespace difftriage::engine {

using nlohmann::json;

QString testIdFor(const QString &code)
{
    const QByteArray hash = QCryptographicHash::hash(code.toUtf8(), QCryptographicHash::Sha256);
    return QStringLiteral("t") + QString::fromLatin1(hash.toHex().left(10));
}

json toJson(const Candidate &candidate)
{
    return {{"target", candidate.target.toStdString()},
            {"entry", candidate.entry.toStdString()},
            {"code", candidate.code.toStdString()},
            {"genome", candidate.genome},
            {"strategy", candidate.strategy.toStdString()}};
}

Candidate candidateFromJson(const json &object)
{
    return {stringField(object, "target"), stringField(object, "entry"),
            stringField(object, "code"), field(object, "genome"), stringField(object, "strategy")};
}

json toJson(const TestRecord &record)
{
    return {{"id", record.id.toStdString()},
            {"round", record.round},
            {"candidate", toJson(record.candidate)},
            {"old", record.oldRun.toJson()},
            {"new", record.newRun.toJson()},
            {"fate", spelling(record.fate).toStdString()},
            {"novel", record.novel}};
}

std::optional<TestRecord> testRecordFromJson(const json &object)
{
    if (!object.is_object() || !object.contains("candidate"))
        return std::nullopt;
    TestRecord record;
    record.id = stringField(object, "id");
    record.round = intField(object, "round");
    record.candidate = candidateFromJson(field(object, "candidate"));
    record.oldRun = TestOutcome::fromJson(field(object, "old"));
    record.newRun = TestOutcome::fromJson(field(object, "new"));
    const auto fate = fromSpelling<TestFate>(stringField(object, "fate"));
    if (!fate)
        return std::nullopt;
    record.fate = *fate;
    record.novel = boolField(object, "novel");
    return record;
}

} // namespace difftriage::engine
