#pragma once

#include "core/Expected.h"
#include "report/ExportSources.h"
#include "report/Report.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <optional>
#include <span>

namespace difftriage::engine {

// Every format a report can be exported to, for the CLI and the GUI alike.
enum class ExportFormat
{
    Html,
    Markdown,
    Json,
    Sarif,
    Junit,
    Pytest,
    Pdf,
    ReviewComment,
};

struct ExportFormatInfo
{
    ExportFormat format;
    const char *name;       // the CLI's option (--html FILE) and the format's machine name
    const char *extension;  // of the suggested file name
    const char *menuLabel;  // the GUI's File ▸ Export entry; translated in "ExportFormats"
    const char *fileFilter; // the save dialog's filter; translated in "ExportFormats"
    const char *help;       // the CLI's option description
    bool cliOption;         // the CLI writes the JSON document with --report instead
    bool printedByGui;      // PDF needs QtGui: the GUI prints the HTML export
};

// In menu order.
std::span<const ExportFormatInfo> exportFormats();
const ExportFormatInfo &exportFormatInfo(ExportFormat format);
std::optional<ExportFormat> exportFormatNamed(const QString &name);
QString translatedExportText(const char *text);

// What an export is made of: the report (with the reviewer's verdicts applied), the changed files'
// text for the HTML heatmap (may be empty: the heatmap is left out), the tool's version for SARIF.
struct ExportInput
{
    const Report &report;
    QList<ExportSource> sources = {};
    QString toolVersion = {};
};

// The one render call. PDF is an error here: the GUI prints render(Html).
Expected<QByteArray> renderExport(ExportFormat format, const ExportInput &input);
// Renders and writes atomically.
Status writeExport(ExportFormat format, const ExportInput &input, const QString &path);

} // namespace difftriage::engine
