#include "release/ReleaseSources.h"

#include "core/Json.h"
#include "release/ReleaseMerge.h"
#include "release/ZipEntries.h"
#include "report/ReportFile.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace difftriage::engine {

namespace {

// Collects from one JSON document: a release document ends the search, reports pile up.
struct Collected
{
    std::optional<ReleaseDocument> release;
    QList<Report> reports;
};

void collect(const QByteArray &bytes, Collected &collected)
{
    const auto document = parseJson(bytes);
    if (!document)
        return;
    if (stringField(*document, "schema") == QLatin1String(ReleaseDocument::Schema)) {
        if (auto release = ReleaseDocument::fromJson(*document); release && !collected.release)
            collected.release = std::move(*release);
        return;
    }
    if (auto report = Report::fromJson(*document))
        collected.reports << std::move(*report);
}

Expected<ReleaseDocument> finish(Collected collected, const QString &path,
                                 const git::Repository *repository)
{
    if (collected.release)
        return std::move(*collected.release);
    if (collected.reports.isEmpty())
        return makeError(QStringLiteral("%1 holds no release document and no report").arg(path),
                         ErrorKind::BadInput);
    return mergeReports(collected.reports, repository);
}

} // namespace

Expected<ReleaseDocument> loadReleaseSource(const QString &path, const git::Repository *repository)
{
    const QFileInfo info(path);
    Collected collected;
    if (info.isDir()) {
        QDirIterator it(path, {QStringLiteral("*.json")}, QDir::Files,
                        QDirIterator::Subdirectories);
        QStringList files;
        while (it.hasNext())
            files << it.next();
        files.sort(); // the same order on every machine
        for (const QString &file : std::as_const(files)) {
            QFile in(file);
            if (in.open(QIODevice::ReadOnly))
                collect(in.readAll(), collected);
        }
        return finish(std::move(collected), path, repository);
    }
    if (info.suffix().compare(QLatin1String("zip"), Qt::CaseInsensitive) == 0) {
        auto entries = readZipEntries(path, QStringLiteral(".json"));
        if (!entries)
            return entries.error();
        for (const ZipEntry &entry : std::as_const(*entries))
            collect(entry.content, collected);
        return finish(std::move(collected), path, repository);
    }
    if (isReleaseFile(path))
        return loadReleaseFile(path);
    auto report = loadReportFile(path);
    if (!report)
        return asBadInput(report.error());
    return mergeReports({*report}, repository);
}

} // namespace difftriage::engine
