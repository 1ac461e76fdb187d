#include "execute/PrepareCommand.h"

#include "execute/SandboxPlanner.h"
#include "execute/WorkerLaunch.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <csignal>

namespace difftriage::engine {

namespace {

constexpr qsizetype OutputShown = 2000;

QString tail(const QByteArray &output)
{
    const QString text = QString::fromUtf8(output).trimmed();
    return text.size() <= OutputShown ? text : QStringLiteral("…") + text.right(OutputShown);
}

QString failure(const PrepareRequest &request, const QString &what, const QByteArray &output)
{
    QString message = QStringLiteral("the prepare command `%1` %2 in the %3 tree (%4)")
                          .arg(request.command, what, request.sideName, request.commitId.left(12));
    const QString shown = tail(output);
    message += shown.isEmpty() ? QStringLiteral("; it printed nothing")
                               : QStringLiteral("; its output:\n") + shown;
    return message;
}

} // namespace

Status runPrepareCommand(const PrepareRequest &request)
{
    SandboxPlan plan = SandboxPlanner::plan({request.python}, request.forceDegradedSandbox,
                                            QStringLiteral("nobody"));
    // The tree belongs to the caller and must stay theirs: no switch to another user (as root,
    // bubblewrap still runs the command as an unprivileged uid in its own user namespace).
    plan.dropUser = false;
    plan.dropInside = false;
    QTemporaryDir scratch(QDir::tempPath() + QStringLiteral("/difftriage-prepare-XXXXXX"));
    if (!scratch.isValid() || !QDir().mkpath(scratch.filePath(QStringLiteral("home"))) ||
        !QDir().mkpath(scratch.filePath(QStringLiteral("tmp"))))
        return makeError(
            QStringLiteral("cannot create a scratch directory for the prepare command"));

    WorkerLaunchSpec spec;
    spec.python = request.python;
    spec.command = {QStringLiteral("/bin/sh"), QStringLiteral("-c"), request.command};
    spec.visiblePaths = {request.tree};
    spec.writablePaths = {request.tree};
    spec.workingDirectory = request.tree;
    spec.privateDir = scratch.path();
    auto launch = buildWorkerLaunch(plan, spec);
    if (!launch)
        return launch.error();
    QProcessEnvironment environment = launch->environment;
    const QString pythonDir = QFileInfo(request.python.executable).path();
    environment.insert(QStringLiteral("PATH"), pythonDir + QStringLiteral(":/usr/bin:/bin"));
    environment.insert(QStringLiteral("SETUPTOOLS_SCM_PRETEND_VERSION"),
                       QStringLiteral("0.0.0+g") + request.commitId.left(12));
    environment.insert(QStringLiteral("DIFFTRIAGE_SIDE"), request.sideName);

    QProcess process;
    process.setProgram(launch->program);
    process.setArguments(launch->arguments);
    process.setProcessEnvironment(environment);
    process.setWorkingDirectory(launch->workingDirectory);
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.setChildProcessModifier(ProcessConfinement::modifier(launch->confinement));
    process.start();
    if (!process.waitForStarted(30000))
        return makeError(QStringLiteral("cannot start the prepare command `%1`: %2")
                             .arg(request.command, process.errorString()));
    const bool finished = process.waitForFinished(int(request.timeoutSeconds * 1000));
    if (!finished) {
        // The command leads its own session (the confinement's setsid): end all of it.
        ::kill(-pid_t(process.processId()), SIGKILL);
        process.kill();
        process.waitForFinished(5000);
        return makeError(
            failure(request, QStringLiteral("did not finish in %1 s").arg(request.timeoutSeconds),
                    process.readAll()));
    }
    const QByteArray output = process.readAll();
    if (process.exitStatus() != QProcess::NormalExit)
        return makeError(failure(request, QStringLiteral("crashed"), output));
    if (process.exitCode() != 0)
        return makeError(failure(
            request, QStringLiteral("failed with exit status %1").arg(process.exitCode()), output));
    return Ok{};
}

} // namespace difftriage::engine
