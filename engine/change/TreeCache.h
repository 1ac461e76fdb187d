#pragma once

#include "core/Expected.h"

#include <QSet>
#include <QString>
#include <functional>

namespace difftriage::engine {

namespace git {
class Repository;
}

// Commit trees checked out read-only under the per-user cache directory, keyed by commit id (and a
// variant key such as the prepare command), reused across runs and processes. A tree appears
// atomically: it is written into a temporary directory and renamed into place, so a crash or two
// processes materialising one commit never leave a half tree.
class TreeCache final
{
public:
    static constexpr qint64 DefaultMaxBytes = qint64(4) * 1024 * 1024 * 1024;

    explicit TreeCache(QString root = defaultRoot(), qint64 maxBytes = DefaultMaxBytes);

    static QString defaultRoot();
    QString root() const { return m_root; }

    // Runs in a freshly checked-out tree, before it is frozen; an error discards the tree.
    using PrepareStep = std::function<Status(const QString &tree)>;

    // The directory holding the commit's tree, materialised first when needed. A `prepare` step
    // must come with a `variantKey` naming it, so prepared and plain trees are cached apart.
    Expected<QString> materialize(const git::Repository &repository, const QString &commitId,
                                  const QString &variantKey = QString(),
                                  const PrepareStep &prepare = {});
    // Where a tree would live; it may not exist.
    QString pathFor(const QString &commitId, const QString &variantKey = QString()) const;

    // Removes least recently used trees until the cache fits its size; `keep` are never removed.
    void evict(const QSet<QString> &keep = {});

    // Makes a tree writable again and removes it (trees are read-only on disk).
    static bool removeTree(const QString &path);

private:
    QString keyFor(const QString &commitId, const QString &variantKey) const;

    QString m_root;
    qint64 m_maxBytes;
};

} // namespace difftriage::engine
