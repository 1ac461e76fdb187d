#include "execute/SandboxPlanner.h"

#include "core/ChildProcess.h"
#include "core/Json.h"
#include "execute/Landlock.h"
#include "execute/ReadablePaths.h"
#include "execute/SandboxNote.h"
#include "execute/SeccompFilter.h"
#include "execute/WorkerLaunch.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <mutex>
#include <pwd.h>
#include <unistd.h>

namespace difftriage::engine {

namespace {

constexpr auto ProbeMarker = "difftriage-probe-ok";

// Probe results and interpreter paths by key; an empty error string means the probe passed.
struct ProbeCache
{
    std::mutex mutex;
    QHash<QString, QString> errors;
    QHash<QString, QStringList> pythonPaths;
};

ProbeCache &probeCache()
{
    static ProbeCache cache;
    return cache;
}

QStringList pythonPathsOf(const PythonInterpreter &python)
{
    ProbeCache &cache = probeCache();
    {
        std::lock_guard lock(cache.mutex);
        if (cache.pythonPaths.contains(python.executable))
            return cache.pythonPaths.value(python.executable);
    }
    ChildProcess::Spec spec;
    spec.program = python.executable;
    spec.arguments = {QStringLiteral("-s"), QStringLiteral("-c"),
                      QStringLiteral("import json, sys; print(json.dumps(sorted({sys.prefix, "
                                     "sys.exec_prefix, sys.base_prefix, sys.base_exec_prefix} | "
                                     "{p for p in sys.path if p})))")};
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    environment.insert(QStringLiteral("PYTHONSAFEPATH"), QStringLiteral("1"));
    spec.environment = environment;
    const ChildProcess::Result result = ChildProcess::run(spec);
    const QStringList paths =
        result.succeeded() ? toQStringList(parseJson(result.standardOutput).value_or(nullptr))
                           : QStringList();
    std::lock_guard lock(cache.mutex);
    cache.pythonPaths.insert(python.executable, paths);
    return paths;
}

QString markerCode()
{
    return QStringLiteral("print('%1')").arg(QLatin1String(ProbeMarker));
}

// What a test needs of the confinement: the standard library, extension modules included.
QString importingCode()
{
    return QStringLiteral("import decimal, email.parser, json, socket\n") + markerCode();
}

// What a test of a plan that switches users inside the sandbox needs: the switch itself, and the
// standard library still readable afterwards.
QString switchingUserCode(const SandboxPlan &plan)
{
    return QStringLiteral("import os\nos.setgroups([])\nos.setgid(%1)\nos.setuid(%2)\n"
                          "import decimal, email.parser, json\n")
               .arg(plan.gid)
               .arg(plan.uid) +
           markerCode();
}

Status cachedProbe(const QString &key, const SandboxPlan &plan, const PythonInterpreter &python,
                   const QString &code = markerCode())
{
    ProbeCache &cache = probeCache();
    {
        std::lock_guard lock(cache.mutex);
        const auto known = cache.errors.constFind(key);
        if (known != cache.errors.cend())
            return known->isEmpty() ? Status(Ok{}) : Status(makeError(*known));
    }
    const Status result = SandboxPlanner::probe(plan, python, code);
    std::lock_guard lock(cache.mutex);
    cache.errors.insert(key, result ? QString() : result.error().message);
    return result;
}

// The user's home is hidden behind a tmpfs unless hiding it would hide the system itself.
QString hideableHome()
{
    const QString home = QDir::cleanPath(qEnvironmentVariable("HOME"));
    if (home.isEmpty() || home == QLatin1String("/") || !QFileInfo(home).isDir() ||
        home.startsWith(QStringLiteral("/tmp")))
        return QString();
    for (const char *system : {"/usr", "/lib", "/bin", "/etc", "/proc", "/dev"}) {
        const QString dir = QString::fromLatin1(system);
        if (dir == home || dir.startsWith(home + QLatin1Char('/')))
            return QString();
    }
    return home;
}

} // namespace

Status SandboxPlanner::probe(const SandboxPlan &plan, const PythonInterpreter &python,
                             const QString &code)
{
    QTemporaryDir scratch(QDir::tempPath() + QStringLiteral("/difftriage-probe-XXXXXX"));
    if (!scratch.isValid() || !QDir().mkpath(scratch.filePath(QStringLiteral("home"))) ||
        !QDir().mkpath(scratch.filePath(QStringLiteral("tmp"))))
        return makeError(QStringLiteral("cannot create a scratch directory for the sandbox probe"));
    WorkerLaunchSpec spec;
    spec.python = python;
    spec.scriptArguments = {QStringLiteral("-c"), code};
    spec.privateDir = scratch.path();
    auto launch = buildWorkerLaunch(plan, spec);
    if (!launch)
        return launch.error();
    ChildProcess::Spec run;
    run.program = launch->program;
    run.arguments = launch->arguments;
    run.environment = launch->environment;
    run.workingDirectory = launch->workingDirectory;
    run.childSetup = ProcessConfinement::modifier(launch->confinement);
    run.killSessionOnTimeout = true; // the confinement makes it a session leader
    const ChildProcess::Result result = ChildProcess::run(run);
    if (result.succeeded() && result.standardOutput.contains(ProbeMarker))
        return Ok{};
    if (result.end == ChildProcess::End::TimedOut)
        return result.error();
    // The sandbox's own complaint (bubblewrap's, the confinement's) says most.
    QString detail = QString::fromLocal8Bit(result.standardError).trimmed();
    if (detail.isEmpty())
        detail = result.end == ChildProcess::End::NotStarted
                     ? result.startError
                     : QStringLiteral("exit status %1").arg(result.exitCode);
    return makeError(detail.left(400));
}

int SandboxPlanner::processCount(uid_t uid)
{
    int count = 0;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    const QByteArray wanted = "Uid:\t" + QByteArray::number(uid) + '\t';
    for (const QString &entry : entries) {
        if (entry.isEmpty() || !entry.at(0).isDigit())
            continue;
        QFile status(QStringLiteral("/proc/%1/status").arg(entry));
        if (status.open(QIODevice::ReadOnly) && status.readAll().contains(wanted))
            ++count;
    }
    return count;
}

SandboxPlan SandboxPlanner::plan(const QList<PythonInterpreter> &interpreters, bool forceDegraded,
                                 const QString &unprivilegedUser, int landlockAbiLimit)
{
    SandboxPlan plan;
    plan.user = unprivilegedUser;
    plan.landlockAbi = Landlock::kernelAbi();
    if (landlockAbiLimit > 0)
        plan.landlockAbi = std::min(plan.landlockAbi, landlockAbiLimit);
    if (::geteuid() == 0) {
        const QByteArray name = unprivilegedUser.toLocal8Bit();
        if (const passwd *entry = ::getpwnam(name.constData()); entry && entry->pw_uid != 0) {
            plan.dropUser = true;
            plan.uid = entry->pw_uid;
            plan.gid = entry->pw_gid;
        }
    }
    for (const PythonInterpreter &python : interpreters) {
        const QStringList paths = pythonPathsOf(python) << QFileInfo(python.executable).path();
        for (const QString &path : paths)
            if (!plan.pythonPaths.contains(path))
                plan.pythonPaths << path;
    }
    plan.readablePaths = testReadablePaths(plan.pythonPaths);
    plan.hiddenDirs << QStringLiteral("/tmp");
    if (QFileInfo(QStringLiteral("/run")).isDir())
        plan.hiddenDirs << QStringLiteral("/run"); // session buses, agent and docker sockets
    const QString home = hideableHome();
    if (!home.isEmpty())
        plan.hiddenDirs << home;
    plan.home = home.isEmpty() ? QStringLiteral("/tmp") : home;

    QString &why = plan.why;
    if (forceDegraded)
        why = QStringLiteral("forced by the configuration");
    plan.bwrap = QStandardPaths::findExecutable(QStringLiteral("bwrap"));
    if (plan.bwrap.isEmpty())
        plan.bwrap = QStandardPaths::findExecutable(
            QStringLiteral("bwrap"),
            {QStringLiteral("/usr/bin"), QStringLiteral("/usr/local/bin")});
    if (why.isEmpty() && plan.bwrap.isEmpty())
        why = QStringLiteral("bubblewrap (bwrap) is not installed");
    if (why.isEmpty()) {
        plan.level = SandboxLevel::Full;
        plan.seccomp = SeccompFilter::supported(); // no Unix sockets, whatever the tests see
        for (const PythonInterpreter &python : interpreters) {
            const QString key = QStringLiteral("full|%1|%2|%3")
                                    .arg(python.executable, plan.bwrap)
                                    .arg(plan.dropUser ? plan.uid : ::geteuid());
            const Status works = cachedProbe(key, plan, python);
            if (!works) {
                why =
                    QStringLiteral("bubblewrap does not work here: %1").arg(works.error().message);
                break;
            }
        }
    }
    if (!why.isEmpty() && plan.level == SandboxLevel::Full && plan.dropUser) {
        // bubblewrap as the unprivileged user failed (it cannot reach the interpreter, or may
        // not create user namespaces): as root it needs neither.
        SandboxPlan inside = plan;
        inside.dropInside = true;
        bool works = true;
        for (const PythonInterpreter &python : interpreters) {
            const QString key = QStringLiteral("full-inside|%1|%2|%3")
                                    .arg(python.executable, plan.bwrap)
                                    .arg(plan.uid);
            works = works && cachedProbe(key, inside, python, switchingUserCode(inside)).ok();
        }
        if (works) {
            plan = inside;
            plan.note = sandboxNote(plan);
            return plan;
        }
    }
    if (why.isEmpty()) {
        plan.note = sandboxNote(plan);
        return plan;
    }
    plan.level = SandboxLevel::Degraded;
    plan.bwrap.clear();
    plan.seccomp = false;
    if (plan.dropUser) {
        // Without a mount namespace the interpreter's parents stay closed to the unprivileged
        // user: tests would fail to import every module the worker has not loaded.
        for (const PythonInterpreter &python : interpreters) {
            const QString key =
                QStringLiteral("degraded-switch|%1|%2").arg(python.executable).arg(plan.uid);
            const Status switched = cachedProbe(key, plan, python, switchingUserCode(plan));
            if (!switched) {
                plan.userUnreachable = switched.error().message;
                plan.dropUser = false;
                plan.dropCapabilities = true;
                break;
            }
        }
    }
    // Tests that stay root keep no capability: no module loading, raw I/O or mounts.
    if (::geteuid() == 0 && !plan.dropUser)
        plan.dropCapabilities = true;
    // Each degraded confinement part on its own, so one refused part does not cost the other.
    for (bool SandboxPlan::*part : {&SandboxPlan::landlock, &SandboxPlan::seccomp}) {
        SandboxPlan trial = plan;
        trial.*part = true;
        if (part == &SandboxPlan::landlock && plan.landlockAbi < 1)
            continue;
        if (part == &SandboxPlan::seccomp && !SeccompFilter::supported())
            continue;
        bool works = true;
        for (const PythonInterpreter &python : interpreters) {
            const QString key = QStringLiteral("%1|%2|%3")
                                    .arg(part == &SandboxPlan::landlock ? QStringLiteral("landlock")
                                                                        : QStringLiteral("seccomp"),
                                         python.executable)
                                    .arg(plan.landlockAbi);
            works = works && cachedProbe(key, trial, python, importingCode()).ok();
        }
        plan.*part = works;
    }
    if (!plan.landlock)
        plan.landlockAbi = 0; // refused here: tests get no domain of their own either
    plan.note = sandboxNote(plan);
    return plan;
}

} // namespace difftriage::engine
