#pragma once

#include <QAbstractItemModel>

namespace difftriage::ui {

// A model of groups with their members one level below (clusters of differences, a release's
// PRs): the tree's indexing written once. Subclasses say how many there are and what each cell
// shows.
class GroupedItemModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    using QAbstractItemModel::QAbstractItemModel;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

protected:
    virtual int groupCount() const = 0;
    virtual int memberCount(int group) const = 0;
    virtual QVariant groupData(int group, int column, int role) const = 0;
    virtual QVariant memberData(int group, int member, int column, int role) const = 0;
};

} // namespace difftriage::ui
