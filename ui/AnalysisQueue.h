#pragma once

#include "LlmConsent.h"
#include "pipeline/AnalysisOptions.h"
#include "report/Report.h"

#include <QList>
#include <QObject>
#include <QThread>
#include <memory>

namespace difftriage::ui {

class AnalysisRunner;

// The GUI side of the analysis thread: a queue of changes analysed one after another by an
// AnalysisRunner on a long-lived QThread. Lives on the GUI thread; every state change arrives
// through queued signals, so the GUI never waits.
class AnalysisQueue final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AnalysisQueue)

public:
    explicit AnalysisQueue(QObject *parent = nullptr);
    ~AnalysisQueue() override;

    // What the user chose in Settings, for every change queued from now on: interpreters,
    // generator, suggestions, budgets.
    void setChoices(const engine::UserChoices &choices) { m_choices = choices; }
    const engine::UserChoices &choices() const { return m_choices; }

    // Queues a change of `repository` unless it is already queued or running; `llm` is the
    // reviewer's consent for this repository (LlmConsent::settle).
    void enqueue(const QString &repository, const engine::ChangeSpec &change,
                 LlmConsent::Use llm = LlmConsent::Use::AsConfigured);
    // Stops the running analysis (within a second) and drops the queued ones; each of them ends
    // with cancelled().
    void cancelAll();
    void cancelCurrent();
    // Whether the running analysis was asked to stop and has not answered yet.
    bool isCancelling() const { return m_current && m_current->cancelRequested; }

    bool isBusy() const { return m_current.has_value(); }
    std::optional<engine::ChangeSpec> current() const;
    QList<engine::ChangeSpec> pending() const;
    bool contains(const engine::ChangeSpec &change) const;
    // What a queued or running change was asked for.
    std::optional<engine::AnalysisRequest> request(const engine::ChangeSpec &change) const;

signals:
    void started(const difftriage::engine::ChangeSpec &change);
    void progressed(const difftriage::engine::ChangeSpec &change,
                    const difftriage::engine::AnalysisProgress &progress);
    void finished(const difftriage::engine::ChangeSpec &change,
                  const difftriage::engine::Report &report);
    void failed(const difftriage::engine::ChangeSpec &change, const QString &message);
    // Stopped, or dropped before it started: nothing of that analysis is kept.
    void cancelled(const difftriage::engine::ChangeSpec &change);
    void queueChanged();
    void idle();

private:
    struct Job
    {
        quint64 id = 0;
        engine::AnalysisRequest request;
        bool cancelRequested = false;
    };
    struct ThreadStopper
    {
        void operator()(QThread *thread) const
        {
            thread->quit();
            thread->wait();
            delete thread;
        }
    };

    void startNext();
    void onProgress(quint64 job, const engine::AnalysisProgress &progress);
    void onFinished(quint64 job, const engine::Report &report);
    void onFailed(quint64 job, const QString &message);
    void onCancelled(quint64 job);

    std::unique_ptr<QThread, ThreadStopper> m_thread;
    AnalysisRunner *m_runner; // owned by m_thread (deleteLater on finished)
    engine::UserChoices m_choices;
    QList<Job> m_pending;
    std::optional<Job> m_current;
    quint64 m_nextId = 1;
};

} // namespace difftriage::ui
