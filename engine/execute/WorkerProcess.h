#pragma once

#include "core/Expected.h"
#include "execute/WorkerLaunch.h"

#include <QByteArray>
#include <QObject>
#include <QTimer>
#include <deque>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>

class QProcess;

namespace difftriage::engine {

// One runner.py process: starts it, speaks the JSON-lines protocol with it one request at a
// time, watches it with a parent-side watchdog, and restarts it when it dies. Lives on the
// WorkerHost thread, which started the process; every call comes from that thread.
class WorkerProcess final : public QObject
{
    Q_OBJECT

public:
    using LaunchFactory = std::function<Expected<WorkerLaunch>()>;

    struct Reply
    {
        nlohmann::json response; // the runner's answer, when there is one (else null)
        QString failure;    // otherwise why not: worker_died, worker_hung, cancelled, stopped...
        QString detail;     // for people: exit status, the worker's last stderr lines
        bool fatal = false; // the call as a whole must fail (cancelled, worker cannot start)
    };
    using ReplyHandler = std::function<void(const Reply &)>;

    WorkerProcess(QString name, LaunchFactory factory, QObject *parent = nullptr);
    ~WorkerProcess() override;
    Q_DISABLE_COPY_MOVE(WorkerProcess)

    QString name() const { return m_name; }
    void start();
    // Ready for another request: started, and fewer than PipelineDepth requests in flight.
    bool canAccept() const;
    bool isIdle() const { return m_state == State::Ready && m_pending.empty(); }
    bool isBusy() const { return !m_pending.empty(); }
    bool isBroken() const { return m_state == State::Broken; }
    bool hasStarted() const { return m_startedOnce; } // answered hello at least once
    QString brokenReason() const { return m_brokenReason; }
    nlohmann::json hello() const { return m_hello; }

    // `handler` is called exactly once, from this thread. Requests are pipelined: the runner
    // answers in order and reads the next request as soon as it answered one, without waiting
    // for this thread to be scheduled.
    void send(nlohmann::json request, double watchdogSeconds, ReplyHandler handler);
    // Kills the process now. The running request gets `reason`; so do the queued ones when
    // `everything`, else they are sent again to the restarted worker.
    void abort(const QString &reason, const QString &detail, bool fatal, bool everything);
    // Asks the runner to shut down, then kills it; blocks for at most about two seconds.
    void stop();

    static constexpr std::size_t PipelineDepth = 2;

signals:
    void idle(); // may accept another request
    void broken(const QString &reason);

private:
    enum class State
    {
        Stopped,
        Starting,
        Ready,
        Broken
    };
    struct Pending
    {
        qint64 id = 0;
        nlohmann::json request;
        double watchdogSeconds = 30;
        ReplyHandler handler;
    };

    void launch();
    void write(Pending &pending);
    void armWatchdog();
    void onOutput();
    void onFinished();
    void handleLine(const QByteArray &line);
    void failAll(const QString &reason, const QString &detail);
    QString deathDescription() const;

    QString m_name;
    LaunchFactory m_factory;
    std::unique_ptr<QProcess> m_process;
    State m_state = State::Stopped;
    QByteArray m_buffer;
    QByteArray m_stderrTail;
    QTimer m_watchdog;
    qint64 m_nextId = 1;
    qint64 m_helloId = 0;
    std::deque<Pending> m_pending; // in the order the runner answers them
    QString m_abortReason;
    QString m_abortDetail;
    bool m_abortFatal = false;
    bool m_abortEverything = false;
    bool m_stopping = false;
    bool m_startedOnce = false;
    int m_startFailures = 0;
    QString m_brokenReason;
    nlohmann::json m_hello;
};

} // namespace difftriage::engine
