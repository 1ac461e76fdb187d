#include "AnalysisRunner.h"

#include "pipeline/AnalysisPipeline.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <sys/resource.h>
#include <unistd.h>

namespace difftriage::ui {

namespace {

std::atomic_int g_runsOnGuiThread = 0;

// Linux keeps a nice value per thread and hands it to every thread and process the thread starts:
// niced once, the analysis thread's executor, workers and helper scripts all yield to the GUI
// thread when the cores are busy, and still use idle cores fully.
void runInTheBackground()
{
    constexpr int BackgroundNiceness = 10;
    thread_local bool niced = false;
    if (niced)
        return;
    niced = true;
    ::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), BackgroundNiceness);
}

} // namespace

AnalysisRunner::AnalysisRunner(QObject *parent) : QObject(parent) {}

int AnalysisRunner::runsOnGuiThread()
{
    return g_runsOnGuiThread.load();
}

void AnalysisRunner::run(quint64 job, const engine::AnalysisRequest &request)
{
    // The engine blocks on git, Python and the network: on the GUI thread that would freeze the
    // window. A direct call from there is a programming error; count it so tests catch it.
    if (QThread::currentThread() == QCoreApplication::instance()->thread()) {
        g_runsOnGuiThread.fetch_add(1);
        qWarning("AnalysisRunner::run called on the GUI thread");
    } else {
        runInTheBackground();
    }
    m_cancel.store(m_cancelledUpTo.load() >= job);
    // Progress can arrive thousands of times a second; the GUI needs a few updates a second, and
    // flooding its queue would make it stall on a slow machine. A new stage always goes through:
    // the window says what the analysis is doing, short stages included.
    QElapsedTimer sinceLast;
    sinceLast.start();
    int lastDifferences = -1;
    QString lastStage;
    const auto progress = [&](const engine::AnalysisProgress &update) {
        if (sinceLast.elapsed() < 80 && update.differences == lastDifferences &&
            update.stage == lastStage)
            return;
        sinceLast.restart();
        lastDifferences = update.differences;
        lastStage = update.stage;
        emit progressed(job, update);
    };
    auto pipeline = engine::openAnalysis(request);
    if (!pipeline) {
        emit failed(job, pipeline.error().message);
        return;
    }
    auto report = (*pipeline)->run(progress, &m_cancel);
    // Cancelled is cancelled whatever the engine had got to: a partial report, or an error from
    // a step the cancel cut short.
    if (m_cancel.load() || (report && report->stopReason == engine::StopReason::Cancelled))
        emit cancelled(job);
    else if (report)
        emit finished(job, *report);
    else
        emit failed(job, report.error().message);
}

} // namespace difftriage::ui
