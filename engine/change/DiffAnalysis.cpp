#include "change/DiffAnalysis.h"

#include "git/Repository.h"

#include <algorithm>

namespace difftriage::engine {

namespace {

bool isPythonPath(const QString &path)
{
    return path.endsWith(QLatin1String(".py")) || path.endsWith(QLatin1String(".pyw"));
}

ChangedFile toChangedFile(git::FileDelta delta)
{
    ChangedFile file;
    file.status = delta.status;
    file.oldPath = delta.status == git::DeltaStatus::Added ? QString() : delta.oldPath;
    file.newPath = delta.status == git::DeltaStatus::Deleted ? QString() : delta.newPath;
    file.binary = delta.binary;
    file.oldLines = std::move(delta.oldLines);
    file.newLines = std::move(delta.newLines);
    std::sort(file.oldLines.begin(), file.oldLines.end());
    std::sort(file.newLines.begin(), file.newLines.end());
    const bool python = isPythonPath(file.oldPath) || isPythonPath(file.newPath);
    if (file.binary)
        file.note = QStringLiteral("binary file: skipped");
    else if (!python)
        file.note = QStringLiteral("not a Python file: listed, not analysed");
    else if (delta.status == git::DeltaStatus::TypeChanged)
        file.note = QStringLiteral("file type changed (e.g. to a symlink): not analysed");
    file.isPython = python && !file.binary && delta.status != git::DeltaStatus::TypeChanged;
    return file;
}

} // namespace

QList<ChangedFile> DiffSummary::pythonFiles() const
{
    QList<ChangedFile> result;
    std::copy_if(files.cbegin(), files.cend(), std::back_inserter(result),
                 [](const ChangedFile &file) { return file.isPython; });
    return result;
}

QString toString(git::DeltaStatus status)
{
    switch (status) {
    case git::DeltaStatus::Added:
        return QStringLiteral("added");
    case git::DeltaStatus::Deleted:
        return QStringLiteral("deleted");
    case git::DeltaStatus::Modified:
        return QStringLiteral("modified");
    case git::DeltaStatus::Renamed:
        return QStringLiteral("renamed");
    case git::DeltaStatus::Copied:
        return QStringLiteral("copied");
    case git::DeltaStatus::TypeChanged:
        return QStringLiteral("type_changed");
    }
    return QStringLiteral("modified");
}

Expected<DiffSummary> DiffAnalysis::run(const git::Repository &repository, const QString &base,
                                        const QString &head, const Limits &limits)
{
    auto deltas = repository.diff(base, head);
    if (!deltas)
        return deltas.error();
    DiffSummary summary;
    summary.base = base;
    summary.head = head;
    qsizetype changedLines = 0;
    for (git::FileDelta &delta : *deltas) {
        ChangedFile file = toChangedFile(std::move(delta));
        changedLines += file.oldLines.size() + file.newLines.size();
        summary.files << std::move(file);
    }
    if (changedLines > limits.maxChangedLines) {
        summary.notes << QStringLiteral("huge diff: %1 changed lines (limit %2); only the first "
                                        "files up to the limit are analysed")
                             .arg(changedLines)
                             .arg(limits.maxChangedLines);
        qsizetype budget = limits.maxChangedLines;
        for (ChangedFile &file : summary.files) {
            const qsizetype size = file.oldLines.size() + file.newLines.size();
            if (file.isPython && size > budget) {
                file.isPython = false;
                file.note = QStringLiteral("skipped: the diff exceeds the changed-line limit");
            } else if (file.isPython) {
                budget -= size;
            }
        }
    }
    if (summary.pythonFiles().isEmpty())
        summary.notes << QStringLiteral("no Python file changed between %1 and %2")
                             .arg(base.left(12), head.left(12));
    return summary;
}

} // namespace difftriage::engine
