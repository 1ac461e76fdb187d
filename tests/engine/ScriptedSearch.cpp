#include "ScriptedSearch.h"

#include <algorithm>

namespace difftriage::engine::test {

namespace {

const QString ChangedFile = QStringLiteral("pkg/mod.py");

TestOutcome printed(const QString &output, const QList<int> &lines)
{
    TestOutcome outcome;
    outcome.status = RunStatus::Ok;
    outcome.output = output + QLatin1Char('\n');
    if (!lines.isEmpty())
        outcome.covered.insert(ChangedFile, lines);
    return outcome;
}

TestOutcome raised(const QString &errorType, const QString &message, const QString &frameFile)
{
    TestOutcome outcome;
    outcome.status = RunStatus::Raised;
    outcome.errorType = errorType;
    outcome.errorMessage = message;
    outcome.traceback = QStringLiteral("Traceback (most recent call last):\n"
                                       "  File \"%1\", line 1, in <module>\n%2: %3\n")
                            .arg(frameFile, errorType, message);
    return outcome;
}

} // namespace

Behaviour alike(const QString &output, const QList<int> &lines)
{
    return [=](Side, int, bool) { return printed(output, lines); };
}

Behaviour alikeShaped(const QString &shape, const QList<int> &lines)
{
    return [=](Side, int, bool) {
        TestOutcome outcome = printed(shape, lines);
        outcome.resultShape = shape;
        return outcome;
    };
}

Behaviour differs(const QString &oldOutput, const QString &newOutput, const QList<int> &lines)
{
    return [=](Side side, int, bool) {
        return printed(side == Side::Old ? oldOutput : newOutput, lines);
    };
}

Behaviour differsInBatchOnly(const QList<int> &lines)
{
    return [=](Side side, int, bool batch) {
        return printed(batch && side == Side::New ? QStringLiteral("state left by another test")
                                                  : QStringLiteral("1"),
                       lines);
    };
}

Behaviour differsUntilRerun(Side flakySide, int flakyRerun)
{
    return [=](Side side, int rerun, bool) {
        if (side == flakySide && rerun == flakyRerun)
            return printed(QStringLiteral("a different draw"), {});
        return printed(side == Side::Old ? QStringLiteral("1") : QStringLiteral("2"), {});
    };
}

Behaviour newRaises(const QString &errorType)
{
    return [=](Side side, int, bool) {
        return side == Side::Old
                   ? printed(QStringLiteral("1"), {})
                   : raised(errorType, QStringLiteral("bad input"), QStringLiteral("pkg/mod.py"));
    };
}

Behaviour eachSide(const TestOutcome &oldRun, const TestOutcome &newRun)
{
    return [=](Side side, int, bool) { return side == Side::Old ? oldRun : newRun; };
}

TestOutcome printedOutcome(const QString &output)
{
    return printed(output, {});
}

TestOutcome raisedOutcome(const QString &errorType, const QString &message)
{
    return raised(errorType, message, QStringLiteral("<test>"));
}

Behaviour bothRaiseNameError(const QString &frameFile)
{
    return [=](Side, int, bool) {
        return raised(QStringLiteral("NameError"), QStringLiteral("name 'x' is not defined"),
                      frameFile);
    };
}

Behaviour killsItsWorker(Side killing)
{
    return [=](Side side, int, bool) {
        return side == killing
                   ? TestOutcome::workerFailure(QString(), QStringLiteral("worker_died"),
                                                QStringLiteral("killed by a signal"))
                   : printed(QStringLiteral("alive"), {});
    };
}

Behaviour floodsKilledOnlyAlone(Side flooding)
{
    return [=](Side side, int, bool batch) {
        if (side != flooding)
            return printed(QStringLiteral("1"), {});
        TestOutcome flood = printed(QString(64 * 1024 - 1, QLatin1Char('x')), {});
        flood.truncated = true;
        if (!batch) {
            flood.status = RunStatus::Killed;
            flood.abortedReason = QStringLiteral("output_limit");
        }
        return flood;
    };
}

void ScriptedRunner::script(const QString &code, Behaviour behaviour)
{
    std::lock_guard lock(m_mutex);
    m_behaviours.insert(code, std::move(behaviour));
}

Expected<QList<TestOutcome>> ScriptedRunner::run(Side side, const QList<TestRequest> &tests,
                                                 int rerun)
{
    return answer(side, tests, rerun);
}

Expected<QList<TestOutcome>> ScriptedRunner::runBatch(Side side, const QList<TestRequest> &tests)
{
    return answer(side, tests, Batch);
}

Expected<QList<TestOutcome>> ScriptedRunner::answer(Side side, const QList<TestRequest> &tests,
                                                    int rerun)
{
    std::lock_guard lock(m_mutex);
    QList<TestOutcome> outcomes;
    for (const TestRequest &test : tests) {
        const auto behaviour = m_behaviours.constFind(test.code);
        if (behaviour == m_behaviours.cend())
            return makeError(QStringLiteral("no script for the test %1").arg(test.code));
        ++m_runs[{test.code, int(side), rerun}];
        TestOutcome outcome = (*behaviour)(side, rerun == Batch ? 0 : rerun, rerun == Batch);
        outcome.id = test.id;
        outcome.rerun = rerun == Batch ? 0 : rerun;
        outcomes << outcome;
    }
    const bool workerDied = std::any_of(outcomes.cbegin(), outcomes.cend(),
                                        [](const TestOutcome &run) { return run.workerFailed(); });
    if (rerun == Batch && workerDied) // the worker answered nothing of this batch
        for (TestOutcome &outcome : outcomes)
            outcome = TestOutcome::workerFailure(outcome.id, QStringLiteral("worker_died"),
                                                 QStringLiteral("killed by a signal"));
    return outcomes;
}

int ScriptedRunner::runs(const QString &code, Side side, int rerun) const
{
    std::lock_guard lock(m_mutex);
    const auto it = m_runs.find({code, int(side), rerun});
    return it == m_runs.end() ? 0 : it->second;
}

Expected<QList<Candidate>> ScriptedGenerator::generate(const GenerationRequest &request)
{
    maxCandidates << request.maxCandidates;
    schedules << request.schedule;
    requests << request;
    if (onGenerate)
        onGenerate(request.round);
    return rounds.value(request.round);
}

Expected<std::optional<Candidate>> ScriptedGenerator::repair(const Candidate &test,
                                                             const RepairProblem &problem)
{
    problems << problem;
    const auto repaired = repairs.constFind(test.code);
    if (repaired == repairs.cend())
        return std::optional<Candidate>();
    return std::optional<Candidate>(*repaired);
}

Expected<QList<Candidate>> ScriptedGenerator::simplify(const Candidate &test,
                                                       const GenerationRequest &)
{
    return variants.value(test.code); // read only: shrinking calls it from several threads
}

Candidate candidate(const QString &code, const QString &target)
{
    return Candidate{target, target.section(QLatin1Char('.'), -1), code, nlohmann::json(),
                     QString()};
}

Candidate candidateBy(const QString &code, const QString &strategy)
{
    return Candidate{QStringLiteral("pkg.mod.f"), QStringLiteral("f"), code, nlohmann::json(),
                     strategy};
}

} // namespace difftriage::engine::test
