#include "core/LineRanges.h"

#include <QStringList>
#include <algorithm>

namespace difftriage::engine {

QString compressLineRanges(QList<int> lines)
{
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    QStringList parts;
    for (qsizetype i = 0; i < lines.size();) {
        qsizetype j = i;
        while (j + 1 < lines.size() && lines[j + 1] == lines[j] + 1)
            ++j;
        parts << (i == j ? QString::number(lines[i])
                         : QStringLiteral("%1-%2").arg(lines[i]).arg(lines[j]));
        i = j + 1;
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace difftriage::engine
