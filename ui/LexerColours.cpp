#include "LexerColours.h"

#include <Qsci/qscilexer.h>
#include <Qsci/qsciscintillabase.h>
#include <cmath>

namespace difftriage::ui {

namespace {

double luminance(const QColor &colour)
{
    const auto channel = [](double value) {
        return value <= 0.03928 ? value / 12.92 : std::pow((value + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) +
           0.0722 * channel(colour.blueF());
}

// The colour with its hue kept and its lightness raised (on dark) or lowered (on light) until
// it reads on `paper` (4.5:1, WCAG's level for body text).
QColor readableOn(QColor colour, const QColor &paper)
{
    const bool darkPaper = luminance(paper) < 0.5;
    for (int step = 0; step < 40 && contrastRatio(colour, paper) < 4.5; ++step) {
        float hue = 0, saturation = 0, lightness = 0, alpha = 1;
        colour.getHslF(&hue, &saturation, &lightness, &alpha);
        lightness =
            darkPaper ? std::min(1.0F, lightness + 0.03F) : std::max(0.0F, lightness - 0.03F);
        colour = QColor::fromHslF(hue, saturation, lightness, alpha);
    }
    return colour;
}

} // namespace

double contrastRatio(const QColor &a, const QColor &b)
{
    const double first = luminance(a), second = luminance(b);
    return (std::max(first, second) + 0.05) / (std::min(first, second) + 0.05);
}

void adaptLexerToPalette(QsciLexer *lexer, const QPalette &palette)
{
    const QColor paper = palette.color(QPalette::Base);
    const bool dark = paper.lightness() < 128;
    lexer->setDefaultPaper(paper);
    lexer->setDefaultColor(palette.color(QPalette::Text));
    for (int style = 0; style <= QsciScintillaBase::STYLE_MAX; ++style) {
        if (lexer->description(style).isEmpty())
            continue;
        lexer->setPaper(paper, style);
        // Near-black defaults (plain text, identifiers) take the palette's text colour on dark.
        QColor colour = lexer->defaultColor(style);
        if (dark && colour.lightness() < 40)
            colour = palette.color(QPalette::Text);
        lexer->setColor(readableOn(colour, paper), style);
    }
}

} // namespace difftriage::ui
