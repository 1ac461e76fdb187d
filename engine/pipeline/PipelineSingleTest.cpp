// One test, run on both versions as an analysis runs its own: the reviewer's edit of a generated
// test, or one they wrote.
#include "pipeline/AnalysisPipeline.h"
#include "pipeline/PipelineSetup.h"
#include "pipeline/ReportBuilder.h"
#include "pipeline/Seeds.h"
#include "pipeline/TestRecord.h"

#include <QCryptographicHash>
#include <QRegularExpression>

namespace difftriage::engine {

namespace {

// Why and where the test itself does not compile ("invalid syntax", 3), or nothing. The runner
// compiles the test as the file "<test>": a SyntaxError naming another file came from the code
// under test, which is behaviour to compare.
std::optional<std::pair<QString, int>> compileErrorOfTest(const TestOutcome &run)
{
    static const QStringList compileErrors{QStringLiteral("SyntaxError"),
                                           QStringLiteral("IndentationError"),
                                           QStringLiteral("TabError")};
    if (run.status != RunStatus::Raised || !compileErrors.contains(run.errorType))
        return std::nullopt;
    static const QRegularExpression inTest(QStringLiteral(R"(^(.*) \(<test>, line (\d+)\)$)"),
                                           QRegularExpression::DotMatchesEverythingOption);
    const auto match = inTest.match(run.errorMessage.trimmed());
    if (!match.hasMatch())
        return std::nullopt;
    return std::pair{match.captured(1), match.captured(2).toInt()};
}

} // namespace

Expected<SingleTestRun> AnalysisPipeline::runSingleTest(const QString &code, const QString &target,
                                                        const ProgressCallback &progress)
{
    const auto say = [&](const QString &stage) {
        if (progress)
            progress({stage, 0, 0, 0, 0});
    };
    if (!m_singleTestSetup) {
        auto prepared = setUp(say);
        if (!prepared)
            return prepared.error();
        m_singleTestSetup = std::move(*prepared);
    }
    PipelineSetup &setup = *m_singleTestSetup;
    if (setup.earlyReport)
        return makeError(QStringLiteral("this change has no changed Python code to run a test on"));
    auto difference = runSingleTestOn(setup, code, target, say);
    if (!difference)
        m_singleTestSetup.reset(); // a broken worker, say: the next call sets up afresh
    return difference;
}

Expected<SingleTestRun>
AnalysisPipeline::runSingleTestOn(PipelineSetup &setup, const QString &code, const QString &target,
                                  const std::function<void(const QString &)> &say) const
{
    say(QStringLiteral("running the test"));
    TestRequest test;
    test.id =
        QStringLiteral("u") +
        QString::fromLatin1(
            QCryptographicHash::hash(code.toUtf8(), QCryptographicHash::Sha256).toHex().left(10));
    test.code = code;
    // The seed the analysis gave the same code: an unchanged generated test sees the same draws.
    test.seed = testSeed(m_options.choices.seed, testIdFor(code));
    test.timeoutSeconds = m_options.testTimeoutSeconds;
    // Each side twice, with different seeds: a test that disagrees with itself is flaky, as in
    // the analysis, and says nothing about the change.
    QList<TestOutcome> runs;
    for (const Side side : {Side::Old, Side::New}) {
        for (int rerun = 0; rerun < 2; ++rerun) {
            auto outcome = setup.executor->run(side, {test}, rerun);
            if (!outcome)
                return outcome.error();
            if (outcome->isEmpty())
                return makeError(QStringLiteral("the executor returned no result for the test"));
            runs << outcome->first();
            if (const auto invalid = compileErrorOfTest(runs.first())) {
                SingleTestRun run;
                run.invalid = invalid->first;
                run.invalidLine = invalid->second;
                run.difference.testCode = code;
                run.difference.originalTestCode = code;
                run.difference.target = target;
                run.difference.oldSide = reportSide(runs.first(), setup.judge->normalizer());
                run.difference.newSide = run.difference.oldSide;
                return run;
            }
        }
    }
    const TestOutcome &oldRun = runs[0];
    const TestOutcome &newRun = runs[2];
    const bool flaky = setup.judge->compare(runs[0], runs[1]).has_value() ||
                       setup.judge->compare(runs[2], runs[3]).has_value();
    const Normalizer &normalizer = setup.judge->normalizer();
    ReportDifference difference;
    difference.testId = test.id;
    difference.testCode = code;
    difference.originalTestCode = code;
    difference.target = target;
    difference.oldSide = reportSide(oldRun, normalizer);
    difference.newSide = reportSide(newRun, normalizer);
    const auto kind = setup.judge->compare(oldRun, newRun);
    difference.kind = kind.value_or(DifferenceKind::DifferentOutput);
    difference.fingerprint = fingerprintOf(difference);
    difference.cluster = clusterOf(difference);
    const TestFate fate = flaky ? TestFate::Flaky : kind ? TestFate::Difference : TestFate::Same;
    return SingleTestRun{fate, std::move(difference), {}, 0};
}

} // namespace difftriage::engine
