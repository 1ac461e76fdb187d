#include "DiffCodeView.h"

#include "CodeView.h"

#include <QEvent>
#include <QFontDatabase>
#include <QKeyEvent>
#include <QMouseEvent>
#include <Qsci/qscilexerpython.h>

namespace difftriage::ui {

namespace {

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

QColor pick(const QPalette &palette, QColor light, QColor dark)
{
    return isDark(palette) ? dark : light;
}

} // namespace

DiffCodeView::DiffCodeView(QWidget *parent) : QsciScintilla(parent)
{
    auto *lexer = new QsciLexerPython(this);
    const QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    lexer->setDefaultFont(font);
    lexer->setFont(font);
    setLexer(lexer);
    setReadOnly(true);
    setUtf8(true);
    setMarginsFont(font);
    setMarginType(NumberMargin, TextMargin);
    setMarginType(ChangeMargin, SymbolMargin);
    setMarginType(ReachMargin, SymbolMargin);
    setMarginWidth(ChangeMargin, 5);
    setMarginWidth(ReachMargin, 12);
    for (Margin margin : {NumberMargin, ChangeMargin, ReachMargin})
        setMarginSensitivity(margin, true);
    for (int marker = UncoveredMarker; marker <= FoldMarker; ++marker)
        markerDefine(Background, marker);
    for (int marker : {RemovedMarker, AddedMarker, ChangedMarker})
        markerDefine(FullRectangle, marker);
    markerDefine(Circle, ReachedMarker);
    setMarginMarkerMask(NumberMargin, 0);
    setMarginMarkerMask(ChangeMargin,
                        (1 << RemovedMarker) | (1 << AddedMarker) | (1 << ChangedMarker));
    setMarginMarkerMask(ReachMargin, 1 << ReachedMarker);
    indicatorDefine(FullBoxIndicator, ChangedSpanIndicator);
    indicatorDefine(DotsIndicator, FoldLinkIndicator);
    // Under the text: the box marks the span without hiding what it marks.
    setIndicatorDrawUnder(true, ChangedSpanIndicator);
    SendScintilla(SCI_INDICSETALPHA, ChangedSpanIndicator, 110);
    SendScintilla(SCI_INDICSETOUTLINEALPHA, ChangedSpanIndicator, 200);
    // A frame, not a fill: the line's own colour (its coverage) stays readable when selected.
    setCaretLineVisible(true);
    SendScintilla(SCI_SETCARETLINEFRAME, 2);
    applyColours();

    connect(this, &QsciScintilla::marginClicked, this,
            [this](int, int line, Qt::KeyboardModifiers) {
                m_pressHandled = true;
                if (markersAtLine(line) & (1 << FoldMarker))
                    emit foldActivated(line);
                else
                    emit viewLineActivated(line);
            });
    connect(this, &QsciScintilla::indicatorClicked, this,
            [this](int line, int, Qt::KeyboardModifiers) {
                if (markersAtLine(line) & (1 << FoldMarker)) {
                    m_pressHandled = true;
                    emit foldActivated(line);
                }
            });
    // Not cursorPositionChanged: Scintilla sends it when it next paints, late or never (a new
    // text moves the caret unseen), and for moves the reviewer did not make.
}

void DiffCodeView::setLines(const QStringList &lines, const QStringList &numbers)
{
    m_numbers = numbers;
    const QSignalBlocker blocker(this); // a new text is not the reviewer's click
    setReadOnly(false);
    setText(lines.join(QLatin1Char('\n')));
    setReadOnly(true);
    markerDeleteAll();
    clearMarginText();
    clearIndicatorRange(0, 0, std::max(0, this->lines() - 1), 0, ChangedSpanIndicator);
    qsizetype widest = 1;
    for (int line = 0; line < numbers.size(); ++line) {
        if (!numbers[line].isEmpty())
            setMarginText(line, numbers[line], STYLE_LINENUMBER);
        widest = std::max(widest, numbers[line].size());
    }
    setMarginWidth(NumberMargin, QString(widest + 1, QLatin1Char('0')));
}

void DiffCodeView::markLine(int viewLine, Marker marker)
{
    markerAdd(viewLine, marker);
}

void DiffCodeView::clearMarker(Marker marker)
{
    markerDeleteAll(marker);
}

int DiffCodeView::characterIndex(int viewLine, int utf16Offset) const
{
    // Scintilla counts characters, Qt UTF-16 units: they differ only past the BMP.
    const QString prefix = text(viewLine).left(utf16Offset);
    return static_cast<int>(prefix.toUcs4().size());
}

void DiffCodeView::markSpan(int viewLine, int start, int length, Indicator indicator)
{
    if (length <= 0)
        return;
    fillIndicatorRange(viewLine, characterIndex(viewLine, start), viewLine,
                       characterIndex(viewLine, start + length), indicator);
}

int DiffCodeView::firstVisibleViewLine() const
{
    return firstVisibleLine();
}

void DiffCodeView::setFirstVisibleViewLine(int viewLine)
{
    setFirstVisibleLine(viewLine);
}

DiffCodeView::Marker DiffCodeView::markerForHits(qsizetype hits, bool executable)
{
    if (!executable)
        return NotExecutableMarker;
    if (hits <= 0)
        return UncoveredMarker;
    return hits == 1 ? HeatLowMarker : hits < 5 ? HeatMediumMarker : HeatHighMarker;
}

QColor DiffCodeView::colour(Marker marker, const QPalette &palette)
{
    switch (marker) {
    case UncoveredMarker:
        return pick(palette, QColor(0xf6, 0xb8, 0xb8), QColor(0x7a, 0x2e, 0x2e));
    case HeatLowMarker:
        return pick(palette, QColor(0xdc, 0xf2, 0xdc), QColor(0x24, 0x45, 0x2a));
    case HeatMediumMarker:
        return pick(palette, QColor(0xb0, 0xe2, 0xb0), QColor(0x2f, 0x6a, 0x37));
    case HeatHighMarker:
        return pick(palette, QColor(0x80, 0xcc, 0x80), QColor(0x3f, 0x8f, 0x4a));
    case NotExecutableMarker:
        return pick(palette, QColor(0xe6, 0xe6, 0xea), QColor(0x3a, 0x3b, 0x40));
    case FillerMarker:
        return pick(palette, QColor(0xf1, 0xf1, 0xf1), QColor(0x26, 0x26, 0x28));
    case FoldMarker:
        return pick(palette, QColor(0xe4, 0xed, 0xf8), QColor(0x24, 0x30, 0x3e));
    case RemovedMarker:
        return QColor(0xd0, 0x3c, 0x3c);
    case AddedMarker:
        return QColor(0x2e, 0x9e, 0x44);
    case ChangedMarker:
        return QColor(0xd8, 0x9a, 0x1c);
    case ReachedMarker:
        return pick(palette, QColor(0x4a, 0x3a, 0xc8), QColor(0xb0, 0xa4, 0xff));
    case MarkerCount:
        break;
    }
    return {};
}

QColor DiffCodeView::colour(Indicator indicator, const QPalette &palette)
{
    if (indicator == FoldLinkIndicator)
        return palette.color(QPalette::Link);
    // Light enough under the lexer's colours, strong enough over the heatmap's greens.
    return pick(palette, QColor(0xf7, 0xb2, 0x6a), QColor(0x8a, 0x52, 0x18));
}

QString DiffCodeView::description(Marker marker)
{
    switch (marker) {
    case UncoveredMarker:
        return tr("changed, no test reached it");
    case HeatLowMarker:
        return tr("reached by 1 test");
    case HeatMediumMarker:
        return tr("reached by 2–4 tests");
    case HeatHighMarker:
        return tr("reached by 5 or more tests");
    case NotExecutableMarker:
        return tr("changed, not a statement (comment, blank line)");
    case FillerMarker:
        return tr("no line on this side");
    case FoldMarker:
        return tr("unchanged lines folded (click to show)");
    case RemovedMarker:
        return tr("removed");
    case AddedMarker:
        return tr("added");
    case ChangedMarker:
        return tr("changed");
    case ReachedMarker:
        return tr("run by the selected difference's test");
    case MarkerCount:
        break;
    }
    return {};
}

QString DiffCodeView::description(Indicator indicator)
{
    return indicator == ChangedSpanIndicator ? tr("what differs inside the line")
                                             : tr("click to show the folded lines");
}

void DiffCodeView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyColours();
    QsciScintilla::changeEvent(event);
}

