#pragma once

#include "core/Expected.h"
#include "execute/WorkerHost.h"

#include <atomic>

namespace difftriage::engine {

// A blocking call from any thread into the WorkerHost thread: posts the work, then waits for
// every answer while watching the cancel flag, so a cancelled call returns within ~50 ms. The
// replies live in shared state, because the host may answer after a cancelled caller has gone.
class HostCall final
{
public:
    // What a call returns once the executor was cancelled.
    static QString cancelledMessage() { return QStringLiteral("the tests were cancelled"); }

    static Expected<QList<WorkerProcess::Reply>>
    run(WorkerHost *host, QList<WorkerHost::Task> tasks, const std::atomic<bool> &cancelled);
    // Until every worker of `pools` answered hello once (or one pool cannot start).
    static Status waitReady(WorkerHost *host, QList<std::pair<Side, int>> pools,
                            const std::atomic<bool> &cancelled);
};

} // namespace difftriage::engine
