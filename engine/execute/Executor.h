#pragma once

#include "core/Expected.h"
#include "execute/SandboxNote.h"
#include "execute/SandboxPlan.h"
#include "execute/Side.h"
#include "execute/TestOutcome.h"
#include "execute/TestRequest.h"
#include "execute/TestRunner.h"
#include "execute/WorkerConfig.h"

#include <QList>
#include <atomic>
#include <memory>
#include <nlohmann/json.hpp>
#include <utility>

class QThread;

namespace difftriage::engine {

class WorkerHost;
class WorkerWorkspace;

// Runs test snippets on the old and the new version in sandboxed fork-server workers
// (runner.py). Usable from any non-GUI thread: calls block until their tests are done, and post
// to one long-lived WorkerHost thread that starts and owns every worker process. See
// docs/EXECUTOR.md.
class Executor final : public TestRunner
{
public:
    Executor(WorkerConfig oldTree, WorkerConfig newTree, int workersPerVersion = 1);
    ~Executor() override;
    Q_DISABLE_COPY_MOVE(Executor)

    // Decides the sandbox, starts the first workers of both versions and checks that the
    // project's top-level packages resolve inside each tree.
    Status start();
    bool isStarted() const { return m_started; }

    SandboxLevel sandbox() const { return m_plan.level; }
    QString sandboxNote(NoteLanguage language = NoteLanguage::English) const;
    // The paths the trees may appear as in outputs, for Normalizer::addRootPaths.
    QStringList rootPaths() const;
    // start()'s import check of one side: the runner's check_imports answer.
    nlohmann::json importCheck(Side side) const;
    int workersPerVersion() const { return m_workersPerVersion; }

    // Each test alone in a fresh fork. Rerun r runs on workers started with hash seed base + r
    // and with random seed seedFor(test.seed, r). A worker that dies is restarted and its test
    // comes back Crashed; an error means the call as a whole failed (cancelled, no worker).
    Expected<QList<TestOutcome>> run(Side side, const QList<TestRequest> &tests,
                                     int rerun = 0) override;
    // Old and new in parallel.
    Expected<std::pair<TestOutcome, TestOutcome>> runBoth(const TestRequest &test, int rerun = 0);
    Expected<QList<std::pair<TestOutcome, TestOutcome>>> runBoth(const QList<TestRequest> &tests,
                                                                 int rerun = 0);
    // Search mode: all tests of one side in one child, one after another (runner's run_batch):
    // one fork instead of one per test, but module state carries over between them, so a
    // difference seen here must be confirmed with run() before it counts. Coverage is measured
    // for the first test's coverage request.
    Expected<QList<TestOutcome>> runBatch(Side side, const QList<TestRequest> &tests) override;
    // The runner's check_imports answer: {"modules": [{module, file, relpath, in_tree, ...}]}.
    Expected<nlohmann::json> checkImports(Side side, const QStringList &modules);
    // A test file of the tree to list the tests of (doctestsOnly: a project module's doctests).
    struct CollectRequest
    {
        QString file;
        bool doctestsOnly = false;
    };
    // The runner's collect_tests answers, in order, the files shared among the side's workers:
    // {"tests": [{name, line}], "error_type", "error_message"} each.
    Expected<QList<nlohmann::json>> collectTests(Side side, const QList<CollectRequest> &files,
                                                 double timeoutSeconds);

    // Makes running and later calls return promptly with an error ("cancelled").
    void cancel();
    bool isCancelled() const { return m_cancelled.load(); }

    // The random seed of rerun r: the test's own seed first, then well-mixed different ones.
    static quint64 seedFor(quint64 seed, int rerun);

private:
    Expected<QList<TestOutcome>> runJobs(const QList<std::pair<Side, TestRequest>> &tests,
                                         int rerun);
    nlohmann::json runRequest(Side side, const TestRequest &test, int rerun) const;
    // Requests that are not test runs, shared among the side's workers; answers in order.
    Expected<QList<nlohmann::json>> query(Side side, QList<nlohmann::json> requests,
                                          double watchdogSeconds);
    // Why a run cannot start now (cancelled, not started, called from the worker thread).
    Status readyToRun() const;
    Status checkTestConfinement();
    Status checkStartImports(Side side);
    void stopHost();

    WorkerConfig m_old;
    WorkerConfig m_new;
    int m_workersPerVersion;
    SandboxPlan m_plan;
    std::unique_ptr<WorkerWorkspace> m_workspace;
    QThread *m_thread = nullptr;
    WorkerHost *m_host = nullptr;
    nlohmann::json m_importCheck[2];
    bool m_started = false;
    std::atomic<bool> m_cancelled{false};
};

} // namespace difftriage::engine
