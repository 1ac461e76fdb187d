#include "execute/TestOutcome.h"

#include <QJsonArray>
#include <array>

namespace difftriage::engine {

namespace {

// JSON null and absent fields both mean "not applicable" in the runner's responses.
QString text(const QJsonObject &object, const char *key)
{
    const QJsonValue value = object.value(QLatin1String(key));
    return value.isString() ? value.toString() : QString();
}

int integer(const QJsonObject &object, const char *key)
{
    const QJsonValue value = object.value(QLatin1String(key));
    return value.isDouble() ? value.toInt() : 0;
}

QMap<QString, QList<int>> lineMap(const QJsonValue &value)
{
    QMap<QString, QList<int>> lines;
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        QList<int> &list = lines[it.key()];
        for (const QJsonValue &line : it.value().toArray())
            list << line.toInt();
    }
    return lines;
}

} // namespace

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

TestOutcome TestOutcome::fromRunner(const QJsonObject &response)
{
    TestOutcome outcome;
    const QString status = text(response, "status");
    outcome.id = text(response, "id"); // the runner's ids are numbers: only toJson() sets it
    outcome.status = fromSpelling<RunStatus>(status).value_or(RunStatus::Crashed);
    outcome.output = text(response, "stdout");
    outcome.valueRepr = text(response, "value_repr");
    outcome.errorOutput = text(response, "stderr");
    outcome.errorType = text(response, "exc_type");
    outcome.errorMessage = text(response, "exc_message");
    outcome.traceback = text(response, "traceback");
    outcome.exitCode = integer(response, "exit_code");
    outcome.signal = integer(response, "signal");
    outcome.wallMs = response.value(QLatin1String("wall_ms")).toDouble();
    outcome.cpuMs = response.value(QLatin1String("cpu_ms")).toDouble();
    outcome.pageFaults = response.value(QLatin1String("page_faults")).toInteger();
    outcome.maxRssKb = response.value(QLatin1String("max_rss_kb")).toInteger();
    outcome.covered = lineMap(response.value(QLatin1String("covered")));
    for (const QJsonValue &warning : response.value(QLatin1String("warnings")).toArray()) {
        const QJsonObject object = warning.toObject();
        outcome.warnings << WarningRecord{text(object, "category"), text(object, "message")};
    }
    outcome.abortedReason = text(response, "aborted_reason");
    if (!fromSpelling<RunStatus>(status) && outcome.abortedReason.isEmpty())
        outcome.abortedReason = QStringLiteral("unknown status '%1'").arg(status);
    outcome.truncated = response.value(QLatin1String("stdout_truncated")).toBool() ||
                        response.value(QLatin1String("stderr_truncated")).toBool();
    outcome.rerun = integer(response, "rerun");
    outcome.seed = text(response, "seed").toULongLong();
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

QJsonObject TestOutcome::toJson() const
{
    QJsonObject covers;
    for (auto it = covered.begin(); it != covered.end(); ++it) {
        QJsonArray lines;
        for (int line : it.value())
            lines << line;
        covers.insert(it.key(), lines);
    }
    QJsonArray warningList;
    for (const WarningRecord &warning : warnings)
        warningList << QJsonObject{{QStringLiteral("category"), warning.category},
                                   {QStringLiteral("message"), warning.message}};
    return QJsonObject{
        {QStringLiteral("id"), id},
        {QStringLiteral("status"), spelling(status)},
        {QStringLiteral("stdout"), output},
        {QStringLiteral("value_repr"), valueRepr},
        {QStringLiteral("stderr"), errorOutput},
        {QStringLiteral("exc_type"), errorType},
        {QStringLiteral("exc_message"), errorMessage},
        {QStringLiteral("traceback"), traceback},
        {QStringLiteral("exit_code"), exitCode},
        {QStringLiteral("signal"), signal},
        {QStringLiteral("wall_ms"), wallMs},
        {QStringLiteral("cpu_ms"), cpuMs},
        {QStringLiteral("page_faults"), pageFaults},
        {QStringLiteral("max_rss_kb"), maxRssKb},
        {QStringLiteral("covered"), covers},
        {QStringLiteral("warnings"), warningList},
        {QStringLiteral("aborted_reason"), abortedReason},
        {QStringLiteral("stdout_truncated"), truncated},
        {QStringLiteral("rerun"), rerun},
        {QStringLiteral("seed"), QString::number(seed)}, // a JSON number loses bits past 2^53
    };
}

} // namespace difftriage::engine
