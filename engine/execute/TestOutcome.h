#pragma once

#include "core/Vocabulary.h"

#include <QList>
#include <QMap>
#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace difftriage::engine {

struct WarningRecord
{
    QString category; // "DeprecationWarning", "pkg.mod.MyWarning"
    QString message;

    friend bool operator==(const WarningRecord &, const WarningRecord &) = default;
    friend bool operator<(const WarningRecord &a, const WarningRecord &b)
    {
        return a.category != b.category ? a.category < b.category : a.message < b.message;
    }
};

struct TestOutcome
{
    QString id;
    RunStatus status = RunStatus::Crashed;
    QString output;      // stdout, tree root and run directory already replaced by the worker
    QString valueRepr;   // repr() of a final expression statement, when it is not None
    QString resultShape; // its type and size, or those of `result` ("list[3] of str"); search only
    QString errorOutput; // stderr
    QString errorType;   // qualified exception class ("ValueError", "pkg.mod.Error")
    QString errorMessage;
    QString traceback;
    // For an OSError: "sandbox" when the sandbox refused a path the file's permissions allow,
    // else "system"; empty for anything else.
    QString osError;
    int exitCode = 0;
    int signal = 0;
    double wallMs = 0;
    QMap<QString, QList<int>> covered; // requested changed lines that ran
    QList<int> reachedFrom; // a project test's lines on the stack when a callers_of line first ran
    // The project calls a snippet can repeat through which it got there (runnerlib/entry_calls):
    // [{module, name, call, imports}], passed to the generator as they are.
    nlohmann::json entryCalls = nlohmann::json::array();
    QList<WarningRecord> warnings; // warnings raised during the test, first of each kind
    QString abortedReason; // time_limit, output_limit, memory, cpu_limit, file_size, worker_died...
    bool truncated = false; // stdout or stderr went past the output cap
    int rerun = 0;          // which run this was (0 = first)
    quint64 seed = 0;       // the random seed the run actually used
    // The test process's rusage: diagnostics (what a fork costs here), never compared.
    double cpuMs = 0;
    qint64 pageFaults = 0;
    qint64 maxRssKb = 0;

    // Time-outs, crashes, kills and memory exhaustion: the test did not finish on its own terms.
    bool aborted() const;
    // No answer from the worker (it died, hung or rejected the request). In a batch that says
    // nothing about this test, only that something in the batch ended its worker.
    bool workerFailed() const;

    // From one `run` response of runner.py (RUNNER_PROTOCOL.md), or from toJson().
    static TestOutcome fromRunner(const nlohmann::json &response);
    static TestOutcome fromJson(const nlohmann::json &object) { return fromRunner(object); }
    // A run the worker could not answer for (it died, hung or was cancelled).
    static TestOutcome workerFailure(const QString &id, const QString &reason,
                                     const QString &detail);
    // The runner's field names plus id, rerun and seed: fromJson(toJson()) gives it back.
    nlohmann::json toJson() const;
};

// Lines per file, as runner.py takes and gives them: {"pkg/mod.py": [12, 13]}.
nlohmann::json lineMapToJson(const QMap<QString, QList<int>> &lines);
QMap<QString, QList<int>> lineMapFromJson(const nlohmann::json &object);

} // namespace difftriage::engine
