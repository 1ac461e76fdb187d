// Opening reports produced elsewhere: a fan-out over many PRs on CI runners is triaged in one view.
#include "MainWindow.h"
#include "PrBrowser.h"
#include "PrListModel.h"
#include "TriageSession.h"
#include "change/ChangeSource.h"
#include "git/Repository.h"
#include "report/ReportFile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMessageBox>
#include <QtConcurrent>

namespace difftriage::ui {

namespace {

struct LoadedReport
{
    QString path;
    QString error;
    std::optional<engine::Report> report;
    std::optional<engine::ChangeSpec> change;
};

// Why a report's commits were not found: a report of another clone says which one it names,
// unless its commits are here and the failure is another (git's message says which).
QString missingCommits(const engine::git::Repository &repository, const engine::Report &report,
                       const QString &repositoryPath, const QString &why)
{
    if (report.repo.isEmpty() ||
        QFileInfo(report.repo).canonicalFilePath() == QFileInfo(repositoryPath).canonicalFilePath())
        return why;
    if (repository.resolveCommit(report.base) && repository.resolveCommit(report.head))
        return why;
    // The two clones by name and the commits short: git's own message repeats the full hash.
    return QCoreApplication::translate("difftriage::ui::MainWindow",
                                       "it is a report of %1; the open repository, %2, does not "
                                       "hold all of its commits %3..%4")
        .arg(report.repo, QDir::toNativeSeparators(repositoryPath), report.base.left(10),
             report.head.left(10));
}

// Reads each report and checks that its two commits are in this repository.
QList<LoadedReport> loadReports(const QString &repositoryPath, const QStringList &paths)
{
    QList<LoadedReport> loaded;
    auto repository = engine::git::Repository::open(repositoryPath);
    for (const QString &path : paths) {
        LoadedReport item;
        item.path = path;
        auto report = engine::loadReportFile(path);
        if (!report) {
            item.error = report.error().message;
        } else if (!repository) {
            item.error = repository.error().message;
        } else if (auto change =
                       engine::ChangeSource(*repository).revisions(report->base, report->head);
                   !change) {
            item.error =
                missingCommits(*repository, *report, repositoryPath, change.error().message);
        } else {
            if (!report->title.isEmpty())
                change->title = report->title;
            if (!report->body.isEmpty())
                change->body = report->body;
            if (report->number)
                change->number = report->number;
            item.change = std::move(*change);
            item.report = std::move(*report);
        }
        loaded << std::move(item);
    }
    return loaded;
}

} // namespace

void MainWindow::openReports()
{
    if (!m_session->isOpen()) {
        showMessage(tr("Open the repository the reports are about first."));
        return;
    }
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Open Reports"), {}, tr("DiffTriage reports (*.json);;All files (*)"));
    if (!paths.isEmpty())
        importReports(paths);
}

void MainWindow::importReports(const QStringList &paths)
{
    if (!m_session->isOpen()) {
        emit reportsImported(0, {tr("No repository is open.")});
        return;
    }
    auto *watcher = new QFutureWatcher<QList<LoadedReport>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        watcher->deleteLater();
        QStringList errors;
        std::optional<engine::ChangeSpec> first;
        int count = 0;
        for (const LoadedReport &item : watcher->result()) {
            const QString name = QFileInfo(item.path).fileName();
            if (!item.report) {
                errors << tr("%1: %2").arg(name, item.error);
                continue;
            }
            if (engine::Status saved = m_session->saveReport(*item.report); !saved) {
                errors << tr("%1: %2").arg(name, saved.error().message);
                continue;
            }
            m_prModel->addChange(*item.change);
            refreshStatus(item.change->base, item.change->head);
            if (!first)
                first = item.change;
            ++count;
        }
        if (first)
            m_browser->selectChange(first->base, first->head);
        showMessage(tr("Opened %n report(s)", nullptr, count));
        if (!errors.isEmpty()) {
            // Window-modal, not blocking: the rest of the import is already in place.
            auto *box = new QMessageBox(QMessageBox::Warning, tr("Some reports were not opened"),
                                        errors.join(QLatin1Char('\n')), QMessageBox::Ok, this);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        }
        emit reportsImported(count, errors);
    });
    watcher->setFuture(QtConcurrent::run(loadReports, m_session->repositoryPath(), paths));
}

} // namespace difftriage::ui
