#pragma once

#include "core/Expected.h"

#include <QString>
#include <sys/types.h>

namespace difftriage::engine {

// When workers run as an unprivileged user (the executor runs as root), that user must be able to
// read the tree; trees in root's cache (~/.cache under a 0700 /root) are out of its reach. A
// mirror is a root-owned, world-readable copy the unprivileged user can read but not change.
class TreeMirror final
{
public:
    // Whether `uid`/`gid` can reach `path` (search permission on every ancestor) and read it.
    static bool accessibleTo(const QString &path, uid_t uid, gid_t gid);

    // Copies `source` (without .git) into `target` with modes 0755 for directories and 0644 (or
    // 0755 for executables) for files; symbolic links are copied as links.
    static Status copy(const QString &source, const QString &target);
};

} // namespace difftriage::engine
