// MainWindow's menus, shortcuts and exports: the part of the window that only wires actions to
// what MainWindow.cpp already does, kept apart so each file stays readable.
#include "AnalysisQueue.h"
#include "ApiKeyStore.h"
#include "CoverageHeatmap.h"
#include "DifferenceList.h"
#include "MainWindow.h"
#include "PdfExporter.h"
#include "PrBrowser.h"
#include "RecentRepositories.h"
#include "SettingsDialog.h"
#include "TriageSession.h"
#include "VerdictPanel.h"
#include "Vocabulary.h"
#include "report/HtmlExporter.h"
#include "report/JsonExporter.h"
#include "report/MarkdownExporter.h"
#include "report/PytestExporter.h"

#include <QApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>

namespace difftriage::ui {

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open Repository…"), QKeySequence::Open, this,
                    &MainWindow::chooseRepository);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    updateRecentMenu();
    file->addAction(tr("Open Re&ports…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this,
                    &MainWindow::openReports);
    file->addSeparator();
    QMenu *exportMenu = file->addMenu(tr("&Export"));
    exportMenu->addAction(tr("&HTML…"), QKeySequence(Qt::CTRL | Qt::Key_E), this,
                          [this] { exportInteractively(ExportFormat::Html); });
    exportMenu->addAction(tr("&Markdown…"), this,
                          [this] { exportInteractively(ExportFormat::Markdown); });
    exportMenu->addAction(tr("&JSON (report and verdicts)…"), this,
                          [this] { exportInteractively(ExportFormat::Json); });
    exportMenu->addAction(tr("&PDF…"), this, [this] { exportInteractively(ExportFormat::Pdf); });
    exportMenu->addAction(tr("Py&test File (expects the chosen side)…"), this,
                          [this] { exportInteractively(ExportFormat::Pytest); });
    file->addAction(tr("Export &Triage…"), this, &MainWindow::exportTriage);
    file->addAction(tr("&Import Triage…"), this, &MainWindow::importTriage);
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
    analysis->addAction(tr("&Analyse Selected Changes"), QKeySequence(Qt::CTRL | Qt::Key_R), this,
                        [this] { analyse(m_browser->selectedChanges()); });
    analysis->addAction(tr("&Re-run Current Change"),
                        QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R), this, [this] {
                            if (m_change)
                                analyse({*m_change});
                        });
    analysis->addAction(tr("&Compare Revisions…"), this, &MainWindow::compareRevisions);
    analysis->addAction(tr("&Cancel"), QKeySequence(Qt::CTRL | Qt::Key_Period), m_queue,
                        &AnalysisQueue::cancelAll);

    QMenu *triage = menuBar()->addMenu(tr("&Triage"));
    triage->addAction(tr("&Next Undecided"), QKeySequence(Qt::Key_F8), m_differenceList,
                      &DifferenceList::nextUndecided);
    triage->addAction(tr("&Previous Undecided"), QKeySequence(Qt::SHIFT | Qt::Key_F8),
                      m_differenceList, &DifferenceList::previousUndecided);
    triage->addSeparator();
    int key = Qt::Key_1;
    for (engine::Verdict verdict : engine::AllVerdicts) {
        triage->addAction(Vocabulary::verdict(verdict), QKeySequence(Qt::CTRL | key++), this,
                          [this, verdict] { m_verdict->choose(verdict); });
    }
    triage->addAction(tr("&Clear Verdict"), QKeySequence(Qt::CTRL | Qt::Key_0), this,
                      [this] { m_verdict->choose(engine::Verdict::None); });
    triage->addSeparator();
    triage->addAction(tr("&Find Change"), QKeySequence::Find, m_browser, &PrBrowser::focusFilter);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        view->addAction(dock->toggleViewAction());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
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

engine::Status MainWindow::exportCurrent(ExportFormat format, const QString &path) const
{
    if (!m_report)
        return engine::makeError(tr("No analysis is open."));
    // The verdicts as they are now, including those set since the analysis was shown.
    engine::Report report = *m_report;
    if (m_session->isOpen())
        m_session->store()->apply(report);
    switch (format) {
    case ExportFormat::Html:
        return engine::HtmlExporter(report, m_heatmap->sources()).write(path);
    case ExportFormat::Markdown:
        return engine::MarkdownExporter(report).write(path);
    case ExportFormat::Json:
        return engine::JsonExporter(report).write(path);
    case ExportFormat::Pytest:
        return engine::PytestExporter(report).write(path);
    case ExportFormat::Pdf:
        return PdfExporter::write(engine::HtmlExporter(report, m_heatmap->sources()).render(),
                                  path);
    }
    return engine::makeError(QStringLiteral("unknown format"));
}

void MainWindow::exportInteractively(ExportFormat format)
{
    if (!m_report) {
        showMessage(tr("Open an analysed change first."));
        return;
    }
    const QString filter = format == ExportFormat::Html       ? tr("HTML (*.html)")
                           : format == ExportFormat::Markdown ? tr("Markdown (*.md)")
                           : format == ExportFormat::Json     ? tr("JSON (*.json)")
                           : format == ExportFormat::Pytest   ? tr("Python (*.py)")
                                                              : tr("PDF (*.pdf)");
    const QString path = QFileDialog::getSaveFileName(this, tr("Export"), {}, filter);
    if (path.isEmpty())
        return;
    if (engine::Status status = exportCurrent(format, path); !status)
        QMessageBox::warning(this, tr("Export failed"), status.error().message);
    else
        showMessage(tr("Exported to %1").arg(path));
}

void MainWindow::exportTriage()
{
    if (!m_session->isOpen())
        return;
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export Triage"), {}, tr("JSON (*.json)"));
    if (path.isEmpty())
        return;
    if (engine::Status status = m_session->store()->exportTo(path); !status)
        QMessageBox::warning(this, tr("Export failed"), status.error().message);
    else
        showMessage(tr("Exported to %1").arg(path));
}

void MainWindow::importTriage()
{
    if (!m_session->isOpen())
        return;
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Import Triage"), {}, tr("JSON (*.json)"));
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
