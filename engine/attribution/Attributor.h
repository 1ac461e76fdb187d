#pragma once

#include "attribution/RevisionRunner.h"
#include "change/ChangeRange.h"
#include "core/Expected.h"
#include "report/Report.h"

#include <QList>
#include <atomic>
#include <functional>

namespace difftriage::engine {

namespace git {
class Repository;
}

// Finds, for each difference of a range analysis, the step of the range's first-parent line that
// introduced it: its shrunk test runs on the base and the head to confirm the difference (two
// probes), then on the tree of the middle revision of what is left, halving the steps each time
// (Bisection: about log2(n) more probes). All differences advance together, one round of probes
// at a time, so a revision probed for several differences starts its workers once.
class Attributor final
{
public:
    using Progress = std::function<void(const QString &message)>;

    Attributor(const git::Repository &repository, ChangeRange range,
               RevisionRunnerSettings settings, quint64 seed, double testTimeoutSeconds);

    // One attribution per difference, in order. An error of the whole call: cancelled, or the
    // project's normalisation patterns do not compile.
    Expected<QList<ReportAttribution>> attribute(const QList<ReportDifference> &differences,
                                                 const Progress &progress = {},
                                                 const std::atomic_bool *cancel = nullptr);

private:
    struct Pending;
    ProbeBehaviour behaviourOf(const Pending &pending, const TestOutcome &outcome) const;
    QString revisionName(int revision) const;
    void conclude(Pending &pending) const;

    ChangeRange m_range;
    QStringList m_revisions; // 0 = base, k = step k's commit
    RevisionRunner m_runner;
    quint64 m_seed;
    double m_timeout;
};

} // namespace difftriage::engine
