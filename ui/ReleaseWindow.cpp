#include "ReleaseWindow.h"

#include "ReleaseModel.h"
#include "SideBySideOutput.h"
#include "VerdictPanel.h"
#include "git/Repository.h"
#include "release/ReleaseMerge.h"
#include "release/ReleaseSources.h"
#include "report/IntroducerGroups.h"
#include "triage/TriageStore.h"

#include <QFileInfo>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QSplitter>
#include <QStatusBar>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace difftriage::ui {

ReleaseWindow::ReleaseWindow(engine::TriageStore *store, QString repositoryPath, QWidget *parent)
    : QMainWindow(parent), m_store(store), m_repositoryPath(std::move(repositoryPath)),
      m_model(new ReleaseModel(this)), m_view(new QTreeView(this)), m_heading(new QLabel(this)),
      m_progress(new QProgressBar(this)), m_test(new QPlainTextEdit(this)),
      m_output(new SideBySideOutput(this)), m_verdict(new VerdictPanel(this))
{
    setWindowTitle(tr("Release — DiffTriage"));
    setAttribute(Qt::WA_DeleteOnClose);
    m_view->setModel(m_model);
    m_view->setUniformRowHeights(true);
    m_view->setAllColumnsShowFocus(true);
    m_view->setAccessibleName(tr("PRs of the release"));
    m_view->header()->setSectionResizeMode(ReleaseModel::TitleColumn, QHeaderView::Stretch);
    m_view->header()->setStretchLastSection(false);
    m_test->setReadOnly(true);
    m_test->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_test->setAccessibleName(tr("Test"));
    m_progress->setTextVisible(true);
    QFont headingFont = m_heading->font();
    headingFont.setBold(true);
    m_heading->setFont(headingFont);
    m_heading->setWordWrap(true);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->addWidget(m_heading);
    leftLayout->addWidget(m_progress);
    leftLayout->addWidget(m_view, 1);
    auto *middle = new QSplitter(Qt::Vertical, this);
    middle->addWidget(m_test);
    middle->addWidget(m_output);
    middle->setStretchFactor(1, 2);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(middle);
    split->addWidget(m_verdict);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 2);
    setCentralWidget(split);
    resize(1500, 900);
    split->setSizes({780, 420, 300});

    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                showDifference(current.isValid()
                                   ? current.data(ReleaseModel::DifferenceIndexRole).toInt()
                                   : -1);
            });
    connect(m_verdict, &VerdictPanel::decided, this,
            [this](engine::Verdict verdict, const QString &note, bool wholeCluster) {
                decide(verdict, note, wholeCluster);
            });
    connect(m_verdict, &VerdictPanel::noteEdited, this, &ReleaseWindow::saveNote);
    connect(&m_loader, &QFutureWatcherBase::finished, this, &ReleaseWindow::onLoaded);
    m_heading->setText(tr("No release open."));
    showDifference(-1);
}

void ReleaseWindow::open(const QString &path)
{
    m_heading->setText(tr("Reading %1…").arg(QFileInfo(path).fileName()));
    statusBar()->showMessage(tr("Reading %1…").arg(path));
    m_loader.setFuture(QtConcurrent::run(
        [path, repositoryPath = m_repositoryPath]() -> engine::Expected<engine::ReleaseDocument> {
            // libgit2 handles belong to the thread that opened them: this one.
            auto repository = engine::git::Repository::open(repositoryPath);
            return engine::loadReleaseSource(path, repository ? &*repository : nullptr);
        }));
}

void ReleaseWindow::onLoaded()
{
    auto loaded = m_loader.result();
    if (!loaded) {
        m_heading->setText(tr("The release could not be opened."));
        statusBar()->showMessage(loaded.error().message);
        emit opened(loaded.error().message);
        return;
    }
    engine::applyTriage(*loaded, *m_store);
    m_model->setRelease(std::move(*loaded));
    const engine::ReleaseDocument &release = m_model->release();
    const QString range = release.base.isEmpty() || release.head.isEmpty()
                              ? tr("a release")
                              : tr("%1..%2").arg(release.base.left(10), release.head.left(10));
    setWindowTitle(tr("%1 — DiffTriage").arg(range));
    m_view->expandAll();
    for (int column = 1; column < ReleaseModel::ColumnCount; ++column)
        m_view->resizeColumnToContents(column);
    updateProgress();
    statusBar()->showMessage(
        tr("%1, %2", "counts of a release")
            .arg(tr("%n PR(s) and direct commit(s)", nullptr, static_cast<int>(release.prs.size())),
                 tr("%n difference(s)", nullptr, static_cast<int>(release.differences.size()))));
    const QModelIndex first = m_model->nextUndecided({});
    if (first.isValid())
        selectDifference(first.data(ReleaseModel::DifferenceIndexRole).toInt());
    emit opened(QString());
}

