#include "pipeline/ChangeWorkspace.h"

#include "change/TreeCache.h"
#include "git/Repository.h"

namespace difftriage::engine {

Expected<ChangeWorkspace> loadChange(const git::Repository &repository, const ChangeSpec &spec,
                                     const ProjectConfig &config)
{
    ChangeWorkspace workspace;
    workspace.spec = spec;
    workspace.config = config;
    auto diff = DiffAnalysis::run(repository, spec.base, spec.head);
    if (!diff)
        return diff.error();
    workspace.diff = std::move(*diff);
    return workspace;
}

Status materializeTrees(const git::Repository &repository, TreeCache &cache,
                        ChangeWorkspace &workspace, const TreePreparation &preparation)
{
    const bool prepared = !preparation.command.isEmpty() && preparation.run;
    // The cache key names the command: a changed command prepares fresh trees.
    const QString variant =
        prepared ? QStringLiteral("prepare\n") + preparation.command : QString();
    for (const bool newSide : {false, true}) {
        const QString commit = newSide ? workspace.spec.head : workspace.spec.base;
        TreeCache::PrepareStep step;
        if (prepared)
            step = [&](const QString &tree) { return preparation.run(tree, commit, newSide); };
        auto tree = cache.materialize(repository, commit, variant, step);
        if (!tree)
            return tree.error();
        (newSide ? workspace.newTree : workspace.oldTree) = *tree;
    }
    return Ok{};
}

Expected<ChangeWorkspace> prepareWorkspace(const git::Repository &repository,
                                           const ChangeSpec &spec, TreeCache &cache)
{
    auto config = loadProjectConfig(repository, spec.base);
    if (!config)
        return config.error();
    auto workspace = loadChange(repository, spec, *config);
    if (!workspace)
        return workspace.error();
    if (auto trees = materializeTrees(repository, cache, *workspace); !trees)
        return trees.error();
    return workspace;
}

} // namespace difftriage::engine
