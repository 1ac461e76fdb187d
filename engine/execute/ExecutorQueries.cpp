// Executor's questions about a tree that are not test runs: which modules import
// (check_imports) and which tests files of the project hold (collect_tests).
#include "core/Json.h"
#include "execute/Executor.h"
#include "execute/HostCall.h"
#include "execute/WorkerHost.h"
#include "execute/WorkerWorkspace.h"

namespace difftriage::engine {

Expected<QList<nlohmann::json>> Executor::query(Side side, QList<nlohmann::json> requests,
                                                double watchdogSeconds)
{
    if (m_cancelled.load())
        return makeError(HostCall::cancelledMessage());
    if (!m_host)
        return makeError(QStringLiteral("the executor is not started"));
    const WorkerConfig &config = side == Side::Old ? m_old : m_new;
    QList<WorkerHost::Task> tasks;
    QStringList ops;
    for (nlohmann::json &request : requests) {
        ops << stringField(request, "op");
        request["max_processes"] = m_workspace->maxProcesses(side);
        request["max_output_bytes"] = config.maxOutputBytes;
        WorkerHost::Task task;
        task.side = side;
        task.request = std::move(request);
        task.watchdogSeconds = watchdogSeconds;
        tasks << std::move(task);
    }
    auto replies = HostCall::run(m_host, std::move(tasks), m_cancelled);
    if (!replies)
        return replies.error();
    QList<nlohmann::json> answers;
    for (qsizetype i = 0; i < replies->size(); ++i) {
        const WorkerProcess::Reply &reply = replies->at(i);
        if (!reply.failure.isEmpty())
            return makeError(QStringLiteral("the %1 worker failed during %2: %3 %4")
                                 .arg(toString(side), ops[i], reply.failure, reply.detail));
        if (reply.response.contains("error"))
            return makeError(
                QStringLiteral("the %1 worker refused %2: %3")
                    .arg(toString(side), ops[i], stringField(reply.response, "error")));
        answers << reply.response;
    }
    return answers;
}

Expected<nlohmann::json> Executor::checkImports(Side side, const QStringList &modules)
{
    auto answers =
        query(side, {{{"op", "check_imports"}, {"modules", toJson(modules)}, {"timeout_s", 10}}},
              15 + 10.0 * modules.size());
    if (!answers)
        return answers.error();
    return answers->first();
}

Expected<QList<nlohmann::json>>
Executor::collectTests(Side side, const QList<CollectRequest> &files, double timeoutSeconds)
{
    QList<nlohmann::json> requests;
    for (const CollectRequest &file : files)
        requests << nlohmann::json{{"op", "collect_tests"},
                                   {"file", file.file.toStdString()},
                                   {"doctests_only", file.doctestsOnly},
                                   {"timeout_s", timeoutSeconds}};
    return query(side, std::move(requests), timeoutSeconds + 15);
}

} // namespace difftriage::engine
