#include "triage/OverallStatus.h"

namespace difftriage::engine {

Verdict overallStatus(const QList<ReportDifference> &differences, VerdictOrigin origin)
{
    Verdict overall = Verdict::None;
    for (const ReportDifference &difference : differences) {
        const Verdict verdict =
            origin == VerdictOrigin::Reviewer ? difference.verdict : difference.suggestedVerdict;
        if (severity(verdict) > severity(overall))
            overall = verdict;
    }
    return overall;
}

} // namespace difftriage::engine
