#include "git/RepositoryWriter.h"

#include "git/GitHandles.h"
#include "git/GitLibrary.h"

#include <QDir>
#include <QFile>

namespace difftriage::engine::git {

struct RepositoryWriter::Impl
{
    RepositoryHandle repo;

    Expected<git_oid> writeDirectory(const QMap<QString, QByteArray> &files)
    {
        QMap<QString, QMap<QString, QByteArray>> subdirectories;
        git_treebuilder *rawBuilder = nullptr;
        if (git_treebuilder_new(&rawBuilder, repo.get(), nullptr) != 0)
            return lastError(QStringLiteral("cannot build a tree"));
        TreeBuilderHandle builder(rawBuilder);
        for (auto it = files.cbegin(); it != files.cend(); ++it) {
            const qsizetype slash = it.key().indexOf(QLatin1Char('/'));
            if (slash >= 0) {
                subdirectories[it.key().left(slash)].insert(it.key().mid(slash + 1), it.value());
                continue;
            }
            git_oid blob;
            if (git_blob_create_from_buffer(&blob, repo.get(), it.value().constData(),
                                            static_cast<size_t>(it.value().size())) != 0)
                return lastError(QStringLiteral("cannot write %1").arg(it.key()));
            const QByteArray name = it.key().toUtf8();
            if (git_treebuilder_insert(nullptr, rawBuilder, name.constData(), &blob,
                                       GIT_FILEMODE_BLOB) != 0)
                return lastError(QStringLiteral("cannot add %1").arg(it.key()));
        }
        for (auto it = subdirectories.cbegin(); it != subdirectories.cend(); ++it) {
            auto subtree = writeDirectory(it.value());
            if (!subtree)
                return subtree.error();
            const QByteArray name = it.key().toUtf8();
            if (git_treebuilder_insert(nullptr, rawBuilder, name.constData(), &subtree.value(),
                                       GIT_FILEMODE_TREE) != 0)
                return lastError(QStringLiteral("cannot add directory %1").arg(it.key()));
        }
        git_oid tree;
        if (git_treebuilder_write(&tree, rawBuilder) != 0)
            return lastError(QStringLiteral("cannot write a tree"));
        return tree;
    }
};

RepositoryWriter::RepositoryWriter(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
RepositoryWriter::RepositoryWriter(RepositoryWriter &&) noexcept = default;
RepositoryWriter &RepositoryWriter::operator=(RepositoryWriter &&) noexcept = default;
RepositoryWriter::~RepositoryWriter() = default;

Expected<RepositoryWriter> RepositoryWriter::init(const QString &path, const QString &initialBranch)
{
    ensureLibraryInitialized();
    if (!QDir().mkpath(path))
        return makeError(QStringLiteral("cannot create %1").arg(path));
    git_repository_init_options options = GIT_REPOSITORY_INIT_OPTIONS_INIT;
    options.flags = GIT_REPOSITORY_INIT_MKPATH | GIT_REPOSITORY_INIT_NO_REINIT;
    const QByteArray head = initialBranch.toUtf8();
    options.initial_head = head.constData();
    const QByteArray native = QFile::encodeName(QDir(path).absolutePath());
    git_repository *raw = nullptr;
    if (git_repository_init_ext(&raw, native.constData(), &options) != 0)
        return lastError(QStringLiteral("cannot create a repository in %1").arg(path));
    auto impl = std::make_unique<Impl>();
    impl->repo.reset(raw);
    return RepositoryWriter(std::move(impl));
}

Expected<QString> RepositoryWriter::writeTree(const QMap<QString, QByteArray> &files)
{
    auto tree = m_impl->writeDirectory(files);
    if (!tree)
        return tree.error();
    return oidToHex(*tree);
}

Expected<QString> RepositoryWriter::commit(const QString &treeId, const QStringList &parents,
                                           const Signature &author, const QString &message)
{
    git_oid treeOid;
    if (!oidFromHex(treeId, &treeOid))
        return makeError(QStringLiteral("not a tree id: %1").arg(treeId));
    git_tree *rawTree = nullptr;
    if (git_tree_lookup(&rawTree, m_impl->repo.get(), &treeOid) != 0)
        return lastError(QStringLiteral("cannot read tree %1").arg(treeId));
    TreeHandle tree(rawTree);

    std::vector<CommitHandle> parentOwners;
    std::vector<const git_commit *> parentPointers;
    for (const QString &parent : parents) {
        git_oid oid;
        git_commit *raw = nullptr;
        if (!oidFromHex(parent, &oid) || git_commit_lookup(&raw, m_impl->repo.get(), &oid) != 0)
            return lastError(QStringLiteral("cannot read parent %1").arg(parent));
        parentOwners.emplace_back(raw);
        parentPointers.push_back(raw);
    }

    git_signature *rawSignature = nullptr;
    const QByteArray name = author.name.toUtf8();
    const QByteArray email = author.email.toUtf8();
    if (git_signature_new(&rawSignature, name.constData(), email.constData(),
                          author.when.toSecsSinceEpoch(), author.when.offsetFromUtc() / 60) != 0)
        return lastError(
            QStringLiteral("invalid signature %1 <%2>").arg(author.name, author.email));
    SignatureHandle signature(rawSignature);

    git_oid commitOid;
    const QByteArray text = message.toUtf8();
    if (git_commit_create(&commitOid, m_impl->repo.get(), nullptr, rawSignature, rawSignature,
                          "UTF-8", text.constData(), rawTree, parentPointers.size(),
                          parentPointers.data()) != 0)
        return lastError(QStringLiteral("cannot create a commit"));
    return oidToHex(commitOid);
}

Status RepositoryWriter::setBranch(const QString &branch, const QString &commitId)
{
    git_oid oid;
    if (!oidFromHex(commitId, &oid))
        return makeError(QStringLiteral("not a commit id: %1").arg(commitId));
    const QByteArray refName = QStringLiteral("refs/heads/%1").arg(branch).toUtf8();
    git_reference *raw = nullptr;
    if (git_reference_create(&raw, m_impl->repo.get(), refName.constData(), &oid, 1, nullptr) != 0)
        return lastError(QStringLiteral("cannot set branch %1").arg(branch));
    ReferenceHandle owner(raw);
    return Ok{};
}

Status RepositoryWriter::checkoutBranch(const QString &branch)
{
    const QByteArray refName = QStringLiteral("refs/heads/%1").arg(branch).toUtf8();
    if (git_repository_set_head(m_impl->repo.get(), refName.constData()) != 0)
        return lastError(QStringLiteral("cannot switch to %1").arg(branch));
    git_checkout_options options = GIT_CHECKOUT_OPTIONS_INIT;
    options.checkout_strategy = GIT_CHECKOUT_FORCE;
    if (git_checkout_head(m_impl->repo.get(), &options) != 0)
        return lastError(QStringLiteral("cannot check out %1").arg(branch));
    return Ok{};
}

} // namespace difftriage::engine::git
