#pragma once

#include "change/ChangeSpec.h"

#include <QAbstractTableModel>
#include <QList>

namespace difftriage::ui {

// The PR browser's rows. Lives on the GUI thread; filled from a finished background load.
class PrListModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PrListModel)

public:
    enum Column
    {
        NumberColumn,
        StateColumn,
        DateColumn,
        AuthorColumn,
        TitleColumn,
        ColumnCount
    };
    enum Role
    {
        ChangeIndexRole = Qt::UserRole,
        SortRole,
    };

    explicit PrListModel(QObject *parent = nullptr);

    void setChanges(QList<engine::ChangeSpec> changes);
    const engine::ChangeSpec &change(int row) const { return m_changes.at(row); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QList<engine::ChangeSpec> m_changes;
};

} // namespace difftriage::ui
