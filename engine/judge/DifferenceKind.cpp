#include "judge/DifferenceKind.h"

#include <array>

namespace difftriage::engine {

namespace {

constexpr std::array<std::pair<DifferenceKind, const char *>, 8> KindNames{{
    {DifferenceKind::DifferentException, "different_exception"},
    {DifferenceKind::OnlyOldRaises, "only_old_raises"},
    {DifferenceKind::OnlyNewRaises, "only_new_raises"},
    {DifferenceKind::DifferentOutput, "different_output"},
    {DifferenceKind::OnlyOldAborts, "only_old_aborts"},
    {DifferenceKind::OnlyNewAborts, "only_new_aborts"},
    {DifferenceKind::ApiChange, "api_change"},
    {DifferenceKind::DifferentWarnings, "different_warnings"},
}};

} // namespace

QString toString(DifferenceKind kind)
{
    for (const auto &[value, name] : KindNames)
        if (value == kind)
            return QString::fromLatin1(name);
    return QString();
}

std::optional<DifferenceKind> differenceKindFromString(const QString &text)
{
    for (const auto &[value, name] : KindNames)
        if (text == QLatin1String(name))
            return value;
    return std::nullopt;
}

} // namespace difftriage::engine
