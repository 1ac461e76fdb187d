#include "DifferenceModel.h"

#include "ReadableNames.h"
#include "core/Vocabulary.h"
#include "report/IntroducerGroups.h"

#include <QFont>
#include <numeric>

namespace difftriage::ui {

namespace {
// Top-level rows (clusters) carry this internal id; a difference carries its cluster row + 1.

// "tax _tier_for · output differs"
QString subject(const engine::ReportDifference &difference)
{
    return DifferenceModel::tr("%1 · %2").arg(targetName(difference.target).text(),
                                              engine::label(difference.kind));
}
// Empty without an attribution: ungrouped reports keep their order.
QString introducerKey(const engine::ReportDifference &difference)
{
    if (!difference.attribution)
        return {};
    return difference.attribution->introducedBy
               ? difference.attribution->introducedBy->sortKey() + QLatin1Char('|')
               : QStringLiteral("2|");
}
} // namespace

DifferenceModel::DifferenceModel(QObject *parent) : GroupedItemModel(parent) {}

void DifferenceModel::setReport(const engine::Report &report)
{
    beginResetModel();
    m_report = report;
    m_clusters.clear();
    m_position.clear();
    QHash<QString, int> clusterRow;
    // A range's differences group by the PR that introduced them first, in the PRs' order.
    QList<int> order(m_report.differences.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [this](int a, int b) {
        return introducerKey(m_report.differences[a]) < introducerKey(m_report.differences[b]);
    });
    for (const int i : std::as_const(order)) {
        const engine::ReportDifference &difference = m_report.differences[i];
        // A difference without a cluster key stands alone.
        const QString key = introducerKey(difference) + (difference.cluster.isEmpty()
                                                             ? QStringLiteral("#") + difference.id
                                                             : difference.cluster);
        auto row = clusterRow.constFind(key);
        if (row == clusterRow.cend()) {
            row = clusterRow.insert(key, static_cast<int>(m_clusters.size()));
            m_clusters << Cluster{key, {}};
        }
        m_position.insert(i, {*row, static_cast<int>(m_clusters[*row].members.size())});
        m_clusters[*row].members << i;
    }
    endResetModel();
}

void DifferenceModel::setVerdict(const QString &fingerprint, engine::Verdict verdict)
{
    for (int i = 0; i < m_report.differences.size(); ++i) {
        engine::ReportDifference &difference = m_report.differences[i];
        if (difference.fingerprint != fingerprint)
            continue;
        difference.verdict = verdict;
        const QModelIndex changed = indexOfDifference(i, VerdictColumn);
        emit dataChanged(changed.siblingAtColumn(0), changed);
        const QModelIndex cluster = changed.parent();
        emit dataChanged(cluster.siblingAtColumn(0), cluster.siblingAtColumn(VerdictColumn));
    }
}

engine::Verdict DifferenceModel::verdict(int difference) const
{
    return m_report.differences.at(difference).verdict;
}

QModelIndex DifferenceModel::indexOfDifference(int difference, int column) const
{
    const auto position = m_position.constFind(difference);
    if (position == m_position.cend())
        return {};
    return createIndex(position->second, column, quintptr(position->first + 1));
}

QList<int> DifferenceModel::displayOrder() const
{
    QList<int> order;
    for (const Cluster &cluster : m_clusters)
        order << cluster.members;
    return order;
}

QModelIndex DifferenceModel::nextUndecided(const QModelIndex &from, bool forward) const
{
    const QList<int> order = displayOrder();
    if (order.isEmpty())
        return {};
    const int n = static_cast<int>(order.size());
    int start = forward ? -1 : n;
    if (from.isValid()) {
        const int current = from.data(DifferenceIndexRole).toInt();
        if (current >= 0)
            start = static_cast<int>(order.indexOf(current));
        else // a cluster: its first member is "next"
            start = static_cast<int>(order.indexOf(m_clusters[from.row()].members.constFirst())) -
                    (forward ? 1 : 0);
    }
    for (int step = 1; step <= n; ++step) {
        const int at = ((start + (forward ? step : -step)) % n + n) % n;
        if (verdict(order[at]) == engine::Verdict::None)
            return indexOfDifference(order[at]);
    }
    return {};
}

QList<int> DifferenceModel::clusterMembers(const QString &cluster) const
{
    for (const Cluster &candidate : m_clusters) {
        if (candidate.key == cluster)
            return candidate.members;
    }
    return {};
}

int DifferenceModel::decidedCount() const
{
    return static_cast<int>(m_report.differences.size()) - undecidedCount();
}

int DifferenceModel::undecidedCount() const
{
    int count = 0;
    for (int i = 0; i < m_report.differences.size(); ++i)
        count += verdict(i) == engine::Verdict::None ? 1 : 0;
    return count;
}

int DifferenceModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

int DifferenceModel::groupCount() const
{
    return static_cast<int>(m_clusters.size());
}

int DifferenceModel::memberCount(int group) const
{
    return static_cast<int>(m_clusters.at(group).members.size());
}

QVariant DifferenceModel::groupData(int group, int column, int role) const
{
    return clusterData(m_clusters.at(group), column, role);
}

QVariant DifferenceModel::memberData(int group, int member, int column, int role) const
{
    return differenceData(m_clusters.at(group).members.at(member), column, role);
}

engine::Verdict DifferenceModel::clusterVerdict(const Cluster &cluster) const
{
    const engine::Verdict first = verdict(cluster.members.constFirst());
    for (int member : cluster.members) {
        if (verdict(member) != first)
            return engine::Verdict::None;
    }
    return first;
}

QVariant DifferenceModel::clusterData(const Cluster &cluster, int column, int role) const
{
    const engine::ReportDifference &first = m_report.differences.at(cluster.members.constFirst());
    switch (role) {
    case DifferenceIndexRole:
        return -1;
    case FingerprintRole:
        return QString();
    case ClusterRole:
        return cluster.key;
    case VerdictRole:
        return static_cast<int>(clusterVerdict(cluster));
    case IsClusterRole:
        return true;
    case SearchTextRole: {
        QStringList parts;
        for (int member : cluster.members)
            parts << differenceData(member, TitleColumn, SearchTextRole).toString();
        return parts.join(QLatin1Char('\n'));
    }
    case Qt::FontRole:
        if (column == TitleColumn) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (column) {
    case TitleColumn: {
        const QString title = tr("%1 (%2)").arg(subject(first)).arg(cluster.members.size());
        if (!first.attribution)
            return title;
        if (!first.attribution->introducedBy)
            return tr("not attributed · %1").arg(title);
        return tr("%1 · %2").arg(first.attribution->introducedBy->describe(), title);
    }
    case VerdictColumn: {
        int decided = 0;
        for (int member : cluster.members)
            decided += verdict(member) == engine::Verdict::None ? 0 : 1;
        const engine::Verdict common = clusterVerdict(cluster);
        if (common != engine::Verdict::None)
            return engine::label(common);
        return tr("%1/%2 decided").arg(decided).arg(cluster.members.size());
    }
    default:
        return {};
    }
}

QVariant DifferenceModel::differenceData(int difference, int column, int role) const
{
    const engine::ReportDifference &item = m_report.differences.at(difference);
    switch (role) {
    case DifferenceIndexRole:
        return difference;
    case FingerprintRole:
        return item.fingerprint;
    case ClusterRole:
        return item.cluster;
    case VerdictRole:
        return static_cast<int>(verdict(difference));
    case IsClusterRole:
        return false;
    case SearchTextRole:
        return QStringList{item.id,
                           item.target,
                           subject(item),
                           engine::label(verdict(difference)),
                           item.suggestedVerdict != engine::Verdict::None
                               ? engine::label(item.suggestedVerdict)
                               : QString(),
                           item.note,
                           item.projectTest ? item.projectTest->test : QString(),
                           item.testCode}
            .join(QLatin1Char('\n'));
    case Qt::ToolTipRole: {
        const QString tip =
            tr("%1 (%2)\n\n%3").arg(item.target, engine::label(item.kind), item.testCode);
        return item.attribution ? engine::describeAttribution(item) + QStringLiteral("\n\n") + tip
                                : tip;
    }
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (column) {
    case TitleColumn: {
        // Under a cluster row that already names its target and kind, the id alone: the width
        // goes to the test's call, which is what tells the members apart.
        const Cluster &cluster = m_clusters.at(m_position.value(difference).first);
        const engine::ReportDifference &first = m_report.differences.at(cluster.members.first());
        if (subject(first) == subject(item))
            return item.id;
        return tr("%1 · %2").arg(item.id, subject(item));
    }
    case TestColumn: {
        // A project test's snippet opens with its file's set-up: its name says more (without
        // its file, which the test panel names).
        if (!item.projectTest)
            return callSummary(item.testCode);
        const QString name = item.projectTest->test.section(QStringLiteral("::"), 1);
        return name.isEmpty() ? item.projectTest->test : name;
    }
    case VerdictColumn:
        return engine::label(verdict(difference));
    case SuggestionColumn:
        return item.suggestedVerdict != engine::Verdict::None ? engine::label(item.suggestedVerdict)
                                                              : QString();
    default:
        return {};
    }
}

QVariant DifferenceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TitleColumn:
        return tr("Difference");
    case TestColumn:
        return tr("Test");
    case VerdictColumn:
        return tr("Verdict");
    case SuggestionColumn:
        return tr("Suggested");
    default:
        return {};
    }
}

} // namespace difftriage::ui
