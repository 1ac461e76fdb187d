#pragma once

#include "change/ChangeSpec.h"
#include "change/DiffAnalysis.h"
#include "config/ProjectConfig.h"
#include "core/Expected.h"

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

Expected<ChangeWorkspace> prepareWorkspace(const git::Repository &repository,
                                           const ChangeSpec &spec, TreeCache &cache);

} // namespace difftriage::engine
