#pragma once

#include <QString>
#include <optional>

namespace difftriage::engine {

// The reviewer's decision on one difference (docs/ARCHITECTURE.md "Shared vocabulary"). `None`
// means untriaged; it is stored as JSON null, never as a string.
enum class Verdict
{
    None,
    Intended,
    Regression,
    CoincidentalFix,
    SpecUndecided,
    InvalidTest,
};

inline constexpr Verdict AllVerdicts[] = {Verdict::Intended, Verdict::Regression,
                                          Verdict::CoincidentalFix, Verdict::SpecUndecided,
                                          Verdict::InvalidTest};

// The shared spelling (`coincidental_fix`); an empty string for None.
QString toString(Verdict verdict);
// nullopt for anything that is not one of the five spellings (or empty, which is None).
std::optional<Verdict> verdictFromString(const QString &text);
// Higher is more severe: regression > coincidental_fix > spec_undecided > intended > invalid_test
// > untriaged. A PR's overall status is the most severe verdict among its differences.
int severity(Verdict verdict);

} // namespace difftriage::engine
