#pragma once

#include "change/ChangeSpec.h"
#include "core/Expected.h"

#include <QList>
#include <optional>

namespace difftriage::engine {

namespace git {
class Repository;
struct CommitInfo;
} // namespace git

// The changes a repository offers for review: merged PRs on the default branch's first-parent line,
// fetched PR refs and branches not yet merged, and any two revisions the user names.
class ChangeSource final
{
public:
    struct Options
    {
        int historyLimit = 0; // first-parent commits to scan; 0 = all
        bool includeBranches = true;
    };

    explicit ChangeSource(const git::Repository &repository);

    Expected<QList<ChangeSpec>> list(const Options &options) const;
    Expected<QList<ChangeSpec>> list() const { return list(Options{}); }
    // A PR by number: merged ones first, then fetched refs/pull/N/head.
    Expected<ChangeSpec> pullRequest(int number) const;
    // A branch (local, remote-tracking or any ref) against its merge base with the default branch.
    Expected<ChangeSpec> branch(const QString &name) const;
    Expected<ChangeSpec> revisions(const QString &base, const QString &head) const;
    // The PR a commit of the first-parent line merged (a merge commit, or a squash commit ending
    // "(#N)"); nullopt for a plain commit.
    std::optional<ChangeSpec> mergedChange(const git::CommitInfo &commit) const;

private:
    Expected<QList<ChangeSpec>> merged(int historyLimit) const;
    Expected<QList<ChangeSpec>> unmerged() const;
    Expected<ChangeSpec> againstDefault(const QString &head, const QString &ref,
                                        ChangeState state) const;

    const git::Repository &m_repository;
};

} // namespace difftriage::engine
