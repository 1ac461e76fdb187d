#pragma once

#include "core/Expected.h"

#include <QList>
#include <QString>

namespace difftriage::engine {

struct Report;

// The text of one changed file on one side, for the exporters' coverage heatmap.
struct ExportSource
{
    QString file;
    QString side; // old | new
    QString text;
};

// Reads every file that has changed lines in the report from its side's commit (base for old,
// head for new). Opens the repository: call it off the GUI thread. Missing files are skipped.
Expected<QList<ExportSource>> readExportSources(const QString &repositoryPath,
                                                const Report &report);

// Writes an export atomically (a half-written HTML file is worse than none).
Status writeExportFile(const QString &path, const QByteArray &content);

} // namespace difftriage::engine
