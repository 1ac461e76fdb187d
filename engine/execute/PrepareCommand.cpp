#include "execute/PrepareCommand.h"

#include "core/ChildProcess.h"
#include "execute/SandboxPlanner.h"
#include "execute/WorkerLaunch.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <cmath>
#include <csignal>
#include <sys/resource.h>

namespace difftriage::engine {

namespace {

constexpr qsizetype OutputShown = 2000;

QString failure(const PrepareRequest &request, const QString &what, const QByteArray &output)
{
    QString message = QStringLiteral("the prepare command `%1` %2 in the %3 tree (%4)")
                          .arg(request.command, what, request.sideName, request.commitId.left(12));
    const QString shown = ChildProcess::tail(output, OutputShown);
    message += shown.isEmpty() ? QStringLiteral("; it printed nothing")
                               : QStringLiteral("; its output:\n") + shown;
    return message;
}

// What a signal says about a limit (QProcess gives the signal as the crashed exit code).
QString killedBy(const PrepareRequest &request, int signal)
{
    if (signal == SIGXCPU)
        return QStringLiteral("used more than its %1 s of CPU time").arg(request.timeoutSeconds);
    if (signal == SIGXFSZ)
        return QStringLiteral("wrote a file larger than %1 MiB").arg(request.maxFileMb);
    return QStringLiteral("was killed by signal %1").arg(signal);
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
    constexpr rlim_t MiB = 1024 * 1024;
    spec.limits = {{RLIMIT_DATA, rlim_t(request.memoryMb) * MiB},
                   {RLIMIT_CPU, rlim_t(std::ceil(request.timeoutSeconds))},
                   {RLIMIT_FSIZE, rlim_t(request.maxFileMb) * MiB},
                   {RLIMIT_CORE, 0}};
    auto launch = buildWorkerLaunch(plan, spec);
    if (!launch)
        return launch.error();
    QProcessEnvironment environment = launch->environment;
    const QString pythonDir = QFileInfo(request.python.executable).path();
    environment.insert(QStringLiteral("PATH"), pythonDir + QStringLiteral(":/usr/bin:/bin"));
    environment.insert(QStringLiteral("SETUPTOOLS_SCM_PRETEND_VERSION"),
                       QStringLiteral("0.0.0+g") + request.commitId.left(12));
    environment.insert(QStringLiteral("DIFFTRIAGE_SIDE"), request.sideName);

    ChildProcess::Spec run;
    run.program = launch->program;
    run.arguments = launch->arguments;
    run.name = QStringLiteral("the prepare command `%1`").arg(request.command);
    run.environment = environment;
    run.workingDirectory = launch->workingDirectory;
    run.mergeOutput = true;
    run.childSetup = ProcessConfinement::modifier(launch->confinement);
    run.killSessionOnTimeout = true; // the confinement's setsid: end all of it
    run.timeoutMs = int(request.timeoutSeconds * 1000);
    const ChildProcess::Result result = ChildProcess::run(run);
    switch (result.end) {
    case ChildProcess::End::NotStarted:
        return result.error();
    case ChildProcess::End::TimedOut:
        return makeError(
            failure(request, QStringLiteral("did not finish in %1 s").arg(request.timeoutSeconds),
                    result.standardOutput));
    case ChildProcess::End::Crashed:
        return makeError(
            failure(request, killedBy(request, result.exitCode), result.standardOutput));
    case ChildProcess::End::Exited:
        break;
    }
    if (result.exitCode != 0)
        return makeError(failure(request,
                                 QStringLiteral("failed with exit status %1").arg(result.exitCode),
                                 result.standardOutput));
    return Ok{};
}

} // namespace difftriage::engine
