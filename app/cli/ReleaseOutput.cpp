#include "ReleaseOutput.h"

#include "CliSupport.h"
#include "attribution/AttributeReport.h"
#include "core/Json.h"
#include "git/Repository.h"
#include "pipeline/ResolveOptions.h"
#include "release/HeadCheck.h"
#include "release/ReleaseMerge.h"
#include "release/ZipEntries.h"
#include "report/ReportFile.h"
#include "triage/DifferenceGate.h"

#include <QDir>
#include <QFileInfo>

namespace difftriage::cli {

using namespace difftriage::engine;

void addHeadCheckOptions(QCommandLineParser &parser)
{
    addRepositoryOption(parser);
    addPythonOptions(parser);
    parser.addOption({QStringLiteral("head"),
                      QStringLiteral("Run every difference's test on this revision and mark "
                                     "those it no longer shows (needs --repo)."),
                      QStringLiteral("REV")});
    parser.addOption({QStringLiteral("base"),
                      QStringLiteral("The release's base revision, recorded in the document."),
                      QStringLiteral("REV")});
    parser.addOption({QStringLiteral("prepare"),
                      QStringLiteral("A command run once in the head's fresh tree."),
                      QStringLiteral("CMD")});
    parser.addOption({QStringLiteral("degraded-sandbox"),
                      QStringLiteral("Do not use bubblewrap even when it works.")});
}

Expected<QList<Report>> loadReports(const QStringList &paths)
{
    QList<Report> reports;
    for (const QString &path : paths) {
        if (path.endsWith(QLatin1String(".zip"), Qt::CaseInsensitive)) {
            // A CI artifact download: the report documents inside.
            auto entries = readZipEntries(path, QStringLiteral(".json"));
            if (!entries)
                return entries.error();
            for (const ZipEntry &entry : std::as_const(*entries))
                if (auto report = Report::fromJson(parseJson(entry.content).value_or(nullptr)))
                    reports << std::move(*report);
            continue;
        }
        if (!QFileInfo(path).isDir()) {
            auto report = loadReportFile(path);
            if (!report)
                return asBadInput(report.error());
            reports << std::move(*report);
            continue;
        }
        // A folder of CI artifacts: its report documents; other JSON files (triage exports) stay.
        const QDir folder(path);
        for (const QString &name :
             folder.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
            if (auto report = loadReportFile(folder.filePath(name)))
                reports << std::move(*report);
        }
    }
    if (reports.isEmpty())
        return makeError(QStringLiteral("no report documents among %1").arg(paths.join(u' ')),
                         ErrorKind::BadInput);
    return reports;
}

Expected<ReleaseDocument> buildRelease(const ReleaseRequest &request,
                                       const std::atomic_bool *cancel)
{
    std::optional<git::Repository> repository;
    if (!request.repository.isEmpty()) {
        auto opened = git::Repository::open(request.repository);
        if (!opened)
            return asBadInput(opened.error());
        repository = std::move(*opened);
    } else if (!request.head.isEmpty()) {
        return makeError(QStringLiteral("--head needs --repo: the head's tree comes from it"),
                         ErrorKind::BadInput);
    }
    auto release = mergeReports(request.reports, repository ? &*repository : nullptr);
    if (!release)
        return release.error();
    if (repository && !request.base.isEmpty()) {
        auto base = repository->resolveCommit(request.base);
        if (!base)
            return asBadInput(base.error());
        release->base = *base;
    }
    if (request.head.isEmpty())
        return release;
    auto head = repository->resolveCommit(request.head);
    if (!head)
        return asBadInput(head.error());
    ChangeSpec atHead;
    atHead.base = *head;
    atHead.head = *head;
    auto options = resolveAnalysisOptions(*repository, atHead, request.choices);
    if (!options)
        return options.error();
    auto settings = revisionRunnerSettings(*options);
    if (!settings)
        return settings.error();
    settings->baseCommit.clear(); // the head runs with the new version's interpreter
    if (Status checked = checkAtHead(*release, *repository, *head, *settings,
                                     options->testTimeoutSeconds, cancel);
        !checked)
        return checked.error();
    return release;
}

QString summarizeReleaseText(const ReleaseDocument &release)
{
    QString text = QStringLiteral("release: %1 PR(s) and direct commit(s), %2 difference(s)")
                       .arg(release.prs.size())
                       .arg(release.differences.size());
    if (!release.head.isEmpty())
        text += QStringLiteral(", checked at %1").arg(release.head.left(10));
    text += QLatin1Char('\n');
    for (const PrSummaryRow &row : prSummaryRows(release)) {
        QString line =
            QStringLiteral("  %1  differences %2").arg(row.pr.describe(), -48).arg(row.differences);
        if (row.notAtHead > 0)
            line += QStringLiteral(" (%1 not at the head)").arg(row.notAtHead);
        if (row.suggested != Verdict::None)
            line += QStringLiteral("  suggested %1").arg(spelling(row.suggested));
        if (row.differences > 0)
            line += QStringLiteral("  status %1").arg(spelling(row.status));
        text += line + QLatin1Char('\n');
    }
    return text;
}

int finishRelease(ReleaseDocument &release, const QCommandLineParser &parser,
                  const ReportOutputs &outputs, const QString &documentPath, bool gate)
{
    outputs.applyTriage(release);
    if (!documentPath.isEmpty()) {
        if (Status saved = saveReleaseFile(release, documentPath); !saved)
            return fail(saved.error().message);
    }
    const Report asReport = releaseAsReport(release);
    if (Status written = outputs.write(asReport, prSummaryRows(release)); !written)
        return fail(written.error().message);
    if (parser.isSet(QStringLiteral("json")))
        printJson(release.toJson());
    else
        printText(summarizeReleaseText(release));
    if (gate && blockingDifferences(asReport) > 0)
        return ExitDifferences;
    return ExitOk;
}

} // namespace difftriage::cli
