#include "CliSupport.h"
#include "Commands.h"
#include "ReportOutputs.h"
#include "report/ReportFile.h"

#include <QDir>
#include <QFileInfo>

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

} // namespace

int runReport(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Convert a saved report (analyze --report) into HTML, Markdown, SARIF or "
                       "JUnit XML."));
    parser.addPositionalArgument(QStringLiteral("IN.json"), QStringLiteral("The report."));
    addExportOptions(parser);
    addTriageOption(parser);
    parser.addOption({QStringLiteral("repo"),
                      QStringLiteral("The repository the HTML heatmap reads the changed files "
                                     "from (default: the report's, when it exists)."),
                      QStringLiteral("PATH")});
    addJsonOption(parser);
    if (!parseWithInput(parser, arguments))
        return parser.isSet(QStringLiteral("help")) ? ExitOk : ExitBadInput;
    if (parser.isSet(QStringLiteral("repo")) &&
        !QFileInfo(parser.value(QStringLiteral("repo"))).isDir())
        return fail(QStringLiteral("--repo %1: no such directory")
                        .arg(parser.value(QStringLiteral("repo"))));

    auto report = loadReportFile(parser.positionalArguments().first());
    if (!report)
        return fail(report.error().message);
    auto outputs = ReportOutputs::fromOptions(parser, sourceRepository(parser, *report), false);
    if (!outputs)
        return fail(outputs.error().message);
    if (outputs->isEmpty())
        return fail(QStringLiteral("name at least one output: --html, --markdown, --sarif, --junit "
                                   "or --pytest FILE"));
    outputs->applyTriage(*report);
    if (Status written = outputs->write(*report); !written)
        return fail(written.error().message);

    nlohmann::json files = nlohmann::json::array();
    QString text;
    for (const auto &[format, path] : outputs->exports()) {
        files.push_back({{"format", toString(format).toStdString()},
                         {"path", QFileInfo(path).absoluteFilePath().toStdString()}});
        text += QStringLiteral("%1  %2\n")
                    .arg(toString(format), -8)
                    .arg(QDir::toNativeSeparators(path));
    }
    if (parser.isSet(QStringLiteral("json")))
        printJson({{"written", files}});
    else
        printText(text);
    return ExitOk;
}

} // namespace difftriage::cli
