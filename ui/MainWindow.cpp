#include "MainWindow.h"

#include "AnalysisQueue.h"
#include "ApiKeyStore.h"
#include "DifferenceList.h"
#include "DifferenceModel.h"
#include "PdfExporter.h"
#include "PrBrowser.h"
#include "PrListModel.h"
#include "ProgressPanel.h"
#include "RecentRepositories.h"
#include "RelationReviewPanel.h"
#include "RevisionDialog.h"
#include "SideBySideOutput.h"
#include "TestPanel.h"
#include "TriageSession.h"
#include "VerdictPanel.h"
#include "change/ChangeSource.h"
#include "core/Vocabulary.h"
#include "diff/DiffCoveragePanel.h"
#include "git/Repository.h"
#include "llm/LlmSettings.h"
#include "report/HtmlExporter.h"
#include "report/JsonExporter.h"
#include "report/MarkdownExporter.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTreeView>
#include <QtConcurrent>

namespace difftriage::ui {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_session(new TriageSession(this)), m_queue(new AnalysisQueue(this)),
      m_prModel(new PrListModel(this)), m_browser(new PrBrowser(m_prModel, this)),
      m_differences(new DifferenceModel(this)),
      m_differenceList(new DifferenceList(m_differences, this)),
      m_output(new SideBySideOutput(this)), m_test(new TestPanel(this)),
      m_verdict(new VerdictPanel(this)), m_diffPanel(new DiffCoveragePanel(this)),
      m_relations(new RelationReviewPanel(this)), m_progress(new ProgressPanel(this)),
      m_sandbox(new QLabel(this)), m_search(new QLabel(this)), m_notes(new QLabel(this))
{
    setWindowTitle(tr("DiffTriage"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/difftriage.svg")));
    setAcceptDrops(true);
    setDockOptions(AnimatedDocks | AllowTabbedDocks | AllowNestedDocks);

    auto *central = new QSplitter(Qt::Vertical, this);
    central->addWidget(m_test);
    central->addWidget(m_output);
    central->setStretchFactor(1, 2);
    setCentralWidget(central);
    createDocks();
    createMenus();
    statusBar()->addPermanentWidget(m_progress);

    statusBar()->addPermanentWidget(m_notes);
    statusBar()->addPermanentWidget(m_search);
    statusBar()->addPermanentWidget(m_sandbox);
    m_search->setObjectName(QStringLiteral("searchState"));
    m_notes->setObjectName(QStringLiteral("analysisNotes"));
    for (QLabel *label : {m_notes, m_search})
        label->setContentsMargins(0, 0, 12, 0); // apart from the next label
    connect(m_notes, &QLabel::linkActivated, this, &MainWindow::showAnalysisNotes);
    applySettings();

    connect(m_session, &TriageSession::opened, this, &MainWindow::onOpened);
    connect(m_session, &TriageSession::openFailed, this, [this](const QString &message) {
        showMessage(tr("Cannot open the repository: %1").arg(message));
    });
    connect(m_session, &TriageSession::verdictsChanged, this, &MainWindow::refreshStatus);
    connect(m_browser, &PrBrowser::changeSelected, this, &MainWindow::showChange);
    connect(m_browser, &PrBrowser::analyseRequested, this, &MainWindow::analyse);
    connect(m_browser, &PrBrowser::compareRevisionsRequested, this, &MainWindow::compareRevisions);
    connect(m_differenceList, &DifferenceList::currentDifferenceChanged, this,
            &MainWindow::showDifference);
    connect(m_verdict, &VerdictPanel::decided, this, &MainWindow::decide);
    connect(m_verdict, &VerdictPanel::noteEdited, this, &MainWindow::saveNote);
    connect(m_relations, &RelationReviewPanel::decided, this, &MainWindow::decideRelation);
    // The diff's tests lead back to their differences.
    connect(m_diffPanel, &DiffCoveragePanel::differenceRequested, m_differenceList,
            &DifferenceList::selectDifference);
    connect(m_progress, &ProgressPanel::cancelRequested, m_queue, &AnalysisQueue::cancelAll);

    connect(m_queue, &AnalysisQueue::started, this, [this](const engine::ChangeSpec &change) {
        m_progress->start(change);
        m_prModel->setTriageStatus(change.base, change.head, PrListModel::TriageStatus::Running);
        if (m_change && m_change->base == change.base && m_change->head == change.head)
            showMessage(tr("This change is being analysed.")); // no longer "not analysed yet"
    });
    connect(m_queue, &AnalysisQueue::progressed, m_progress,
            [this](const engine::ChangeSpec &, const engine::AnalysisProgress &progress) {
                m_progress->update(progress);
            });
    connect(m_queue, &AnalysisQueue::queueChanged, this, [this] {
        m_progress->setPending(static_cast<int>(m_queue->pending().size()));
        if (m_queue->isCancelling())
            m_progress->setCancelling();
        for (const engine::ChangeSpec &change : m_queue->pending())
            m_prModel->setTriageStatus(change.base, change.head, PrListModel::TriageStatus::Queued);
    });
    connect(m_queue, &AnalysisQueue::finished, this, &MainWindow::onAnalysisFinished);
    connect(m_queue, &AnalysisQueue::cancelled, this, &MainWindow::onAnalysisCancelled);
    connect(m_test, &TestPanel::runRequested, this, &MainWindow::runTestOnBothVersions);
    connect(m_test, &TestPanel::shownTestChanged, this, &MainWindow::showOutcomes);
    connect(m_queue, &AnalysisQueue::failed, this,
            [this](const engine::ChangeSpec &change, const QString &message) {
                m_prModel->setTriageStatus(change.base, change.head,
                                           PrListModel::TriageStatus::Failed);
                showMessage(tr("Analysis of %1 failed: %2").arg(change.title, message));
            });
    connect(m_queue, &AnalysisQueue::idle, m_progress, &ProgressPanel::stop);
    restoreLayout();
    createWelcome();
    // The keychain answers asynchronously (D-Bus): the key joins the settings when it comes.
    if (ApiKeyStore::isAvailable())
        ApiKeyStore::read(this, [this](const QString &key, const QString &) {
            if (key.isEmpty())
                return;
            m_keychainApiKey = key;
            applySettings();
        });
}

MainWindow::~MainWindow()
{
    if (m_attribution)
        m_attribution->store(true);
    retireSingleTests();
}

void MainWindow::createDocks()
{
    const auto dock = [this](QWidget *widget, const QString &title, const QString &name,
                             Qt::DockWidgetArea area) {
        auto *dockWidget = new QDockWidget(title, this);
        dockWidget->setObjectName(name); // saveState() keys the layout by it
        dockWidget->setWidget(widget);
        addDockWidget(area, dockWidget);
        return dockWidget;
    };
    QDockWidget *prs =
        dock(m_browser, tr("Changes"), QStringLiteral("changesDock"), Qt::LeftDockWidgetArea);
    QDockWidget *differences = dock(m_differenceList, tr("Differences"),
                                    QStringLiteral("differencesDock"), Qt::LeftDockWidgetArea);
    splitDockWidget(prs, differences, Qt::Vertical);
    QDockWidget *verdict =
        dock(m_verdict, tr("Verdict"), QStringLiteral("verdictDock"), Qt::RightDockWidgetArea);
    QDockWidget *coverage = dock(m_diffPanel, tr("Diff and Coverage"),
                                 QStringLiteral("coverageDock"), Qt::BottomDockWidgetArea);
    QDockWidget *relations = dock(m_relations, tr("Relations to Review"),
                                  QStringLiteral("relationsDock"), Qt::BottomDockWidgetArea);
    tabifyDockWidget(coverage, relations);
    coverage->raise();
    connect(m_relations, &RelationReviewPanel::countChanged, relations, [relations](int count) {
        relations->setWindowTitle(count > 0 ? tr("Relations to Review (%1)").arg(count)
                                            : tr("Relations to Review"));
    });
    resize(1400, 900);
    // Wide enough for PR titles and difference names; the saved layout wins when there is one.
    resizeDocks({prs, verdict}, {440, 320}, Qt::Horizontal);
    resizeDocks({prs, differences}, {330, 250}, Qt::Vertical);
    resizeDocks({coverage}, {380}, Qt::Vertical);
}

void MainWindow::applySettings()
{
    // Standing choices: the project's `python` in .difftriage.json wins over these interpreters
    // (resolveAnalysisOptions decides, for the CLI and the window alike).
    engine::UserChoices choices;
    const QSettings settings;
    choices.defaultPythonOld = settings.value(QStringLiteral("analysis/python")).toString();
    choices.defaultPythonNew = settings.value(QStringLiteral("analysis/pythonNew")).toString();
    choices.generator = engine::fromSpelling<engine::GeneratorKind>(
                            settings.value(QStringLiteral("analysis/generator")).toString())
                            .value_or(engine::GeneratorKind::Offline);
    choices.suggest = engine::fromSpelling<engine::SuggestionSource>(
                          settings.value(QStringLiteral("analysis/suggest")).toString())
                          .value_or(engine::SuggestionSource::Heuristic);
    choices.effort = engine::fromSpelling<engine::Effort>(
                         settings.value(QStringLiteral("analysis/effort")).toString())
                         .value_or(engine::Effort::Normal);
    choices.timeBudgetSeconds = settings.value(QStringLiteral("analysis/timeBudget"), 0).toDouble();
    choices.llm = engine::llmSettingsFromEnvironment();
    choices.llm.baseUrl =
        QUrl(settings.value(QStringLiteral("llm/url"), choices.llm.baseUrl.toString()).toString());
    choices.llm.model = settings.value(QStringLiteral("llm/model")).toString();
    choices.llm.allowRemote = false; // granted per repository when an analysis is queued
    if (choices.llm.apiKey.isEmpty())
        choices.llm.apiKey = m_keychainApiKey;
    m_queue->setChoices(choices);
}

void MainWindow::restoreLayout()
{
    const QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray());
    fitToScreen(); // a layout saved on a larger screen, or the default on a small one
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (const int edited = m_test->editedTests(); edited > 0 && !m_confirmDiscard(edited)) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
    QMainWindow::closeEvent(event);
}

bool MainWindow::confirmDiscard(int edited)
{
    return QMessageBox::question(this, tr("Discard Edited Tests?"),
                                 tr("Closing loses %n edited test(s).", nullptr, edited),
                                 QMessageBox::Discard | QMessageBox::Cancel,
                                 QMessageBox::Cancel) == QMessageBox::Discard;
}

void MainWindow::setDiscardConfirmation(std::function<bool(int edited)> confirm)
{
    m_confirmDiscard = std::move(confirm);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.size() == 1 && urls.first().isLocalFile() &&
        QFileInfo(urls.first().toLocalFile()).isDir())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    openRepository(event->mimeData()->urls().first().toLocalFile());
    event->acceptProposedAction();
}

void MainWindow::openRepository(const QString &path)
{
    m_queue->cancelAll();
    showMessage(tr("Reading %1…").arg(path));
    m_session->open(path);
}

void MainWindow::chooseRepository()
{
    const QString path = QFileDialog::getExistingDirectory(this, tr("Open Repository"));
    if (!path.isEmpty())
        openRepository(path);
}

void MainWindow::onOpened()
{
    RecentRepositories::add(m_session->repositoryPath());
    updateRecentMenu();
    setWindowTitle(tr("%1 — DiffTriage").arg(QFileInfo(m_session->repositoryPath()).fileName()));
    m_change.reset();
    m_report.reset();
    m_differences->setReport({});
    m_diffPanel->clear();
    m_relations->setReviews({});
    clearAnalysisState();
    m_prModel->setChanges(m_session->changes());
    for (const engine::ChangeSpec &change : m_session->changes())
        refreshStatus(change.base, change.head);
    m_browser->view()->resizeColumnsToContents();
    showMessage(tr("%n change(s)", nullptr, static_cast<int>(m_session->changes().size())));
    emit repositoryOpened();
}

void MainWindow::compareRevisions()
{
    if (!m_session->isOpen())
        return;
    RevisionDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    // Resolving revisions reads git: a pool thread, never this one.
    auto *watcher = new QFutureWatcher<engine::Expected<engine::ChangeSpec>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        watcher->deleteLater();
        auto change = watcher->result();
        if (!change) {
            showMessage(change.error().message);
            return;
        }
        m_prModel->addChange(*change);
        refreshStatus(change->base, change->head);
        m_browser->selectChange(change->base, change->head);
    });
    watcher->setFuture(
        QtConcurrent::run([path = m_session->repositoryPath(), base = dialog.base(),
                           head = dialog.head()]() -> engine::Expected<engine::ChangeSpec> {
            auto repository = engine::git::Repository::open(path);
            if (!repository)
                return repository.error();
            return engine::ChangeSource(*repository).revisions(base, head);
        }));
}

