#include "execute/WorkerWorkspace.h"

#include "core/DataPaths.h"
#include "execute/SandboxPlanner.h"
#include "execute/TreeMirror.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <atomic>
#include <sys/stat.h>
#include <unistd.h>

namespace difftriage::engine {

namespace {

std::atomic<int> g_generation{0};

bool isIdentifier(const QString &name)
{
    static const QRegularExpression identifier(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    return identifier.match(name).hasMatch();
}

bool worthChecking(const QString &name)
{
    static const QStringList skipped{QStringLiteral("tests"),    QStringLiteral("test"),
                                     QStringLiteral("docs"),     QStringLiteral("doc"),
                                     QStringLiteral("examples"), QStringLiteral("build"),
                                     QStringLiteral("dist"),     QStringLiteral("setup"),
                                     QStringLiteral("conftest"), QStringLiteral("noxfile")};
    return isIdentifier(name) && !name.startsWith(QLatin1Char('_')) &&
           !name.startsWith(QStringLiteral("test_")) && !skipped.contains(name);
}

} // namespace

WorkerWorkspace::~WorkerWorkspace() = default;

Expected<std::unique_ptr<WorkerWorkspace>> WorkerWorkspace::prepare(const SandboxPlan &plan,
                                                                    const WorkerConfig &oldTree,
                                                                    const WorkerConfig &newTree)
{
    std::unique_ptr<WorkerWorkspace> workspace(new WorkerWorkspace);
    workspace->m_plan = plan;
    workspace->m_base = std::make_unique<QTemporaryDir>(QDir::tempPath() +
                                                        QStringLiteral("/difftriage-exec-XXXXXX"));
    if (!workspace->m_base->isValid())
        return makeError(QStringLiteral("cannot create a private directory for the workers in %1")
                             .arg(QDir::tempPath()));
    const QString base = workspace->m_base->path();
    // The unprivileged user must reach its own directories and the mirrors in here.
    ::chmod(QFile::encodeName(base).constData(), plan.dropUser ? 0755 : 0700);

    workspace->m_runner = pythonHelperPath(QStringLiteral("runner.py"));
    if (!QFileInfo::exists(workspace->m_runner))
        return makeError(QStringLiteral("runner.py is missing: %1 (set DIFFTRIAGE_DATA_DIR?)")
                             .arg(workspace->m_runner));
    workspace->m_helperDir = QFileInfo(workspace->m_runner).absolutePath();
    if (plan.dropUser && !TreeMirror::accessibleTo(workspace->m_helperDir, plan.uid, plan.gid)) {
        const QString copy = base + QStringLiteral("/python");
        const Status copied = TreeMirror::copy(workspace->m_helperDir, copy);
        if (!copied)
            return copied.error();
        workspace->m_helperDir = copy;
        workspace->m_runner = copy + QStringLiteral("/runner.py");
    }
    auto oldPart = workspace->preparePart(oldTree, QStringLiteral("old"));
    if (!oldPart)
        return oldPart.error();
    workspace->m_old = *oldPart;
    auto newPart = workspace->preparePart(newTree, QStringLiteral("new"));
    if (!newPart)
        return newPart.error();
    workspace->m_new = *newPart;
    return workspace;
}

Expected<WorkerWorkspace::Part> WorkerWorkspace::preparePart(const WorkerConfig &config,
                                                             const QString &label)
{
    Part part;
    part.config = config;
    part.originalTree = QFileInfo(config.treeRoot).canonicalFilePath();
    if (part.originalTree.isEmpty() || !QFileInfo(part.originalTree).isDir())
        return makeError(
            QStringLiteral("the %1 tree does not exist: %2").arg(label, config.treeRoot));
    QString importRoot =
        config.importRoot.isEmpty() ? detectImportRoot(part.originalTree) : config.importRoot;
    if (QDir::isAbsolutePath(importRoot))
        importRoot = QDir(part.originalTree).relativeFilePath(importRoot);
    importRoot = QDir::cleanPath(importRoot);
    if (importRoot.startsWith(QStringLiteral("..")) ||
        !QFileInfo(part.originalTree + QLatin1Char('/') + importRoot).isDir())
        return makeError(
            QStringLiteral("the import root '%1' is not a directory inside the %2 tree")
                .arg(config.importRoot, label));
    part.importRoot = importRoot;
    part.workerTree = part.originalTree;
    if (m_plan.dropUser && !TreeMirror::accessibleTo(part.originalTree, m_plan.uid, m_plan.gid)) {
        part.workerTree = m_base->path() + QLatin1Char('/') + label + QStringLiteral("-tree");
        const Status copied = TreeMirror::copy(part.originalTree, part.workerTree);
        if (!copied)
            return copied.error();
    }
    part.maxProcesses = config.maxProcesses;
    if (m_plan.level == SandboxLevel::Degraded)
        // RLIMIT_NPROC counts every process of the user, not only the test's own.
        part.maxProcesses +=
            SandboxPlanner::processCount(m_plan.dropUser ? m_plan.uid : ::geteuid());
    return part;
}

Expected<WorkerLaunch> WorkerWorkspace::launch(Side side, int rerun, int index) const
{
    const Part &source = part(side);
    WorkerLaunchSpec spec;
    spec.python = source.config.python;
    spec.scriptArguments = {m_runner, QStringLiteral("--root"), source.workerTree,
                            QStringLiteral("--import-root"), source.importRoot};
    if (m_plan.dropUser && (m_plan.level == SandboxLevel::Degraded || m_plan.dropInside))
        spec.scriptArguments << QStringLiteral("--drop-user") << m_plan.user;
    else if (m_plan.dropCapabilities)
        spec.scriptArguments << QStringLiteral("--drop-capabilities");
    // Each test's own Landlock domain: the runner adds the tree, its own files and directories.
    spec.scriptArguments << QStringLiteral("--landlock-abi") << QString::number(m_plan.landlockAbi);
    for (const QString &path : m_plan.readablePaths)
        spec.scriptArguments << QStringLiteral("--readable") << path;
    spec.visiblePaths = {source.workerTree, m_helperDir};
    spec.hashSeed = source.config.hashSeed + rerun;
    if (m_plan.level == SandboxLevel::Degraded) {
        const QString dir = QStringLiteral("%1/%2-run%3-w%4-%5")
                                .arg(m_base->path(), toString(side))
                                .arg(rerun)
                                .arg(index)
                                .arg(g_generation.fetch_add(1));
        const QString home = dir + QStringLiteral("/home");
        if (!QDir().mkpath(home) || !QDir().mkpath(dir + QStringLiteral("/tmp")))
            return makeError(QStringLiteral("cannot create the worker directory %1").arg(dir));
        const QByteArray nativeHome = QFile::encodeName(home);
        if (m_plan.dropUser) {
            // Tests run as the unprivileged user: HOME is theirs; tmp/ stays the worker's (the
            // runner makes each test's run directory inside it and hands that over).
            if (::chown(nativeHome.constData(), m_plan.uid, m_plan.gid) != 0)
                return makeError(
                    QStringLiteral("cannot hand %1 to the unprivileged user").arg(home));
            ::chmod(QFile::encodeName(dir).constData(), 0755);
            ::chmod(QFile::encodeName(dir + QStringLiteral("/tmp")).constData(), 0755);
        }
        ::chmod(nativeHome.constData(), 0700);
        spec.privateDir = dir;
    }
    return buildWorkerLaunch(m_plan, spec);
}

QStringList WorkerWorkspace::rootPaths() const
{
    QStringList paths;
    for (const Part *source : {&m_old, &m_new})
        for (const QString &path :
             {source->config.treeRoot, source->originalTree, source->workerTree})
            if (!path.isEmpty() && !paths.contains(path))
                paths << path;
    return paths;
}

QStringList WorkerWorkspace::topLevelModules(Side side) const
{
    const Part &source = part(side);
    const QDir root(source.workerTree + QLatin1Char('/') + source.importRoot);
    QStringList packages;
    QStringList modules;
    for (const QFileInfo &entry :
         root.entryInfoList(QDir::Dirs | QDir::Files | QDir::NoDotAndDotDot, QDir::Name)) {
        if (entry.isDir() && worthChecking(entry.fileName()) &&
            QFileInfo::exists(entry.filePath() + QStringLiteral("/__init__.py")))
            packages << entry.fileName();
        else if (entry.isFile() && entry.suffix() == QLatin1String("py") &&
                 worthChecking(entry.completeBaseName()))
            modules << entry.completeBaseName();
    }
    // Packages are what projects import; loose modules only stand in when there is none, since
    // a top-level script may do real work when imported.
    return (packages.isEmpty() ? modules : packages).mid(0, 20);
}

} // namespace difftriage::engine
