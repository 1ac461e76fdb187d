#pragma once

#include "release/ReleaseDocument.h"

namespace difftriage::engine {

namespace git {
class Repository;
}

// What a release view opens: a release document (merge --out), a folder of per-PR reports (CI
// artifacts unpacked), or a CI artifact zip holding either. A folder or zip with a release
// document gives that document; otherwise its report documents are merged (mergeReports, with
// `repository` to tell direct commits apart). Files of other kinds in a folder or zip are
// skipped; a named file that is neither a release nor a report is an error.
Expected<ReleaseDocument> loadReleaseSource(const QString &path,
                                            const git::Repository *repository = nullptr);

} // namespace difftriage::engine
