#include "AnalysisRunner.h"

#include "analysis/Analysis.h"

#include <QCoreApplication>
#include <QElapsedTimer>

namespace difftriage::ui {

namespace {
std::atomic_int g_runsOnGuiThread = 0;
} // namespace

AnalysisRunner::AnalysisRunner(QObject *parent) : QObject(parent) {}

int AnalysisRunner::runsOnGuiThread()
{
    return g_runsOnGuiThread.load();
}

void AnalysisRunner::run(quint64 job, const engine::AnalysisOptions &options)
{
    // The engine blocks on git, Python and the network: on the GUI thread that would freeze the
    // window. A direct call from there is a programming error; count it so tests catch it.
    if (QThread::currentThread() == QCoreApplication::instance()->thread()) {
        g_runsOnGuiThread.fetch_add(1);
        qWarning("AnalysisRunner::run called on the GUI thread");
    }
    m_cancel.store(false);
    // Progress can arrive thousands of times a second; the GUI needs a few updates a second, and
    // flooding its queue would make it stall on a slow machine.
    QElapsedTimer sinceLast;
    sinceLast.start();
    int lastDifferences = -1;
    const auto progress = [&](const engine::AnalysisProgress &update) {
        if (sinceLast.elapsed() < 80 && update.differences == lastDifferences)
            return;
        sinceLast.restart();
        lastDifferences = update.differences;
        emit progressed(job, update);
    };
    engine::Analysis analysis(options);
    auto report = analysis.run(progress, &m_cancel);
    if (report)
        emit finished(job, *report);
    else
        emit failed(job, report.error().message);
}

} // namespace difftriage::ui
