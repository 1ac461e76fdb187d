#include "ShortcutsDialog.h"

#include "ShortcutModel.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace difftriage::ui {

ShortcutsDialog::ShortcutsDialog(const QMenuBar *menuBar, QWidget *parent)
    : QDialog(parent), m_model(new ShortcutModel(this))
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_model->setMenuBar(menuBar);
    auto *filtered = new QSortFilterProxyModel(this);
    filtered->setSourceModel(m_model);
    filtered->setFilterKeyColumn(-1);
    filtered->setFilterCaseSensitivity(Qt::CaseInsensitive);
    auto *find = new QLineEdit(this);
    find->setPlaceholderText(tr("Filter by action or key"));
    find->setClearButtonEnabled(true);
    connect(find, &QLineEdit::textChanged, filtered, &QSortFilterProxyModel::setFilterFixedString);
    auto *view = new QTreeView(this);
    view->setModel(filtered);
    view->setRootIsDecorated(false);
    view->setUniformRowHeights(true);
    view->setAlternatingRowColors(true);
    view->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->setAccessibleName(tr("Keyboard shortcuts"));
    auto *hint = new QLabel(tr("In the diff: click a folded line or press Enter on it to show "
                               "it; click a line to list the tests that reached it."),
                            this);
    hint->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(find);
    layout->addWidget(view, 1);
    layout->addWidget(hint);
    layout->addWidget(buttons);
    resize(560, 520);
}

} // namespace difftriage::ui
