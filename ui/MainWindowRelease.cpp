// Releases: the release view, and the PR that introduced one difference of a range.
#include "AnalysisQueue.h"
#include "DifferenceList.h"
#include "DifferenceModel.h"
#include "MainWindow.h"
#include "ReleaseWindow.h"
#include "TriageSession.h"
#include "attribution/AttributeReport.h"
#include "report/IntroducerGroups.h"

#include <QFileDialog>
#include <QFutureWatcher>
#include <QPromise>
#include <QtConcurrent>

namespace difftriage::ui {

void MainWindow::chooseRelease(bool folder)
{
    if (!m_session->isOpen()) {
        showMessage(tr("Open the repository the release is about first."));
        return;
    }
    const QString path =
        folder ? QFileDialog::getExistingDirectory(this, tr("Open Release Folder"))
               : QFileDialog::getOpenFileName(
                     this, tr("Open Release"), {},
                     tr("Release documents and CI artifacts (*.json *.zip);;All files (*)"));
    if (!path.isEmpty())
        openRelease(path);
}

ReleaseWindow *MainWindow::openRelease(const QString &path)
{
    if (!m_session->isOpen()) {
        showMessage(tr("Open the repository the release is about first."));
        return nullptr;
    }
    // The store is the main window's: both windows decide through the one owner.
    auto *window = new ReleaseWindow(m_session->store(), m_session->repositoryPath(), this);
    window->setWindowFlag(Qt::Window);
    connect(window, &ReleaseWindow::opened, this, [this](const QString &error) {
        if (!error.isEmpty())
            showMessage(tr("Cannot open the release: %1").arg(error));
        for (const engine::ChangeSpec &change : m_session->changes())
            refreshStatus(change.base, change.head);
    });
    connect(window, &ReleaseWindow::verdictSaved, this, &MainWindow::refreshStatus);
    window->show();
    window->open(path);
    return window;
}

void MainWindow::findIntroducingPr()
{
    const int current = m_differenceList->currentDifference();
    if (!m_report || !m_change || current < 0) {
        showMessage(tr("Select a difference of a range first."));
        return;
    }
    if (m_attribution) {
        showMessage(tr("Already looking for the PR of a difference."));
        return;
    }
    engine::AnalysisRequest request{m_session->repositoryPath(), *m_change, m_queue->choices()};
    request.choices.seed = m_report->seed; // the draws the analysis gave its tests
    const engine::ReportDifference difference = m_report->differences.at(current);
    const QString base = m_change->base, head = m_change->head;
    m_attribution = std::make_shared<std::atomic_bool>(false);
    using Result = engine::Expected<engine::ReportAttribution>;
    auto *watcher = new QFutureWatcher<Result>(this);
    connect(watcher, &QFutureWatcherBase::progressTextChanged, this, [this](const QString &text) {
        showMessage(tr("Finding the PR that introduced it: %1").arg(text));
    });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, difference, base, head] {
        watcher->deleteLater();
        m_attribution.reset();
        if (watcher->future().resultCount() == 0)
            return;
        const Result result = watcher->result();
        if (!result) {
            showMessage(tr("Cannot tell which PR introduced it: %1").arg(result.error().message));
            emit attributionFinished(result.error().message);
            return;
        }
        engine::ReportDifference attributed = difference;
        attributed.attribution = *result;
        showMessage(engine::describeAttribution(attributed));
        if (m_report && m_change && m_change->base == base && m_change->head == head) {
            for (engine::ReportDifference &known : m_report->differences)
                if (known.fingerprint == difference.fingerprint)
                    known.attribution = *result;
            m_differences->setReport(*m_report);
            for (qsizetype i = 0; i < m_report->differences.size(); ++i)
                if (m_report->differences[i].fingerprint == difference.fingerprint)
                    m_differenceList->selectDifference(int(i));
            m_session->saveReportInBackground(*m_report, [this](const engine::Status &saved) {
                if (!saved)
                    showMessage(saved.error().message);
            });
        }
        emit attributionFinished(QString());
    });
    watcher->setFuture(
        QtConcurrent::run([request, difference, cancel = m_attribution](QPromise<Result> &promise) {
            promise.addResult(engine::attributeDifference(
                request, difference,
                [&promise](const QString &message) { promise.setProgressValueAndText(0, message); },
                cancel.get()));
        }));
    showMessage(tr("Finding the PR that introduced %1…").arg(difference.id));
}

} // namespace difftriage::ui
