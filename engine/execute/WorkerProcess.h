#pragma once

#include "core/Expected.h"
#include "execute/WorkerLaunch.h"

#include <QByteArray>
#include <QJsonObject>
#include <QObject>
#include <QTimer>
#include <functional>
#include <memory>

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
        QJsonObject response; // the runner's answer, when there is one
        QString failure;      // otherwise why not: worker_died, worker_hung, cancelled, stopped...
        QString detail;       // for people: exit status, the worker's last stderr lines
        bool fatal = false;   // the call as a whole must fail (cancelled, worker cannot start)
    };
    using ReplyHandler = std::function<void(const Reply &)>;

    WorkerProcess(QString name, LaunchFactory factory, QObject *parent = nullptr);
    ~WorkerProcess() override;
    Q_DISABLE_COPY_MOVE(WorkerProcess)

    QString name() const { return m_name; }
    void start();
    bool isIdle() const { return m_state == State::Idle; }
    bool isBusy() const { return m_state == State::Busy; }
    bool isBroken() const { return m_state == State::Broken; }
    bool hasStarted() const { return m_startedOnce; } // answered hello at least once
    QString brokenReason() const { return m_brokenReason; }
    QJsonObject hello() const { return m_hello; }

    // `handler` is called exactly once, from this thread.
    void send(QJsonObject request, double watchdogSeconds, ReplyHandler handler);
    // Kills the process now; a pending handler gets `reason`. The worker restarts by itself.
    void abort(const QString &reason, const QString &detail, bool fatal);
    // Asks the runner to shut down, then kills it; blocks for at most about two seconds.
    void stop();

signals:
    void idle();
    void broken(const QString &reason);

private:
    enum class State
    {
        Stopped,
        Starting,
        Idle,
        Busy,
        Broken
    };

    void launch();
    void onOutput();
    void onFinished();
    void handleLine(const QByteArray &line);
    void deliver(Reply reply);
    QString deathDescription() const;

    QString m_name;
    LaunchFactory m_factory;
    std::unique_ptr<QProcess> m_process;
    State m_state = State::Stopped;
    QByteArray m_buffer;
    QByteArray m_stderrTail;
    QTimer m_watchdog;
    qint64 m_nextId = 1;
    qint64 m_pendingId = 0;
    ReplyHandler m_handler;
    QString m_abortReason;
    QString m_abortDetail;
    bool m_abortFatal = false;
    bool m_stopping = false;
    bool m_startedOnce = false;
    int m_startFailures = 0;
    QString m_brokenReason;
    QJsonObject m_hello;
};

} // namespace difftriage::engine
