#pragma once

#include <Qsci/qsciscintilla.h>

class QsciLexerPython;

namespace difftriage::ui {

// A read-only Python code view: the test panel's and the relation checks'.
class CodeView final : public QsciScintilla
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CodeView)

public:
    enum Margin
    {
        LineNumberMargin,
    };

    explicit CodeView(QWidget *parent = nullptr);
    void setCode(const QString &code);
    // The lexer's colours for the palette: its defaults are for a light background. The diff
    // view's editors use it too.
    static void stylePythonLexer(QsciLexerPython *lexer, const QPalette &palette);

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyColours();
};

} // namespace difftriage::ui
