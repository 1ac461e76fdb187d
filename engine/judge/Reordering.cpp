#include "judge/Reordering.h"

#include <algorithm>

namespace difftriage::engine {

bool onlyReordered(const QString &oldOutput, const QString &newOutput)
{
    if (oldOutput == newOutput || oldOutput.size() != newOutput.size())
        return false;
    QString oldSorted = oldOutput;
    QString newSorted = newOutput;
    std::sort(oldSorted.begin(), oldSorted.end());
    std::sort(newSorted.begin(), newSorted.end());
    return oldSorted == newSorted;
}

} // namespace difftriage::engine
