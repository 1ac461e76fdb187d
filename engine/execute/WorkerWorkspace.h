#pragma once

#include "core/Expected.h"
#include "execute/SandboxPlan.h"
#include "execute/Side.h"
#include "execute/WorkerConfig.h"
#include "execute/WorkerLaunch.h"

#include <QTemporaryDir>
#include <memory>

namespace difftriage::engine {

// The files behind the workers of one Executor: each side's tree as the workers see it (the tree
// itself, or a readable mirror when workers run as an unprivileged user who cannot reach it), the
// runner scripts, and in degraded mode each worker's private HOME and temp directory. Builds the
// launch of any worker; launch() may be called from the host thread while the rest is read-only.
class WorkerWorkspace final
{
public:
    static Expected<std::unique_ptr<WorkerWorkspace>>
    prepare(const SandboxPlan &plan, const WorkerConfig &oldTree, const WorkerConfig &newTree);
    Q_DISABLE_COPY_MOVE(WorkerWorkspace)
    ~WorkerWorkspace();

    // A fresh private directory on every (re)start: a restarted worker gets a clean HOME.
    Expected<WorkerLaunch> launch(Side side, int rerun, int index) const;

    QString workerTree(Side side) const { return part(side).workerTree; }
    QString importRoot(Side side) const { return part(side).importRoot; }
    // Every path a tree root may appear as in outputs: for Normalizer::addRootPaths.
    QStringList rootPaths() const;
    // Top-level packages (and modules) of the import root, to check that they resolve there.
    QStringList topLevelModules(Side side) const;
    int maxProcesses(Side side) const { return part(side).maxProcesses; }

private:
    struct Part
    {
        WorkerConfig config;
        QString originalTree;
        QString workerTree;
        QString importRoot; // relative to the tree
        int maxProcesses = 64;
    };

    WorkerWorkspace() = default;
    const Part &part(Side side) const { return side == Side::Old ? m_old : m_new; }
    Expected<Part> preparePart(const WorkerConfig &config, const QString &label);

    SandboxPlan m_plan;
    std::unique_ptr<QTemporaryDir> m_base;
    QString m_runner;
    QString m_helperDir;
    Part m_old;
    Part m_new;
};

} // namespace difftriage::engine
