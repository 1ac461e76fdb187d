#include "execute/Executor.h"

#include "core/Json.h"
#include "execute/HostCall.h"
#include "execute/SandboxNote.h"
#include "execute/SandboxPlanner.h"
#include "execute/WorkerHost.h"
#include "execute/WorkerWorkspace.h"

#include <QMap>
#include <QThread>
#include <algorithm>

namespace difftriage::engine {

namespace {

using Reply = WorkerProcess::Reply;

quint64 splitMix64(quint64 x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

} // namespace

Executor::Executor(WorkerConfig oldTree, WorkerConfig newTree, int workersPerVersion)
    : m_old(std::move(oldTree)), m_new(std::move(newTree)),
      m_workersPerVersion(qMax(1, workersPerVersion))
{}

Executor::~Executor()
{
    stopHost();
}

void Executor::stopHost()
{
    if (m_host) {
        WorkerHost *host = std::exchange(m_host, nullptr);
        QMetaObject::invokeMethod(
            host,
            [host] {
                host->shutdown();
                delete host;
            },
            Qt::BlockingQueuedConnection);
    }
    if (m_thread) {
        m_thread->quit();
        m_thread->wait();
        delete std::exchange(m_thread, nullptr);
    }
}

quint64 Executor::seedFor(quint64 seed, int rerun)
{
    constexpr quint64 Mask = (quint64(1) << 63) - 1; // exact as a JSON integer and in qint64
    if (rerun == 0)
        return seed & Mask;
    return splitMix64(seed ^ splitMix64(quint64(rerun))) & Mask;
}

Status Executor::start()
{
    if (m_started)
        return Ok{};
    if (m_cancelled.load())
        return makeError(HostCall::cancelledMessage());
    for (const WorkerConfig *config : {&m_old, &m_new})
        if (config->python.executable.isEmpty())
            return makeError(
                QStringLiteral("no Python interpreter resolved for %1").arg(config->treeRoot));
    stopHost(); // a failed start() may be retried
    m_workspace.reset();
    QList<PythonInterpreter> interpreters{m_old.python};
    if (m_new.python.executable != m_old.python.executable)
        interpreters << m_new.python;
    m_plan = SandboxPlanner::plan(interpreters, m_old.forceDegraded || m_new.forceDegraded,
                                  m_old.unprivilegedUser, m_old.landlockAbiLimit);
    auto workspace = WorkerWorkspace::prepare(m_plan, m_old, m_new);
    if (!workspace)
        return workspace.error();
    m_workspace = std::move(*workspace);

    m_thread = new QThread;
    m_thread->setObjectName(QStringLiteral("difftriage-workers"));
    const WorkerWorkspace *files = m_workspace.get();
    m_host = new WorkerHost(
        [files](Side side, int rerun, int index) { return files->launch(side, rerun, index); },
        m_workersPerVersion);
    m_host->moveToThread(m_thread);
    m_thread->start();

    const Status ready = HostCall::waitReady(m_host, {{Side::Old, 0}, {Side::New, 0}}, m_cancelled);
    if (!ready)
        return ready;
    if (const Status confined = checkTestConfinement(); !confined)
        return confined;
    for (Side side : {Side::Old, Side::New}) {
        const Status imports = checkStartImports(side);
        if (!imports)
            return imports;
    }
    m_started = true;
    return Ok{};
}

Status Executor::checkTestConfinement()
{
    // The note says what the workers do: a runner that could not build its tests' Landlock
    // domain runs them without one, and says why in its hello.
    QList<WorkerHost::Task> tasks;
    for (Side side : {Side::Old, Side::New}) {
        WorkerHost::Task task;
        task.side = side;
        task.request = {{"op", "hello"}};
        task.watchdogSeconds = 15;
        tasks << task;
    }
    auto replies = HostCall::run(m_host, std::move(tasks), m_cancelled);
    if (!replies)
        return replies.error();
    const int planned = m_plan.landlockAbi;
    for (const Reply &reply : *replies) {
        if (!reply.failure.isEmpty())
            return makeError(QStringLiteral("a worker did not answer hello: %1 %2")
                                 .arg(reply.failure, reply.detail));
        m_plan.landlockAbi = std::min(m_plan.landlockAbi, intField(reply.response, "landlock"));
    }
    if (m_plan.landlockAbi != planned)
        m_plan.note = engine::sandboxNote(m_plan);
    return Ok{};
}

QString Executor::sandboxNote(NoteLanguage language) const
{
    return language == NoteLanguage::English ? m_plan.note : engine::sandboxNote(m_plan, language);
}

Status Executor::checkStartImports(Side side)
{
    const QStringList modules = m_workspace->topLevelModules(side);
    if (modules.isEmpty())
        return Ok{};
    auto answer = checkImports(side, modules);
    if (!answer)
        return answer.error();
    m_importCheck[int(side)] = *answer;
    for (const nlohmann::json &module : arrayField(*answer, "modules")) {
        const bool failed = !stringField(module, "error_type").isEmpty();
        // A module that fails to import is the project's business (missing dependency, tests
        // will show it); one that imports from elsewhere means tests would test the wrong code.
        if (!failed && !boolField(module, "in_tree"))
            return makeError(QStringLiteral("the %1 tree's module '%2' resolves outside the tree, "
                                            "to %3: the import root is wrong or an installed "
                                            "module shadows it")
                                 .arg(toString(side), stringField(module, "module"),
                                      stringField(module, "file")));
    }
    return Ok{};
}

QStringList Executor::rootPaths() const
{
    if (m_workspace)
        return m_workspace->rootPaths();
    return {m_old.treeRoot, m_new.treeRoot};
}

nlohmann::json Executor::importCheck(Side side) const
{
    return m_importCheck[int(side)];
}

nlohmann::json Executor::runRequest(Side side, const TestRequest &test, int rerun) const
{
    const WorkerConfig &config = side == Side::Old ? m_old : m_new;
    nlohmann::json request{
        {"op", "run"},
        {"seed", qint64(seedFor(test.seed, rerun))},
        {"timeout_s", test.timeoutSeconds},
        {"mem_mb", test.memoryMb},
        {"max_output_bytes", config.maxOutputBytes},
        {"max_processes", m_workspace->maxProcesses(side)},
        {"fsize_mb", config.maxFileMb},
    };
    if (!test.coverage.isEmpty())
        request["coverage"] = lineMapToJson(test.coverage);
    if (!test.callersOf.isEmpty())
        request["callers_of"] = lineMapToJson(test.callersOf);
    if (test.projectTest.isEmpty())
        request["code"] = test.code.toStdString();
    else
        request["test"] = {{"file", test.projectFile.toStdString()},
                           {"name", test.projectTest.toStdString()}};
    return request;
}

Status Executor::readyToRun() const
{
    if (m_cancelled.load())
        return makeError(HostCall::cancelledMessage());
    if (!m_started || !m_host)
        return makeError(QStringLiteral("the executor is not started"));
    if (QThread::currentThread() == m_thread)
        return makeError(QStringLiteral("Executor calls must not come from its worker thread"));
    return Ok{};
}

Expected<QList<TestOutcome>> Executor::runJobs(const QList<std::pair<Side, TestRequest>> &tests,
                                               int rerun)
{
    if (Status ready = readyToRun(); !ready)
        return ready.error();
    if (rerun < 0)
        return makeError(QStringLiteral("negative rerun index %1").arg(rerun));
    QList<WorkerHost::Task> tasks;
    for (const auto &[side, test] : tests) {
        WorkerHost::Task task;
        task.side = side;
        task.rerun = rerun;
        task.request = runRequest(side, test, rerun);
        // The runner enforces the time limit itself; this only catches a worker that hangs.
        task.watchdogSeconds = test.timeoutSeconds + 15;
        tasks << task;
    }
    auto replies = HostCall::run(m_host, std::move(tasks), m_cancelled);
    if (!replies)
        return replies.error();
    QList<TestOutcome> outcomes;
    for (qsizetype i = 0; i < tests.size(); ++i) {
        const Reply &reply = replies->at(i);
        const TestRequest &test = tests[i].second;
        const QString runnerError = stringField(reply.response, "error");
        TestOutcome outcome =
            !reply.failure.isEmpty()
                ? TestOutcome::workerFailure(test.id, reply.failure, reply.detail)
            : !runnerError.isEmpty()
                ? TestOutcome::workerFailure(test.id, QStringLiteral("runner_error"), runnerError)
                : TestOutcome::fromRunner(reply.response);
        outcome.id = test.id;
        outcome.rerun = rerun;
        outcome.seed = seedFor(test.seed, rerun);
        outcomes << outcome;
    }
    return outcomes;
}

Expected<QList<TestOutcome>> Executor::runBatch(Side side, const QList<TestRequest> &tests)
{
    if (tests.isEmpty())
        return QList<TestOutcome>();
    if (Status ready = readyToRun(); !ready)
        return ready.error();
    nlohmann::json request = runRequest(side, tests.first(), 0);
    request["op"] = "run_batch";
    request.erase("code");
    nlohmann::json snippets = nlohmann::json::array();
    double watchdog = 15;
    for (const TestRequest &test : tests) {
        snippets.push_back({{"id", test.id.toStdString()},
                            {"code", test.code.toStdString()},
                            {"seed", qint64(seedFor(test.seed, 0))}});
        watchdog += test.timeoutSeconds + 1;
    }
    request["snippets"] = std::move(snippets);
    WorkerHost::Task task;
    task.side = side;
    task.request = std::move(request);
    task.watchdogSeconds = watchdog;
    auto replies = HostCall::run(m_host, {task}, m_cancelled);
    if (!replies)
        return replies.error();
    const Reply &reply = replies->first();
    const QString runnerError = stringField(reply.response, "error");
    QMap<int, nlohmann::json> results;
    for (const nlohmann::json &result : arrayField(reply.response, "results"))
        results.insert(intField(result, "index", -1), result);
    QList<TestOutcome> outcomes;
    for (qsizetype i = 0; i < tests.size(); ++i) {
        const TestRequest &test = tests[i];
        TestOutcome outcome =
            !reply.failure.isEmpty()
                ? TestOutcome::workerFailure(test.id, reply.failure, reply.detail)
            : !runnerError.isEmpty()
                ? TestOutcome::workerFailure(test.id, QStringLiteral("runner_error"), runnerError)
            : results.contains(int(i))
                ? TestOutcome::fromRunner(results.value(int(i)))
                : TestOutcome::workerFailure(test.id, QStringLiteral("runner_error"),
                                             QStringLiteral("no result for this snippet"));
        outcome.id = test.id;
        outcome.seed = seedFor(test.seed, 0);
        outcomes << outcome;
    }
    return outcomes;
}

Expected<QList<TestOutcome>> Executor::run(Side side, const QList<TestRequest> &tests, int rerun)
{
    QList<std::pair<Side, TestRequest>> jobs;
    for (const TestRequest &test : tests)
        jobs << std::pair{side, test};
    return runJobs(jobs, rerun);
}

Expected<std::pair<TestOutcome, TestOutcome>> Executor::runBoth(const TestRequest &test, int rerun)
{
    auto outcomes = runBoth(QList<TestRequest>{test}, rerun);
    if (!outcomes)
        return outcomes.error();
    return outcomes->first();
}

Expected<QList<std::pair<TestOutcome, TestOutcome>>>
Executor::runBoth(const QList<TestRequest> &tests, int rerun)
{
    // Interleaved, so the old and the new workers start on the same tests at the same time.
    QList<std::pair<Side, TestRequest>> jobs;
    for (const TestRequest &test : tests)
        jobs << std::pair{Side::Old, test} << std::pair{Side::New, test};
    auto outcomes = runJobs(jobs, rerun);
    if (!outcomes)
        return outcomes.error();
    QList<std::pair<TestOutcome, TestOutcome>> pairs;
    for (qsizetype i = 0; i + 1 < outcomes->size(); i += 2)
        pairs << std::pair{outcomes->at(i), outcomes->at(i + 1)};
    return pairs;
}

void Executor::cancel()
{
    m_cancelled.store(true);
    if (WorkerHost *host = m_host)
        QMetaObject::invokeMethod(
            host, [host] { host->cancelAll(HostCall::cancelledMessage()); }, Qt::QueuedConnection);
}

} // namespace difftriage::engine
