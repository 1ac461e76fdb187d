#include "ReportOutputs.h"

#include "CliSupport.h"
#include "release/ReleaseMerge.h"
#include "report/ExportSources.h"
#include "triage/RepositoryIdentity.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <algorithm>

namespace difftriage::cli {

using namespace difftriage::engine;

namespace {

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

void addExportOptions(QCommandLineParser &parser)
{
    for (const ExportFormatInfo &info : exportFormats())
        if (info.cliOption)
            parser.addOption(
                {QLatin1String(info.name), QLatin1String(info.help), QStringLiteral("FILE")});
}

void addTriageOption(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("triage"),
                      QStringLiteral("Apply the verdicts of this triage export instead of the "
                                     "repository's triage store."),
                      QStringLiteral("FILE")});
}

Expected<ReportOutputs> ReportOutputs::fromOptions(const QCommandLineParser &parser,
                                                   const QString &repositoryPath,
                                                   bool readRepositoryStore)
{
    ReportOutputs outputs;
    outputs.m_repository = repositoryPath;
    for (const ExportFormatInfo &info : exportFormats()) {
        if (info.cliOption && parser.isSet(QLatin1String(info.name)))
            outputs.m_exports << std::make_pair(info.format,
                                                parser.value(QLatin1String(info.name)));
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

void ReportOutputs::applyTriage(ReleaseDocument &release) const
{
    if (m_triage)
        engine::applyTriage(release, *m_triage);
}

Status ReportOutputs::write(const Report &report, const QList<PrSummaryRow> &prSummary) const
{
    if (m_exports.isEmpty())
        return Ok{};
    // The HTML heatmap is a bonus: a report read far from its repository still converts.
    const bool html = std::any_of(m_exports.cbegin(), m_exports.cend(), [](const auto &output) {
        return output.first == ExportFormat::Html;
    });
    auto sources = m_repository.isEmpty() || !html
                       ? Expected<QList<ExportSource>>(QList<ExportSource>{})
                       : readExportSources(m_repository, report);
    const ExportInput input{report, sources ? *sources : QList<ExportSource>{},
                            QCoreApplication::applicationVersion(), prSummary};
    for (const auto &[format, path] : m_exports) {
        if (Status written = writeExport(format, input, path); !written)
            return written;
    }
    return Ok{};
}

} // namespace difftriage::cli