void MainWindow::showChange(const engine::ChangeSpec &change)
{
    if (m_change && m_change->base == change.base && m_change->head == change.head && m_report)
        return;
    m_change = change;
    retireSingleTestsUnlessFor(change); // their workers are no use for another change
    m_verdict->setChange(change.number ? tr("#%1 %2").arg(*change.number).arg(change.title)
                                       : change.title,
                         change.body);
    if (auto report = m_session->savedReport(change)) {
        showReport(*report);
        return;
    }
    m_report.reset();
    m_differences->setReport({});
    m_diffPanel->setPreview(m_session->repositoryPath(), change.base, change.head);
    m_relations->setReviews({});
    clearAnalysisState();
    showMessage(m_queue->contains(change) ? tr("This change is being analysed.")
                                          : tr("Not analysed yet: press Analyse (Ctrl+R)."));
}

void MainWindow::clearAnalysisState()
{
    // What the status bar said of another change's analysis is not true of this one.
    for (QLabel *label : {m_sandbox, m_search, m_notes}) {
        label->clear();
        label->setToolTip({});
    }
}

void MainWindow::showAnalysisNotes()
{
    if (m_report && !m_report->notes.isEmpty())
        QMessageBox::information(this, tr("What the Analysis Could Not Do"),
                                 m_report->notes.join(QStringLiteral("\n\n")));
}

