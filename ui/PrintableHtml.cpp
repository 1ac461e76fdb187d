#include "PrintableHtml.h"

#include <QHash>
#include <QRegularExpression>

namespace difftriage::ui {

namespace {

// Replaces each match of `pattern` with what `replace` makes of it.
template <typename Replace>
QString replaceAll(const QString &text, const QRegularExpression &pattern, Replace replace)
{
    QString result;
    qsizetype from = 0;
    for (auto it = pattern.globalMatch(text); it.hasNext();) {
        const auto match = it.next();
        result += text.mid(from, match.capturedStart() - from);
        result += replace(match);
        from = match.capturedEnd();
    }
    return result + text.mid(from);
}

} // namespace

QString printableHtml(const QString &html)
{
    // Paper is light: the dark scheme's block goes, the light values are written out.
    static const QRegularExpression darkScheme(
        QStringLiteral(R"(@media\s*\(prefers-color-scheme:\s*dark\)\s*\{[^{}]*\{[^{}]*\}\s*\})"));
    QString printable = html;
    printable.remove(darkScheme);
    static const QRegularExpression definition(QStringLiteral(R"((--[\w-]+)\s*:\s*([^;}]+))"));
    QHash<QString, QString> values;
    for (auto it = definition.globalMatch(printable); it.hasNext();) {
        const auto match = it.next();
        if (!values.contains(match.captured(1)))
            values.insert(match.captured(1), match.captured(2).trimmed());
    }
    static const QRegularExpression use(QStringLiteral(R"(var\((--[\w-]+)\))"));
    printable = replaceAll(printable, use, [&](const QRegularExpressionMatch &match) {
        return values.value(match.captured(1), QStringLiteral("inherit"));
    });

    // QTextDocument reads few selectors: what matters goes inline. Code wraps at the margin
    // with its indentation kept, in a fixed-width font; heatmap lines keep their colours.
    const QString code = QStringLiteral("white-space: pre-wrap; font-family: monospace;");
    printable.replace(QStringLiteral("<pre>"), QStringLiteral("<pre style=\"%1\">").arg(code));
    static const QRegularExpression heatLine(
        QStringLiteral(R"re(<div( class="h(\d)")?([^>]*)><span class="n">)re"));
    printable = replaceAll(printable, heatLine, [&](const QRegularExpressionMatch &match) {
        QString style = code;
        if (!match.captured(2).isEmpty())
            style += QStringLiteral(" background-color: %1;")
                         .arg(values.value(QStringLiteral("--h") + match.captured(2)));
        return QStringLiteral("<div%1%2 style=\"%3\"><span class=\"n\">")
            .arg(match.captured(1), match.captured(3), style);
    });
    // Line numbers right-aligned, then a rule before the code (no inline-block width in print).
    static const QRegularExpression number(QStringLiteral(R"(<span class="n">(\d+)</span>)"));
    printable = replaceAll(printable, number, [](const QRegularExpressionMatch &match) {
        return QStringLiteral("<span class=\"n\" style=\"color: #6b6b70;\">%1 │ </span>")
            .arg(match.captured(1), 4, QChar(0x00A0));
    });
    return printable;
}

} // namespace difftriage::ui
