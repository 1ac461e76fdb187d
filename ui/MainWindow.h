#pragma once

#include "change/ChangeSpec.h"
#include "core/Expected.h"

#include <QFutureWatcher>
#include <QMainWindow>

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace difftriage::ui {

class PrListModel;

class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    void openRepository(const QString &path);

private:
    void chooseRepository();
    void showChanges();

    PrListModel *m_prModel;
    QSortFilterProxyModel *m_prFilter;
    QTableView *m_prView;
    QLabel *m_status;
    QFutureWatcher<engine::Expected<QList<engine::ChangeSpec>>> m_loader;
};

} // namespace difftriage::ui
