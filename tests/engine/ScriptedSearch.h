#pragma once

#include "execute/TestRunner.h"
#include "generate/Generator.h"

#include <QHash>
#include <functional>
#include <map>
#include <mutex>
#include <tuple>

namespace difftriage::engine::test {

// How one test behaves: its outcome on one side in rerun `rerun` when run alone, or in a search
// batch (`batch`, rerun 0).
using Behaviour = std::function<TestOutcome(Side side, int rerun, bool batch)>;

// The same output on both sides, every run.
Behaviour alike(const QString &output, const QList<int> &lines = {});
// alike(), with a result of `shape` (the runner's result_shape) on both sides.
Behaviour alikeShaped(const QString &shape, const QList<int> &lines = {});
// Different outputs, every run: a real difference.
Behaviour differs(const QString &oldOutput, const QString &newOutput, const QList<int> &lines = {});
// Different outputs in a search batch only; run alone both sides agree.
Behaviour differsInBatchOnly(const QList<int> &lines = {});
// differs(), except that `side` prints something else in rerun `rerun`.
Behaviour differsUntilRerun(Side side, int rerun);
// The old side prints, the new one raises `errorType`.
Behaviour newRaises(const QString &errorType);
// `oldRun` on the old version, `newRun` on the new one, every time.
Behaviour eachSide(const TestOutcome &oldRun, const TestOutcome &newRun);
TestOutcome printedOutcome(const QString &output);
TestOutcome raisedOutcome(const QString &errorType, const QString &message);
// Both sides raise the same NameError, whose innermost frame is `frameFile`.
Behaviour bothRaiseNameError(const QString &frameFile);
// On `side` the test kills its worker, alone and in a batch (whose other tests then come back
// without an answer, as from Executor::runBatch); the other side prints.
Behaviour killsItsWorker(Side side);
// On `side` the test floods its output: alone it is killed for the output limit, in a batch (as
// runners did before one limit applied to both) it ends truncated but ok. The other side prints.
Behaviour floodsKilledOnlyAlone(Side side);

// A TestRunner that answers from per-code scripts and counts what it was asked to run. Thread
// safe: the session runs both sides and the reruns at once.
class ScriptedRunner final : public TestRunner
{
public:
    static constexpr int Batch = -1;

    void script(const QString &code, Behaviour behaviour);
    Expected<QList<TestOutcome>> run(Side side, const QList<TestRequest> &tests,
                                     int rerun) override;
    Expected<QList<TestOutcome>> runBatch(Side side, const QList<TestRequest> &tests) override;

    // How often `code` ran on `side` alone in rerun `rerun`, or in a batch with Batch.
    // A batch in which a test kills its worker answers every test of that side with the
    // worker's death.
    int runs(const QString &code, Side side, int rerun) const;

private:
    Expected<QList<TestOutcome>> answer(Side side, const QList<TestRequest> &tests, int rerun);

    mutable std::mutex m_mutex;
    QHash<QString, Behaviour> m_behaviours;
    std::map<std::tuple<QString, int, int>, int> m_runs;
};

// A Generator that hands out fixed candidates per round, fixed repairs and fixed variants.
class ScriptedGenerator final : public Generator
{
public:
    QList<QList<Candidate>> rounds;            // generate() of round r: rounds[r]
    std::function<void(int round)> onGenerate; // a side effect: cancel, let time pass
    QHash<QString, Candidate> repairs;         // broken code -> its repair
    QHash<QString, QList<Candidate>> variants; // code -> simpler variants, preferred first
    QList<int> maxCandidates;                  // what each generate() call was allowed
    QList<nlohmann::json> schedules;           // the schedule each generate() call was sent
    QList<GenerationRequest> requests;         // every generate() request, in order
    QList<RepairProblem> problems;             // what each repair() call was told

    Expected<QList<Candidate>> generate(const GenerationRequest &request) override;
    Expected<std::optional<Candidate>> repair(const Candidate &test,
                                              const RepairProblem &problem) override;
    Expected<QList<Candidate>> simplify(const Candidate &test,
                                        const GenerationRequest &context) override;
};

Candidate candidate(const QString &code, const QString &target = QStringLiteral("pkg.mod.f"));
// A candidate of pkg.mod.f made by the generator's `strategy`.
Candidate candidateBy(const QString &code, const QString &strategy);

} // namespace difftriage::engine::test
