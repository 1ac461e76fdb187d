#include "AnalyzeOutput.h"
#include "CliSupport.h"
#include "Commands.h"
#include "IntentOptions.h"
#include "LlmOptions.h"
#include "RangeFanOut.h"
#include "ReportOutputs.h"
#include "SuggestOptions.h"
#include "attribution/AttributeReport.h"
#include "generate/GeneratorStrategies.h"
#include "pipeline/AnalysisPipeline.h"
#include "pipeline/ResolveOptions.h"
#include "triage/DifferenceGate.h"

#include <QFileInfo>
#include <QSaveFile>
#include <atomic>
#include <csignal>
#include <unistd.h>

namespace difftriage::cli {

using namespace difftriage::engine;

namespace {

std::atomic_bool interrupted{false};

void onInterrupt(int)
{
    interrupted.store(true);
}

void addAnalyzeOptions(QCommandLineParser &parser)
{
    parser.addOption({QStringLiteral("generator"),
                      QStringLiteral("offline (default; no network, no model) or llm."),
                      QStringLiteral("NAME"), spelling(GeneratorKind::Offline)});
    parser.addOption({QStringLiteral("report"), QStringLiteral("Write the report document here."),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("seed"), QStringLiteral("Seed of the search (default 1)."),
                      QStringLiteral("N"), QStringLiteral("1")});
    parser.addOption({QStringLiteral("effort"),
                      QStringLiteral("How much testing: quick, normal (default) or thorough."),
                      QStringLiteral("LEVEL"), spelling(Effort::Normal)});
    parser.addOption({QStringLiteral("max-tests"),
                      QStringLiteral("Stop after N tests, below the effort's budget."),
                      QStringLiteral("N")});
    parser.addOption({QStringLiteral("time-budget"),
                      QStringLiteral("Stop generating after S seconds (an outer guard)."),
                      QStringLiteral("S"), QStringLiteral("0")});
    parser.addOption({QStringLiteral("resume"),
                      QStringLiteral("Continue an interrupted analysis from its last round.")});
    parser.addOption({QStringLiteral("fail-on-difference"),
                      QStringLiteral("Exit 3 when a difference is untriaged or triaged as a "
                                     "regression.")});
    parser.addOption({QStringLiteral("prepare"),
                      QStringLiteral("A command run once in each fresh tree before analysis."),
                      QStringLiteral("CMD")});
    parser.addOption({QStringLiteral("verbose"),
                      QStringLiteral("Log every stage with its elapsed time on stderr.")});
    parser.addOption({QStringLiteral("degraded-sandbox"),
                      QStringLiteral("Do not use bubblewrap even when it works.")});
    parser.addOption({QStringLiteral("disable-strategy"),
                      QStringLiteral("Switch one way of finding tests off, to measure what it "
                                     "adds (repeatable): %1.")
                          .arg(switchableStrategies().join(QStringLiteral(", "))),
                      QStringLiteral("NAME")});
    parser.addOption({QStringLiteral("attribute"),
                      QStringLiteral("Find the PR that introduced each difference (default for "
                                     "--base/--head spanning two or more merged PRs).")});
    parser.addOption({QStringLiteral("no-attribute"),
                      QStringLiteral("Do not look for the PRs that introduced the differences.")});
}

// Attribution runs for a range analysis: asked for, or by default when --base..--head spans
// several PRs on the head's first-parent line.
Expected<bool> wantsAttribution(const QCommandLineParser &parser, const git::Repository &repository,
                                const ChangeSpec &change)
{
    if (parser.isSet(QStringLiteral("no-attribute")))
        return false;
    if (parser.isSet(QStringLiteral("attribute")))
        return true;
    if (!parser.isSet(QStringLiteral("base")))
        return false;
    return spansSeveralPrs(repository, change);
}

bool positiveNumber(const QCommandLineParser &parser, const QString &name, double minimum,
                    double &out)
{
    bool ok = false;
    out = parser.value(name).toDouble(&ok);
    if (!ok || out < minimum) {
        fail(QStringLiteral("--%1 wants a number >= %2, not '%3'")
                 .arg(name)
                 .arg(minimum)
                 .arg(parser.value(name)));
        return false;
    }
    return true;
}

} // namespace

int runAnalyze(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Find the behavioural differences a change makes, old against new."));
    addRepositoryOption(parser);
    addChangeOptions(parser);
    addJsonOption(parser);
    addPythonOptions(parser);
    addAnalyzeOptions(parser);
    addLlmOptions(parser);
    addExportOptions(parser);
    addTriageOption(parser);
    addIntentOptions(parser);
    addSuggestOption(parser);
    addRangeOptions(parser);
    if (!parseArguments(parser, arguments))
        return parser.isSet(QStringLiteral("help")) ? ExitOk : ExitBadInput;
    if (parser.isSet(QStringLiteral("attribute")) && parser.isSet(QStringLiteral("no-attribute")))
        return fail(QStringLiteral("--attribute and --no-attribute contradict each other"));
    UserChoices choices;
    const QString generator = parser.value(QStringLiteral("generator"));
    const auto generatorKind = fromSpelling<GeneratorKind>(generator);
    if (!generatorKind)
        return fail(QStringLiteral("unknown generator '%1' (%2)")
                        .arg(generator, spellingChoices<GeneratorKind>()));
    choices.generator = *generatorKind;
    auto llm = llmSettingsFrom(parser);
    if (!llm)
        return fail(llm.error().message);
    choices.llm = *llm;
    auto suggest = suggestionSourceFrom(parser, *llm);
    if (!suggest)
        return fail(suggest.error().message);
    choices.suggest = *suggest;
    const QString effort = parser.value(QStringLiteral("effort"));
    const auto effortLevel = fromSpelling<Effort>(effort);
    if (!effortLevel)
        return fail(
            QStringLiteral("unknown effort '%1' (%2)").arg(effort, spellingChoices<Effort>()));
    choices.effort = *effortLevel;
    double seed = 0, maxTests = 0, timeBudget = 0;
    if (!positiveNumber(parser, QStringLiteral("seed"), 0, seed) ||
        (parser.isSet(QStringLiteral("max-tests")) &&
         !positiveNumber(parser, QStringLiteral("max-tests"), 1, maxTests)) ||
        !positiveNumber(parser, QStringLiteral("time-budget"), 0, timeBudget))
        return ExitBadInput;
    choices.seed = static_cast<quint64>(seed);
    choices.maxTests = static_cast<int>(maxTests);
    choices.timeBudgetSeconds = timeBudget;
    choices.resume = parser.isSet(QStringLiteral("resume"));
    choices.prepare = parser.value(QStringLiteral("prepare"));
    choices.forceDegradedSandbox = parser.isSet(QStringLiteral("degraded-sandbox"));
    for (const QString &name : parser.values(QStringLiteral("disable-strategy"))) {
        if (!switchableStrategies().contains(name))
            return fail(QStringLiteral("unknown strategy '%1' (%2)")
                            .arg(name, switchableStrategies().join(QStringLiteral(", "))));
        choices.disabledStrategies << name;
    }
    applyPythonOptions(parser, choices);
    if (parser.isSet(QStringLiteral("range")))
        return runRangeAnalyses(parser, arguments);

    auto repository = openRepository(parser);
    if (!repository)
        return fail(repository.error().message);
    auto change = resolveChange(*repository, parser);
    if (!change)
        return fail(change.error().message);
    if (Status intent = applyIntentOptions(parser, *change); !intent)
        return fail(intent.error().message);
    auto attribute = wantsAttribution(parser, *repository, *change);
    if (!attribute)
        return fail(attribute.error().message);
    auto options = resolveAnalysisOptions(*repository, *change, choices);
    if (!options)
        return fail(options.error().message);
    auto outputs = ReportOutputs::fromOptions(parser, repository->path(), true);
    if (!outputs)
        return fail(outputs.error().message);

    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    ProgressPrinter printer(isatty(STDERR_FILENO) == 1, parser.isSet(QStringLiteral("verbose")));
    AnalysisPipeline analysis(std::move(*options), std::move(*repository));
    auto report = analysis.run([&](const AnalysisProgress &progress) { printer.show(progress); },
                               &interrupted);
    if (report && *attribute && report->stopReason != StopReason::Cancelled) {
        auto opened = git::Repository::open(analysis.options().repository);
        Status attributed =
            opened ? attributeReport(
                         *report, analysis.options(), *opened,
                         [&](const QString &message) {
                             printer.show({QStringLiteral("attributing: ") + message, 1.0,
                                           report->testsExecuted, int(report->differences.size()),
                                           report->unionCoverage});
                         },
                         &interrupted)
                   : Status(opened.error());
        if (!attributed) {
            printer.finish();
            return fail(attributed.error().message, attributed.error().kind == ErrorKind::BadInput
                                                        ? ExitBadInput
                                                        : ExitInternal);
        }
    }
    printer.finish();
    if (!report)
        return fail(report.error().message,
                    report.error().kind == ErrorKind::BadInput ? ExitBadInput : ExitInternal);
    outputs->applyTriage(*report);
    const nlohmann::json document = report->toJson();
    if (parser.isSet(QStringLiteral("report"))) {
        QSaveFile file(parser.value(QStringLiteral("report")));
        if (!file.open(QIODevice::WriteOnly) ||
            file.write(QByteArray::fromStdString(document.dump(2) + "\n")) < 0 || !file.commit())
            return fail(
                QStringLiteral("cannot write %1").arg(parser.value(QStringLiteral("report"))));
    }
    if (Status written = outputs->write(*report); !written)
        return fail(written.error().message);
    if (parser.isSet(QStringLiteral("json")))
        printJson(document);
    else
        printText(summarize(*report));
    if (parser.isSet(QStringLiteral("fail-on-difference")) && blockingDifferences(*report) > 0)
        return ExitDifferences;
    return ExitOk;
}

} // namespace difftriage::cli
