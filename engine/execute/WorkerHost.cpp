#include "execute/WorkerHost.h"

#include <algorithm>

namespace difftriage::engine {

WorkerHost::WorkerHost(LaunchFactory factory, int workersPerPool)
    : m_factory(std::move(factory)), m_workersPerPool(qMax(1, workersPerPool))
{}

WorkerHost::~WorkerHost()
{
    shutdown();
}

WorkerHost::Pool &WorkerHost::pool(Side side, int rerun)
{
    const auto key = std::pair{int(side), rerun};
    auto found = m_pools.find(key);
    if (found != m_pools.end())
        return found->second;
    Pool &created = m_pools[key];
    for (int index = 0; index < m_workersPerPool; ++index) {
        const QString name = QStringLiteral("%1 worker %2 (run %3)")
                                 .arg(toString(side))
                                 .arg(index + 1)
                                 .arg(rerun + 1);
        auto *worker = new WorkerProcess(
            name, [this, side, rerun, index] { return m_factory(side, rerun, index); }, this);
        connect(worker, &WorkerProcess::idle, this, [this, key] {
            dispatch(m_pools.at(key));
            checkWaiters();
        });
        connect(worker, &WorkerProcess::broken, this, [this, key] {
            onBroken(m_pools.at(key));
            checkWaiters();
        });
        created.workers << worker;
    }
    // Start after the pool is in the map: a worker that breaks at once looks its pool up.
    for (WorkerProcess *worker : std::as_const(created.workers))
        worker->start();
    return created;
}

void WorkerHost::submit(QList<Task> tasks)
{
    QList<Pool *> touched;
    for (Task &task : tasks) {
        if (m_shutDown) {
            task.done(
                {{}, QStringLiteral("stopped"), QStringLiteral("the executor stopped"), true});
            continue;
        }
        Pool &target = pool(task.side, task.rerun);
        if (!target.broken.isEmpty()) {
            task.done({{}, QStringLiteral("worker_broken"), target.broken, true});
            continue;
        }
        target.queue.push_back(std::move(task));
        if (!touched.contains(&target))
            touched << &target;
    }
    for (Pool *target : std::as_const(touched))
        dispatch(*target);
}

void WorkerHost::dispatch(Pool &target)
{
    // Idle workers first, one request each, then one more each to pipeline behind a running test.
    for (bool idleOnly : {true, false}) {
        for (WorkerProcess *worker : std::as_const(target.workers)) {
            if (target.queue.empty())
                return;
            if (!worker->canAccept() || (idleOnly && !worker->isIdle()))
                continue;
            Task task = std::move(target.queue.front());
            target.queue.pop_front();
            worker->send(std::move(task.request), task.watchdogSeconds, std::move(task.done));
        }
    }
}

void WorkerHost::onBroken(Pool &target)
{
    const bool allBroken = std::all_of(target.workers.begin(), target.workers.end(),
                                       [](const WorkerProcess *w) { return w->isBroken(); });
    if (!allBroken)
        return; // the other workers of the pool carry on
    target.broken = target.workers.isEmpty() ? QStringLiteral("no workers")
                                             : target.workers.first()->brokenReason();
    while (!target.queue.empty()) {
        Task task = std::move(target.queue.front());
        target.queue.pop_front();
        task.done({{}, QStringLiteral("worker_broken"), target.broken, true});
    }
}

void WorkerHost::whenReady(QList<std::pair<Side, int>> pools,
                           std::function<void(const QString &)> done)
{
    for (const auto &[side, rerun] : std::as_const(pools))
        pool(side, rerun);
    m_waiters << ReadyWaiter{std::move(pools), std::move(done)};
    checkWaiters();
}

void WorkerHost::checkWaiters()
{
    for (qsizetype i = 0; i < m_waiters.size();) {
        QString error;
        bool ready = true;
        for (const auto &[side, rerun] : std::as_const(m_waiters[i].pools)) {
            const Pool &target = m_pools.at({int(side), rerun});
            if (!target.broken.isEmpty()) {
                error = target.broken;
                break;
            }
            for (const WorkerProcess *worker : target.workers)
                ready = ready && (worker->hasStarted() || worker->isBroken());
        }
        if (error.isEmpty() && !ready) {
            ++i;
            continue;
        }
        const auto done = std::move(m_waiters[i].done);
        m_waiters.removeAt(i);
        done(error);
    }
}

void WorkerHost::cancelAll(const QString &reason)
{
    for (auto &[key, target] : m_pools) {
        while (!target.queue.empty()) {
            Task task = std::move(target.queue.front());
            target.queue.pop_front();
            task.done({{}, reason, QStringLiteral("the call was cancelled"), true});
        }
        for (WorkerProcess *worker : std::as_const(target.workers))
            if (worker->isBusy())
                worker->abort(reason, QStringLiteral("the call was cancelled"), true, true);
    }
}

void WorkerHost::shutdown()
{
    if (m_shutDown)
        return;
    m_shutDown = true;
    cancelAll(QStringLiteral("stopped"));
    for (auto &[key, target] : m_pools)
        for (WorkerProcess *worker : std::as_const(target.workers))
            worker->stop();
    for (auto &[key, target] : m_pools)
        qDeleteAll(target.workers);
    m_pools.clear();
    for (const ReadyWaiter &waiter : std::as_const(m_waiters))
        waiter.done(QStringLiteral("the executor stopped"));
    m_waiters.clear();
}

} // namespace difftriage::engine
