// MainWindow's menus, shortcuts and exports: the part of the window that only wires actions to
// what MainWindow.cpp already does, kept apart so each file stays readable.
#include "ActionAvailability.h"
#include "AnalysisQueue.h"
#include "ApiKeyStore.h"
#include "DifferenceList.h"
#include "ExportLocation.h"
#include "MainWindow.h"
#include "PdfExporter.h"
#include "PrBrowser.h"
#include "RecentRepositories.h"
#include "SettingsDialog.h"
#include "TriageSession.h"
#include "VerdictPanel.h"
#include "core/Vocabulary.h"
#include "diff/DiffCoveragePanel.h"
#include "diff/DiffView.h"

#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>

namespace difftriage::ui {

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open Repository…"), QKeySequence::Open, this,
                    &MainWindow::chooseRepository);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    updateRecentMenu();
    setNeed(file->addAction(tr("Open Re&ports…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O),
                            this, &MainWindow::openReports),
            ActionNeed::Repository);
    file->addAction(tr("Open Re&lease…"), this, [this] { chooseRelease(false); });
    file->addAction(tr("Open Release F&older…"), this, [this] { chooseRelease(true); });
    file->addSeparator();
    QMenu *exportMenu = file->addMenu(tr("&Export"));
    for (const engine::ExportFormatInfo &info : engine::exportFormats()) {
        QAction *action =
            exportMenu->addAction(engine::translatedExportText(info.menuLabel), this,
                                  [this, format = info.format] { exportInteractively(format); });
        if (info.format == engine::ExportFormat::Html)
            action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
        setNeed(action, ActionNeed::Report);
    }
    setNeed(file->addAction(tr("Export &Triage…"), this, &MainWindow::exportTriage),
            ActionNeed::Repository);
    setNeed(file->addAction(tr("&Import Triage…"), this, &MainWindow::importTriage),
            ActionNeed::Repository);
    file->addSeparator();
    file->addAction(tr("&Settings…"), QKeySequence::Preferences, this, [this] {
        SettingsDialog dialog(this);
        if (dialog.exec() != QDialog::Accepted)
            return;
        if (dialog.apiKeyEdited()) {
            m_keychainApiKey = dialog.apiKey();
            ApiKeyStore::write(this, m_keychainApiKey, [this](const QString &why) {
                if (!why.isEmpty())
                    showMessage(tr("The API key is used until you quit but was not stored in "
                                   "the keychain: %1")
                                    .arg(why));
            });
        }
        applySettings();
    });
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu *analysis = menuBar()->addMenu(tr("&Analysis"));
    setNeed(analysis->addAction(tr("&Analyse Selected Changes"), QKeySequence(Qt::CTRL | Qt::Key_R),
                                this, [this] { analyse(m_browser->selectedChanges()); }),
            ActionNeed::SelectedChanges);
    setNeed(analysis->addAction(tr("&Re-run Current Change"),
                                QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R), this,
                                [this] {
                                    if (m_change)
                                        analyse({*m_change});
                                }),
            ActionNeed::Change);
    setNeed(analysis->addAction(tr("&Compare Revisions…"), this, &MainWindow::compareRevisions),
            ActionNeed::Repository);
    setNeed(analysis->addAction(tr("&Cancel"), QKeySequence(Qt::CTRL | Qt::Key_Period), m_queue,
                                &AnalysisQueue::cancelAll),
            ActionNeed::Analysis);

    QMenu *triage = menuBar()->addMenu(tr("&Triage"));
    setNeed(triage->addAction(tr("&Next Undecided"), QKeySequence(Qt::Key_F8), m_differenceList,
                              &DifferenceList::nextUndecided),
            ActionNeed::Report);
    setNeed(triage->addAction(tr("&Previous Undecided"), QKeySequence(Qt::SHIFT | Qt::Key_F8),
                              m_differenceList, &DifferenceList::previousUndecided),
            ActionNeed::Report);
    triage->addSeparator();
    int key = Qt::Key_1;
    for (engine::Verdict verdict : engine::AllVerdicts) {
        setNeed(triage->addAction(engine::label(verdict), QKeySequence(Qt::CTRL | key++), this,
                                  [this, verdict] { m_verdict->choose(verdict); }),
                ActionNeed::Difference);
    }
    setNeed(triage->addAction(tr("&Clear Verdict"), QKeySequence(Qt::CTRL | Qt::Key_0), this,
                              [this] { m_verdict->choose(engine::Verdict::None); }),
            ActionNeed::Difference);
    triage->addSeparator();
    m_advance = triage->addAction(tr("&Advance After a Verdict"));
    m_advance->setCheckable(true);
    m_advance->setToolTip(tr("A verdict moves on to the next undecided difference"));
    m_advance->setChecked(QSettings().value(QStringLiteral("triage/advance"), true).toBool());
    connect(m_advance, &QAction::toggled, this,
            [](bool on) { QSettings().setValue(QStringLiteral("triage/advance"), on); });
    triage->addSeparator();
    setNeed(triage->addAction(tr("Find the P&R That Introduced This"),
                              QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B), this,
                              &MainWindow::findIntroducingPr),
            ActionNeed::Difference);
    setNeed(triage->addAction(tr("&Find Change"), QKeySequence::Find, m_browser,
                              &PrBrowser::focusFilter),
            ActionNeed::Repository);
    setNeed(triage->addAction(tr("Find &Difference"),
                              QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F), m_differenceList,
                              &DifferenceList::focusFind),
            ActionNeed::Report);
    triage->addSeparator();
    setNeed(triage->addAction(tr("Copy Review &Comment"),
                              QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), this,
                              &MainWindow::copyReviewComment),
            ActionNeed::Report);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    setNeed(view->addAction(tr("&Next Change in the Diff"), QKeySequence(Qt::ALT | Qt::Key_Down),
                            m_diffPanel->diffView(), &DiffView::nextChange),
            ActionNeed::Report);
    setNeed(view->addAction(tr("&Previous Change in the Diff"), QKeySequence(Qt::ALT | Qt::Key_Up),
                            m_diffPanel->diffView(), &DiffView::previousChange),
            ActionNeed::Report);
    view->addSeparator();
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        view->addAction(dock->toggleViewAction());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard Shortcuts"), QKeySequence(Qt::CTRL | Qt::Key_Slash), this,
                    &MainWindow::showShortcuts);
    help->addAction(tr("&About DiffTriage"), this, [this] {
        QMessageBox::about(this, tr("About DiffTriage"),
                           tr("<b>DiffTriage %1</b><p>Behavioural difference triage for Python "
                              "pull requests.</p>")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::updateRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList recent = RecentRepositories::list();
    for (const QString &path : recent)
        m_recentMenu->addAction(path, this, [this, path] { openRepository(path); });
    if (recent.isEmpty())
        m_recentMenu->addAction(tr("(none)"))->setEnabled(false);
    else
        m_recentMenu->addAction(tr("&Clear List"), this, [this] {
            RecentRepositories::clear();
            updateRecentMenu();
        });
}

engine::Status MainWindow::exportCurrent(engine::ExportFormat format, const QString &path) const
{
    if (!m_report)
        return engine::makeError(tr("No analysis is open."));
    // The verdicts as they are now, including those set since the analysis was shown.
    engine::Report report = *m_report;
    if (m_session->isOpen())
        m_session->store()->apply(report);
    const engine::ExportInput input{report, m_diffPanel->sources(),
                                    QCoreApplication::applicationVersion()};
    if (engine::exportFormatInfo(format).printedByGui) {
        auto html = engine::renderExport(engine::ExportFormat::Html, input);
        if (!html)
            return html.error();
        return PdfExporter::write(QString::fromUtf8(*html), path);
    }
    return engine::writeExport(format, input, path);
}

void MainWindow::exportInteractively(engine::ExportFormat format)
{
    if (!m_report) {
        showMessage(tr("Open an analysed change first."));
        return;
    }
    const QString filter =
        engine::translatedExportText(engine::exportFormatInfo(format).fileFilter);
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export"),
        ExportLocation::suggestedPath(ExportLocation::suggestedFileName(*m_report, format)),
        filter);
    if (path.isEmpty())
        return;
    ExportLocation::remember(path);
    if (engine::Status status = exportCurrent(format, path); !status)
        QMessageBox::warning(this, tr("Export failed"), status.error().message);
    else
        showMessage(tr("Exported to %1").arg(path));
}

void MainWindow::exportTriage()
{
    if (!m_session->isOpen())
        return;
    const QString name = QFileInfo(m_session->repositoryPath()).fileName();
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Triage"),
        ExportLocation::suggestedPath(QStringLiteral("%1-verdicts.json").arg(name)),
        tr("JSON (*.json)"));
    if (path.isEmpty())
        return;
    ExportLocation::remember(path);
    if (engine::Status status = m_session->store()->exportTo(path); !status)
        QMessageBox::warning(this, tr("Export failed"), status.error().message);
    else
        showMessage(tr("Exported to %1").arg(path));
}

void MainWindow::importTriage()
{
    if (!m_session->isOpen())
        return;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import Triage"), ExportLocation::suggestedPath({}), tr("JSON (*.json)"));
    if (path.isEmpty())
        return;
    const auto changed = m_session->store()->importFrom(path);
    if (!changed) {
        QMessageBox::warning(this, tr("Import failed"), changed.error().message);
        return;
    }
    showMessage(tr("%n decision(s) merged", nullptr, *changed));
    for (const engine::ChangeSpec &change : m_session->changes())
        refreshStatus(change.base, change.head);
    if (m_change) {
        const engine::ChangeSpec change = *m_change;
        m_change.reset();
        showChange(change);
    }
}

} // namespace difftriage::ui
