#include "PrListModel.h"

#include "core/Vocabulary.h"

#include <QFont>

namespace difftriage::ui {

PrListModel::PrListModel(QObject *parent) : QAbstractTableModel(parent) {}

void PrListModel::setChanges(QList<engine::ChangeSpec> changes)
{
    beginResetModel();
    m_changes = std::move(changes);
    endResetModel();
}

int PrListModel::rowOf(const QString &base, const QString &head) const
{
    for (int row = 0; row < m_changes.size(); ++row) {
        if (m_changes[row].base == base && m_changes[row].head == head)
            return row;
    }
    return -1;
}

int PrListModel::addChange(const engine::ChangeSpec &change)
{
    if (const int row = rowOf(change.base, change.head); row >= 0)
        return row;
    const int row = static_cast<int>(m_changes.size());
    beginInsertRows({}, row, row);
    m_changes << change;
    endInsertRows();
    return row;
}

void PrListModel::setTriageStatus(const QString &base, const QString &head, TriageStatus status)
{
    m_status.insert(key(base, head), status);
    cellChanged(base, head, TriageColumn);
}

PrListModel::TriageStatus PrListModel::triageStatus(int row) const
{
    return m_status.value(keyOf(row), TriageStatus::NotAnalysed);
}

QString PrListModel::keyOf(int row) const
{
    const engine::ChangeSpec &spec = m_changes.at(row);
    return key(spec.base, spec.head);
}

void PrListModel::cellChanged(const QString &base, const QString &head, Column column)
{
    if (const int row = rowOf(base, head); row >= 0)
        emit dataChanged(index(row, column), index(row, column));
}

QString PrListModel::statusText(TriageStatus status)
{
    switch (status) {
    case TriageStatus::NotAnalysed:
        return tr("not analysed");
    case TriageStatus::Queued:
        return tr("queued");
    case TriageStatus::Running:
        return tr("running");
    case TriageStatus::Failed:
        return tr("failed");
    case TriageStatus::Cancelled:
        return engine::label(engine::StopReason::Cancelled); // the report's word for it
    case TriageStatus::NoDifferences:
        return tr("no differences");
    case TriageStatus::Differences:
        return tr("differences");
    case TriageStatus::AllTriaged:
        return tr("all triaged");
    }
    return {};
}

int PrListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_changes.size());
}

int PrListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

void PrListModel::setOverall(const QString &base, const QString &head, Overall overall)
{
    m_overall.insert(key(base, head), overall);
    cellChanged(base, head, VerdictColumn);
}

void PrListModel::setDecided(const QString &base, const QString &head, int decided, int total)
{
    m_decided.insert(key(base, head), {decided, total});
    cellChanged(base, head, TriageColumn);
}

PrListModel::Overall PrListModel::overall(int row) const
{
    return m_overall.value(keyOf(row));
}

QVariant PrListModel::overallData(int row, int role) const
{
    const Overall verdict = overall(row);
    if (verdict.verdict == engine::Verdict::None)
        return role == SortRole ? QVariant(0) : QVariant();
    switch (role) {
    case SortRole:
        return engine::severity(verdict.verdict) * 2 + (verdict.suggested ? 0 : 1);
    case Qt::DisplayRole:
        // A question mark: what the suggestions make of it, not yet what the reviewer decided.
        return verdict.suggested ? tr("%1?").arg(engine::label(verdict.verdict))
                                 : engine::label(verdict.verdict);
    case Qt::ToolTipRole:
        return verdict.suggested ? tr("Suggested: not every difference is decided yet")
                                 : tr("Decided by the reviewer");
    case Qt::FontRole: {
        QFont font;
        font.setBold(verdict.verdict == engine::Verdict::Regression);
        font.setItalic(verdict.suggested);
        return font;
    }
    default:
        return {};
    }
}

QVariant PrListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const engine::ChangeSpec &spec = m_changes.at(index.row());
    if (role == ChangeIndexRole)
        return index.row();
    if (role == TriageStatusRole)
        return static_cast<int>(triageStatus(index.row()));
    if (index.column() == VerdictColumn)
        return overallData(index.row(), role);
    // Bold rather than a colour: it reads in light and dark palettes alike.
    if (role == Qt::FontRole && index.column() == TriageColumn &&
        triageStatus(index.row()) == TriageStatus::Differences) {
        QFont font;
        font.setBold(true);
        return font;
    }
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    switch (index.column()) {
    case NumberColumn:
        if (role == SortRole)
            return spec.number.value_or(0);
        return spec.number ? QStringLiteral("#%1").arg(*spec.number) : QString();
    case StateColumn:
        return engine::label(spec.state);
    case TriageColumn: {
        const TriageStatus status = triageStatus(index.row());
        if (role == SortRole)
            return static_cast<int>(status);
        const auto [decided, total] = m_decided.value(keyOf(index.row()));
        if ((status == TriageStatus::Differences || status == TriageStatus::AllTriaged) &&
            total > 0)
            return tr("%1 of %2 decided").arg(decided).arg(total);
        return statusText(status);
    }
    case DateColumn:
        return role == SortRole ? QVariant(spec.date)
                                : QVariant(spec.date.toString(QStringLiteral("yyyy-MM-dd")));
    case AuthorColumn:
        return spec.author;
    case TitleColumn:
        return spec.title;
    default:
        return {};
    }
}

QVariant PrListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NumberColumn:
        return tr("PR");
    case StateColumn:
        return tr("State");
    case TriageColumn:
        return tr("Triage");
    case VerdictColumn:
        return tr("Verdict");
    case DateColumn:
        return tr("Date");
    case AuthorColumn:
        return tr("Author");
    case TitleColumn:
        return tr("Title");
    default:
        return {};
    }
}

} // namespace difftriage::ui
