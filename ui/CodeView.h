#pragma once

#include <Qsci/qsciscintilla.h>

namespace difftriage::ui {

// A read-only Python code view; the coverage heatmap builds on its margins and markers.
class CodeView final : public QsciScintilla
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CodeView)

public:
    enum Margin
    {
        LineNumberMargin,
        MarkerMargin,
    };
    // Changed lines by how many tests reached them: the heatmap's buckets.
    enum Marker
    {
        ChangedLineMarker, // changed, not executable (a comment, a blank line)
        UncoveredMarker,   // changed, executable, no test reached it: it must stand out
        HeatLowMarker,     // reached by one test
        HeatMediumMarker,  // two to four
        HeatHighMarker,    // five or more
        ArrowMarker,       // the margin symbol on every changed line
    };

    explicit CodeView(QWidget *parent = nullptr);
    void setCode(const QString &code);
    // Marks a 1-based line.
    void markLine(int line, Marker marker);
    void clearMarks();
    static Marker markerForHits(qsizetype hits, bool executable);

signals:
    // The reviewer clicked a line or its margin (1-based).
    void lineActivated(int line);

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyColours();
};

} // namespace difftriage::ui
