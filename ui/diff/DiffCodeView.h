#pragma once

#include <QStringList>
#include <Qsci/qsciscintilla.h>

namespace difftriage::ui {

// One side of the diff view (or the whole of the unified one): Python code, read-only, whose
// lines are the view's lines, fillers and folds included. The file's line numbers are margin text,
// so they skip where the view does. Every colour it paints is a Marker or an Indicator named here,
// with the words the legend shows for it (description).
class DiffCodeView final : public QsciScintilla
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiffCodeView)

public:
    enum Margin
    {
        NumberMargin, // the file's line numbers (both sides' in the unified view)
        ChangeMargin, // what happened to the line: removed, added, changed
        ReachMargin,  // the selected difference's test ran this line
    };
    // Backgrounds first (coverage, then layout), then the margin symbols.
    enum Marker
    {
        UncoveredMarker,     // changed, executable, no test reached it: it must stand out
        HeatLowMarker,       // reached by one test
        HeatMediumMarker,    // two to four
        HeatHighMarker,      // five or more
        NotExecutableMarker, // changed, but no statement (a comment, a blank line, `else:`)
        FillerMarker,        // no line on this side: the other side's lines stand here
        FoldMarker,          // unchanged lines folded away
        RemovedMarker,
        AddedMarker,
        ChangedMarker,
        ReachedMarker,
        MarkerCount
    };
    enum Indicator
    {
        ChangedSpanIndicator = 8, // what differs inside a changed line (8: the first free one)
        FoldLinkIndicator,        // a fold's text: click to open it
    };

    explicit DiffCodeView(QWidget *parent = nullptr);

    // The view's lines and their margin text (a file line number, or nothing for a filler).
    void setLines(const QStringList &lines, const QStringList &numbers);
    QStringList numbers() const { return m_numbers; }
    void markLine(int viewLine, Marker marker);
    void clearMarker(Marker marker);
    // Marks [start, start + length) of a view line (UTF-16 offsets).
    void markSpan(int viewLine, int start, int length, Indicator indicator);
    int firstVisibleViewLine() const;
    void setFirstVisibleViewLine(int viewLine);

    static Marker markerForHits(qsizetype hits, bool executable);
    static QColor colour(Marker marker, const QPalette &palette);
    static QColor colour(Indicator indicator, const QPalette &palette);
    static QString description(Marker marker);
    static QString description(Indicator indicator);

signals:
    // The reviewer clicked a line, its margin, or moved the cursor there (0-based view line).
    void viewLineActivated(int viewLine);
    // The reviewer clicked a fold or pressed Enter on it.
    void foldActivated(int viewLine);

protected:
    void changeEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    void applyColours();
    int characterIndex(int viewLine, int utf16Offset) const;
    int cursorLine() const;

    QStringList m_numbers;
    bool m_pressHandled = false; // the press was a margin's or a fold's
};

} // namespace difftriage::ui
