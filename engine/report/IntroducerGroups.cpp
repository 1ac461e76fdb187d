#include "report/IntroducerGroups.h"

#include <QHash>
#include <QMap>
#include <algorithm>

namespace difftriage::engine {

QString IntroducerGroup::heading() const
{
    if (!introducer)
        return QStringLiteral("Not attributed");
    return QStringLiteral("%1 · %2 %3")
        .arg(introducer->describe(),
             introducer->direct ? QStringLiteral("commit") : QStringLiteral("merge"),
             introducer->commit.left(10));
}

bool hasAttributions(const QList<ReportDifference> &differences)
{
    return std::any_of(
        differences.cbegin(), differences.cend(),
        [](const ReportDifference &difference) { return difference.attribution.has_value(); });
}

QList<IntroducerGroup> groupByIntroducer(const QList<ReportDifference> &differences)
{
    QMap<QString, IntroducerGroup> byKey; // sorted by the introducer's sort key
    IntroducerGroup unknown;
    for (int i = 0; i < differences.size(); ++i) {
        const auto &attribution = differences[i].attribution;
        if (!attribution || !attribution->introducedBy) {
            unknown.members << i;
            continue;
        }
        IntroducerGroup &group = byKey[attribution->introducedBy->sortKey()];
        group.introducer = attribution->introducedBy;
        group.members << i;
    }
    QList<IntroducerGroup> groups = byKey.values();
    if (!unknown.members.isEmpty())
        groups << unknown;
    return groups;
}

QString describeAttribution(const ReportDifference &difference)
{
    if (!difference.attribution)
        return {};
    const ReportAttribution &attribution = *difference.attribution;
    if (attribution.introducedBy)
        return QStringLiteral("introduced by %1 (%2 %3, %4 probes)")
            .arg(attribution.introducedBy->describe(),
                 attribution.introducedBy->direct ? QStringLiteral("commit")
                                                  : QStringLiteral("merge"),
                 attribution.introducedBy->commit.left(10),
                 QString::number(attribution.probes.size()));
    return QStringLiteral("not attributed: %1").arg(attribution.reason);
}

QList<QList<const ReportDifference *>> clustersOf(const IntroducerGroup &group,
                                                  const QList<ReportDifference> &differences)
{
    QList<QList<const ReportDifference *>> clusters;
    QHash<QString, qsizetype> at; // cluster -> its index in `clusters`
    for (const int member : group.members) {
        const ReportDifference &difference = differences.at(member);
        const auto found = at.constFind(difference.cluster);
        if (found == at.cend()) {
            at.insert(difference.cluster, clusters.size());
            clusters.append({&difference});
        } else {
            clusters[*found] << &difference;
        }
    }
    return clusters;
}

} // namespace difftriage::engine
