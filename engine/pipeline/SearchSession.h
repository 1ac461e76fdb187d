#pragma once

#include "core/Expected.h"
#include "execute/Side.h"
#include "execute/TestRequest.h"
#include "generate/Generator.h"
#include "pipeline/AnalysisOptions.h"
#include "pipeline/Checkpoint.h"
#include "pipeline/CoverageTracker.h"
#include "pipeline/SearchSchedule.h"
#include "pipeline/TargetLedger.h"
#include "pipeline/TestRecord.h"
#include "targets/Targets.h"

#include <QElapsedTimer>
#include <QHash>
#include <atomic>
#include <functional>

namespace difftriage::engine {

class Judge;
class TestRunner;

// Raised the same error on both versions from the test's own code: a broken test, not a
// behaviour of the project.
bool needsRuntimeRepair(const TestRecord &record);

struct SessionContext
{
    const AnalysisOptions *options = nullptr;
    const Targets *targets = nullptr;
    TestRunner *runner = nullptr; // the Executor; a script in unit tests
    Generator *generator = nullptr;
    const Judge *judge = nullptr;
    GenerationRequest baseRequest; // roots, import roots, targets, seed
    ProgressCallback progress;
    const std::atomic_bool *cancel = nullptr;
    QString checkpointPath;
    QString checkpointKey;
    double testTimeoutSeconds = 10;
};

// The rounds of one analysis: generate, run on both versions, judge, confirm by reruns, follow the
// union coverage and each target's behaviour coverage, escalate the generator's strategies where
// a target plateaus, until the effort's schedule is spent or every target is exhausted
// (docs/SEARCH.md); then shrink what was found.
class SearchSession final
{
public:
    explicit SearchSession(SessionContext context);

    Status restore(const Checkpoint &checkpoint);
    Status runRounds();
    Status shrinkDifferences();
    // Relation checks that break on both versions show no difference, yet the reviewer diagnoses
    // them: the shortest per target and relation is shrunk too, its variants kept as tests.
    Status shrinkRelationReviews();

    StopReason stopReason() const { return m_stopReason; }
    const SearchSchedule &schedule() const { return m_schedule; }
    const TargetLedger &ledger() const { return m_ledger; }
    const QStringList &disabledStrategies() const
    {
        return m_context.options->choices.disabledStrategies;
    }
    const QList<TestRecord> &tests() const { return m_tests; }
    const QList<FoundDifference> &differences() const { return m_differences; }
    const QList<ReportRound> &rounds() const { return m_rounds; }
    const CoverageTracker &coverage() const { return m_coverage; }
    int flakyDiscarded() const { return m_flaky; }
    int batchOnlyDiscarded() const { return m_batchOnly; }
    // Search batches whose worker died, so that all their tests ran alone.
    int batchesRunAlone() const { return m_batchesRunAlone; }
    int executions() const { return m_executions; }

private:
    bool cancelled() const;
    bool outOfTime() const;
    void report(const QString &stage, double fraction) const;
    TestRequest requestFor(const Candidate &candidate, Side side) const;
    using SideRun = std::function<Expected<QList<TestOutcome>>(Side, const QList<TestRequest> &)>;
    // The candidates' requests of each side through `run`, old and new at once.
    Expected<std::pair<QList<TestOutcome>, QList<TestOutcome>>>
    runOnBothSides(const QList<Candidate> &candidates, const SideRun &run);
    Expected<std::pair<QList<TestOutcome>, QList<TestOutcome>>>
    runPairs(const QList<Candidate> &candidates, int rerun);
    GenerationRequest nextRequest(int round) const;
    // Search mode: the candidates of each side together in one child (Executor::runBatch). A
    // batch whose worker died (a test killed it, or it hung) says nothing about its tests: then
    // every candidate runs alone instead, and `ranAlone` says so.
    Expected<std::pair<QList<TestOutcome>, QList<TestOutcome>>>
    searchPairs(const QList<Candidate> &candidates, bool *ranAlone = nullptr);
    // A difference seen in search mode, run alone. The alone runs decide: they are returned when
    // they show any difference (their own kind), nullopt when they show none (the batch's shared
    // state made it up).
    Expected<std::optional<std::pair<TestOutcome, TestOutcome>>>
    runAlone(const Candidate &candidate);
    // Reruns a test that showed a difference; the kind when it is stable, nullopt when flaky.
    Expected<std::optional<DifferenceKind>>
    confirm(const Candidate &candidate, const TestOutcome &oldRun, const TestOutcome &newRun);
    bool showsSame(const FoundDifference &found, const TestOutcome &oldRun,
                   const TestOutcome &newRun) const;
    Status confirmShrunk(int total);
    // Judges a test, confirms a difference (alone first when `searched` in a batch, then by
    // reruns) and records it with its fate, which follows the alone run.
    Status admit(TestRecord record, bool searched);
    // Runtime repair (≤ 5 tries each) of tests that failed the same way on both versions.
    Status repairRuntimeErrors(const QList<int> &broken, int round);
    Status saveCheckpoint(int nextRound) const;
    // Why the rounds must end before round `round`, if they must.
    std::optional<StopReason> mustStop(int round) const;
    // The targets the generator had nothing more for at their levels: all of them when the new
    // candidates left room in the round.
    QSet<QString> dryTargets(const QList<Candidate> &candidates, int asked) const;
    double progress() const;
    bool clusterIsFull(const QString &target, DifferenceKind kind, const TestRecord &record) const;

    SessionContext m_context;
    SearchSchedule m_schedule;
    CoverageTracker m_coverage;
    TargetLedger m_ledger;
    QList<TestRecord> m_tests;
    QHash<QString, int> m_testIndex;
    QList<FoundDifference> m_differences;
    QList<ReportRound> m_rounds;
    StopReason m_stopReason = StopReason::EffortSpent;
    int m_nextRound = 0;
    int m_flaky = 0;
    std::atomic_int m_batchOnly = 0; // differences that vanished when their test ran alone
    std::atomic_int m_batchesRunAlone = 0;
    std::atomic_int m_executions = 0; // confirm() runs reruns on several threads
    QElapsedTimer m_clock;
};

} // namespace difftriage::engine
