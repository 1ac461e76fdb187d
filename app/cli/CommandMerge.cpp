#include "CliSupport.h"
#include "Commands.h"
#include "ReleaseOutput.h"
#include "ReportOutputs.h"

namespace difftriage::cli {

using namespace difftriage::engine;

int runMerge(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Merge per-PR reports (analyze --report) into one release document."));
    parser.addPositionalArgument(QStringLiteral("REPORT"),
                                 QStringLiteral("Report documents, or folders of them."),
                                 QStringLiteral("REPORT..."));
    parser.addOption({QStringLiteral("out"), QStringLiteral("Write the release document here."),
                      QStringLiteral("RELEASE.json")});
    addHeadCheckOptions(parser);
    addExportOptions(parser);
    addTriageOption(parser);
    addJsonOption(parser);
    parser.addOption({QStringLiteral("fail-on-difference"),
                      QStringLiteral("Exit 3 when a difference is untriaged or triaged as a "
                                     "regression.")});
    parser.addHelpOption();
    if (!parser.parse(arguments))
        return fail(parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        printText(parser.helpText());
        return ExitOk;
    }
    if (parser.positionalArguments().isEmpty())
        return fail(
            QStringLiteral("name the reports to merge: merge REPORT... --out RELEASE.json"));
    if (!parser.isSet(QStringLiteral("out")))
        return fail(QStringLiteral("--out RELEASE.json is required"));
    auto outputs = ReportOutputs::fromOptions(parser, parser.value(QStringLiteral("repo")), false);
    if (!outputs)
        return fail(outputs.error().message);
    auto reports = loadReports(parser.positionalArguments());
    if (!reports)
        return fail(reports.error().message);
    ReleaseRequest request;
    request.reports = std::move(*reports);
    request.repository = parser.value(QStringLiteral("repo"));
    request.base = parser.value(QStringLiteral("base"));
    request.head = parser.value(QStringLiteral("head"));
    applyPythonOptions(parser, request.choices);
    request.choices.prepare = parser.value(QStringLiteral("prepare"));
    request.choices.forceDegradedSandbox = parser.isSet(QStringLiteral("degraded-sandbox"));
    auto release = buildRelease(request);
    if (!release)
        return fail(release.error().message,
                    release.error().kind == ErrorKind::BadInput ? ExitBadInput : ExitInternal);
    return finishRelease(*release, parser, *outputs, parser.value(QStringLiteral("out")),
                         parser.isSet(QStringLiteral("fail-on-difference")));
}

} // namespace difftriage::cli
