#include "CodeView.h"

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
    setMarginWidth(MarkerMargin, 12);
    markerDefine(Background, ChangedLineMarker);
}

void CodeView::setCode(const QString &code)
{
    setReadOnly(false);
    setText(code);
    setReadOnly(true);
}

} // namespace difftriage::ui
