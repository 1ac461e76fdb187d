#pragma once
// Internal to engine/git: owning handles for libgit2 objects. Nothing outside engine/git includes
// this.

#include "core/Expected.h"

#include <QString>
#include <git2.h>
#include <memory>

namespace difftriage::engine::git {

template <auto Free> struct GitDeleter
{
    void operator()(auto *p) const { Free(p); }
};

using RepositoryHandle = std::unique_ptr<git_repository, GitDeleter<git_repository_free>>;
using CommitHandle = std::unique_ptr<git_commit, GitDeleter<git_commit_free>>;
using TreeHandle = std::unique_ptr<git_tree, GitDeleter<git_tree_free>>;
using TreeEntryHandle = std::unique_ptr<git_tree_entry, GitDeleter<git_tree_entry_free>>;
using BlobHandle = std::unique_ptr<git_blob, GitDeleter<git_blob_free>>;
using DiffHandle = std::unique_ptr<git_diff, GitDeleter<git_diff_free>>;
using PatchHandle = std::unique_ptr<git_patch, GitDeleter<git_patch_free>>;
using RevwalkHandle = std::unique_ptr<git_revwalk, GitDeleter<git_revwalk_free>>;
using ReferenceHandle = std::unique_ptr<git_reference, GitDeleter<git_reference_free>>;
using ReferenceIteratorHandle =
    std::unique_ptr<git_reference_iterator, GitDeleter<git_reference_iterator_free>>;
using ObjectHandle = std::unique_ptr<git_object, GitDeleter<git_object_free>>;
using SignatureHandle = std::unique_ptr<git_signature, GitDeleter<git_signature_free>>;
using TreeBuilderHandle = std::unique_ptr<git_treebuilder, GitDeleter<git_treebuilder_free>>;
using IndexHandle = std::unique_ptr<git_index, GitDeleter<git_index_free>>;

// libgit2's last error is thread-local and overwritten by the next call: capture it at once.
Error lastError(const QString &context);

QString oidToHex(const git_oid &oid);
bool oidFromHex(const QString &hex, git_oid *out);

} // namespace difftriage::engine::git
