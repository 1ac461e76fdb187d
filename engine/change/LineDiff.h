#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace difftriage::engine {

// How two lines count as the same.
struct LineComparison
{
    bool ignoreWhitespace = false; // every space, tab and line end removed first (git diff -w)
};

// A line kept by the edit script: its 0-based index on each side.
struct LineMatch
{
    int oldIndex = 0;
    int newIndex = 0;

    bool operator==(const LineMatch &) const = default;
};

// The lines two texts have in common, in order: a shortest edit script by Myers' O(ND)
// algorithm, git's default diff. Beyond MaxEditDistance edits in the part between the common
// prefix and suffix, that part counts as replaced whole: the view stays fast on rewritten files.
class LineDiff final
{
public:
    static constexpr int MaxEditDistance = 2000;

    static QList<LineMatch> match(const QStringList &oldLines, const QStringList &newLines,
                                  LineComparison comparison = {});
    // A file's text as lines, without the empty string after a final newline.
    static QStringList splitLines(const QString &text);
    // The key lines are compared by.
    static QString comparisonKey(const QString &line, LineComparison comparison);
};

} // namespace difftriage::engine
