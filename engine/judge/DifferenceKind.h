#pragma once

#include <QString>
#include <optional>

namespace difftriage::engine {

// Definition 2's kinds of behavioural difference, plus api_change and different_warnings
// (docs/ARCHITECTURE.md, "Shared vocabulary").
enum class DifferenceKind
{
    DifferentException,
    OnlyOldRaises,
    OnlyNewRaises,
    DifferentOutput,
    OnlyOldAborts,
    OnlyNewAborts,
    ApiChange,
    DifferentWarnings
};

QString toString(DifferenceKind kind); // "different_exception", "only_old_raises", ...
std::optional<DifferenceKind> differenceKindFromString(const QString &text);

} // namespace difftriage::engine
