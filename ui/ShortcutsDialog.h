#pragma once

#include <QDialog>

class QMenuBar;

namespace difftriage::ui {

class ShortcutModel;

// Help ▸ Keyboard Shortcuts: every key of the window's menus, with a filter.
class ShortcutsDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ShortcutsDialog)

public:
    explicit ShortcutsDialog(const QMenuBar *menuBar, QWidget *parent = nullptr);

    ShortcutModel *model() const { return m_model; }

private:
    ShortcutModel *m_model;
};

} // namespace difftriage::ui
