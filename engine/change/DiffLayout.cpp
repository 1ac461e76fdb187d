#include "change/DiffLayout.h"

#include <vector>

namespace difftriage::engine {

QList<DiffDisplayLine> DiffLayout::lay(const QList<DiffRow> &rows, int context,
                                       const QList<DiffFold> &revealed)
{
    const int count = static_cast<int>(rows.size());
    std::vector<bool> shown(size_t(count), context == WholeFile);
    if (context != WholeFile) {
        for (int row = 0; row < count; ++row) {
            if (!rows[row].isChange())
                continue;
            for (int near = std::max(0, row - context); near <= std::min(count - 1, row + context);
                 ++near)
                shown[size_t(near)] = true;
        }
    }
    for (const DiffFold &fold : revealed) {
        for (int row = std::max(0, fold.firstRow);
             row < std::min(count, fold.firstRow + fold.rowCount); ++row)
            shown[size_t(row)] = true;
    }
    QList<DiffDisplayLine> lines;
    for (int row = 0; row < count;) {
        if (shown[size_t(row)]) {
            lines << DiffDisplayLine{row, {}};
            ++row;
            continue;
        }
        int end = row;
        while (end < count && !shown[size_t(end)])
            ++end;
        if (end - row == 1)
            lines << DiffDisplayLine{row, {}};
        else
            lines << DiffDisplayLine{-1, DiffFold{row, end - row}};
        row = end;
    }
    return lines;
}

} // namespace difftriage::engine
