#include "triage/DifferenceGate.h"

#include "triage/Verdict.h"

#include <algorithm>

namespace difftriage::engine {

bool blocksGate(const ReportDifference &difference)
{
    // A spelling this version does not know blocks: the gate errs on the side of a human look.
    const auto verdict = verdictFromString(difference.verdict.value_or(QString()));
    return !verdict || *verdict == Verdict::None || *verdict == Verdict::Regression;
}

int blockingDifferences(const Report &report)
{
    return static_cast<int>(
        std::count_if(report.differences.cbegin(), report.differences.cend(), blocksGate));
}

} // namespace difftriage::engine
