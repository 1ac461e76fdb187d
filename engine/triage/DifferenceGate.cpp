#include "triage/DifferenceGate.h"

#include "core/Vocabulary.h"

#include <algorithm>

namespace difftriage::engine {

bool blocksGate(const ReportDifference &difference)
{
    return difference.verdict == Verdict::None || difference.verdict == Verdict::Regression;
}

int blockingDifferences(const Report &report)
{
    return static_cast<int>(
        std::count_if(report.differences.cbegin(), report.differences.cend(), blocksGate));
}

} // namespace difftriage::engine
