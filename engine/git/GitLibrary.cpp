#include "git/GitLibrary.h"

#include <git2.h>

namespace difftriage::engine::git {

namespace {
struct LibraryGuard
{
    LibraryGuard() { git_libgit2_init(); }
    ~LibraryGuard() { git_libgit2_shutdown(); }
    LibraryGuard(const LibraryGuard &) = delete;
    LibraryGuard &operator=(const LibraryGuard &) = delete;
};
} // namespace

void ensureLibraryInitialized()
{
    static LibraryGuard guard; // thread-safe static initialisation
}

} // namespace difftriage::engine::git
