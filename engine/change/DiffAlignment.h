#pragma once

#include "change/LineDiff.h"

#include <QList>
#include <QStringList>

namespace difftriage::engine {

// One display row of a diff: the old line beside the new one (side by side), or one line of
// either (unified). Line numbers are 1-based; 0 means the side has no line on this row (a filler).
struct DiffRow
{
    enum class Kind
    {
        Same,    // the same line on both sides (or the same but for whitespace, when ignored)
        Changed, // an old line and the new line that took its place
        Removed, // an old line only
        Added,   // a new line only
    };

    int oldLine = 0;
    int newLine = 0;
    Kind kind = Kind::Same;

    bool isChange() const { return kind != Kind::Same; }
    bool operator==(const DiffRow &) const = default;
};

// What differs inside a changed row: the span between the common prefix and suffix on each side
// (UTF-16 offsets into the line), so "rate = 0.19" against "rate = 0.2" marks "19" and "2".
struct ChangedSpan
{
    int start = 0;
    int length = 0;
};

// Aligns two versions of a file for display: Myers' matches (LineDiff), and between two matches
// the removed and added lines. Side by side pairs them in order, a filler standing in for the
// shorter side, so old line i and new line j share a row; unified lists the removed lines, then
// the added ones, and the same lines once.
class DiffAlignment final
{
public:
    enum class Mode
    {
        SideBySide,
        Unified,
    };

    static QList<DiffRow> align(const QStringList &oldLines, const QStringList &newLines, Mode mode,
                                LineComparison comparison = {});
    static std::pair<ChangedSpan, ChangedSpan> changedSpans(const QString &oldLine,
                                                            const QString &newLine);
};

} // namespace difftriage::engine
