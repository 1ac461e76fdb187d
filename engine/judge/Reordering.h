#pragma once

#include <QString>

namespace difftriage::engine {

// Whether two outputs differ only in the order of what they print (the same characters, a
// mapping's keys in another order): a cause of its own, apart from the target's differences in
// content, which it must not crowd out of the report.
bool onlyReordered(const QString &oldOutput, const QString &newOutput);

} // namespace difftriage::engine
