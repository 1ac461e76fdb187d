#pragma once

#include "execute/Side.h"
#include "execute/WorkerProcess.h"

#include <QList>
#include <QObject>
#include <deque>
#include <functional>
#include <map>

namespace difftriage::engine {

// Starts, owns and feeds every worker process, on the one long-lived thread it lives on:
// bubblewrap's --die-with-parent (PR_SET_PDEATHSIG) fires when the *thread* that started a worker
// exits, so workers must never be started from a pool thread that may retire. Workers come in
// pools, one per (side, rerun): rerun r runs with hash seed base + r, so each rerun is a fresh
// worker start. Every method runs on the host thread (Executor posts to it).
class WorkerHost final : public QObject
{
    Q_OBJECT

public:
    using LaunchFactory = std::function<Expected<WorkerLaunch>(Side side, int rerun, int index)>;

    struct Task
    {
        Side side = Side::Old;
        int rerun = 0;
        nlohmann::json request;
        double watchdogSeconds = 30;
        WorkerProcess::ReplyHandler done; // called exactly once, on the host thread
    };

    WorkerHost(LaunchFactory factory, int workersPerPool);
    ~WorkerHost() override;
    Q_DISABLE_COPY_MOVE(WorkerHost)

    void submit(QList<Task> tasks);
    // `done` gets an empty string once every worker of the pools answered hello at least once,
    // or the reason a pool cannot start.
    void whenReady(QList<std::pair<Side, int>> pools, std::function<void(const QString &)> done);
    // Fails queued tasks and kills running ones; their handlers get a fatal `reason`.
    void cancelAll(const QString &reason);
    void shutdown();

private:
    struct Pool
    {
        QList<WorkerProcess *> workers;
        std::deque<Task> queue;
        QString broken;
    };
    struct ReadyWaiter
    {
        QList<std::pair<Side, int>> pools;
        std::function<void(const QString &)> done;
    };

    Pool &pool(Side side, int rerun);
    void dispatch(Pool &pool);
    void onBroken(Pool &pool);
    void checkWaiters();

    LaunchFactory m_factory;
    int m_workersPerPool;
    std::map<std::pair<int, int>, Pool> m_pools;
    QList<ReadyWaiter> m_waiters;
    bool m_shutDown = false;
};

} // namespace difftriage::engine