void MainWindow::showReport(const engine::Report &report)
{
    m_report = report;
    // The sandbox the analysis ran in: a degraded one is worth knowing about.
    m_sandbox->setText(tr("Sandbox: %1").arg(engine::label(report.sandbox)));
    m_sandbox->setToolTip(report.sandboxNoteTranslated.value_or(report.sandboxNote));
    // How much the search spent and why it stopped: a quick or cut-short analysis says so.
    const QString stopped = engine::label(report.stopReason);
    m_search->setText(
        report.effort ? tr("Effort: %1; stopped: %2").arg(engine::label(*report.effort), stopped)
                      : tr("Stopped: %1").arg(stopped));
    m_search->setToolTip(report.search ? tr("%n test(s) of a budget of %1", nullptr,
                                            static_cast<int>(report.tests.size()))
                                             .arg(report.search->tests)
                                       : QString());
    // What could not be analysed (a test file that does not load, a target out of reach) is
    // part of the result: a reviewer who does not see it trusts "no differences" too much.
    m_notes->setText(report.notes.isEmpty()
                         ? QString()
                         : QStringLiteral("<a href=\"#notes\">%1</a>")
                               .arg(tr("%n note(s)", nullptr, int(report.notes.size()))));
    m_notes->setToolTip(report.notes.join(QLatin1Char('\n')));
    m_differences->setReport(report);
    m_diffPanel->setReport(m_session->repositoryPath(), report);
    m_relations->setReviews(report.relationReviews);
    m_verdict->setCommitMessages(report.commitMessages);
    const QModelIndex first = m_differences->nextUndecided({});
    if (first.isValid())
        m_differenceList->selectDifference(
            first.data(DifferenceModel::DifferenceIndexRole).toInt());
    else if (!report.differences.isEmpty())
        m_differenceList->selectDifference(0);
    emit reportShown();
}

