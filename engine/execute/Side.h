#pragma once

#include <QString>

namespace difftriage::engine {

// The two versions a pull request compares: the base tree and the head tree.
enum class Side
{
    Old,
    New
};

inline QString toString(Side side)
{
    return side == Side::Old ? QStringLiteral("old") : QStringLiteral("new");
}

} // namespace difftriage::engine
