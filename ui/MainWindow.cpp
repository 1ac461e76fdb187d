#include "MainWindow.h"

#include "PrListModel.h"
#include "change/ChangeSource.h"
#include "git/Repository.h"

#include <QAction>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace difftriage::ui {

namespace {
// Runs on a pool thread: the GUI thread never waits on git.
engine::Expected<QList<engine::ChangeSpec>> loadChanges(const QString &path)
{
    auto repository = engine::git::Repository::open(path);
    if (!repository)
        return repository.error();
    return engine::ChangeSource(*repository).list();
}
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_prModel(new PrListModel(this)),
      m_prFilter(new QSortFilterProxyModel(this)), m_prView(new QTableView(this)),
      m_status(new QLabel(this))
{
    setWindowTitle(tr("DiffTriage"));
    m_prFilter->setSourceModel(m_prModel);
    m_prFilter->setSortRole(PrListModel::SortRole);
    m_prFilter->setFilterKeyColumn(-1);
    m_prFilter->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_prView->setModel(m_prFilter);
    m_prView->setSortingEnabled(true);
    m_prView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_prView->horizontalHeader()->setStretchLastSection(true);
    m_prView->verticalHeader()->hide();

    auto *filter = new QLineEdit(this);
    filter->setPlaceholderText(tr("Filter by number, title, author, date or state"));
    filter->setClearButtonEnabled(true);
    connect(filter, &QLineEdit::textChanged, m_prFilter,
            &QSortFilterProxyModel::setFilterFixedString);

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->addWidget(filter);
    layout->addWidget(m_prView);
    setCentralWidget(central);
    statusBar()->addWidget(m_status, 1);

    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *open =
        fileMenu->addAction(tr("&Open Repository…"), this, &MainWindow::chooseRepository);
    open->setShortcut(QKeySequence::Open);
    QAction *quit = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    connect(&m_loader, &QFutureWatcherBase::finished, this, &MainWindow::showChanges);
    resize(1000, 640);
}

MainWindow::~MainWindow()
{
    m_loader.waitForFinished();
}

void MainWindow::openRepository(const QString &path)
{
    m_status->setText(tr("Reading %1…").arg(path));
    m_loader.setFuture(QtConcurrent::run(loadChanges, path));
}

void MainWindow::chooseRepository()
{
    const QString path = QFileDialog::getExistingDirectory(this, tr("Open Repository"));
    if (!path.isEmpty())
        openRepository(path);
}

void MainWindow::showChanges()
{
    auto changes = m_loader.result();
    if (!changes) {
        m_status->setText(changes.error().message);
        return;
    }
    m_status->setText(tr("%n change(s)", nullptr, static_cast<int>(changes->size())));
    m_prModel->setChanges(std::move(*changes));
    m_prView->resizeColumnsToContents();
}

} // namespace difftriage::ui
