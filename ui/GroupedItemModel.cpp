#include "GroupedItemModel.h"

namespace difftriage::ui {

namespace {
// A group's index carries 0; a member's carries its group's row + 1.
constexpr quintptr GroupId = 0;
} // namespace

QModelIndex GroupedItemModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, GroupId);
    return createIndex(row, column, quintptr(parent.row() + 1));
}

QModelIndex GroupedItemModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == GroupId)
        return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, GroupId);
}

int GroupedItemModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return groupCount();
    if (parent.column() != 0 || parent.internalId() != GroupId)
        return 0;
    return memberCount(parent.row());
}

QVariant GroupedItemModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (index.internalId() == GroupId)
        return groupData(index.row(), index.column(), role);
    return memberData(static_cast<int>(index.internalId() - 1), index.row(), index.column(), role);
}

} // namespace difftriage::ui
