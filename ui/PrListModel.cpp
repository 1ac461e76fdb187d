#include "PrListModel.h"

namespace difftriage::ui {

PrListModel::PrListModel(QObject *parent) : QAbstractTableModel(parent) {}

void PrListModel::setChanges(QList<engine::ChangeSpec> changes)
{
    beginResetModel();
    m_changes = std::move(changes);
    endResetModel();
}

int PrListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_changes.size());
}

int PrListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PrListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const engine::ChangeSpec &spec = m_changes.at(index.row());
    if (role == ChangeIndexRole)
        return index.row();
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    switch (index.column()) {
    case NumberColumn:
        if (role == SortRole)
            return spec.number.value_or(0);
        return spec.number ? QStringLiteral("#%1").arg(*spec.number) : QString();
    case StateColumn:
        return engine::toString(spec.state);
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
