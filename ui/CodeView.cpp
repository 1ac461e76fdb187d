#include "CodeView.h"

#include <QEvent>
#include <QFontDatabase>
#include <Qsci/qscilexerpython.h>

namespace difftriage::ui {

CodeView::CodeView(QWidget *parent) : QsciScintilla(parent)
{
    auto *lexer = new QsciLexerPython(this);
    const QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    lexer->setDefaultFont(font);
    lexer->setFont(font);
    setLexer(lexer);
    setReadOnly(true);
    setUtf8(true);
    setMarginType(LineNumberMargin, NumberMargin);
    setMarginWidth(LineNumberMargin, QStringLiteral("00000"));
    setMarginWidth(MarkerMargin, 14);
    setMarginSensitivity(MarkerMargin, true);
    setMarginSensitivity(LineNumberMargin, true);
    markerDefine(Background, ChangedLineMarker);
    markerDefine(Background, UncoveredMarker);
    markerDefine(Background, HeatLowMarker);
    markerDefine(Background, HeatMediumMarker);
    markerDefine(Background, HeatHighMarker);
    markerDefine(RightTriangle, ArrowMarker);
    // Only the arrow shows in the symbol margin; the backgrounds colour the text area.
    setMarginMarkerMask(MarkerMargin, 1 << ArrowMarker);
    setMarginMarkerMask(LineNumberMargin, 0);
    applyColours();
    connect(this, &QsciScintilla::marginClicked, this,
            [this](int margin, int line, Qt::KeyboardModifiers) {
                Q_UNUSED(margin);
                emit lineActivated(line + 1);
            });
    connect(this, &QsciScintilla::cursorPositionChanged, this,
            [this](int line, int) { emit lineActivated(line + 1); });
}

void CodeView::setCode(const QString &code)
{
    setReadOnly(false);
    setText(code);
    setReadOnly(true);
}

void CodeView::markLine(int line, Marker marker)
{
    markerAdd(line - 1, marker);
    markerAdd(line - 1, ArrowMarker);
}

void CodeView::clearMarks()
{
    markerDeleteAll();
}

CodeView::Marker CodeView::markerForHits(qsizetype hits, bool executable)
{
    if (!executable)
        return ChangedLineMarker;
    if (hits <= 0)
        return UncoveredMarker;
    return hits == 1 ? HeatLowMarker : hits < 5 ? HeatMediumMarker : HeatHighMarker;
}

void CodeView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyColours();
    QsciScintilla::changeEvent(event);
}

void CodeView::applyColours()
{
    // Follow the system palette: the lexer's defaults are for a light background.
    const QPalette colours = palette();
    const bool dark = colours.color(QPalette::Base).lightness() < 128;
    if (auto *python = qobject_cast<QsciLexerPython *>(lexer())) {
        python->setDefaultPaper(colours.color(QPalette::Base));
        python->setPaper(colours.color(QPalette::Base));
        if (dark) {
            python->setDefaultColor(colours.color(QPalette::Text));
            python->setColor(colours.color(QPalette::Text), QsciLexerPython::Default);
            python->setColor(colours.color(QPalette::Text), QsciLexerPython::Identifier);
            python->setColor(QColor(0x9c, 0xdc, 0xfe), QsciLexerPython::Keyword);
            python->setColor(QColor(0xce, 0x91, 0x78), QsciLexerPython::SingleQuotedString);
            python->setColor(QColor(0xce, 0x91, 0x78), QsciLexerPython::DoubleQuotedString);
            python->setColor(QColor(0x6a, 0x99, 0x55), QsciLexerPython::Comment);
            python->setColor(QColor(0xb5, 0xce, 0xa8), QsciLexerPython::Number);
        }
    }
    setMarginsBackgroundColor(colours.color(QPalette::AlternateBase));
    setMarginsForegroundColor(colours.color(QPalette::PlaceholderText));
    setCaretForegroundColor(colours.color(QPalette::Text));
    setMarkerBackgroundColor(dark ? QColor(0x3a, 0x3b, 0x40) : QColor(0xe6, 0xe6, 0xea),
                             ChangedLineMarker);
    setMarkerBackgroundColor(dark ? QColor(0x7a, 0x2e, 0x2e) : QColor(0xf6, 0xb8, 0xb8),
                             UncoveredMarker);
    setMarkerBackgroundColor(dark ? QColor(0x24, 0x45, 0x2a) : QColor(0xdc, 0xf2, 0xdc),
                             HeatLowMarker);
    setMarkerBackgroundColor(dark ? QColor(0x2f, 0x6a, 0x37) : QColor(0xb0, 0xe2, 0xb0),
                             HeatMediumMarker);
    setMarkerBackgroundColor(dark ? QColor(0x3f, 0x8f, 0x4a) : QColor(0x80, 0xcc, 0x80),
                             HeatHighMarker);
    setMarkerBackgroundColor(colours.color(QPalette::Highlight), ArrowMarker);
    setMarkerForegroundColor(colours.color(QPalette::Highlight), ArrowMarker);
}

} // namespace difftriage::ui
