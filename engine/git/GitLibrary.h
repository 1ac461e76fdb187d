#pragma once

namespace difftriage::engine::git {

// libgit2 wants git_libgit2_init() once before any call; every entry point of engine/git calls
// this, so callers never have to remember it.
void ensureLibraryInitialized();

} // namespace difftriage::engine::git
