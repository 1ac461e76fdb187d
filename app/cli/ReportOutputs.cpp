#include "ReportOutputs.h"

#include "CliSupport.h"
#include "report/ExportSources.h"
#include "report/HtmlExporter.h"
#include "report/JunitExporter.h"
#include "report/MarkdownExporter.h"
#include "report/PytestExporter.h"
#include "report/SarifExporter.h"
#include "triage/RepositoryIdentity.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace difftriage::cli {

using namespace difftriage::engine;

namespace {

constexpr ExportFormat Formats[] = {ExportFormat::Html, ExportFormat::Markdown, ExportFormat::Sarif,
                                    ExportFormat::Junit, ExportFormat::Pytest};

QString describe(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Html:
        return QStringLiteral("Write a self-contained HTML report here.");
    case ExportFormat::Markdown:
        return QStringLiteral("Write a Markdown summary here (for a PR comment).");
    case ExportFormat::Sarif:
        return QStringLiteral("Write SARIF 2.1.0 here (code scanning).");
    case ExportFormat::Junit:
        return QStringLiteral("Write JUnit XML here (CI test reporters).");
    case ExportFormat::Pytest:
        break;
    }
    return QStringLiteral("Write the differences as a pytest file expecting the triaged side.");
}

Expected<TriageStore> readStore(const QString &path, bool mustExist)
{
    if (mustExist && !QFileInfo(path).isFile())
        return makeError(QStringLiteral("--triage %1: no such file").arg(path));
    TriageStore store(path);
    if (Status loaded = store.load(); !loaded)
        return loaded.error();
    return store;
}

} // namespace

QString toString(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Html:
        return QStringLiteral("html");
    case ExportFormat::Markdown:
        return QStringLiteral("markdown");
    case ExportFormat::Sarif:
        return QStringLiteral("sarif");
    case ExportFormat::Junit:
        return QStringLiteral("junit");
    case ExportFormat::Pytest:
        break;
    }
    return QStringLiteral("pytest");
}

void addExportOptions(QCommandLineParser &parser)
{
    for (ExportFormat format : Formats)
        parser.addOption({toString(format), describe(format), QStringLiteral("FILE")});
}

void addTriageOption(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("triage"),
                      QStringLiteral("Apply the verdicts of this triage export instead of the "
                                     "repository's triage store."),
                      QStringLiteral("FILE")});
}

Status writeExport(ExportFormat format, const Report &report, const QString &path,
                   const QString &repositoryPath)
{
    switch (format) {
    case ExportFormat::Html: {
        // The heatmap is a bonus: a report read far from its repository still converts.
        auto sources = repositoryPath.isEmpty()
                           ? Expected<QList<ExportSource>>(QList<ExportSource>{})
                           : readExportSources(repositoryPath, report);
        return HtmlExporter(report, sources ? *sources : QList<ExportSource>{}).write(path);
    }
    case ExportFormat::Markdown:
        return MarkdownExporter(report).write(path);
    case ExportFormat::Sarif:
        return SarifExporter(report, QCoreApplication::applicationVersion()).write(path);
    case ExportFormat::Junit:
        return JunitExporter(report).write(path);
    case ExportFormat::Pytest:
        break;
    }
    return PytestExporter(report).write(path);
}

Expected<ReportOutputs> ReportOutputs::fromOptions(const QCommandLineParser &parser,
                                                   const QString &repositoryPath,
                                                   bool readRepositoryStore)
{
    ReportOutputs outputs;
    outputs.m_repository = repositoryPath;
    for (ExportFormat format : Formats) {
        if (parser.isSet(toString(format)))
            outputs.m_exports << std::make_pair(format, parser.value(toString(format)));
    }
    if (parser.isSet(QStringLiteral("triage"))) {
        auto store = readStore(parser.value(QStringLiteral("triage")), true);
        if (!store)
            return store.error();
        outputs.m_triage = std::move(*store);
    } else if (readRepositoryStore && !repositoryPath.isEmpty()) {
        auto store = readStore(TriageStore::defaultPath(repositoryIdentity(repositoryPath)), false);
        if (!store)
            return store.error();
        outputs.m_triage = std::move(*store);
    }
    return outputs;
}

void ReportOutputs::applyTriage(Report &report) const
{
    if (m_triage)
        m_triage->apply(report);
}

Status ReportOutputs::write(const Report &report) const
{
    for (const auto &[format, path] : m_exports) {
        if (Status written = writeExport(format, report, path, m_repository); !written)
            return written;
    }
    return Ok{};
}

} // namespace difftriage::cli
