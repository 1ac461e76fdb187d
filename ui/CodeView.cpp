#include "CodeView.h"

#include "LexerColours.h"

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
    applyColours();
}

void CodeView::setCode(const QString &code)
{
    setReadOnly(false);
    setText(code);
    setReadOnly(true);
}

void CodeView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyColours();
    QsciScintilla::changeEvent(event);
}

void CodeView::stylePythonLexer(QsciLexerPython *python, const QPalette &colours)
{
    adaptLexerToPalette(python, colours);
}

void CodeView::applyColours()
{
    // Follow the system palette: the lexer's defaults are for a light background.
    const QPalette colours = palette();
    if (auto *python = qobject_cast<QsciLexerPython *>(lexer()))
        stylePythonLexer(python, colours);
    setMarginsBackgroundColor(colours.color(QPalette::AlternateBase));
    setMarginsForegroundColor(colours.color(QPalette::PlaceholderText));
    setCaretForegroundColor(colours.color(QPalette::Text));
}

} // namespace difftriage::ui
