#pragma once

#include <QAbstractTableModel>
#include <QList>

class QMenuBar;

namespace difftriage::ui {

// Every action of the window's menus that has a key, read from the menus themselves so the list
// is always what the keys do: the menu path ("Triage ▸ Next Undecided") and the keys as this
// platform writes them.
class ShortcutModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ShortcutModel)

public:
    enum Column
    {
        ActionColumn,
        KeysColumn,
        ColumnCount
    };

    explicit ShortcutModel(QObject *parent = nullptr);

    void setMenuBar(const QMenuBar *menuBar);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        QString action;
        QString keys;
    };
    QList<Row> m_rows;
};

} // namespace difftriage::ui
