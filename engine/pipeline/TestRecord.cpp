#include "pipeline/TestRecord.h"

#include <QCryptographicHash>
#include <QJsonDocument>

namespace difftriage::engine {

namespace {

using nlohmann::json;

json outcomeJson(const TestOutcome &outcome)
{
    const QByteArray text = QJsonDocument(outcome.toJson()).toJson(QJsonDocument::Compact);
    return json::parse(text.constData(), text.constData() + text.size());
}

TestOutcome outcomeFrom(const json &object)
{
    const QByteArray text = QByteArray::fromStdString(object.dump());
    return TestOutcome::fromRunner(QJsonDocument::fromJson(text).object());
}

QString str(const json &object, const char *key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                                 : QString();
}

} // namespace

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
            {"genome", candidate.genome}};
}

Candidate candidateFromJson(const json &object)
{
    return {str(object, "target"), str(object, "entry"), str(object, "code"),
            object.value("genome", json())};
}

json toJson(const TestRecord &record)
{
    return {{"id", record.id.toStdString()},         {"round", record.round},
            {"candidate", toJson(record.candidate)}, {"old", outcomeJson(record.oldRun)},
            {"new", outcomeJson(record.newRun)},     {"fate", spelling(record.fate).toStdString()}};
}

std::optional<TestRecord> testRecordFromJson(const json &object)
{
    if (!object.is_object() || !object.contains("candidate"))
        return std::nullopt;
    TestRecord record;
    record.id = str(object, "id");
    record.round = object.value("round", 0);
    record.candidate = candidateFromJson(object["candidate"]);
    record.oldRun = outcomeFrom(object.value("old", json::object()));
    record.newRun = outcomeFrom(object.value("new", json::object()));
    const auto fate = fromSpelling<TestFate>(str(object, "fate"));
    if (!fate)
        return std::nullopt;
    record.fate = *fate;
    return record;
}

} // namespace difftriage::engine
