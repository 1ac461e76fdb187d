#pragma once

#include "pipeline/AnalysisOptions.h"
#include "report/Report.h"

#include <QObject>
#include <QThread>
#include <algorithm>
#include <atomic>
#include <limits>

namespace difftriage::ui {

// The worker that runs one engine AnalysisPipeline at a time. It lives on its own long-lived
// QThread (bubblewrap's --die-with-parent is tied to the thread that starts the Python workers, so
// a pool thread would do), is driven only through queued calls and answers only through signals: it
// never touches a widget and the GUI thread never waits on it.
class AnalysisRunner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AnalysisRunner)

public:
    explicit AnalysisRunner(QObject *parent = nullptr);

    // Thread-safe: asks job `upTo` and every earlier one to stop, whether it runs now or has not
    // started yet (the queued call may still be on its way); the engine checks between steps.
    void cancel(quint64 upTo = std::numeric_limits<quint64>::max())
    {
        m_cancelledUpTo.store(std::max(m_cancelledUpTo.load(), upTo));
        m_cancel.store(true);
    }
    // For tests: how many runs started on the GUI thread (must stay 0).
    static int runsOnGuiThread();

public slots:
    void run(quint64 job, const difftriage::engine::AnalysisRequest &request);

signals:
    void progressed(quint64 job, const difftriage::engine::AnalysisProgress &progress);
    void finished(quint64 job, const difftriage::engine::Report &report);
    void failed(quint64 job, const QString &message);
    // The analysis stopped because it was cancelled, at whatever step: nothing of it is final.
    void cancelled(quint64 job);

private:
    std::atomic_bool m_cancel = false; // for the running job
    std::atomic<quint64> m_cancelledUpTo = 0;
};

} // namespace difftriage::ui
