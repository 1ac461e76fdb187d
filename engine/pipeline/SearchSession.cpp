#include "pipeline/SearchSession.h"

#include "execute/TestRunner.h"
#include "judge/Judge.h"
#include "judge/RelationJudging.h"
#include "judge/Reordering.h"
#include "pipeline/Seeds.h"

#include <algorithm>
#include <future>
#include <vector>

namespace difftriage::engine {

namespace {

constexpr int DifferencesPerCluster = 3; // more of the same cause add nothing for the reviewer

QString errorTypeOf(const TestOutcome &outcome)
{
    return outcome.status == RunStatus::Raised ? outcome.errorType : QString();
}

// A test that prints what it raises (the exception_messages rule, on a generated call or a
// project test) ends with "raises <Type> <message>": its type is the test's error as much as
// a raised one, so a changed message is not lumped with the target's other output changes.
QString printedErrorOf(const nlohmann::json &genome, const TestOutcome &outcome)
{
    const auto observes = [](const nlohmann::json &object) {
        return object.is_object() && object.value("observe", nlohmann::json()) == "exception";
    };
    if (!observes(genome) &&
        !(genome.is_object() && observes(genome.value("entry", nlohmann::json()))))
        return {};
    const QString last = outcome.output.trimmed().section(QLatin1Char('\n'), -1);
    return last.startsWith(QLatin1String("raises ")) ? last.section(QLatin1Char(' '), 1, 1)
                                                     : QString();
}

// The message of an import that fails on one version only ("cannot import name 'X' from
// 'pkg._types'"), else empty: a name or module one version lacks fails every test that imports
// it alike, whatever the test's target, and one difference says all of it.
QString missingImportOf(const TestOutcome &oldRun, const TestOutcome &newRun)
{
    const auto failedImport = [](const TestOutcome &run) {
        const QString type = errorTypeOf(run);
        return type == QLatin1String("ImportError") || type == QLatin1String("ModuleNotFoundError");
    };
    if (failedImport(oldRun) == failedImport(newRun))
        return {};
    const TestOutcome &failed = failedImport(oldRun) ? oldRun : newRun;
    return failed.errorType + QLatin1Char(' ') + failed.errorMessage;
}

} // namespace

namespace {

QStringList targetNames(const Targets &targets)
{
    QStringList names;
    for (const ChangedFunction &function : targets.functions)
        names << function.qualname;
    return names;
}

} // namespace

SearchSession::SearchSession(SessionContext context)
    : m_context(std::move(context)), m_schedule(scheduleFor(m_context.options->choices)),
      m_coverage(*m_context.targets),
      m_ledger(targetNames(*m_context.targets), m_schedule.plateauTests, EscalationLevels)
{
    m_clock.start();
}

bool SearchSession::cancelled() const
{
    return m_context.cancel && m_context.cancel->load();
}

bool SearchSession::outOfTime() const
{
    const double budget = m_context.options->choices.timeBudgetSeconds;
    return budget > 0 && m_clock.elapsed() > budget * 1000;
}

void SearchSession::report(const QString &stage, double fraction) const
{
    if (m_context.progress)
        m_context.progress({stage, fraction, m_executions, static_cast<int>(m_differences.size()),
                            m_coverage.unionCoverage()});
}

Status SearchSession::restore(const Checkpoint &checkpoint)
{
    for (const TestRecord &record : checkpoint.tests) {
        m_testIndex.insert(record.id, static_cast<int>(m_tests.size()));
        m_tests << record;
        m_coverage.record(record.id, Side::Old, record.oldRun.covered);
        m_coverage.record(record.id, Side::New, record.newRun.covered);
    }
    for (const QString &id : checkpoint.differenceTests) {
        const TestRecord &record = m_tests.at(m_testIndex.value(id));
        const auto kind = m_context.judge->compare(record.oldRun, record.newRun);
        if (!kind)
            return makeError(QStringLiteral("checkpoint disagrees with the judge on %1").arg(id));
        m_differences << FoundDifference{
            id, *kind, record.candidate, record.candidate, record.oldRun, record.newRun};
    }
    m_rounds = checkpoint.rounds;
    m_ledger = TargetLedger::fromJson(checkpoint.ledger, m_schedule.plateauTests, EscalationLevels);
    m_flaky = checkpoint.flakyDiscarded;
    m_executions = checkpoint.executions;
    m_nextRound = checkpoint.nextRound;
    return Ok{};
}

TestRequest SearchSession::requestFor(const Candidate &candidate, Side side) const
{
    TestRequest request;
    request.id = testIdFor(candidate.code);
    request.code = candidate.code;
    // Old and new see the same draws; the seed of the analysis changes them all.
    request.seed = testSeed(m_context.options->choices.seed, request.id);
    request.timeoutSeconds = m_context.testTimeoutSeconds;
    request.coverage = m_coverage.requested(side);
    return request;
}

Expected<std::pair<QList<TestOutcome>, QList<TestOutcome>>>
SearchSession::runOnBothSides(const QList<Candidate> &candidates, const SideRun &run)
{
    QList<TestRequest> oldRequests, newRequests;
    for (const Candidate &candidate : candidates) {
        oldRequests << requestFor(candidate, Side::Old);
        newRequests << requestFor(candidate, Side::New);
    }
    // The old side on another thread, the new one here: both versions' workers busy at once.
    auto oldFuture = std::async(std::launch::async, [&] { return run(Side::Old, oldRequests); });
    auto newRuns = run(Side::New, newRequests);
    auto oldRuns = oldFuture.get();
    if (!oldRuns)
        return oldRuns.error();
    if (!newRuns)
        return newRuns.error();
    m_executions += static_cast<int>(candidates.size());
    return std::make_pair(std::move(*oldRuns), std::move(*newRuns));
}

Expected<std::pair<QList<TestOutcome>, QList<TestOutcome>>>
SearchSession::runPairs(const QList<Candidate> &candidates, int rerun)
{
    TestRunner *runner = m_context.runner;
    return runOnBothSides(candidates, [runner, rerun](Side side, const QList<TestRequest> &tests) {
        return runner->run(side, tests, rerun);
    });
}

Expected<std::pair<QList<TestOutcome>, QList<TestOutcome>>>
SearchSession::searchPairs(const QList<Candidate> &candidates, bool *ranAlone)
{
    TestRunner *runner = m_context.runner;
    auto runs = runOnBothSides(candidates, [runner](Side side, const QList<TestRequest> &tests) {
        return runner->runBatch(side, tests);
    });
    const auto died = [](const QList<TestOutcome> &batch) {
        return std::any_of(batch.cbegin(), batch.cend(),
                           [](const TestOutcome &run) { return run.workerFailed(); });
    };
    const bool alone = runs && (died(runs->first) || died(runs->second));
    if (ranAlone)
        *ranAlone = alone;
    if (!alone)
        return runs;
    m_batchesRunAlone += 1;
    return runPairs(candidates, 0);
}

Expected<std::optional<std::pair<TestOutcome, TestOutcome>>>
SearchSession::runAlone(const Candidate &candidate)
{
    using Result = std::optional<std::pair<TestOutcome, TestOutcome>>;
    auto runs = runPairs({candidate}, 0);
    if (!runs)
        return runs.error();
    TestOutcome oldAlone = runs->first.value(0), newAlone = runs->second.value(0);
    if (!m_context.judge->compare(oldAlone, newAlone)) {
        ++m_batchOnly;
        return Result();
    }
    return Result(std::pair{std::move(oldAlone), std::move(newAlone)});
}

Expected<std::optional<DifferenceKind>> SearchSession::confirm(const Candidate &candidate,
                                                               const TestOutcome &oldRun,
                                                               const TestOutcome &newRun)
{
    // The reruns run on their own worker pools, so they go in parallel.
    using Runs = Expected<std::pair<QList<TestOutcome>, QList<TestOutcome>>>;
    std::vector<std::future<Runs>> reruns;
    for (int rerun = 1; rerun <= m_context.options->choices.reruns; ++rerun)
        reruns.push_back(std::async(std::launch::async, [this, &candidate, rerun] {
            return runPairs({candidate}, rerun);
        }));
    QList<TestOutcome> oldRuns{oldRun}, newRuns{newRun};
    QString failure;
    for (auto &future : reruns) {
        Runs runs = future.get();
        if (!runs) {
            failure = runs.error().message;
            continue;
        }
        oldRuns << runs->first.value(0);
        newRuns << runs->second.value(0);
    }
    if (!failure.isEmpty())
        return makeError(failure);
    const Judgement judgement = m_context.judge->judgeRuns(oldRuns, newRuns);
    if (judgement.flaky || judgement.unconfirmed || !judgement.kind)
        return std::optional<DifferenceKind>();
    return judgement.kind;
}

bool SearchSession::clusterIsFull(const QString &target, DifferenceKind kind,
                                  const TestRecord &record) const
{
    // A relation that breaks on one version only is a cause of its own: the target's ordinary
    // differences say nothing about it.
    const auto causeOf = [](const Candidate &candidate, const TestOutcome &oldRun,
                            const TestOutcome &newRun) {
        return relationCause(relationLabelOf(candidate.genome), oldRun.output, newRun.output);
    };
    const QString missing = missingImportOf(record.oldRun, record.newRun);
    if (!missing.isEmpty())
        return std::any_of(m_differences.cbegin(), m_differences.cend(),
                           [&](const FoundDifference &found) {
                               return missingImportOf(found.oldRun, found.newRun) == missing;
                           });
    const QString relation = causeOf(record.candidate, record.oldRun, record.newRun);
    const auto sameCause = [&](const FoundDifference &found) {
        return found.original.target == target && found.kind == kind &&
               causeOf(found.original, found.oldRun, found.newRun) == relation &&
               onlyReordered(found.oldRun.output, found.newRun.output) ==
                   onlyReordered(record.oldRun.output, record.newRun.output) &&
               errorTypeOf(found.oldRun) == errorTypeOf(record.oldRun) &&
               errorTypeOf(found.newRun) == errorTypeOf(record.newRun) &&
               printedErrorOf(found.original.genome, found.oldRun) ==
                   printedErrorOf(record.candidate.genome, record.oldRun) &&
               printedErrorOf(found.original.genome, found.newRun) ==
                   printedErrorOf(record.candidate.genome, record.newRun);
    };
    const int limit = kind == DifferenceKind::ApiChange ? 1 : DifferencesPerCluster;
    return std::count_if(m_differences.cbegin(), m_differences.cend(), sameCause) >= limit;
}

GenerationRequest SearchSession::nextRequest(int round) const
{
    GenerationRequest request = m_context.baseRequest;
    request.round = round;
    for (const TestRecord &record : m_tests) {
        const nlohmann::json covered = {{"old", lineMapToJson(record.oldRun.covered)},
                                        {"new", lineMapToJson(record.newRun.covered)}};
        request.feedback << FeedbackTest{
            record.id,   record.candidate.target,        record.candidate.genome,
            covered,     spelling(record.oldRun.status), record.candidate.strategy,
            record.novel};
    }
    request.schedule = m_ledger.scheduleJson();
    request.disabledStrategies = m_context.options->choices.disabledStrategies;
    for (const QString &function : m_coverage.functions()) {
        if (m_coverage.unionCoverage(function) >= 1.0)
            continue;
        const QList<int> oldLines = m_coverage.uncovered(function, Side::Old);
        const QList<int> newLines = m_coverage.uncovered(function, Side::New);
        request.uncovered[function.toStdString()] = {
            {"old", std::vector<int>(oldLines.cbegin(), oldLines.cend())},
            {"new", std::vector<int>(newLines.cbegin(), newLines.cend())}};
    }
    return request;
}

Status SearchSession::saveCheckpoint(int nextRound) const
{
    Checkpoint checkpoint;
    checkpoint.key = m_context.checkpointKey;
    checkpoint.nextRound = nextRound;
    checkpoint.tests = m_tests;
    checkpoint.rounds = m_rounds;
    checkpoint.ledger = m_ledger.toJson();
    for (const FoundDifference &found : m_differences)
        checkpoint.differenceTests << found.testId;
    checkpoint.flakyDiscarded = m_flaky;
    checkpoint.executions = m_executions;
    return checkpoint.save(m_context.checkpointPath);
}

} // namespace difftriage::engine
