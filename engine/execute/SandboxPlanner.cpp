#include "execute/SandboxPlanner.h"

#include "core/ChildProcess.h"
#include "core/Json.h"
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

QString describe(const SandboxPlan &plan, const QString &why)
{
    const bool root = ::geteuid() == 0;
    QString who;
    if (plan.dropInside)
        who = QStringLiteral(", tests as the unprivileged user '%1' (bubblewrap starts as root: "
                             "as that user %2)")
                  .arg(plan.user, why);
    else if (plan.dropUser)
        who = QStringLiteral(", as the unprivileged user '%1'").arg(plan.user);
    else if (root)
        who = QStringLiteral(", as root: there is no unprivileged user '%1', so process-count "
                             "limits and file modes do not apply")
                  .arg(plan.user);
    if (plan.level == SandboxLevel::Full)
        return QStringLiteral("full sandbox: bubblewrap with no network (loopback only), the "
                              "system and the tree read-only, private /tmp and HOME%1")
            .arg(who);
    return QStringLiteral("degraded sandbox (%1): tests run with time, memory, file-size and "
                          "process-count limits%2, a fresh HOME and a private working directory; "
                          "%3; %4; files readable by that user stay readable to tests")
        .arg(why, who,
             plan.landlock ? QStringLiteral("Landlock confines writes to those directories, "
                                            "blocks TCP and signals to outside processes")
                           : QStringLiteral("writes outside them are NOT contained (no Landlock)"),
             plan.seccomp ? QStringLiteral("seccomp refuses network sockets")
                          : QStringLiteral("the network is NOT blocked (no seccomp)"));
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
                                 const QString &unprivilegedUser)
{
    SandboxPlan plan;
    plan.user = unprivilegedUser;
    if (::geteuid() == 0) {
        const QByteArray name = unprivilegedUser.toLocal8Bit();
        if (const passwd *entry = ::getpwnam(name.constData()); entry && entry->pw_uid != 0) {
            plan.dropUser = true;
            plan.uid = entry->pw_uid;
            plan.gid = entry->pw_gid;
        }
    }
    for (const PythonInterpreter &python : interpreters)
        for (const QString &path : pythonPathsOf(python))
            if (!plan.pythonPaths.contains(path))
                plan.pythonPaths << path;
    plan.hiddenDirs << QStringLiteral("/tmp");
    if (QFileInfo(QStringLiteral("/run")).isDir())
        plan.hiddenDirs << QStringLiteral("/run"); // session buses, agent and docker sockets
    const QString home = hideableHome();
    if (!home.isEmpty())
        plan.hiddenDirs << home;
    plan.home = home.isEmpty() ? QStringLiteral("/tmp") : home;

    QString why;
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
            plan.note = describe(plan, why);
            return plan;
        }
    }
    if (why.isEmpty()) {
        plan.note = describe(plan, why);
        return plan;
    }
    plan.level = SandboxLevel::Degraded;
    plan.bwrap.clear();
    // Each degraded confinement part on its own, so one refused part does not cost the other.
    for (bool SandboxPlan::*part : {&SandboxPlan::landlock, &SandboxPlan::seccomp}) {
        SandboxPlan trial = plan;
        trial.*part = true;
        if (part == &SandboxPlan::landlock && ProcessConfinement::landlockAbi() < 1)
            continue;
        if (part == &SandboxPlan::seccomp && !ProcessConfinement::seccompSupported())
            continue;
        bool works = true;
        for (const PythonInterpreter &python : interpreters) {
            const QString key = QStringLiteral("%1|%2").arg(part == &SandboxPlan::landlock
                                                                ? QStringLiteral("landlock")
                                                                : QStringLiteral("seccomp"),
                                                            python.executable);
            works = works && cachedProbe(key, trial, python).ok();
        }
        plan.*part = works;
    }
    plan.note = describe(plan, why);
    return plan;
}

} // namespace difftriage::engine
