#include "release/HeadCheck.h"

#include "pipeline/ReportBuilder.h"
#include "pipeline/Seeds.h"
#include "pipeline/TestRecord.h"

namespace difftriage::engine {

namespace {

enum class Ending
{
    Returned,
    Raised,
    Aborted,
};

Ending endingOf(const ReportSide &side)
{
    switch (side.status) {
    case RunStatus::Ok:
    case RunStatus::Exited:
        return Ending::Returned;
    case RunStatus::Raised:
        return Ending::Raised;
    case RunStatus::Timeout:
    case RunStatus::Killed:
    case RunStatus::Crashed:
        break;
    }
    return Ending::Aborted;
}

} // namespace

bool sameBehaviour(const ReportSide &a, const ReportSide &b)
{
    if (endingOf(a) != endingOf(b))
        return false;
    switch (endingOf(a)) {
    case Ending::Raised:
        return a.errorType == b.errorType;
    case Ending::Aborted:
        return true;
    case Ending::Returned:
        break;
    }
    return a.output == b.output && a.errorType == b.errorType;
}

Status checkAtHead(ReleaseDocument &release, const git::Repository &repository,
                   const QString &headCommit, const RevisionRunnerSettings &settings,
                   double testTimeoutSeconds, const std::atomic_bool *cancel)
{
    release.head = headCommit;
    if (release.differences.isEmpty())
        return Ok{};
    QHash<QString, quint64> seeds; // per PR: the draws its analysis gave each test
    for (const ReleasePr &pr : std::as_const(release.prs))
        seeds.insert(pr.change.commit, pr.seed);
    RevisionTests tests{headCommit, {}};
    for (const ReleaseDifference &item : std::as_const(release.differences)) {
        TestRequest test;
        test.id = testIdFor(item.difference.testCode);
        test.code = item.difference.testCode;
        test.seed = testSeed(seeds.value(item.pr.commit, 1), test.id);
        test.timeoutSeconds = testTimeoutSeconds;
        tests.tests << test;
    }
    RevisionRunner runner(repository, settings);
    if (Status patterns = runner.normalizePatterns(); !patterns)
        return asBadInput(patterns.error());
    auto ran = runner.run({tests}, cancel);
    if (!ran)
        return ran.error();
    const auto &outcomes = ran->find(headCommit).value();
    if (!outcomes)
        return makeError(QStringLiteral("the tests cannot run at the head %1: %2")
                             .arg(headCommit.left(10), outcomes.error().message));
    for (qsizetype i = 0; i < release.differences.size() && i < outcomes->size(); ++i) {
        ReleaseDifference &item = release.differences[i];
        const ReportSide atHead = reportSide(outcomes->at(i), runner.judge().normalizer());
        item.headOutcome = atHead;
        item.difference.atHead =
            sameBehaviour(atHead, item.difference.newSide)   ? HeadPresence::Present
            : sameBehaviour(atHead, item.difference.oldSide) ? HeadPresence::NotPresent
                                                             : HeadPresence::ChangedAgain;
    }
    return Ok{};
}

} // namespace difftriage::engine
