#pragma once

#include "change/DiffAlignment.h"
#include "change/DiffLayout.h"

#include <QCoreApplication>
#include <QHash>
#include <QStringList>

namespace difftriage::ui {

// One file's two versions laid out for the diff view: the alignment (engine/change), its hunks and
// folds, and for each line of the view what each side shows. Side by side, old line i and new line
// j share a view line when they share a row; unified, one column holds both. Pure data: the view
// paints it, tests read it.
class DiffDocument final
{
    Q_DECLARE_TR_FUNCTIONS(DiffDocument)

public:
    enum class Side
    {
        Old,
        New,
    };
    struct Options
    {
        bool unified = false;
        bool ignoreWhitespace = false;
        int context = 3; // engine::DiffLayout::WholeFile for every line

        bool operator==(const Options &) const = default;
    };
    // One line of the view.
    struct Line
    {
        int oldLine = 0; // 1-based file line on each side; 0: none (a filler, a fold)
        int newLine = 0;
        engine::DiffRow::Kind kind = engine::DiffRow::Kind::Same;
        std::optional<engine::DiffFold> fold;
    };

    DiffDocument() = default;
    DiffDocument(const QString &oldText, const QString &newText, Options options);

    const Options &options() const { return m_options; }
    const QList<Line> &lines() const { return m_lines; }
    // What an editor shows, line by line: one side's text (side by side), or the unified column
    // (`side` ignored when unified). Fillers are empty; a fold says how many lines it holds.
    QStringList editorLines(Side side) const;
    // The margin text of each view line: the file's line number, both in the unified view.
    QStringList editorNumbers(Side side) const;
    // The view line showing a file line, -1 when it is folded away or out of range.
    int viewLineOf(Side side, int fileLine) const;
    // The file line a view line shows on a side (for the unified column: the old line of a removed
    // row, the new line otherwise); 0 for a filler or a fold.
    std::pair<Side, int> fileLineAt(Side editor, int viewLine) const;
    QString fileText(Side side, int fileLine) const;
    // Opens the fold that hides a file line, or the fold on a view line; true if one opened.
    bool revealFileLine(Side side, int fileLine);
    bool revealFold(int viewLine);
    // The first view line of each hunk (a run of changed lines), in order.
    QList<int> hunkStarts() const;
    // What differs inside a changed line, on each side: the row's two lines side by side; in the
    // unified column, a removed or added line and the one that took its place (none: empty).
    std::pair<engine::ChangedSpan, engine::ChangedSpan> changedSpans(int viewLine) const;

private:
    void layOut();

    QStringList m_old;
    QStringList m_new;
    Options m_options;
    QList<engine::DiffRow> m_rows;
    QList<engine::DiffFold> m_revealed;
    QList<Line> m_lines;
    QHash<int, int> m_oldView; // file line → view line
    QHash<int, int> m_newView;
    QHash<int, int> m_newPartnerOf; // unified: old line → the new line that replaced it
    QHash<int, int> m_oldPartnerOf; // and back
};

} // namespace difftriage::ui
