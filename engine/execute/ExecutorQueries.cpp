// Executor's questions about a tree that are not test runs: which modules import
// (check_imports) and which tests a file of the project holds (collect_tests).
#include "core/Json.h"
#include "execute/Executor.h"
#include "execute/HostCall.h"
#include "execute/WorkerHost.h"
#include "execute/WorkerWorkspace.h"

namespace difftriage::engine {

Expected<nlohmann::json> Executor::query(Side side, nlohmann::json request, double watchdogSeconds)
{
    if (m_cancelled.load())
        return makeError(HostCall::cancelledMessage());
    if (!m_host)
        return makeError(QStringLiteral("the executor is not started"));
    const WorkerConfig &config = side == Side::Old ? m_old : m_new;
    const QString op = stringField(request, "op");
    request["max_processes"] = m_workspace->maxProcesses(side);
    request["max_output_bytes"] = config.maxOutputBytes;
    WorkerHost::Task task;
    task.side = side;
    task.request = std::move(request);
    task.watchdogSeconds = watchdogSeconds;
    auto replies = HostCall::run(m_host, {task}, m_cancelled);
    if (!replies)
        return replies.error();
    const WorkerProcess::Reply &reply = replies->first();
    if (!reply.failure.isEmpty())
        return makeError(QStringLiteral("the %1 worker failed during %2: %3 %4")
                             .arg(toString(side), op, reply.failure, reply.detail));
    if (reply.response.contains("error"))
        return makeError(QStringLiteral("the %1 worker refused %2: %3")
                             .arg(toString(side), op, stringField(reply.response, "error")));
    return reply.response;
}

Expected<nlohmann::json> Executor::checkImports(Side side, const QStringList &modules)
{
    return query(side, {{"op", "check_imports"}, {"modules", toJson(modules)}, {"timeout_s", 10}},
                 15 + 10.0 * modules.size());
}

Expected<nlohmann::json> Executor::collectTests(Side side, const QString &file, bool doctestsOnly,
                                                double timeoutSeconds)
{
    return query(side,
                 {{"op", "collect_tests"},
                  {"file", file.toStdString()},
                  {"doctests_only", doctestsOnly},
                  {"timeout_s", timeoutSeconds}},
                 timeoutSeconds + 15);
}

} // namespace difftriage::engine
