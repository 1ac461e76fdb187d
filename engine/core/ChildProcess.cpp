#include "core/ChildProcess.h"

#include <QProcess>
#include <csignal>

namespace difftriage::engine {

namespace {

constexpr int StartTimeoutMs = 30000;
constexpr int ReapTimeoutMs = 5000;
constexpr qsizetype ErrorTailChars = 600;

} // namespace

ChildProcess::Result ChildProcess::run(const Spec &spec)
{
    Result result;
    result.name = spec.name.isEmpty() ? spec.program : spec.name;
    result.timeoutMs = spec.timeoutMs;
    result.mergedOutput = spec.mergeOutput;
    QProcess process;
    process.setProgram(spec.program);
    process.setArguments(spec.arguments);
    if (spec.environment)
        process.setProcessEnvironment(*spec.environment);
    if (!spec.workingDirectory.isEmpty())
        process.setWorkingDirectory(spec.workingDirectory);
    if (spec.mergeOutput)
        process.setProcessChannelMode(QProcess::MergedChannels);
    if (spec.childSetup)
        process.setChildProcessModifier(spec.childSetup);
    process.start();
    if (!process.waitForStarted(StartTimeoutMs)) {
        result.startError = process.errorString();
        return result;
    }
    if (!spec.input.isEmpty())
        process.write(spec.input);
    process.closeWriteChannel();
    if (!process.waitForFinished(spec.timeoutMs)) {
        if (spec.killSessionOnTimeout && process.processId() > 0)
            ::kill(-pid_t(process.processId()), SIGKILL);
        process.kill();
        process.waitForFinished(ReapTimeoutMs);
        result.end = End::TimedOut;
    } else {
        result.end = process.exitStatus() == QProcess::NormalExit ? End::Exited : End::Crashed;
        result.exitCode = process.exitCode();
    }
    result.standardOutput = process.readAllStandardOutput();
    if (!spec.mergeOutput) // a merged process has no error channel of its own: Qt warns
        result.standardError = process.readAllStandardError();
    return result;
}

Expected<ChildProcess::Result> ChildProcess::runChecked(const Spec &spec)
{
    Result result = run(spec);
    if (!result.succeeded())
        return result.error();
    return result;
}

QString ChildProcess::tail(const QByteArray &output, qsizetype limit)
{
    const QString text = QString::fromUtf8(output).trimmed();
    return text.size() <= limit ? text : QStringLiteral("…") + text.right(limit);
}

Error ChildProcess::Result::error() const
{
    QString what;
    switch (end) {
    case End::NotStarted:
        return makeError(QStringLiteral("cannot start %1: %2").arg(name, startError));
    case End::TimedOut:
        what = QStringLiteral("%1 did not finish within %2 s and was killed")
                   .arg(name)
                   .arg(timeoutMs / 1000.0);
        break;
    case End::Crashed:
        what = QStringLiteral("%1 crashed").arg(name);
        break;
    case End::Exited:
        what = QStringLiteral("%1 failed with exit status %2").arg(name).arg(exitCode);
        break;
    }
    const QString detail = tail(mergedOutput ? standardOutput : standardError, ErrorTailChars);
    return makeError(detail.isEmpty() ? what : QStringLiteral("%1: %2").arg(what, detail));
}

} // namespace difftriage::engine
