#include "ReleaseModel.h"

#include "core/Vocabulary.h"

#include <QFont>

namespace difftriage::ui {

namespace {
// PR rows carry this internal id; a difference carries its PR's row + 1.

QString firstLine(const QString &text)
{
    const QString trimmed = text.trimmed();
    const qsizetype end = trimmed.indexOf(QLatin1Char('\n'));
    return end < 0 ? trimmed : trimmed.left(end) + QStringLiteral(" …");
}
} // namespace

ReleaseModel::ReleaseModel(QObject *parent) : GroupedItemModel(parent) {}

void ReleaseModel::setRelease(engine::ReleaseDocument release)
{
    beginResetModel();
    m_release = std::move(release);
    m_prs = engine::summarizeRelease(m_release);
    m_position.clear();
    for (int row = 0; row < m_prs.size(); ++row)
        for (int i = 0; i < m_prs[row].members.size(); ++i)
            m_position.insert(m_prs[row].members[i], {row, i});
    endResetModel();
}

void ReleaseModel::setVerdict(int difference, engine::Verdict verdict, const QString &note)
{
    if (difference < 0 || difference >= m_release.differences.size())
        return;
    m_release.differences[difference].difference.verdict = verdict;
    m_release.differences[difference].difference.note = note;
    const QModelIndex changed = indexOfDifference(difference);
    emit dataChanged(changed, changed.siblingAtColumn(ColumnCount - 1));
    const QModelIndex pr = changed.parent();
    emit dataChanged(pr, pr.siblingAtColumn(ColumnCount - 1));
}

engine::Verdict ReleaseModel::statusOf(int row) const
{
    QList<engine::ReportDifference> differences;
    for (const int member : m_prs.at(row).members)
        differences << m_release.differences.at(member).difference;
    engine::Verdict status = engine::Verdict::None;
    for (const engine::ReportDifference &difference : differences)
        if (engine::severity(difference.verdict) > engine::severity(status))
            status = difference.verdict;
    return status;
}

int ReleaseModel::undecidedOf(int row) const
{
    int undecided = 0;
    for (const int member : m_prs.at(row).members)
        undecided +=
            m_release.differences.at(member).difference.verdict == engine::Verdict::None ? 1 : 0;
    return undecided;
}

int ReleaseModel::prsToReview() const
{
    return static_cast<int>(std::count_if(m_prs.cbegin(), m_prs.cend(),
                                          [](const auto &pr) { return !pr.members.isEmpty(); }));
}

int ReleaseModel::prsReviewed() const
{
    int reviewed = 0;
    for (int row = 0; row < m_prs.size(); ++row)
        reviewed += !m_prs[row].members.isEmpty() && undecidedOf(row) == 0 ? 1 : 0;
    return reviewed;
}

QModelIndex ReleaseModel::indexOfDifference(int difference, int column) const
{
    const auto position = m_position.constFind(difference);
    if (position == m_position.cend())
        return {};
    return createIndex(position->second, column, quintptr(position->first + 1));
}

QModelIndex ReleaseModel::nextUndecided(const QModelIndex &from) const
{
    QList<int> order;
    for (const engine::ReleasePrSummary &pr : m_prs)
        order << pr.members;
    const int n = static_cast<int>(order.size());
    const int current = from.isValid() ? from.data(DifferenceIndexRole).toInt() : -1;
    const int start = current >= 0 ? static_cast<int>(order.indexOf(current)) : -1;
    for (int step = 1; step <= n; ++step) {
        const int at = (start + step) % n;
        if (m_release.differences.at(order[at]).difference.verdict == engine::Verdict::None)
            return indexOfDifference(order[at]);
    }
    return {};
}

int ReleaseModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

int ReleaseModel::groupCount() const
{
    return static_cast<int>(m_prs.size());
}

int ReleaseModel::memberCount(int group) const
{
    return static_cast<int>(m_prs.at(group).members.size());
}

QVariant ReleaseModel::groupData(int group, int column, int role) const
{
    return prData(group, column, role);
}

QVariant ReleaseModel::memberData(int group, int member, int column, int role) const
{
    return differenceData(m_prs.at(group).members.at(member), column, role);
}

QVariant ReleaseModel::prData(int row, int column, int role) const
{
    const engine::ReleasePrSummary &pr = m_prs.at(row);
    switch (role) {
    case DifferenceIndexRole:
        return -1;
    case IsPrRole:
        return true;
    case VerdictRole:
        return static_cast<int>(statusOf(row));
    case Qt::ToolTipRole:
        return pr.pr.change.commit;
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
        return pr.pr.change.number ? tr("#%1 %2").arg(*pr.pr.change.number).arg(pr.pr.change.title)
                                   : tr("%1 (direct commit %2)")
                                         .arg(pr.pr.change.title, pr.pr.change.commit.left(10));
    case DifferencesColumn:
        return static_cast<int>(pr.members.size());
    case SuggestedColumn:
        return pr.suggested == engine::Verdict::None ? QString() : engine::label(pr.suggested);
    case StatusColumn: {
        if (pr.members.isEmpty())
            return tr("nothing to review");
        const int undecided = undecidedOf(row);
        const engine::Verdict status = statusOf(row);
        if (undecided == 0)
            return engine::label(status);
        return tr("%1 of %2 undecided").arg(undecided).arg(pr.members.size());
    }
    case AtHeadColumn:
        return pr.notAtHead > 0 ? tr("%n reverted", nullptr, pr.notAtHead) : QString();
    default:
        return {};
    }
}

QVariant ReleaseModel::differenceData(int difference, int column, int role) const
{
    const engine::ReleaseDifference &item = m_release.differences.at(difference);
    switch (role) {
    case DifferenceIndexRole:
        return difference;
    case IsPrRole:
        return false;
    case VerdictRole:
        return static_cast<int>(item.difference.verdict);
    case Qt::ToolTipRole:
        return item.difference.testCode;
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (column) {
    case TitleColumn:
        return QStringLiteral("%1  %2").arg(item.difference.id,
                                            firstLine(item.difference.testCode));
    case DifferencesColumn:
        return engine::label(item.difference.kind);
    case SuggestedColumn:
        return item.difference.suggestedVerdict == engine::Verdict::None
                   ? QString()
                   : engine::label(item.difference.suggestedVerdict);
    case StatusColumn:
        return engine::label(item.difference.verdict);
    case AtHeadColumn:
        return item.difference.atHead == engine::HeadPresence::Unchecked
                   ? QString()
                   : engine::label(item.difference.atHead);
    default:
        return {};
    }
}

QVariant ReleaseModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TitleColumn:
        return tr("PR / difference");
    case DifferencesColumn:
        return tr("Differences / kind");
    case SuggestedColumn:
        return tr("Suggested");
    case StatusColumn:
        return tr("Status / verdict");
    case AtHeadColumn:
        return tr("At the head");
    default:
        return {};
    }
}

} // namespace difftriage::ui
