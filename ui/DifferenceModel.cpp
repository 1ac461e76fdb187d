#include "DifferenceModel.h"

#include "ReadableNames.h"
#include "core/Vocabulary.h"

#include <QFont>

namespace difftriage::ui {

namespace {
// Top-level rows (clusters) carry this internal id; a difference carries its cluster row + 1.
constexpr quintptr ClusterId = 0;

// "tax _tier_for · output differs"
QString subject(const engine::ReportDifference &difference)
{
    return DifferenceModel::tr("%1 · %2").arg(targetName(difference.target).text(),
                                              engine::label(difference.kind));
}
} // namespace

DifferenceModel::DifferenceModel(QObject *parent) : QAbstractItemModel(parent) {}

void DifferenceModel::setReport(const engine::Report &report)
{
    beginResetModel();
    m_report = report;
    m_clusters.clear();
    m_position.clear();
    QHash<QString, int> clusterRow;
    for (int i = 0; i < m_report.differences.size(); ++i) {
        const engine::ReportDifference &difference = m_report.differences[i];
        // A difference without a cluster key stands alone.
        const QString key =
            difference.cluster.isEmpty() ? QStringLiteral("#") + difference.id : difference.cluster;
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

QModelIndex DifferenceModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, ClusterId);
    return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex DifferenceModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == ClusterId)
        return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, ClusterId);
}

int DifferenceModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return static_cast<int>(m_clusters.size());
    if (parent.column() != 0 || parent.internalId() != ClusterId)
        return 0;
    return static_cast<int>(m_clusters.at(parent.row()).members.size());
}

int DifferenceModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant DifferenceModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (index.internalId() == ClusterId)
        return clusterData(m_clusters.at(index.row()), index.column(), role);
    const Cluster &cluster = m_clusters.at(static_cast<int>(index.internalId() - 1));
    return differenceData(cluster.members.at(index.row()), index.column(), role);
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
    case TitleColumn:
        return tr("%1 (%2)").arg(subject(first)).arg(cluster.members.size());
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
                           item.testCode}
            .join(QLatin1Char('\n'));
    case Qt::ToolTipRole:
        return tr("%1 (%2)\n\n%3").arg(item.target, engine::label(item.kind), item.testCode);
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (column) {
    case TitleColumn:
        return tr("%1 · %2").arg(item.id, subject(item));
    case TestColumn:
        return callSummary(item.testCode);
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
