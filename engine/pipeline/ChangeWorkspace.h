#pragma once

#include "change/ChangeSpec.h"
#include "change/DiffAnalysis.h"
#include "config/ProjectConfig.h"
#include "core/Expected.h"

#include <functional>

namespace difftriage::engine {

namespace git {
class Repository;
}
class TreeCache;

// Everything about one change that does not need Python: its configuration (from the base), its
// diff, and both trees materialised read-only in the cache.
struct ChangeWorkspace
{
    ChangeSpec spec;
    ProjectConfig config;
    DiffSummary diff;
    QString oldTree;
    QString newTree;
};

// The prepare command of the change (empty: none) and how to run it in one side's fresh tree.
struct TreePreparation
{
    QString command;
    std::function<Status(const QString &tree, const QString &commitId, bool newSide)> run;
};

// The diff, beside the configuration already read from the base: cheap, and all a change without
// Python files needs.
Expected<ChangeWorkspace> loadChange(const git::Repository &repository, const ChangeSpec &spec,
                                     const ProjectConfig &config);
// Both trees, read-only in the cache, prepared first when there is a prepare command.
Status materializeTrees(const git::Repository &repository, TreeCache &cache,
                        ChangeWorkspace &workspace, const TreePreparation &preparation = {});

Expected<ChangeWorkspace> prepareWorkspace(const git::Repository &repository,
                                           const ChangeSpec &spec, TreeCache &cache);

} // namespace difftriage::engine
