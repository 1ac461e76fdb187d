#include "attribution/Attributor.h"

#include "attribution/Bisection.h"
#include "pipeline/Seeds.h"
#include "pipeline/TestRecord.h"

#include <QElapsedTimer>
#include <QMap>

namespace difftriage::engine {

struct Attributor::Pending
{
    TestRequest test;
    ReportAttribution attribution;
    Bisection bisection;
    TestOutcome oldEnd; // the test's outcome at the base and at the head, run here
    TestOutcome newEnd;
    QString stopDetail; // what the probe that stopped the search saw
    bool active = true;
};

namespace {

bool isImportFailure(const TestOutcome &outcome)
{
    return outcome.status == RunStatus::Raised &&
           (outcome.errorType.endsWith(QLatin1String("ModuleNotFoundError")) ||
            outcome.errorType.endsWith(QLatin1String("ImportError")));
}

QString describeRun(const TestOutcome &outcome)
{
    if (outcome.aborted())
        return QStringLiteral("%1 (%2)").arg(spelling(outcome.status), outcome.abortedReason);
    if (outcome.status == RunStatus::Raised)
        return QStringLiteral("raises %1: %2").arg(outcome.errorType, outcome.errorMessage);
    return QStringLiteral("prints %1").arg(outcome.output.trimmed().left(80));
}

ReportIntroducer introducerOf(const ChangeSpec &step)
{
    return ReportIntroducer{step.number, step.title, step.head, step.base,
                            step.state == ChangeState::Direct};
}

} // namespace

Attributor::Attributor(const git::Repository &repository, ChangeRange range,
                       RevisionRunnerSettings settings, quint64 seed, double testTimeoutSeconds)
    : m_range(std::move(range)), m_runner(repository, std::move(settings)), m_seed(seed),
      m_timeout(testTimeoutSeconds)
{
    m_revisions << m_range.base;
    for (const ChangeSpec &step : std::as_const(m_range.steps))
        m_revisions << step.head;
}

QString Attributor::revisionName(int revision) const
{
    const QString id = m_revisions.at(revision).left(10);
    if (revision == 0)
        return QStringLiteral("%1 (the base)").arg(id);
    const ChangeSpec &step = m_range.steps.at(revision - 1);
    return step.number ? QStringLiteral("%1 (#%2)").arg(id, QString::number(*step.number)) : id;
}

ProbeBehaviour Attributor::behaviourOf(const Pending &pending, const TestOutcome &outcome) const
{
    const Judge &judge = m_runner.judge();
    if (judge.disagreement(pending.oldEnd, outcome).isEmpty())
        return ProbeBehaviour::LikeOld;
    if (judge.disagreement(pending.newEnd, outcome).isEmpty())
        return ProbeBehaviour::LikeNew;
    const bool endsAbort = pending.oldEnd.aborted() || pending.newEnd.aborted();
    const bool endsImportFail = isImportFailure(pending.oldEnd) || isImportFailure(pending.newEnd);
    if ((outcome.aborted() && !endsAbort) || (isImportFailure(outcome) && !endsImportFail))
        return ProbeBehaviour::CannotRun;
    return ProbeBehaviour::Neither;
}

void Attributor::conclude(Pending &pending) const
{
    pending.active = false;
    ReportAttribution &attribution = pending.attribution;
    if (const auto step = pending.bisection.introducedBy()) {
        attribution.status = AttributionStatus::Attributed;
        attribution.introducedBy = introducerOf(m_range.steps.at(*step - 1));
        return;
    }
    const int at = pending.bisection.stoppedAt().value_or(0);
    if (pending.bisection.stoppedWith() == ProbeBehaviour::CannotRun) {
        attribution.status = AttributionStatus::CannotRun;
        attribution.reason = QStringLiteral("the test cannot run at %1: %2")
                                 .arg(revisionName(at), pending.stopDetail);
    } else {
        attribution.status = AttributionStatus::ChangedMoreThanOnce;
        attribution.reason =
            QStringLiteral("at %1 the test behaves like neither end (it %2), so the behaviour "
                           "changed more than once between them")
                .arg(revisionName(at), pending.stopDetail);
    }
}

Expected<QList<ReportAttribution>> Attributor::attribute(const QList<ReportDifference> &differences,
                                                         const Progress &progress,
                                                         const std::atomic_bool *cancel)
{
    if (Status patterns = m_runner.normalizePatterns(); !patterns)
        return asBadInput(patterns.error());
    const int last = static_cast<int>(m_range.steps.size());
    QList<Pending> pending;
    for (const ReportDifference &difference : differences) {
        Pending item{{}, {}, Bisection(last), {}, {}, {}, true};
        const QString id = testIdFor(difference.testCode);
        item.test.id = id;
        item.test.code = difference.testCode;
        item.test.seed = testSeed(m_seed, id); // the draws the analysis gave the same code
        item.test.timeoutSeconds = m_timeout;
        pending << std::move(item);
    }
    const auto say = [&](const QString &message) {
        if (progress)
            progress(message);
    };
    // Runs one round of probes: the tests of `wanted` on each revision's tree; `take` gets each
    // outcome (or why the tree could not run it). The round's time is shared among its tests.
    const auto round =
        [&](const QMap<int, QList<qsizetype>> &wanted,
            const std::function<void(qsizetype, int, const TestOutcome *, const QString &)> &take)
        -> Status {
        QList<RevisionTests> revisions;
        for (auto it = wanted.cbegin(); it != wanted.cend(); ++it) {
            RevisionTests tests{m_revisions.at(it.key()), {}};
            for (const qsizetype index : it.value())
                tests.tests << pending[index].test;
            revisions << tests;
        }
        QElapsedTimer clock;
        clock.start();
        auto ran = m_runner.run(revisions, cancel);
        if (!ran)
            return ran.error();
        QSet<qsizetype> involved;
        for (auto it = wanted.cbegin(); it != wanted.cend(); ++it) {
            const auto &result = ran->find(m_revisions.at(it.key())).value();
            for (qsizetype j = 0; j < it.value().size(); ++j) {
                const qsizetype index = it.value().at(j);
                involved.insert(index);
                pending[index].attribution.probes
                    << ReportProbe{m_revisions.at(it.key()), ProbeBehaviour::CannotRun};
                if (!result.ok() || j >= result->size())
                    take(index, it.key(), nullptr,
                         result.ok() ? QStringLiteral("no outcome") : result.error().message);
                else
                    take(index, it.key(), &result->at(j), QString());
            }
        }
        const double share = clock.elapsed() / 1000.0 / qMax<qsizetype>(1, involved.size());
        for (const qsizetype index : involved)
            pending[index].attribution.seconds += share;
        return Ok{};
    };

    if (last == 0) {
        for (Pending &item : pending) {
            item.attribution.status = AttributionStatus::NotReproduced;
            item.attribution.reason = QStringLiteral("the range has no commit after its base");
        }
    } else {
        say(QStringLiteral("confirming %1 difference(s) at the base and the head")
                .arg(pending.size()));
        QMap<int, QList<qsizetype>> ends;
        for (qsizetype i = 0; i < pending.size(); ++i) {
            ends[0] << i;
            ends[last] << i;
        }
        QHash<qsizetype, QString> endFailures;
        Status confirmed = round(
            ends, [&](qsizetype index, int revision, const TestOutcome *run, const QString &error) {
                Pending &item = pending[index];
                if (!run) {
                    endFailures[index] = QStringLiteral("the test cannot run at %1: %2")
                                             .arg(revisionName(revision), error);
                    return;
                }
                (revision == 0 ? item.oldEnd : item.newEnd) = *run;
                item.attribution.probes.last().behaviour =
                    revision == 0 ? ProbeBehaviour::LikeOld : ProbeBehaviour::LikeNew;
            });
        if (!confirmed)
            return confirmed.error();
        for (qsizetype i = 0; i < pending.size(); ++i) {
            Pending &item = pending[i];
            if (endFailures.contains(i)) {
                item.active = false;
                item.attribution.status = AttributionStatus::CannotRun;
                item.attribution.reason = endFailures.value(i);
            } else if (m_runner.judge().disagreement(item.oldEnd, item.newEnd).isEmpty()) {
                item.active = false;
                item.attribution.status = AttributionStatus::NotReproduced;
                item.attribution.reason =
                    QStringLiteral("the test behaves alike at the base and the head here (it %1)")
                        .arg(describeRun(item.newEnd));
            }
        }
    }

    for (int number = 1;; ++number) {
        QMap<int, QList<qsizetype>> wanted;
        for (qsizetype i = 0; i < pending.size(); ++i) {
            if (!pending[i].active)
                continue;
            if (const auto next = pending[i].bisection.next())
                wanted[*next] << i;
            else
                conclude(pending[i]);
        }
        if (wanted.isEmpty())
            break;
        say(QStringLiteral("round %1: probing %2 revision(s)").arg(number).arg(wanted.size()));
        Status probed = round(wanted, [&](qsizetype index, int revision, const TestOutcome *run,
                                          const QString &error) {
            Pending &item = pending[index];
            const ProbeBehaviour behaviour =
                run ? behaviourOf(item, *run) : ProbeBehaviour::CannotRun;
            item.attribution.probes.last().behaviour = behaviour;
            item.bisection.record(revision, behaviour);
            if (behaviour == ProbeBehaviour::CannotRun || behaviour == ProbeBehaviour::Neither)
                item.stopDetail = run ? describeRun(*run) : error;
        });
        if (!probed)
            return probed.error();
    }
    QList<ReportAttribution> attributions;
    for (const Pending &item : pending)
        attributions << item.attribution;
    return attributions;
}

} // namespace difftriage::engine
