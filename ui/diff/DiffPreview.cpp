#include "DiffPreview.h"

#include "change/DiffAnalysis.h"
#include "git/Repository.h"

namespace difftriage::ui {

engine::Expected<DiffPreview> readDiffPreview(const QString &repositoryPath, const QString &base,
                                              const QString &head)
{
    auto repository = engine::git::Repository::open(repositoryPath);
    if (!repository)
        return repository.error();
    auto summary = engine::DiffAnalysis::run(*repository, base, head);
    if (!summary)
        return summary.error();
    DiffPreview preview;
    preview.changes.base = base;
    preview.changes.head = head;
    // Before analysis nothing is known to be a statement or reached: no coverage to show.
    for (const engine::ChangedFile &file : summary->pythonFiles()) {
        for (const int line : file.oldLines)
            preview.changes.changedLines
                << engine::ReportChangedLine{file.oldPath, QStringLiteral("old"), line, false, {}};
        for (const int line : file.newLines)
            preview.changes.changedLines
                << engine::ReportChangedLine{file.newPath, QStringLiteral("new"), line, false, {}};
    }
    auto sources = engine::readExportSources(repositoryPath, preview.changes);
    if (!sources)
        return sources.error();
    preview.sources = std::move(*sources);
    return preview;
}

} // namespace difftriage::ui
