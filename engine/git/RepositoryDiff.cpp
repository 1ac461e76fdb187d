// Repository::diff: tree-to-tree diff with zero context lines, renames detected.
#include "git/Repository.h"
#include "git/RepositoryImpl.h"

namespace difftriage::engine::git {

namespace {

DeltaStatus toStatus(git_delta_t status)
{
    switch (status) {
    case GIT_DELTA_ADDED:
        return DeltaStatus::Added;
    case GIT_DELTA_DELETED:
        return DeltaStatus::Deleted;
    case GIT_DELTA_RENAMED:
        return DeltaStatus::Renamed;
    case GIT_DELTA_COPIED:
        return DeltaStatus::Copied;
    case GIT_DELTA_TYPECHANGE:
        return DeltaStatus::TypeChanged;
    default:
        return DeltaStatus::Modified;
    }
}

Status collectLines(git_patch *patch, FileDelta &delta)
{
    const size_t hunks = git_patch_num_hunks(patch);
    for (size_t h = 0; h < hunks; ++h) {
        const git_diff_hunk *hunk = nullptr;
        size_t lines = 0;
        if (git_patch_get_hunk(&hunk, &lines, patch, h) != 0)
            return lastError(QStringLiteral("cannot read a hunk of %1").arg(delta.newPath));
        for (size_t l = 0; l < lines; ++l) {
            const git_diff_line *line = nullptr;
            if (git_patch_get_line_in_hunk(&line, patch, h, l) != 0)
                return lastError(QStringLiteral("cannot read a line of %1").arg(delta.newPath));
            if (line->origin == GIT_DIFF_LINE_DELETION)
                delta.oldLines << line->old_lineno;
            else if (line->origin == GIT_DIFF_LINE_ADDITION)
                delta.newLines << line->new_lineno;
        }
    }
    return Ok{};
}

} // namespace

Expected<QList<FileDelta>> Repository::diff(const QString &oldId, const QString &newId) const
{
    auto oldTree = m_impl->treeOf(oldId);
    if (!oldTree)
        return oldTree.error();
    auto newTree = m_impl->treeOf(newId);
    if (!newTree)
        return newTree.error();

    git_diff_options options = GIT_DIFF_OPTIONS_INIT;
    options.context_lines = 0;
    options.interhunk_lines = 0;
    git_diff *rawDiff = nullptr;
    if (git_diff_tree_to_tree(&rawDiff, m_impl->repo.get(), oldTree->get(), newTree->get(),
                              &options) != 0)
        return lastError(QStringLiteral("cannot diff %1..%2").arg(oldId.left(12), newId.left(12)));
    DiffHandle diffHandle(rawDiff);

    git_diff_find_options find = GIT_DIFF_FIND_OPTIONS_INIT;
    find.flags = GIT_DIFF_FIND_RENAMES;
    if (git_diff_find_similar(rawDiff, &find) != 0)
        return lastError(QStringLiteral("cannot detect renames"));

    QList<FileDelta> deltas;
    const size_t count = git_diff_num_deltas(rawDiff);
    for (size_t i = 0; i < count; ++i) {
        const git_diff_delta *raw = git_diff_get_delta(rawDiff, i);
        FileDelta delta;
        delta.status = toStatus(raw->status);
        delta.oldPath = QString::fromUtf8(raw->old_file.path);
        delta.newPath = QString::fromUtf8(raw->new_file.path);
        delta.similarity = static_cast<int>(raw->similarity);
        git_patch *rawPatch = nullptr;
        if (git_patch_from_diff(&rawPatch, rawDiff, i) != 0)
            return lastError(QStringLiteral("cannot read the diff of %1").arg(delta.newPath));
        PatchHandle patch(rawPatch);
        // The binary flag is only known once the patch has loaded the content.
        delta.binary = (git_patch_get_delta(rawPatch)->flags & GIT_DIFF_FLAG_BINARY) != 0;
        if (!delta.binary) {
            if (auto status = collectLines(rawPatch, delta); !status)
                return status.error();
        }
        deltas << std::move(delta);
    }
    return deltas;
}

} // namespace difftriage::engine::git
