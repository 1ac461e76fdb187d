#pragma once

#include <QList>
#include <QPair>
#include <QString>

namespace difftriage::ui {

// Intra-line comparison of two outputs for the side-by-side view: lines are matched by their
// longest common subsequence; a changed line paired with one on the other side gets only the part
// between their common prefix and suffix marked, so "12.35" vs "12.34" lights up one digit.
class OutputDiff final
{
public:
    struct Line
    {
        QString text;
        QList<QPair<int, int>> changed; // (start, length) ranges in text
        bool unmatched = false;         // the whole line has no counterpart
    };
    struct Result
    {
        QList<Line> oldLines;
        QList<Line> newLines;
        QList<QPair<int, int>> pairs; // (old line, new line) shown against each other, in order
    };
    // Where whitespace is drawn as a mark: spaces as ·, tabs as →, line ends as ¶.
    enum class Whitespace
    {
        InChanges,  // inside the changed ranges only: a changed space is seen
        Everywhere, // everywhere, line ends included: for outputs that differ only there
    };

    static Result compare(const QString &oldText, const QString &newText);
    // The outputs differ, but not once spaces, tabs and line ends are set aside.
    static bool differOnlyInWhitespace(const QString &oldText, const QString &newText);
    // <pre-wrap> HTML with the changed ranges on `highlight` (a CSS colour) and whitespace marks
    // in `muted` (a CSS colour).
    static QString toHtml(const QList<Line> &lines, const QString &highlight,
                          Whitespace whitespace = Whitespace::InChanges,
                          const QString &muted = QStringLiteral("#8a8a8a"));
};

} // namespace difftriage::ui
