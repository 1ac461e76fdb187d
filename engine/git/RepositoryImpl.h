#pragma once
// Internal to engine/git.

#include "git/GitHandles.h"
#include "git/Repository.h"

namespace difftriage::engine::git {

struct Repository::Impl
{
    RepositoryHandle repo;
    QString path;

    Expected<CommitHandle> lookupCommit(const QString &id) const;
    Expected<TreeHandle> treeOf(const QString &commitId) const;
};

} // namespace difftriage::engine::git
