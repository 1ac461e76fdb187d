#pragma once

#include "core/Expected.h"
#include "git/CommitInfo.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <memory>
#include <optional>

namespace difftriage::engine::git {

// A read-only view of a local git repository, bare or not. Nothing here writes to the repository:
// checkouts go to a target directory without touching the index, HEAD or the work tree.
// Not thread-safe: each thread opens its own Repository.
class Repository final
{
public:
    static Expected<Repository> open(const QString &path);

    Repository(Repository &&) noexcept;
    Repository &operator=(Repository &&) noexcept;
    ~Repository();

    QString path() const;
    bool isBare() const;

    // Resolves any revision expression (sha, branch, tag, HEAD~2, ...) to a commit id.
    Expected<QString> resolveCommit(const QString &revision) const;
    Expected<CommitInfo> commit(const QString &id) const;

    // origin/HEAD when it exists, else HEAD; the name is the short form (e.g. "main").
    Expected<ReferenceInfo> defaultBranch() const;
    // Commits on the first-parent line from `head`, newest first; limit <= 0 means all.
    Expected<QList<CommitInfo>> firstParentHistory(const QString &head, int limit = 0) const;
    // The commits reachable from `head` but not from `base` (a PR's own commits), newest first.
    Expected<QList<CommitInfo>> commitsBetween(const QString &base, const QString &head,
                                               int limit = 0) const;
    Expected<QList<ReferenceInfo>> references(const QString &glob) const;
    Expected<QString> mergeBase(const QString &a, const QString &b) const;
    Expected<bool> isAncestor(const QString &ancestor, const QString &descendant) const;

    // The content of `path` in commit `id`, or nullopt when the commit has no such file.
    Expected<std::optional<QByteArray>> readFile(const QString &id, const QString &path) const;
    Expected<QList<FileDelta>> diff(const QString &oldId, const QString &newId) const;
    // Writes the commit's tree into `targetDirectory` (created if needed).
    Status checkoutTo(const QString &id, const QString &targetDirectory) const;

    struct Impl;
    Impl &impl() const { return *m_impl; }

private:
    explicit Repository(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

} // namespace difftriage::engine::git
