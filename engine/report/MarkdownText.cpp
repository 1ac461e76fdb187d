#include "report/MarkdownText.h"

namespace difftriage::engine {

QString markdownFence(const QString &text, const QString &language)
{
    QString fence = QStringLiteral("```");
    while (text.contains(fence))
        fence += QLatin1Char('`');
    QString body = text;
    if (!body.endsWith(QLatin1Char('\n')))
        body += QLatin1Char('\n');
    return fence + language + QLatin1Char('\n') + body + fence + QLatin1Char('\n');
}

} // namespace difftriage::engine
