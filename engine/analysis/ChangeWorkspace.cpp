#include "analysis/ChangeWorkspace.h"

#include "change/TreeCache.h"
#include "git/Repository.h"

namespace difftriage::engine {

Expected<ChangeWorkspace> prepareWorkspace(const git::Repository &repository,
                                           const ChangeSpec &spec, TreeCache &cache)
{
    ChangeWorkspace workspace;
    workspace.spec = spec;
    auto config = loadProjectConfig(repository, spec.base);
    if (!config)
        return config.error();
    workspace.config = std::move(*config);
    auto diff = DiffAnalysis::run(repository, spec.base, spec.head);
    if (!diff)
        return diff.error();
    workspace.diff = std::move(*diff);
    auto oldTree = cache.materialize(repository, spec.base);
    if (!oldTree)
        return oldTree.error();
    auto newTree = cache.materialize(repository, spec.head);
    if (!newTree)
        return newTree.error();
    workspace.oldTree = *oldTree;
    workspace.newTree = *newTree;
    return workspace;
}

} // namespace difftriage::engine