QString ReleaseWindow::progressText() const
{
    return tr("%1 of %2 PRs reviewed").arg(m_model->prsReviewed()).arg(m_model->prsToReview());
}

void ReleaseWindow::updateProgress()
{
    const engine::ReleaseDocument &release = m_model->release();
    const QString range =
        release.base.isEmpty() || release.head.isEmpty()
            ? QString()
            : tr("Release %1..%2: ").arg(release.base.left(10), release.head.left(10));
    m_heading->setText(range + progressText());
    m_progress->setRange(0, qMax(1, m_model->prsToReview()));
    m_progress->setValue(m_model->prsReviewed());
    m_progress->setFormat(progressText());
}

int ReleaseWindow::currentDifference() const
{
    const QModelIndex current = m_view->currentIndex();
    return current.isValid() ? current.data(ReleaseModel::DifferenceIndexRole).toInt() : -1;
}

void ReleaseWindow::selectDifference(int difference)
{
    const QModelIndex index = m_model->indexOfDifference(difference);
    if (!index.isValid())
        return;
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
}

void ReleaseWindow::showDifference(int difference)
{
    const auto &differences = m_model->release().differences;
    if (difference < 0 || difference >= differences.size()) {
        m_test->clear();
        m_output->clear();
        m_verdict->setChange({}, {});
        m_verdict->setDifference(std::nullopt, engine::Verdict::None, {});
        return;
    }
    const engine::ReleaseDifference &item = differences.at(difference);
    QString header = tr("# %1").arg(item.pr.describe());
    if (item.difference.atHead != engine::HeadPresence::Unchecked)
        header += QStringLiteral("\n# ") + engine::label(item.difference.atHead);
    m_test->setPlainText(header + QStringLiteral("\n") + item.difference.testCode);
    m_output->setDifference(item.difference);
    QString body;
    for (const engine::ReleasePr &pr : m_model->release().prs)
        if (pr.change.commit == item.pr.commit)
            body = pr.body;
    m_verdict->setChange(item.pr.describe(), body);
    m_verdict->setDifference(item.difference, item.difference.verdict, item.difference.note);
}

void ReleaseWindow::decide(engine::Verdict verdict, const QString &note, bool wholeCluster)
{
    const int difference = currentDifference();
    if (difference < 0)
        return;
    const auto &differences = m_model->release().differences;
    const engine::ReleaseDifference selected = differences.at(difference);
    QList<int> targets{difference};
    if (wholeCluster && !selected.difference.cluster.isEmpty())
        for (const int member : m_model->release().differencesOf(selected.pr))
            if (member != difference &&
                differences.at(member).difference.cluster == selected.difference.cluster)
                targets << member;
    const QString pr = engine::TriageStore::prKey(selected.pr.base, selected.pr.commit);
    engine::Status saved = engine::Ok{};
    for (const int target : std::as_const(targets)) {
        saved = m_store->set(pr, differences.at(target).difference.fingerprint, verdict, note);
        if (!saved)
            break;
        m_model->setVerdict(target, verdict, note);
    }
    emit verdictSaved(selected.pr.base, selected.pr.commit);
    updateProgress();
    if (!saved) {
        QMessageBox::warning(this, tr("Verdict not saved"), saved.error().message);
        return;
    }
    statusBar()->showMessage(tr("Saved: %1").arg(engine::label(verdict)));
}

void ReleaseWindow::saveNote(const QString &note)
{
    const int difference = currentDifference();
    if (difference < 0)
        return;
    const engine::ReleaseDifference &item = m_model->release().differences.at(difference);
    if (item.difference.note == note)
        return;
    decide(item.difference.verdict, note);
}

} // namespace difftriage::ui
