#pragma once

#include "attribution/Attributor.h"
#include "pipeline/AnalysisOptions.h"

namespace difftriage::engine {

// The runner settings an analysis's options give: its interpreters, prepare step, normalisation,
// sandbox, seed and tree cache. Fails when an interpreter cannot be found.
Expected<RevisionRunnerSettings> revisionRunnerSettings(const AnalysisOptions &options);

// Whether a change is a release-sized range: its base lies on its head's first-parent line with
// at least two PRs after it. Attribution runs by default for those.
Expected<bool> spansSeveralPrs(const git::Repository &repository, const ChangeSpec &change);

// Attributes every difference of a range analysis's report (base..head of `options`) in place.
Status attributeReport(Report &report, const AnalysisOptions &options,
                       const git::Repository &repository, const Attributor::Progress &progress = {},
                       const std::atomic_bool *cancel = nullptr);

// One difference of a change, for a front end that holds a repository path: opens the
// repository and decides the options on the calling thread (run it off the GUI thread).
Expected<ReportAttribution> attributeDifference(const AnalysisRequest &request,
                                                const ReportDifference &difference,
                                                const Attributor::Progress &progress = {},
                                                const std::atomic_bool *cancel = nullptr);

} // namespace difftriage::engine
