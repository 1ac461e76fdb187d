#include "execute/WorkerLaunch.h"

#include <QDir>
#include <QFileInfo>
#include <algorithm>
#include <unistd.h>

namespace difftriage::engine {

namespace {

bool isUnder(const QString &path, const QString &directory)
{
    return path == directory || path.startsWith(directory + QLatin1Char('/'));
}

QProcessEnvironment cleanEnvironment(int hashSeed)
{
    QProcessEnvironment environment;
    const std::pair<const char *, QString> variables[] = {
        {"PATH", QStringLiteral("/usr/bin:/bin")},
        {"PYTHONHASHSEED", QString::number(quint32(hashSeed))},
        {"PYTHONSAFEPATH", QStringLiteral("1")},
        {"PYTHONNOUSERSITE", QStringLiteral("1")},
        {"PYTHONDONTWRITEBYTECODE", QStringLiteral("1")},
        {"PYTHONIOENCODING", QStringLiteral("utf-8")},
        {"LC_ALL", QStringLiteral("C.UTF-8")},
        {"LANG", QStringLiteral("C.UTF-8")},
        {"TZ", QStringLiteral("UTC")},
        // Native libraries must not start a thread per core in every forked test.
        {"OMP_NUM_THREADS", QStringLiteral("1")},
        {"OPENBLAS_NUM_THREADS", QStringLiteral("1")},
        {"MKL_NUM_THREADS", QStringLiteral("1")},
        {"NUMEXPR_NUM_THREADS", QStringLiteral("1")},
        {"VECLIB_MAXIMUM_THREADS", QStringLiteral("1")},
        {"MPLBACKEND", QStringLiteral("Agg")},
    };
    for (const auto &[name, value] : variables)
        environment.insert(QString::fromLatin1(name), value);
    return environment;
}

// bubblewrap makes the directories leading to a mount point 0700 and its own: as root, that
// locks the tests' user out of everything bound under a hidden directory. Made first, 0755.
void openParents(const SandboxPlan &plan, const QString &path, QStringList &made,
                 QStringList &arguments)
{
    for (const QString &hidden : plan.hiddenDirs) {
        if (!isUnder(path, hidden) || path == hidden)
            continue;
        QString parent = hidden;
        const QStringList parts = path.mid(hidden.size() + 1).split(QLatin1Char('/'));
        for (qsizetype i = 0; i + 1 < parts.size(); ++i) {
            parent += QLatin1Char('/') + parts[i];
            if (made.contains(parent))
                continue;
            made << parent;
            arguments << QStringLiteral("--perms") << QStringLiteral("0755")
                      << QStringLiteral("--dir") << parent;
        }
    }
}

QStringList bubblewrapArguments(const SandboxPlan &plan, const WorkerLaunchSpec &spec)
{
    // The worker is the init of the sandbox's PID namespace: its tests can send it only the
    // signals it handles (none), so they cannot kill it, and orphans are its to reap.
    QStringList arguments{QStringLiteral("--die-with-parent"), QStringLiteral("--new-session"),
                          QStringLiteral("--as-pid-1")};
    if (plan.dropInside)
        // Root, without a user namespace (whose only mapped uid would be root's): every other
        // namespace, and of root's capabilities only those runner.py needs to hand each test's
        // directory over, switch to the unprivileged user (which then drops them all) and stop
        // that user's processes.
        arguments << QStringLiteral("--unshare-ipc") << QStringLiteral("--unshare-pid")
                  << QStringLiteral("--unshare-net") << QStringLiteral("--unshare-uts")
                  << QStringLiteral("--unshare-cgroup-try") << QStringLiteral("--cap-drop")
                  << QStringLiteral("ALL") << QStringLiteral("--cap-add")
                  << QStringLiteral("CAP_SETUID") << QStringLiteral("--cap-add")
                  << QStringLiteral("CAP_SETGID") << QStringLiteral("--cap-add")
                  << QStringLiteral("CAP_CHOWN") << QStringLiteral("--cap-add")
                  << QStringLiteral("CAP_KILL");
    else
        arguments << QStringLiteral("--unshare-all");
    if (::geteuid() == 0 && !plan.dropUser)
        // Root without an unprivileged user: at least no capabilities and a non-root uid inside.
        arguments << QStringLiteral("--unshare-user") << QStringLiteral("--uid")
                  << QStringLiteral("65534") << QStringLiteral("--gid") << QStringLiteral("65534")
                  << QStringLiteral("--cap-drop") << QStringLiteral("ALL");
    arguments << QStringLiteral("--ro-bind") << QStringLiteral("/") << QStringLiteral("/")
              << QStringLiteral("--dev") << QStringLiteral("/dev") << QStringLiteral("--proc")
              << QStringLiteral("/proc");
    for (const QString &hidden : plan.hiddenDirs) {
        if (plan.dropInside) // root's tmpfs, private to the sandbox: the tests' user writes too
            arguments << QStringLiteral("--perms") << QStringLiteral("1777");
        arguments << QStringLiteral("--tmpfs") << hidden;
    }
    // Bind after the tmpfs mounts, so a tree in /tmp or a helper dir in HOME is visible again.
    QStringList writable;
    for (const QString &path : spec.writablePaths)
        writable << QDir::cleanPath(path);
    QStringList bound = writable;
    QStringList made;
    QStringList rebinds = spec.visiblePaths;
    rebinds << plan.pythonPaths << QFileInfo(spec.python.executable).path();
    for (const QString &path : std::as_const(rebinds)) {
        const QString clean = QDir::cleanPath(path);
        if (clean.isEmpty() || bound.contains(clean) || !QFileInfo::exists(clean))
            continue;
        const bool hidden = std::any_of(plan.hiddenDirs.begin(), plan.hiddenDirs.end(),
                                        [&](const QString &dir) { return isUnder(clean, dir); });
        if (!hidden && !spec.visiblePaths.contains(path))
            continue;
        if (plan.dropInside)
            openParents(plan, clean, made, arguments);
        arguments << QStringLiteral("--ro-bind") << clean << clean;
        bound << clean;
    }
    // Last, so no read-only bind of a parent directory covers them.
    for (const QString &path : std::as_const(writable)) {
        if (plan.dropInside)
            openParents(plan, path, made, arguments);
        arguments << QStringLiteral("--bind") << path << path;
    }
    arguments << QStringLiteral("--chdir")
              << (spec.workingDirectory.isEmpty() ? QStringLiteral("/tmp") : spec.workingDirectory);
    return arguments;
}

} // namespace

Expected<WorkerLaunch> buildWorkerLaunch(const SandboxPlan &plan, const WorkerLaunchSpec &spec)
{
    if (spec.python.executable.isEmpty())
        return makeError(QStringLiteral("no Python interpreter resolved for the worker"));
    WorkerLaunch launch;
    launch.environment = cleanEnvironment(spec.hashSeed);
    const QStringList pythonCommand =
        !spec.command.isEmpty()
            ? spec.command
            : QStringList{spec.python.executable, QStringLiteral("-s")} + spec.scriptArguments;
    ProcessConfinement::Options options;
    options.limits = spec.limits;
    if (plan.level == SandboxLevel::Full) {
        launch.program = plan.bwrap;
        launch.arguments = bubblewrapArguments(plan, spec) + pythonCommand;
        launch.environment.insert(QStringLiteral("HOME"), plan.home);
        launch.environment.insert(QStringLiteral("TMPDIR"), QStringLiteral("/tmp"));
        launch.workingDirectory = QStringLiteral("/");
        options.dropUser = plan.dropUser && !plan.dropInside;
        options.uid = plan.uid;
        options.gid = plan.gid;
        if (plan.seccomp)
            options.seccomp = SeccompFilter::Policy::NoUnixSockets;
    } else {
        if (spec.privateDir.isEmpty())
            return makeError(QStringLiteral("a degraded worker needs a private directory"));
        launch.program = pythonCommand.first();
        launch.arguments = pythonCommand.mid(1);
        launch.environment.insert(QStringLiteral("HOME"),
                                  spec.privateDir + QStringLiteral("/home"));
        launch.environment.insert(QStringLiteral("TMPDIR"),
                                  spec.privateDir + QStringLiteral("/tmp"));
        launch.workingDirectory = spec.workingDirectory.isEmpty()
                                      ? spec.privateDir + QStringLiteral("/tmp")
                                      : spec.workingDirectory;
        options.landlockAbi = plan.landlock ? plan.landlockAbi : 0;
        options.writableDirectories = QStringList{spec.privateDir} + spec.writablePaths;
        // The worker reads its own /proc entries; each test narrows that to its own (runner.py).
        options.readablePaths =
            plan.readablePaths + spec.visiblePaths + QStringList{QStringLiteral("/proc")};
        if (plan.seccomp)
            options.seccomp = SeccompFilter::Policy::NoSockets;
    }
    auto confinement = ProcessConfinement::create(options);
    if (!confinement)
        return confinement.error();
    launch.confinement = std::move(*confinement);
    return launch;
}

} // namespace difftriage::engine
