#include "PrFilterModel.h"

namespace difftriage::ui {

PrFilterModel::PrFilterModel(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(PrListModel::SortRole);
    setDynamicSortFilter(true);
}

void PrFilterModel::setText(const QString &text)
{
    m_text = text.trimmed();
    invalidateFilter();
}

void PrFilterModel::setStatus(std::optional<PrListModel::TriageStatus> status)
{
    m_status = status;
    invalidateFilter();
}

bool PrFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *model = sourceModel();
    if (m_status) {
        const int status =
            model->index(sourceRow, 0, sourceParent).data(PrListModel::TriageStatusRole).toInt();
        if (status != static_cast<int>(*m_status))
            return false;
    }
    if (m_text.isEmpty())
        return true;
    // Every word must match some column, so "ada 2024" finds Ada's PRs of 2024.
    const QStringList words = m_text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (const QString &word : words) {
        bool found = false;
        for (int column = 0; column < model->columnCount(sourceParent) && !found; ++column)
            found = model->index(sourceRow, column, sourceParent)
                        .data()
                        .toString()
                        .contains(word, Qt::CaseInsensitive);
        if (!found)
            return false;
    }
    return true;
}

} // namespace difftriage::ui