void MainWindow::showDifference(int difference)
{
    if (!m_report || difference < 0 || difference >= m_report->differences.size()) {
        m_output->clear();
        m_test->clear();
        m_verdict->setDifference(std::nullopt, engine::Verdict::None, {});
        m_diffPanel->showDifference(nullptr);
        return;
    }
    const engine::ReportDifference &item = m_report->differences[difference];
    m_test->setDifference(item);
    m_diffPanel->showDifference(&item);
    showOutcomes();
    const engine::TriageEntry entry = m_session->entry(*m_report, item.fingerprint);
    m_verdict->setDifference(item, entry.verdict, entry.note);
}

void MainWindow::showOutcomes()
{
    const int current = m_differenceList->currentDifference();
    if (!m_report || current < 0 || current >= m_report->differences.size())
        return;
    const engine::ReportDifference &item = m_report->differences[current];
    if (!m_test->showsOriginalTest()) {
        m_output->setDifference(item);
        return;
    }
    if (!item.originalOld || !item.originalNew) {
        m_output->showUnavailable(
            tr("This analysis did not record what the original test did. Re-run the change "
               "(Ctrl+Shift+R), or run the original with Run on Both Versions."));
        return;
    }
    engine::ReportDifference original = item;
    original.oldSide = *item.originalOld;
    original.newSide = *item.originalNew;
    m_output->setDifference(original);
}

