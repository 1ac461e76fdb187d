#include "release/ReleaseDocument.h"

#include "core/Json.h"
#include "report/ExportSources.h"

#include <QFile>
#include <QFileInfo>

namespace difftriage::engine {

using nlohmann::json;

namespace {

json prJson(const ReleasePr &pr)
{
    json document = toJson(pr.change);
    document["body"] = toJson(pr.body);
    document["stop_reason"] = toJson(spelling(pr.stopReason));
    document["union_coverage"] = pr.unionCoverage;
    document["tests_executed"] = pr.testsExecuted;
    document["seconds"] = pr.seconds;
    document["sandbox"] = toJson(spelling(pr.sandbox));
    document["seed"] = pr.seed;
    document["notes"] = toJson(pr.notes);
    return document;
}

template <typename Enum>
Enum termOr(const json &object, const char *key, Enum fallback, QStringList &problems)
{
    const QString text = stringField(object, key);
    if (text.isEmpty())
        return fallback;
    const auto value = fromSpelling<Enum>(text);
    if (!value)
        problems << QStringLiteral("unknown %1 '%2' (%3)")
                        .arg(QLatin1String(key), text, spellingChoices<Enum>());
    return value.value_or(fallback);
}

ReleasePr prFrom(const json &object, QStringList &problems)
{
    ReleasePr pr;
    pr.change = introducerFromJson(object);
    pr.body = stringField(object, "body");
    pr.stopReason = termOr(object, "stop_reason", StopReason::NothingToAnalyse, problems);
    pr.unionCoverage = doubleField(object, "union_coverage", 1.0);
    pr.testsExecuted = intField(object, "tests_executed");
    pr.seconds = doubleField(object, "seconds");
    pr.sandbox = termOr(object, "sandbox", SandboxLevel::Full, problems);
    pr.seed = field(object, "seed").is_number_unsigned() ? field(object, "seed").get<quint64>() : 1;
    pr.notes = stringListField(object, "notes");
    return pr;
}

json differenceJson(const ReleaseDifference &item)
{
    json document = toJson(item.difference);
    json alsoIn = json::array();
    for (const ReportIntroducer &other : item.alsoIn)
        alsoIn.push_back(toJson(other));
    document["pr"] = toJson(item.pr);
    document["also_in"] = alsoIn;
    document["head_outcome"] = item.headOutcome ? toJson(*item.headOutcome) : json(nullptr);
    return document;
}

ReleaseDifference differenceFrom(const json &object, QStringList &problems)
{
    ReleaseDifference item;
    item.difference = differenceFromJson(object, problems);
    item.pr = introducerFromJson(field(object, "pr"));
    for (const json &other : arrayField(object, "also_in"))
        item.alsoIn << introducerFromJson(other);
    if (const json &head = field(object, "head_outcome"); head.is_object())
        item.headOutcome = sideFromJson(head, item.difference.id, problems);
    if (item.pr.commit.isEmpty())
        problems << QStringLiteral("%1: no pr").arg(item.difference.id);
    return item;
}

} // namespace

QList<int> ReleaseDocument::differencesOf(const ReportIntroducer &pr) const
{
    QList<int> members;
    for (int i = 0; i < differences.size(); ++i)
        if (differences[i].pr.commit == pr.commit && differences[i].pr.base == pr.base)
            members << i;
    return members;
}

json ReleaseDocument::toJson() const
{
    json prList = json::array();
    for (const ReleasePr &pr : prs)
        prList.push_back(prJson(pr));
    json differenceList = json::array();
    for (const ReleaseDifference &item : differences)
        differenceList.push_back(differenceJson(item));
    return {{"schema", Schema},
            {"repo", engine::toJson(repo)},
            {"base", base.isEmpty() ? json(nullptr) : engine::toJson(base)},
            {"head", head.isEmpty() ? json(nullptr) : engine::toJson(head)},
            {"prs", prList},
            {"differences", differenceList}};
}

Expected<ReleaseDocument> ReleaseDocument::fromJson(const json &document)
{
    if (!document.is_object() || stringField(document, "schema") != QLatin1String(Schema))
        return makeError(QStringLiteral("not a %1 document").arg(QLatin1String(Schema)),
                         ErrorKind::BadInput);
    if (!field(document, "prs").is_array() || !field(document, "differences").is_array())
        return makeError(QStringLiteral("not a valid %1 document (prs and differences are lists)")
                             .arg(QLatin1String(Schema)),
                         ErrorKind::BadInput);
    QStringList problems;
    ReleaseDocument release;
    release.repo = stringField(document, "repo");
    release.base = stringField(document, "base");
    release.head = stringField(document, "head");
    for (const json &pr : arrayField(document, "prs"))
        release.prs << prFrom(pr, problems);
    for (const json &item : arrayField(document, "differences"))
        release.differences << differenceFrom(item, problems);
    if (!problems.isEmpty())
        return makeError(QStringLiteral("not a valid %1 document (%2)")
                             .arg(QLatin1String(Schema), problems.first()),
                         ErrorKind::BadInput);
    return release;
}

Expected<ReleaseDocument> loadReleaseFile(const QString &path)
{
    QFile file(path);
    if (!QFileInfo(path).isFile())
        return makeError(QStringLiteral("%1: no such file").arg(path), ErrorKind::BadInput);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(QStringLiteral("cannot read %1: %2").arg(path, file.errorString()),
                         ErrorKind::BadInput);
    const auto document = parseJson(file.readAll());
    if (!document)
        return makeError(QStringLiteral("%1 is not valid JSON").arg(path), ErrorKind::BadInput);
    auto release = ReleaseDocument::fromJson(*document);
    if (!release)
        return makeError(QStringLiteral("%1: %2").arg(path, release.error().message),
                         ErrorKind::BadInput);
    return release;
}

bool isReleaseFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const auto document = parseJson(file.readAll());
    return document && stringField(*document, "schema") == QLatin1String(ReleaseDocument::Schema);
}

Status saveReleaseFile(const ReleaseDocument &release, const QString &path)
{
    return writeExportFile(path, QByteArray::fromStdString(release.toJson().dump(2) + "\n"));
}

} // namespace difftriage::engine
