#include "triage/ReportArchive.h"

#include "core/Json.h"

#include <QDir>
#include <QFile>
#include <QSaveFile>
#include <QStandardPaths>

namespace difftriage::engine {

QString ReportArchive::defaultDirectory(const QString &repositoryIdentity)
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/difftriage/reports/") + repositoryIdentity;
}

ReportArchive::ReportArchive(QString directory) : m_directory(std::move(directory)) {}

QString ReportArchive::pathFor(const QString &base, const QString &head) const
{
    return m_directory + QLatin1Char('/') + base + QLatin1Char('-') + head +
           QStringLiteral(".json");
}

bool ReportArchive::contains(const QString &base, const QString &head) const
{
    return QFile::exists(pathFor(base, head));
}

Status ReportArchive::save(const Report &report) const
{
    QDir().mkpath(m_directory);
    const QString path = pathFor(report.base, report.head);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError(QStringLiteral("cannot write %1: %2").arg(path, file.errorString()));
    // Verdicts belong to the triage store, not to the saved analysis: a stale copy here would
    // disagree with the store after the next decision.
    Report stored = report;
    for (ReportDifference &difference : stored.differences) {
        difference.verdict = Verdict::None;
        difference.note.clear();
    }
    for (ReportRelationReview &review : stored.relationReviews) {
        review.decision = RelationDecision::None;
        review.note.clear();
    }
    file.write(QByteArray::fromStdString(stored.toJson().dump(1)));
    if (!file.commit())
        return makeError(QStringLiteral("cannot write %1: %2").arg(path, file.errorString()));
    return Ok{};
}

Expected<Report> ReportArchive::load(const QString &base, const QString &head) const
{
    const QString path = pathFor(base, head);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return makeError(QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    const auto document = parseJson(file.readAll());
    QString error;
    auto report = Report::fromJson(document.value_or(nlohmann::json()), &error);
    if (!report)
        return makeError(QStringLiteral("%1: %2").arg(path, error));
    return std::move(*report);
}

Status ReportArchive::remove(const QString &base, const QString &head) const
{
    const QString path = pathFor(base, head);
    if (QFile::exists(path) && !QFile::remove(path))
        return makeError(QStringLiteral("cannot remove %1").arg(path));
    return Ok{};
}

} // namespace difftriage::engine
