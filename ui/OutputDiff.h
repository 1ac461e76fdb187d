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
    };

    static Result compare(const QString &oldText, const QString &newText);
    // <pre> HTML with the changed ranges on `highlight` (a CSS colour).
    static QString toHtml(const QList<Line> &lines, const QString &highlight);
};

} // namespace difftriage::ui
