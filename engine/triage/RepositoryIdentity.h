#pragma once

#include <QString>

namespace difftriage::engine {

// What names a repository in the user's data directory: the root commit of its default branch,
// so every clone (a colleague's, a fresh checkout elsewhere) finds the same triage store. A
// repository without commits falls back to a hash of its canonical path.
// Opens the repository: call it off the GUI thread.
QString repositoryIdentity(const QString &repositoryPath);

} // namespace difftriage::engine
