#include "report/ExportSources.h"

#include "git/Repository.h"
#include "report/Report.h"

#include <QSaveFile>
#include <QSet>

namespace difftriage::engine {

Expected<QList<ExportSource>> readExportSources(const QString &repositoryPath, const Report &report)
{
    auto repository = git::Repository::open(repositoryPath);
    if (!repository)
        return repository.error();
    QList<ExportSource> sources;
    QSet<QString> seen;
    for (const ReportChangedLine &line : report.changedLines) {
        const QString key = line.side + QLatin1Char(':') + line.file;
        if (seen.contains(key))
            continue;
        seen.insert(key);
        const QString commit = line.side == QLatin1String("old") ? report.base : report.head;
        auto content = repository->readFile(commit, line.file);
        if (!content)
            return content.error();
        if (*content)
            sources << ExportSource{line.file, line.side, QString::fromUtf8(**content)};
    }
    return sources;
}

Status writeExportFile(const QString &path, const QByteArray &content)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError(QStringLiteral("cannot write %1: %2").arg(path, file.errorString()));
    file.write(content);
    if (!file.commit())
        return makeError(QStringLiteral("cannot write %1: %2").arg(path, file.errorString()));
    return Ok{};
}

} // namespace difftriage::engine
