#include "triage/OverallStatus.h"

namespace difftriage::engine {

Verdict overallStatus(const QList<ReportDifference> &differences, VerdictOrigin origin)
{
    Verdict overall = Verdict::None;
    for (const ReportDifference &difference : differences) {
        const std::optional<QString> &text =
            origin == VerdictOrigin::Reviewer ? difference.verdict : difference.suggestedVerdict;
        const Verdict verdict = verdictFromString(text.value_or(QString())).value_or(Verdict::None);
        if (severity(verdict) > severity(overall))
            overall = verdict;
    }
    return overall;
}

} // namespace difftriage::engine
