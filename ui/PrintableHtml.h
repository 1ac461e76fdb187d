#pragma once

#include <QString>

namespace difftriage::ui {

// The HTML export made printable by QTextDocument, which knows no CSS variables, media queries or
// inline blocks: the light colours written out, long lines wrapped inside the margins, line
// numbers set apart from the code by a rule.
QString printableHtml(const QString &html);

} // namespace difftriage::ui
