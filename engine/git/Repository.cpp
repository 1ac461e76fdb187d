#include "git/Repository.h"

#include "git/GitLibrary.h"
#include "git/RepositoryImpl.h"

#include <QDir>
#include <QFileInfo>
#include <QTimeZone>

namespace difftriage::engine::git {

namespace {

QDateTime toDateTime(const git_time &time)
{
    return QDateTime::fromSecsSinceEpoch(time.time, QTimeZone(time.offset * 60));
}

CommitInfo describe(git_commit *commit)
{
    CommitInfo info;
    info.id = oidToHex(*git_commit_id(commit));
    for (unsigned i = 0; i < git_commit_parentcount(commit); ++i)
        info.parents << oidToHex(*git_commit_parent_id(commit, i));
    const char *message = git_commit_message(commit);
    info.message = QString::fromUtf8(message ? message : "");
    info.summary = info.message.section(QLatin1Char('\n'), 0, 0).trimmed();
    const git_signature *author = git_commit_author(commit);
    info.authorName = QString::fromUtf8(author->name);
    info.authorEmail = QString::fromUtf8(author->email);
    info.authorTime = toDateTime(author->when);
    return info;
}

Expected<QString> peelToCommit(git_reference *ref, const QString &name)
{
    git_object *peeled = nullptr;
    if (git_reference_peel(&peeled, ref, GIT_OBJECT_COMMIT) != 0)
        return lastError(QStringLiteral("cannot resolve %1 to a commit").arg(name));
    ObjectHandle owner(peeled);
    return oidToHex(*git_object_id(peeled));
}

} // namespace

Expected<CommitHandle> Repository::Impl::lookupCommit(const QString &id) const
{
    git_oid oid;
    if (!oidFromHex(id, &oid))
        return makeError(QStringLiteral("not a commit id: %1").arg(id));
    git_commit *commit = nullptr;
    if (git_commit_lookup(&commit, repo.get(), &oid) != 0)
        return lastError(QStringLiteral("cannot read commit %1").arg(id));
    return CommitHandle(commit);
}

Expected<TreeHandle> Repository::Impl::treeOf(const QString &commitId) const
{
    auto commit = lookupCommit(commitId);
    if (!commit)
        return commit.error();
    git_tree *tree = nullptr;
    if (git_commit_tree(&tree, commit->get()) != 0)
        return lastError(QStringLiteral("cannot read the tree of %1").arg(commitId));
    return TreeHandle(tree);
}

Repository::Repository(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
Repository::Repository(Repository &&) noexcept = default;
Repository &Repository::operator=(Repository &&) noexcept = default;
Repository::~Repository() = default;

Expected<Repository> Repository::open(const QString &path)
{
    ensureLibraryInitialized();
    const QFileInfo info(path);
    if (!info.exists())
        return makeError(QStringLiteral("no such directory: %1").arg(path));
    if (!info.isDir())
        return makeError(QStringLiteral("not a directory: %1").arg(path));
    if (!info.isReadable() || !info.isExecutable())
        return makeError(QStringLiteral("cannot read directory: %1").arg(path));
    git_repository *raw = nullptr;
    const QByteArray native = QFile::encodeName(info.absoluteFilePath());
    if (git_repository_open_ext(&raw, native.constData(), GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr) !=
        0) {
        const Error error = lastError(QStringLiteral("not a git repository: %1").arg(path));
        return error;
    }
    auto impl = std::make_unique<Impl>();
    impl->repo.reset(raw);
    impl->path = info.absoluteFilePath();
    return Repository(std::move(impl));
}

QString Repository::path() const
{
    return m_impl->path;
}

bool Repository::isBare() const
{
    return git_repository_is_bare(m_impl->repo.get()) == 1;
}

Expected<QString> Repository::resolveCommit(const QString &revision) const
{
    if (revision.trimmed().isEmpty())
        return makeError(QStringLiteral("empty revision"));
    git_object *object = nullptr;
    const QByteArray spec = revision.toUtf8();
    if (git_revparse_single(&object, m_impl->repo.get(), spec.constData()) != 0)
        return lastError(QStringLiteral("unknown revision '%1'").arg(revision));
    ObjectHandle owner(object);
    git_object *peeled = nullptr;
    if (git_object_peel(&peeled, object, GIT_OBJECT_COMMIT) != 0)
        return lastError(QStringLiteral("revision '%1' is not a commit").arg(revision));
    ObjectHandle peeledOwner(peeled);
    return oidToHex(*git_object_id(peeled));
}

Expected<CommitInfo> Repository::commit(const QString &id) const
{
    auto handle = m_impl->lookupCommit(id);
    if (!handle)
        return handle.error();
    return describe(handle->get());
}

Expected<ReferenceInfo> Repository::defaultBranch() const
{
    for (const char *name : {"refs/remotes/origin/HEAD", "HEAD"}) {
        git_reference *ref = nullptr;
        if (git_reference_lookup(&ref, m_impl->repo.get(), name) != 0)
            continue;
        ReferenceHandle owner(ref);
        git_reference *resolved = nullptr;
        if (git_reference_resolve(&resolved, ref) != 0)
            continue; // an unborn HEAD or a dangling origin/HEAD
        ReferenceHandle resolvedOwner(resolved);
        auto target = peelToCommit(resolved, QString::fromUtf8(name));
        if (!target)
            return target.error();
        return ReferenceInfo{QString::fromUtf8(git_reference_shorthand(resolved)), *target};
    }
    return makeError(QStringLiteral("repository has no commits: %1").arg(path()));
}

Expected<QList<CommitInfo>> Repository::firstParentHistory(const QString &head, int limit) const
{
    git_oid oid;
    if (!oidFromHex(head, &oid))
        return makeError(QStringLiteral("not a commit id: %1").arg(head));
    git_revwalk *rawWalk = nullptr;
    if (git_revwalk_new(&rawWalk, m_impl->repo.get()) != 0)
        return lastError(QStringLiteral("cannot walk history"));
    RevwalkHandle walk(rawWalk);
    git_revwalk_simplify_first_parent(walk.get());
    if (git_revwalk_push(walk.get(), &oid) != 0)
        return lastError(QStringLiteral("cannot walk history from %1").arg(head));
    QList<CommitInfo> commits;
    git_oid next;
    while ((limit <= 0 || commits.size() < limit) && git_revwalk_next(&next, walk.get()) == 0) {
        git_commit *raw = nullptr;
        if (git_commit_lookup(&raw, m_impl->repo.get(), &next) != 0)
            return lastError(QStringLiteral("cannot read commit %1").arg(oidToHex(next)));
        CommitHandle commitOwner(raw);
        commits << describe(raw);
    }
    return commits;
}

Expected<QList<CommitInfo>> Repository::commitsBetween(const QString &base, const QString &head,
                                                       int limit) const
{
    git_oid headOid, baseOid;
    if (!oidFromHex(head, &headOid))
        return makeError(QStringLiteral("not a commit id: %1").arg(head));
    if (!oidFromHex(base, &baseOid))
        return makeError(QStringLiteral("not a commit id: %1").arg(base));
    git_revwalk *rawWalk = nullptr;
    if (git_revwalk_new(&rawWalk, m_impl->repo.get()) != 0)
        return lastError(QStringLiteral("cannot walk history"));
    RevwalkHandle walk(rawWalk);
    if (git_revwalk_push(walk.get(), &headOid) != 0 || git_revwalk_hide(walk.get(), &baseOid) != 0)
        return lastError(QStringLiteral("cannot walk history from %1 to %2").arg(base, head));
    QList<CommitInfo> commits;
    git_oid next;
    while ((limit <= 0 || commits.size() < limit) && git_revwalk_next(&next, walk.get()) == 0) {
        git_commit *raw = nullptr;
        if (git_commit_lookup(&raw, m_impl->repo.get(), &next) != 0)
            return lastError(QStringLiteral("cannot read commit %1").arg(oidToHex(next)));
        CommitHandle commitOwner(raw);
        commits << describe(raw);
    }
    return commits;
}

Expected<QList<ReferenceInfo>> Repository::references(const QString &glob) const
{
    git_reference_iterator *rawIterator = nullptr;
    const QByteArray pattern = glob.toUtf8();
    if (git_reference_iterator_glob_new(&rawIterator, m_impl->repo.get(), pattern.constData()) != 0)
        return lastError(QStringLiteral("cannot list references %1").arg(glob));
    ReferenceIteratorHandle iterator(rawIterator);
    QList<ReferenceInfo> refs;
    git_reference *ref = nullptr;
    while (git_reference_next(&ref, iterator.get()) == 0) {
        ReferenceHandle owner(ref);
        if (git_reference_type(ref) == GIT_REFERENCE_SYMBOLIC)
            continue; // origin/HEAD and friends point at a branch listed on its own
        const QString name = QString::fromUtf8(git_reference_name(ref));
        auto target = peelToCommit(ref, name);
        if (target)
            refs << ReferenceInfo{name, *target}; // refs to trees or blobs are not changes
    }
    return refs;
}

Expected<QString> Repository::mergeBase(const QString &a, const QString &b) const
{
    git_oid oidA, oidB, base;
    if (!oidFromHex(a, &oidA) || !oidFromHex(b, &oidB))
        return makeError(QStringLiteral("not a commit id: %1 or %2").arg(a, b));
    if (git_merge_base(&base, m_impl->repo.get(), &oidA, &oidB) != 0)
        return lastError(
            QStringLiteral("no merge base between %1 and %2").arg(a.left(12), b.left(12)));
    return oidToHex(base);
}

Expected<bool> Repository::isAncestor(const QString &ancestor, const QString &descendant) const
{
    if (ancestor == descendant)
        return true;
    git_oid oidA, oidD;
    if (!oidFromHex(ancestor, &oidA) || !oidFromHex(descendant, &oidD))
        return makeError(QStringLiteral("not a commit id: %1 or %2").arg(ancestor, descendant));
    const int result = git_graph_descendant_of(m_impl->repo.get(), &oidD, &oidA);
    if (result < 0)
        return lastError(QStringLiteral("cannot compare %1 and %2").arg(ancestor, descendant));
    return result == 1;
}

Expected<std::optional<QByteArray>> Repository::readFile(const QString &id,
                                                         const QString &path) const
{
    auto tree = m_impl->treeOf(id);
    if (!tree)
        return tree.error();
    git_tree_entry *rawEntry = nullptr;
    const QByteArray entryPath = path.toUtf8();
    if (git_tree_entry_bypath(&rawEntry, tree->get(), entryPath.constData()) != 0)
        return std::optional<QByteArray>();
    TreeEntryHandle entry(rawEntry);
    if (git_tree_entry_type(rawEntry) != GIT_OBJECT_BLOB)
        return std::optional<QByteArray>();
    git_blob *rawBlob = nullptr;
    if (git_blob_lookup(&rawBlob, m_impl->repo.get(), git_tree_entry_id(rawEntry)) != 0)
        return lastError(QStringLiteral("cannot read %1 at %2").arg(path, id.left(12)));
    BlobHandle blob(rawBlob);
    const auto size = static_cast<qsizetype>(git_blob_rawsize(rawBlob));
    return std::optional<QByteArray>(
        QByteArray(static_cast<const char *>(git_blob_rawcontent(rawBlob)), size));
}

Status Repository::checkoutTo(const QString &id, const QString &targetDirectory) const
{
    auto tree = m_impl->treeOf(id);
    if (!tree)
        return tree.error();
    if (!QDir().mkpath(targetDirectory))
        return makeError(QStringLiteral("cannot create %1").arg(targetDirectory));
    const QByteArray target = QFile::encodeName(targetDirectory);
    git_checkout_options options = GIT_CHECKOUT_OPTIONS_INIT;
    // Without DONT_UPDATE_INDEX libgit2 rewrites the repository's own .git/index to match the tree.
    options.checkout_strategy = GIT_CHECKOUT_FORCE | GIT_CHECKOUT_DONT_UPDATE_INDEX |
                                GIT_CHECKOUT_RECREATE_MISSING | GIT_CHECKOUT_DONT_WRITE_INDEX;
    options.target_directory = target.constData();
    options.disable_filters = 1; // the analysed bytes are the committed bytes
    if (git_checkout_tree(m_impl->repo.get(), reinterpret_cast<git_object *>(tree->get()),
                          &options) != 0)
        return lastError(
            QStringLiteral("cannot check out %1 into %2").arg(id.left(12), targetDirectory));
    return Ok{};
}

} // namespace difftriage::engine::git