void MainWindow::decide(engine::Verdict verdict, const QString &note, bool wholeCluster)
{
    const int current = m_differenceList->currentDifference();
    if (!m_report || current < 0)
        return;
    QStringList fingerprints;
    const QList<int> members =
        wholeCluster ? m_differences->clusterMembers(m_report->differences[current].cluster)
                     : QList<int>{current};
    for (int member : members.isEmpty() ? QList<int>{current} : members)
        fingerprints << m_report->differences[member].fingerprint;
    if (engine::Status status = m_session->decide(*m_report, fingerprints, verdict, note);
        !status) {
        QMessageBox::warning(this, tr("Verdict not saved"), status.error().message);
        return;
    }
    for (const QString &fingerprint : fingerprints)
        m_differences->setVerdict(fingerprint, verdict);
    m_report->differences = m_differences->report().differences;
    showMessage(tr("Saved: %1").arg(engine::label(verdict)));
    // The review flow: on to the next difference still undecided, when the reviewer wants it.
    if (verdict != engine::Verdict::None && m_advance->isChecked() &&
        !m_differenceList->nextUndecided() && m_differences->undecidedCount() == 0)
        showMessage(tr("Saved: %1. Every difference of this change is decided.")
                        .arg(engine::label(verdict)));
}

void MainWindow::saveNote(const QString &note)
{
    const int current = m_differenceList->currentDifference();
    if (!m_report || current < 0)
        return;
    const QString fingerprint = m_report->differences[current].fingerprint;
    const engine::TriageEntry entry = m_session->entry(*m_report, fingerprint);
    if (entry.note == note)
        return;
    if (engine::Status status = m_session->decide(*m_report, {fingerprint}, entry.verdict, note);
        !status)
        showMessage(status.error().message);
}

void MainWindow::refreshStatus(const QString &base, const QString &head)
{
    engine::ChangeSpec probe;
    probe.base = base;
    probe.head = head;
    if (m_queue->contains(probe))
        return; // queued or running: the queue's signals own the status until it is done
    m_prModel->setTriageStatus(base, head, m_session->statusOf(base, head));
    m_prModel->setOverall(base, head, m_session->overallOf(base, head));
    const auto [decided, total] = m_session->decidedOf(base, head);
    m_prModel->setDecided(base, head, decided, total);
}

void MainWindow::onAnalysisFinished(const engine::ChangeSpec &change,
                                    const engine::Report &finished)
{
    engine::Report report = finished;
    if (report.title.isEmpty())
        report.title = change.title;
    if (report.body.isEmpty())
        report.body = change.body;
    m_session->saveReportInBackground(report, [this, change, report](const engine::Status &saved) {
        if (!saved)
            showMessage(saved.error().message);
        else
            showMessage(
                tr("%1: %n difference(s)", nullptr, static_cast<int>(report.differences.size()))
                    .arg(change.title));
        refreshStatus(change.base, change.head);
        if (m_change && m_change->base == change.base && m_change->head == change.head) {
            engine::Report shown = report;
            m_session->store()->apply(shown);
            showReport(shown);
        }
    });
}

// A cancelled analysis is discarded, never saved or shown: its partial findings (unshrunk, some
// rounds missing) would read as a finished analysis. What was there before stays.
void MainWindow::onAnalysisCancelled(const engine::ChangeSpec &change)
{
    refreshStatus(change.base, change.head);
    const bool earlier = m_session->isOpen() && m_session->statusOf(change.base, change.head) !=
                                                    PrListModel::TriageStatus::NotAnalysed;
    if (!earlier)
        m_prModel->setTriageStatus(change.base, change.head, PrListModel::TriageStatus::Cancelled);
    const QString name = change.number ? tr("#%1").arg(*change.number) : change.title;
    showMessage(earlier ? tr("Analysis of %1 cancelled: the earlier analysis is kept.").arg(name)
                        : tr("Analysis of %1 cancelled: nothing was saved.").arg(name));
}

void MainWindow::showMessage(const QString &message)
{
    statusBar()->showMessage(message);
}

} // namespace difftriage::ui
