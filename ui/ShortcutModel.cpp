#include "ShortcutModel.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>

namespace difftriage::ui {

namespace {

// "&Next Undecided" → "Next Undecided"; "&&" stays one ampersand.
QString withoutMnemonic(QString text)
{
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QStringLiteral("\x01"), QStringLiteral("&"));
    return text;
}

template <typename Visit>
void walk(const QList<QAction *> &actions, const QString &path, Visit visit)
{
    for (QAction *action : actions) {
        if (action->isSeparator())
            continue;
        const QString name = withoutMnemonic(action->text());
        const QString here = path.isEmpty() ? name : path + QStringLiteral(" ▸ ") + name;
        if (QMenu *menu = action->menu())
            walk(menu->actions(), here, visit);
        else
            visit(action, here);
    }
}

} // namespace

ShortcutModel::ShortcutModel(QObject *parent) : QAbstractTableModel(parent) {}

void ShortcutModel::setMenuBar(const QMenuBar *menuBar)
{
    beginResetModel();
    m_rows.clear();
    if (menuBar) {
        walk(menuBar->actions(), QString(), [this](QAction *action, const QString &path) {
            QStringList keys;
            for (const QKeySequence &sequence : action->shortcuts())
                keys << sequence.toString(QKeySequence::NativeText);
            if (!keys.isEmpty())
                m_rows << Row{path, keys.join(tr(" or "))};
        });
    }
    endResetModel();
}

int ShortcutModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int ShortcutModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ShortcutModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) ||
        role != Qt::DisplayRole)
        return {};
    const Row &row = m_rows.at(index.row());
    return index.column() == ActionColumn ? row.action : row.keys;
}

QVariant ShortcutModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == ActionColumn ? tr("Action") : section == KeysColumn ? tr("Keys") : QVariant();
}

} // namespace difftriage::ui
