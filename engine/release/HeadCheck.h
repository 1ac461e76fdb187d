#pragma once

#include "attribution/RevisionRunner.h"
#include "release/ReleaseDocument.h"

#include <atomic>
#include <functional>

namespace difftriage::engine {

// Runs every difference's test on the release's head and records whether the head still behaves
// the PR's new way (present), its old way again (not_present: a later change reverted it) or
// neither (changed_again). Outcomes are compared as the report keeps them: normalised output,
// exception type and how the run ended. Sets `release.head`.
Status checkAtHead(ReleaseDocument &release, const git::Repository &repository,
                   const QString &headCommit, const RevisionRunnerSettings &settings,
                   double testTimeoutSeconds, const std::atomic_bool *cancel = nullptr);

// Whether two recorded outcomes are the same behaviour: how the run ended, the exception type
// when it raised, the normalised output otherwise (aborts all alike).
bool sameBehaviour(const ReportSide &a, const ReportSide &b);

} // namespace difftriage::engine
