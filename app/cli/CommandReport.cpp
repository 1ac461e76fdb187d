#include "CliSupport.h"
#include "Commands.h"
#include "LlmOptions.h"
#include "ReleaseOutput.h"
#include "ReportOutputs.h"
#include "SuggestOptions.h"
#include "release/ReleaseDocument.h"
#include "report/ReportFile.h"
#include "triage/intent/Suggestions.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

namespace difftriage::cli {

using namespace difftriage::engine;

namespace {

// parseArguments() refuses positional arguments; this command takes exactly one.
bool parseWithInput(QCommandLineParser &parser, const QStringList &arguments)
{
    parser.addHelpOption();
    if (!parser.parse(arguments)) {
        fail(parser.errorText());
        return false;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        printText(parser.helpText());
        return false;
    }
    const QStringList inputs = parser.positionalArguments();
    if (inputs.size() != 1) {
        fail(inputs.isEmpty() ? QStringLiteral("name the report to convert: report IN.json ...")
                              : QStringLiteral("unexpected argument '%1'").arg(inputs.at(1)));
        return false;
    }
    return true;
}

// The repository the HTML heatmap reads: --repo, else the report's own when it is still there.
QString sourceRepository(const QCommandLineParser &parser, const Report &report)
{
    if (parser.isSet(QStringLiteral("repo")))
        return parser.value(QStringLiteral("repo"));
    return QFileInfo(report.repo).isDir() ? report.repo : QString();
}

Status writeDocument(const Report &report, const QString &path)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(QByteArray::fromStdString(report.toJson().dump(2) + "\n")) < 0 || !file.commit())
        return makeError(QStringLiteral("cannot write %1").arg(path));
    return Ok{};
}

// A release document (merge --out): its exports with the per-PR summary table.
int convertRelease(const QCommandLineParser &parser, const QString &path)
{
    if (parser.isSet(QStringLiteral("report")) || parser.isSet(QStringLiteral("suggest")))
        return fail(QStringLiteral("--report and --suggest convert a report, not a release "
                                   "document"));
    auto release = loadReleaseFile(path);
    if (!release)
        return fail(release.error().message);
    auto outputs = ReportOutputs::fromOptions(parser, parser.value(QStringLiteral("repo")), false);
    if (!outputs)
        return fail(outputs.error().message);
    if (outputs->isEmpty())
        return fail(QStringLiteral("name at least one output: --html, --markdown, --sarif or "
                                   "--junit"));
    return finishRelease(*release, parser, *outputs, QString(), false);
}

} // namespace

int runReport(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Convert a saved report (analyze --report) into HTML, Markdown, SARIF or "
                       "JUnit XML; --suggest renews its suggested verdicts first."));
    parser.addPositionalArgument(QStringLiteral("IN.json"), QStringLiteral("The report."));
    addExportOptions(parser);
    addTriageOption(parser);
    parser.addOption({QStringLiteral("repo"),
                      QStringLiteral("The repository the HTML heatmap reads the changed files "
                                     "from (default: the report's, when it exists)."),
                      QStringLiteral("PATH")});
    parser.addOption({QStringLiteral("report"),
                      QStringLiteral("Write the report document, with renewed suggestions, here."),
                      QStringLiteral("FILE")});
    addSuggestOption(parser);
    addLlmOptions(parser);
    addJsonOption(parser);
    if (!parseWithInput(parser, arguments))
        return parser.isSet(QStringLiteral("help")) ? ExitOk : ExitBadInput;
    if (parser.isSet(QStringLiteral("repo")) &&
        !QFileInfo(parser.value(QStringLiteral("repo"))).isDir())
        return fail(QStringLiteral("--repo %1: no such directory")
                        .arg(parser.value(QStringLiteral("repo"))));

    auto llm = llmSettingsFrom(parser);
    if (!llm)
        return fail(llm.error().message);
    auto suggest = suggestionSourceFrom(parser, *llm);
    if (!suggest)
        return fail(suggest.error().message);

    if (isReleaseFile(parser.positionalArguments().first()))
        return convertRelease(parser, parser.positionalArguments().first());
    auto report = loadReportFile(parser.positionalArguments().first());
    if (!report)
        return fail(report.error().message);
    auto outputs = ReportOutputs::fromOptions(parser, sourceRepository(parser, *report), false);
    if (!outputs)
        return fail(outputs.error().message);
    const QString document = parser.value(QStringLiteral("report"));
    if (outputs->isEmpty() && document.isEmpty())
        return fail(QStringLiteral("name at least one output: --html, --markdown, --sarif, "
                                   "--junit, --pytest or --report FILE"));
    // Without --suggest the saved suggestions stay as they are.
    if (parser.isSet(QStringLiteral("suggest")))
        suggestVerdicts(*report, *suggest, *llm);
    outputs->applyTriage(*report);
    if (Status written = outputs->write(*report); !written)
        return fail(written.error().message);

    nlohmann::json files = nlohmann::json::array();
    QString text;
    if (!document.isEmpty()) {
        if (Status written = writeDocument(*report, document); !written)
            return fail(written.error().message);
        files.push_back(
            {{"format", "report"}, {"path", QFileInfo(document).absoluteFilePath().toStdString()}});
        text += QStringLiteral("%1  %2\n")
                    .arg(QStringLiteral("report"), -8)
                    .arg(QDir::toNativeSeparators(document));
    }
    for (const auto &[format, path] : outputs->exports()) {
        const QLatin1String name(exportFormatInfo(format).name);
        files.push_back(
            {{"format", name.data()}, {"path", QFileInfo(path).absoluteFilePath().toStdString()}});
        text += QStringLiteral("%1  %2\n").arg(name, -8).arg(QDir::toNativeSeparators(path));
    }
    if (parser.isSet(QStringLiteral("json")))
        printJson({{"written", files}});
    else
        printText(text);
    return ExitOk;
}

} // namespace difftriage::cli
