#include "execute/TestOutcome.h"

#include "core/Json.h"

#include <string>
#include <vector>

namespace difftriage::engine {

bool TestOutcome::aborted() const
{
    switch (status) {
    case RunStatus::Timeout:
    case RunStatus::Killed:
    case RunStatus::Crashed:
        return true;
    case RunStatus::Raised:
        // Hitting the memory limit is resource exhaustion like a time-out, not the code's answer.
        return abortedReason == QLatin1String("memory");
    case RunStatus::Ok:
    case RunStatus::Exited:
        break;
    }
    return false;
}

bool TestOutcome::workerFailed() const
{
    static const QStringList reasons{QStringLiteral("worker_died"), QStringLiteral("worker_hung"),
                                     QStringLiteral("worker_broken"),
                                     QStringLiteral("runner_error")};
    return status == RunStatus::Crashed && reasons.contains(abortedReason);
}

TestOutcome TestOutcome::fromRunner(const nlohmann::json &response)
{
    // JSON null and absent fields both mean "not applicable" in the runner's responses.
    TestOutcome outcome;
    const QString status = stringField(response, "status");
    outcome.id = stringField(response, "id"); // the runner's ids are numbers: only toJson() sets it
    outcome.status = fromSpelling<RunStatus>(status).value_or(RunStatus::Crashed);
    outcome.output = stringField(response, "stdout");
    outcome.valueRepr = stringField(response, "value_repr");
    outcome.resultShape = stringField(response, "result_shape");
    outcome.errorOutput = stringField(response, "stderr");
    outcome.errorType = stringField(response, "exc_type");
    outcome.errorMessage = stringField(response, "exc_message");
    outcome.traceback = stringField(response, "traceback");
    outcome.osError = stringField(response, "os_error");
    outcome.exitCode = intField(response, "exit_code");
    outcome.signal = intField(response, "signal");
    outcome.wallMs = doubleField(response, "wall_ms");
    outcome.cpuMs = doubleField(response, "cpu_ms");
    outcome.pageFaults = int64Field(response, "page_faults");
    outcome.maxRssKb = int64Field(response, "max_rss_kb");
    outcome.covered = lineMapFromJson(field(response, "covered"));
    for (const nlohmann::json &line : arrayField(response, "reached_from"))
        if (line.is_number_integer())
            outcome.reachedFrom << line.get<int>();
    for (const nlohmann::json &call : arrayField(response, "entry_calls"))
        if (call.is_object())
            outcome.entryCalls.push_back(call);
    for (const nlohmann::json &warning : arrayField(response, "warnings"))
        outcome.warnings << WarningRecord{stringField(warning, "category"),
                                          stringField(warning, "message")};
    outcome.abortedReason = stringField(response, "aborted_reason");
    if (!fromSpelling<RunStatus>(status) && outcome.abortedReason.isEmpty())
        outcome.abortedReason = QStringLiteral("unknown status '%1'").arg(status);
    outcome.truncated =
        boolField(response, "stdout_truncated") || boolField(response, "stderr_truncated");
    outcome.rerun = intField(response, "rerun");
    outcome.seed = stringField(response, "seed").toULongLong();
    return outcome;
}

TestOutcome TestOutcome::workerFailure(const QString &id, const QString &reason,
                                       const QString &detail)
{
    TestOutcome outcome;
    outcome.id = id;
    outcome.status = RunStatus::Crashed;
    outcome.abortedReason = reason;
    outcome.errorMessage = detail;
    return outcome;
}

nlohmann::json TestOutcome::toJson() const
{
    nlohmann::json warningList = nlohmann::json::array();
    for (const WarningRecord &warning : warnings)
        warningList.push_back({{"category", warning.category.toStdString()},
                               {"message", warning.message.toStdString()}});
    return {
        {"id", id.toStdString()},
        {"status", spelling(status).toStdString()},
        {"stdout", output.toStdString()},
        {"value_repr", valueRepr.toStdString()},
        {"result_shape", resultShape.toStdString()},
        {"stderr", errorOutput.toStdString()},
        {"exc_type", errorType.toStdString()},
        {"exc_message", errorMessage.toStdString()},
        {"traceback", traceback.toStdString()},
        {"os_error", osError.toStdString()},
        {"exit_code", exitCode},
        {"signal", signal},
        {"wall_ms", wallMs},
        {"cpu_ms", cpuMs},
        {"page_faults", pageFaults},
        {"max_rss_kb", maxRssKb},
        {"covered", lineMapToJson(covered)},
        {"reached_from", std::vector<int>(reachedFrom.cbegin(), reachedFrom.cend())},
        {"entry_calls", entryCalls},
        {"warnings", warningList},
        {"aborted_reason", abortedReason.toStdString()},
        {"stdout_truncated", truncated},
        {"rerun", rerun},
        {"seed", std::to_string(seed)}, // a JSON number loses bits past 2^53
    };
}

nlohmann::json lineMapToJson(const QMap<QString, QList<int>> &lines)
{
    nlohmann::json object = nlohmann::json::object();
    for (auto it = lines.cbegin(); it != lines.cend(); ++it)
        object[it.key().toStdString()] = std::vector<int>(it->cbegin(), it->cend());
    return object;
}

QMap<QString, QList<int>> lineMapFromJson(const nlohmann::json &object)
{
    QMap<QString, QList<int>> lines;
    if (!object.is_object())
        return lines;
    for (auto it = object.cbegin(); it != object.cend(); ++it) {
        QList<int> &list = lines[QString::fromStdString(it.key())];
        if (!it->is_array())
            continue;
        for (const nlohmann::json &line : *it)
            list << toInt(line);
    }
    return lines;
}

} // namespace difftriage::engine
