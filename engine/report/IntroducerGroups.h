#pragma once

#include "report/Report.h"

#include <QList>
#include <optional>

namespace difftriage::engine {

// The differences of one introducing step of a range (a PR or a direct commit), or those whose
// introducer is not known.
struct IntroducerGroup
{
    std::optional<ReportIntroducer> introducer; // none: not attributed (or never attributed)
    QList<int> members;                         // indices into the differences, in their order
    QString heading() const; // "#12 Title · merge 1a2b3c4d5e", or "Not attributed"
};

// True when any difference carries an attribution: the lists and exports group by introducer.
bool hasAttributions(const QList<ReportDifference> &differences);

// The differences grouped by the step that introduced them: PRs by number, then direct commits,
// then the differences that could not be attributed. One group (no introducer) without any
// attribution.
QList<IntroducerGroup> groupByIntroducer(const QList<ReportDifference> &differences);

// A group's differences by cluster, the clusters in the order of their first member.
QList<QList<const ReportDifference *>> clustersOf(const IntroducerGroup &group,
                                                  const QList<ReportDifference> &differences);

// One line on a difference's attribution: "introduced by #12 Title (merge 1a2b3c4d5e, 5 probes)"
// or "not attributed: <reason>"; empty without an attribution.
QString describeAttribution(const ReportDifference &difference);

} // namespace difftriage::engine
