#include "execute/HostCall.h"

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>

namespace difftriage::engine {

namespace {

using Reply = WorkerProcess::Reply;

struct Call
{
    std::mutex mutex;
    std::condition_variable wake;
    QList<Reply> replies;
    qsizetype remaining = 0;
    QString fatal;
};

// Waits with a timeout so that the cancel flag, which nothing signals, is seen promptly.
Status wait(Call &call, const std::atomic<bool> &cancelled)
{
    std::unique_lock lock(call.mutex);
    while (call.remaining > 0 && call.fatal.isEmpty() && !cancelled.load())
        call.wake.wait_for(lock, std::chrono::milliseconds(50));
    if (cancelled.load())
        return makeError(HostCall::cancelledMessage());
    if (!call.fatal.isEmpty())
        return makeError(call.fatal);
    return Ok{};
}

} // namespace

Expected<QList<Reply>> HostCall::run(WorkerHost *host, QList<WorkerHost::Task> tasks,
                                     const std::atomic<bool> &cancelled)
{
    auto call = std::make_shared<Call>();
    call->replies.resize(tasks.size());
    call->remaining = tasks.size();
    for (qsizetype i = 0; i < tasks.size(); ++i)
        tasks[i].done = [call, i](const Reply &reply) {
            std::lock_guard lock(call->mutex);
            if (reply.fatal && call->fatal.isEmpty())
                call->fatal = reply.detail.isEmpty()
                                  ? reply.failure
                                  : QStringLiteral("%1: %2").arg(reply.failure, reply.detail);
            call->replies[i] = reply;
            --call->remaining;
            call->wake.notify_all();
        };
    QMetaObject::invokeMethod(
        host, [host, tasks = std::move(tasks)]() mutable { host->submit(std::move(tasks)); },
        Qt::QueuedConnection);
    const Status done = wait(*call, cancelled);
    if (!done)
        return done.error();
    std::lock_guard lock(call->mutex);
    return call->replies;
}

Status HostCall::waitReady(WorkerHost *host, QList<std::pair<Side, int>> pools,
                           const std::atomic<bool> &cancelled)
{
    auto call = std::make_shared<Call>();
    call->remaining = 1;
    QMetaObject::invokeMethod(
        host,
        [host, call, pools = std::move(pools)] {
            host->whenReady(pools, [call](const QString &error) {
                std::lock_guard lock(call->mutex);
                call->fatal = error;
                call->remaining = 0;
                call->wake.notify_all();
            });
        },
        Qt::QueuedConnection);
    return wait(*call, cancelled);
}

} // namespace difftriage::engine
