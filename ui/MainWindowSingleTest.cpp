// The reviewer's own tests: edit a generated test, or write one, and run it on both versions.
#include "AnalysisQueue.h"
#include "DifferenceList.h"
#include "DifferenceModel.h"
#include "MainWindow.h"
#include "SideBySideOutput.h"
#include "TriageSession.h"
#include "pipeline/AnalysisPipeline.h"

#include <QFutureWatcher>
#include <QtConcurrent>
#include <mutex>

namespace difftriage::ui {

// The open change's set-up for the reviewer's tests, kept between runs so a rerun costs only the
// test. Runs one at a time; released on a pool thread, since stopping its workers blocks.
struct MainWindow::SingleTests
{
    explicit SingleTests(engine::AnalysisRequest wanted) : request(std::move(wanted)) {}
    bool serves(const engine::AnalysisRequest &wanted) const
    {
        const engine::UserChoices &mine = request.choices, &theirs = wanted.choices;
        return request.repository == wanted.repository &&
               request.change.base == wanted.change.base &&
               request.change.head == wanted.change.head &&
               mine.defaultPythonOld == theirs.defaultPythonOld &&
               mine.defaultPythonNew == theirs.defaultPythonNew &&
               mine.forceDegradedSandbox == theirs.forceDegradedSandbox && mine.seed == theirs.seed;
    }
    // On the pool thread, under the mutex: the pipeline opens the repository where it runs.
    engine::Expected<engine::SingleTestRun> run(const QString &code, const QString &target)
    {
        const std::lock_guard lock(mutex);
        if (!analysis) {
            auto opened = engine::openAnalysis(request);
            if (!opened)
                return opened.error();
            analysis = std::move(*opened);
        }
        return analysis->runSingleTest(code, target);
    }

    const engine::AnalysisRequest request;
    std::mutex mutex;
    std::unique_ptr<engine::AnalysisPipeline> analysis;
};

void MainWindow::retireSingleTests()
{
    if (m_singleTests)
        (void)QtConcurrent::run([retired = std::move(m_singleTests)] {});
    m_singleTests.reset();
}

void MainWindow::retireSingleTestsUnlessFor(const engine::ChangeSpec &change)
{
    if (m_singleTests && (m_singleTests->request.change.base != change.base ||
                          m_singleTests->request.change.head != change.head))
        retireSingleTests();
}

void MainWindow::runTestOnBothVersions(const QString &code, const QString &target)
{
    if (!m_session->isOpen() || !m_change) {
        showMessage(tr("Open a change first."));
        return;
    }
    if (code.trimmed().isEmpty()) {
        showMessage(tr("The test is empty."));
        return;
    }
    const engine::AnalysisRequest request{m_session->repositoryPath(), *m_change,
                                          m_queue->choices()};
    if (m_singleTests && !m_singleTests->serves(request))
        retireSingleTests();
    if (!m_singleTests)
        m_singleTests = std::make_shared<SingleTests>(request);
    showMessage(tr("Running the test on both versions…"));
    auto *watcher = new QFutureWatcher<engine::Expected<engine::SingleTestRun>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, change = *m_change] {
        watcher->deleteLater();
        const auto result = watcher->result();
        if (!result) {
            showMessage(tr("The test could not run: %1").arg(result.error().message));
            return;
        }
        const bool stillShown =
            m_change && m_change->base == change.base && m_change->head == change.head;
        const bool differs =
            result->invalid.isEmpty() && result->fate == engine::TestFate::Difference;
        if (!result->invalid.isEmpty())
            showMessage(tr("The test is invalid Python (line %1: %2); it says nothing about the "
                           "change.")
                            .arg(result->invalidLine)
                            .arg(result->invalid));
        else if (result->fate == engine::TestFate::Same)
            showMessage(tr("Same behaviour on both versions."));
        else if (!differs)
            showMessage(tr("The test is flaky: a rerun disagreed with its first run."));
        else
            showMessage(
                tr("The test shows a difference: %1").arg(engine::label(result->difference.kind)));
        if (stillShown && differs)
            addReviewerDifference(result->difference);
        else if (stillShown)
            m_output->setDifference(result->difference); // both outputs, for comparison
        emit singleTestFinished(*result);
    });
    watcher->setFuture(QtConcurrent::run(
        [tests = m_singleTests, code, target] { return tests->run(code, target); }));
}

void MainWindow::addReviewerDifference(const engine::ReportDifference &found)
{
    if (!m_report)
        return;
    for (const engine::ReportDifference &known : std::as_const(m_report->differences)) {
        if (known.fingerprint == found.fingerprint) {
            m_differenceList->selectDifference(int(&known - m_report->differences.data()));
            return;
        }
    }
    engine::ReportDifference difference = found;
    int number = 1;
    const auto taken = [&](const QString &id) {
        return std::any_of(m_report->differences.cbegin(), m_report->differences.cend(),
                           [&](const engine::ReportDifference &d) { return d.id == id; });
    };
    while (taken(QStringLiteral("r%1").arg(number)))
        ++number;
    difference.id = QStringLiteral("r%1").arg(number); // r: written or edited by the reviewer
    m_report->differences << difference;
    m_differences->setReport(*m_report);
    m_differenceList->selectDifference(int(m_report->differences.size() - 1));
    m_session->saveReportInBackground(*m_report, [this](const engine::Status &saved) {
        if (!saved)
            showMessage(saved.error().message);
    });
}

} // namespace difftriage::ui
