#pragma once

#include "core/Expected.h"
#include "report/ExportSources.h"
#include "report/Report.h"

namespace difftriage::ui {

// What the diff view shows of a change before it is analysed: the changed Python lines (as a
// report with no test and nothing known to be a statement) and both sides' text of their files.
struct DiffPreview
{
    engine::Report changes;
    QList<engine::ExportSource> sources;
};

// Reads the change from git: call it off the GUI thread.
engine::Expected<DiffPreview> readDiffPreview(const QString &repositoryPath, const QString &base,
                                              const QString &head);

} // namespace difftriage::ui
