#include "DifferenceFilterModel.h"

#include "DifferenceModel.h"

namespace difftriage::ui {

DifferenceFilterModel::DifferenceFilterModel(QObject *parent) : QSortFilterProxyModel(parent)
{
    setRecursiveFilteringEnabled(true);
}

void DifferenceFilterModel::setText(const QString &text)
{
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words == m_words)
        return;
    m_words = words;
    invalidateRowsFilter();
}

bool DifferenceFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_words.isEmpty())
        return true;
    const QModelIndex row = sourceModel()->index(sourceRow, 0, sourceParent);
    // A cluster matches through its members (recursive filtering), never by itself: otherwise
    // all its members would show for a word only one of them has.
    if (row.data(DifferenceModel::IsClusterRole).toBool())
        return false;
    const QString text = row.data(DifferenceModel::SearchTextRole).toString();
    return std::all_of(m_words.cbegin(), m_words.cend(), [&text](const QString &word) {
        return text.contains(word, Qt::CaseInsensitive);
    });
}

} // namespace difftriage::ui
