#include "change/DiffAlignment.h"

namespace difftriage::engine {

namespace {

// The lines between two matches, old [oldFrom, oldTo) and new [newFrom, newTo).
void appendGap(QList<DiffRow> &rows, int oldFrom, int oldTo, int newFrom, int newTo,
               DiffAlignment::Mode mode)
{
    if (mode == DiffAlignment::Mode::Unified) {
        for (int i = oldFrom; i < oldTo; ++i)
            rows << DiffRow{i + 1, 0, DiffRow::Kind::Removed};
        for (int j = newFrom; j < newTo; ++j)
            rows << DiffRow{0, j + 1, DiffRow::Kind::Added};
        return;
    }
    int i = oldFrom, j = newFrom;
    for (; i < oldTo && j < newTo; ++i, ++j)
        rows << DiffRow{i + 1, j + 1, DiffRow::Kind::Changed};
    for (; i < oldTo; ++i)
        rows << DiffRow{i + 1, 0, DiffRow::Kind::Removed};
    for (; j < newTo; ++j)
        rows << DiffRow{0, j + 1, DiffRow::Kind::Added};
}

} // namespace

QList<DiffRow> DiffAlignment::align(const QStringList &oldLines, const QStringList &newLines,
                                    Mode mode, LineComparison comparison)
{
    QList<LineMatch> matches = LineDiff::match(oldLines, newLines, comparison);
    // A sentinel past both ends closes the last gap.
    matches << LineMatch{static_cast<int>(oldLines.size()), static_cast<int>(newLines.size())};
    QList<DiffRow> rows;
    rows.reserve(std::max(oldLines.size(), newLines.size()));
    int i = 0, j = 0;
    for (const LineMatch &match : matches) {
        appendGap(rows, i, match.oldIndex, j, match.newIndex, mode);
        if (match.oldIndex < oldLines.size())
            rows << DiffRow{match.oldIndex + 1, match.newIndex + 1, DiffRow::Kind::Same};
        i = match.oldIndex + 1;
        j = match.newIndex + 1;
    }
    return rows;
}

std::pair<ChangedSpan, ChangedSpan> DiffAlignment::changedSpans(const QString &oldLine,
                                                                const QString &newLine)
{
    const qsizetype a = oldLine.size(), b = newLine.size();
    qsizetype prefix = 0;
    while (prefix < a && prefix < b && oldLine[prefix] == newLine[prefix])
        ++prefix;
    qsizetype suffix = 0;
    while (suffix < a - prefix && suffix < b - prefix &&
           oldLine[a - 1 - suffix] == newLine[b - 1 - suffix])
        ++suffix;
    return {ChangedSpan{int(prefix), int(a - prefix - suffix)},
            ChangedSpan{int(prefix), int(b - prefix - suffix)}};
}

} // namespace difftriage::engine
