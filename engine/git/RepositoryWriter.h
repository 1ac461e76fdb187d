#pragma once

#include "core/Expected.h"

#include <QByteArray>
#include <QDateTime>
#include <QMap>
#include <QString>
#include <QStringList>
#include <memory>

namespace difftriage::engine::git {

struct Signature
{
    QString name;
    QString email;
    QDateTime when;
};

// Creates a new repository and writes commits into it from in-memory file sets. Used to build the
// demo repository; never pointed at a user's repository.
class RepositoryWriter final
{
public:
    static Expected<RepositoryWriter> init(const QString &path, const QString &initialBranch);

    RepositoryWriter(RepositoryWriter &&) noexcept;
    RepositoryWriter &operator=(RepositoryWriter &&) noexcept;
    ~RepositoryWriter();

    // Files keyed by relative path ("pkg/mod.py"). Returns the tree id.
    Expected<QString> writeTree(const QMap<QString, QByteArray> &files);
    Expected<QString> commit(const QString &treeId, const QStringList &parents,
                             const Signature &author, const QString &message);
    Status setBranch(const QString &branch, const QString &commitId);
    // Points HEAD at the branch and writes its tree into the work tree and index.
    Status checkoutBranch(const QString &branch);

private:
    struct Impl;
    explicit RepositoryWriter(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

} // namespace difftriage::engine::git