int DiffCodeView::cursorLine() const
{
    int line = 0, index = 0;
    getCursorPosition(&line, &index);
    return line;
}

void DiffCodeView::keyPressEvent(QKeyEvent *event)
{
    const int before = cursorLine();
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) &&
        (markersAtLine(before) & (1 << FoldMarker))) {
        emit foldActivated(before);
        return;
    }
    QsciScintilla::keyPressEvent(event);
    if (const int after = cursorLine(); after != before)
        emit viewLineActivated(after);
}

void DiffCodeView::mousePressEvent(QMouseEvent *event)
{
    m_pressHandled = false;
    QsciScintilla::mousePressEvent(event);
    // A margin or a fold has answered the click already; a click on the text moves the caret.
    if (event->button() == Qt::LeftButton && !m_pressHandled)
        emit viewLineActivated(cursorLine());
}

void DiffCodeView::applyColours()
{
    const QPalette colours = palette();
    if (auto *python = qobject_cast<QsciLexerPython *>(lexer()))
        CodeView::stylePythonLexer(python, colours);
    setMarginsBackgroundColor(colours.color(QPalette::AlternateBase));
    setMarginsForegroundColor(colours.color(QPalette::PlaceholderText));
    setCaretForegroundColor(colours.color(QPalette::Text));
    setCaretLineBackgroundColor(colours.color(QPalette::Highlight));
    for (int marker = 0; marker < MarkerCount; ++marker) {
        const QColor colour = DiffCodeView::colour(Marker(marker), colours);
        setMarkerBackgroundColor(colour, marker);
        setMarkerForegroundColor(colour, marker);
    }
    for (Indicator indicator : {ChangedSpanIndicator, FoldLinkIndicator}) {
        setIndicatorForegroundColor(colour(indicator, colours), indicator);
        setIndicatorOutlineColor(colour(indicator, colours), indicator);
    }
}

} // namespace difftriage::ui
