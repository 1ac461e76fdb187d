#include "report/ExportFormats.h"

#include "report/HtmlExporter.h"
#include "report/JsonExporter.h"
#include "report/JunitExporter.h"
#include "report/MarkdownExporter.h"
#include "report/PytestExporter.h"
#include "report/ReviewCommentExporter.h"
#include "report/SarifExporter.h"

#include <QCoreApplication>
#include <algorithm>

namespace difftriage::engine {

namespace {

constexpr ExportFormatInfo Formats[] = {
    {ExportFormat::Html, "html", "html", QT_TRANSLATE_NOOP("ExportFormats", "&HTML…"),
     QT_TRANSLATE_NOOP("ExportFormats", "HTML (*.html)"),
     "Write a self-contained HTML report here.", true, false},
    {ExportFormat::Markdown, "markdown", "md", QT_TRANSLATE_NOOP("ExportFormats", "&Markdown…"),
     QT_TRANSLATE_NOOP("ExportFormats", "Markdown (*.md)"),
     "Write a Markdown summary here (for a PR comment).", true, false},
    {ExportFormat::Json, "json", "json",
     QT_TRANSLATE_NOOP("ExportFormats", "&JSON (report and verdicts)…"),
     QT_TRANSLATE_NOOP("ExportFormats", "JSON (*.json)"), "Write the report document here.", false,
     false},
    {ExportFormat::Sarif, "sarif", "sarif", QT_TRANSLATE_NOOP("ExportFormats", "&SARIF…"),
     QT_TRANSLATE_NOOP("ExportFormats", "SARIF (*.sarif)"),
     "Write SARIF 2.1.0 here (code scanning).", true, false},
    {ExportFormat::Junit, "junit", "xml", QT_TRANSLATE_NOOP("ExportFormats", "&JUnit XML…"),
     QT_TRANSLATE_NOOP("ExportFormats", "JUnit XML (*.xml)"),
     "Write JUnit XML here (CI test reporters).", true, false},
    {ExportFormat::Pdf, "pdf", "pdf", QT_TRANSLATE_NOOP("ExportFormats", "&PDF…"),
     QT_TRANSLATE_NOOP("ExportFormats", "PDF (*.pdf)"), "", false, true},
    {ExportFormat::Pytest, "pytest", "py",
     QT_TRANSLATE_NOOP("ExportFormats", "Py&test File (expects the chosen side)…"),
     QT_TRANSLATE_NOOP("ExportFormats", "Python (*.py)"),
     "Write the differences as a pytest file expecting the triaged side.", true, false},
    {ExportFormat::ReviewComment, "review-comment", "md",
     QT_TRANSLATE_NOOP("ExportFormats", "&Review Comment (Markdown)…"),
     QT_TRANSLATE_NOOP("ExportFormats", "Markdown (*.md)"),
     "Write the verdicts and notes as a review comment here (Markdown to paste into the PR).", true,
     false},
};

QByteArray utf8(const QString &text)
{
    return text.toUtf8();
}

} // namespace

std::span<const ExportFormatInfo> exportFormats()
{
    return Formats;
}

const ExportFormatInfo &exportFormatInfo(ExportFormat format)
{
    return *std::find_if(std::begin(Formats), std::end(Formats),
                         [format](const ExportFormatInfo &info) { return info.format == format; });
}

std::optional<ExportFormat> exportFormatNamed(const QString &name)
{
    for (const ExportFormatInfo &info : Formats)
        if (name == QLatin1String(info.name))
            return info.format;
    return std::nullopt;
}

QString translatedExportText(const char *text)
{
    return QCoreApplication::translate("ExportFormats", text);
}

Expected<QByteArray> renderExport(ExportFormat format, const ExportInput &input)
{
    switch (format) {
    case ExportFormat::Html:
        return utf8(HtmlExporter(input.report, input.sources).render());
    case ExportFormat::Markdown:
        return utf8(MarkdownExporter(input.report).render());
    case ExportFormat::Json:
        return JsonExporter(input.report).render();
    case ExportFormat::Sarif:
        return SarifExporter(input.report, input.toolVersion).render();
    case ExportFormat::Junit:
        return JunitExporter(input.report).render();
    case ExportFormat::Pytest:
        return utf8(PytestExporter(input.report).render());
    case ExportFormat::ReviewComment:
        return utf8(ReviewCommentExporter(input.report).render());
    case ExportFormat::Pdf:
        break;
    }
    return makeError(QStringLiteral("PDF is printed by the desktop application from the HTML "
                                    "export"));
}

Status writeExport(ExportFormat format, const ExportInput &input, const QString &path)
{
    auto content = renderExport(format, input);
    if (!content)
        return content.error();
    return writeExportFile(path, *content);
}

} // namespace difftriage::engine
