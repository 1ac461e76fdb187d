#pragma once

#include <QColor>
#include <QPalette>

class QsciLexer;

namespace difftriage::ui {

// A lexer's colours for the palette in use: QScintilla's defaults are for a light background,
// and on a dark one several (docstrings in dark red, decorators, unclosed strings) vanish.
// Every style of the lexer gets the palette's background and a foreground that stays readable.
void adaptLexerToPalette(QsciLexer *lexer, const QPalette &palette);

// WCAG's contrast ratio of two colours, from 1 (same) to 21 (black on white).
double contrastRatio(const QColor &a, const QColor &b);

} // namespace difftriage::ui
