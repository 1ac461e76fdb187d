#pragma once

#include "core/Vocabulary.h"
#include "report/Report.h"

namespace difftriage::engine {

enum class VerdictOrigin
{
    Reviewer,   // the verdicts decided
    Suggestion, // the verdicts suggested (heuristic or LLM)
};

// A PR's overall status: the most severe verdict among its differences, in the order of
// severity() (regression > coincidental_fix > spec_undecided > intended > invalid_test >
// untriaged). None when no difference has a verdict of that origin.
Verdict overallStatus(const QList<ReportDifference> &differences, VerdictOrigin origin);

} // namespace difftriage::engine
