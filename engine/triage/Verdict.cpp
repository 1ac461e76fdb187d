#include "triage/Verdict.h"

namespace difftriage::engine {

QString toString(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Intended:
        return QStringLiteral("intended");
    case Verdict::Regression:
        return QStringLiteral("regression");
    case Verdict::CoincidentalFix:
        return QStringLiteral("coincidental_fix");
    case Verdict::SpecUndecided:
        return QStringLiteral("spec_undecided");
    case Verdict::InvalidTest:
        return QStringLiteral("invalid_test");
    case Verdict::None:
        break;
    }
    return {};
}

std::optional<Verdict> verdictFromString(const QString &text)
{
    if (text.isEmpty())
        return Verdict::None;
    for (Verdict verdict : AllVerdicts) {
        if (toString(verdict) == text)
            return verdict;
    }
    return std::nullopt;
}

int severity(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Regression:
        return 5;
    case Verdict::CoincidentalFix:
        return 4;
    case Verdict::SpecUndecided:
        return 3;
    case Verdict::Intended:
        return 2;
    case Verdict::InvalidTest:
        return 1;
    case Verdict::None:
        break;
    }
    return 0;
}

} // namespace difftriage::engine
