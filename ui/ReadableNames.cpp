#include "ReadableNames.h"

#include <QRegularExpression>
#include <QStringList>

namespace difftriage::ui {

namespace {

QString shortened(const QString &text, int maxLength)
{
    return text.size() <= maxLength ? text : text.left(maxLength - 1) + QChar(0x2026);
}

// "print(repr(x))" → "x": the wrappers a generated test puts around what it shows.
QString unwrapped(QString expression)
{
    for (const QString &wrapper : {QStringLiteral("print("), QStringLiteral("repr(")}) {
        if (expression.startsWith(wrapper) && expression.endsWith(QLatin1Char(')')))
            expression = expression.mid(wrapper.size(), expression.size() - wrapper.size() - 1);
    }
    return expression.trimmed();
}

bool isPlainName(const QString &text)
{
    static const QRegularExpression name(QStringLiteral("^[A-Za-z_][A-Za-z_0-9]*$"));
    return name.match(text).hasMatch();
}

} // namespace

TargetName targetName(const QString &qualifiedName)
{
    const QStringList parts = qualifiedName.split(QLatin1Char('.'), Qt::SkipEmptyParts);
    if (parts.size() < 2)
        return {QString(), qualifiedName};
    qsizetype first = parts.size() - 1; // where the function (or its class) starts
    for (qsizetype i = 1; i < parts.size() - 1; ++i) {
        if (!parts[i].isEmpty() && parts[i].front().isUpper()) {
            first = i;
            break;
        }
    }
    return {parts[first - 1], parts.mid(first).join(QLatin1Char('.'))};
}

std::optional<QString> commandLine(const QString &code)
{
    static const QRegularExpression header(
        QStringLiteral("^# `([^`\\n]+)` run as a command line \\((python -m|console script)\\)"));
    const QRegularExpressionMatch match = header.match(code);
    if (!match.hasMatch())
        return std::nullopt;
    return match.captured(2) == QLatin1String("python -m")
               ? QStringLiteral("python -m ") + match.captured(1)
               : match.captured(1);
}

QString callSummary(const QString &code, int maxLength)
{
    if (const auto command = commandLine(code))
        return shortened(*command, maxLength);
    static const QRegularExpression assignment(QStringLiteral("^[A-Za-z_][A-Za-z_0-9]*\\s*=\\s*"));
    QStringList statements;
    for (const QString &raw : code.split(QLatin1Char('\n'))) {
        const QString line = raw.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')) ||
            line.startsWith(QLatin1String("import ")) || line.startsWith(QLatin1String("from ")))
            continue;
        statements << line;
    }
    // The first statement that shows more than a name: usually the call under test.
    for (const QString &statement : std::as_const(statements)) {
        QString expression = statement;
        if (const auto match = assignment.match(expression);
            match.hasMatch() && !expression.contains(QLatin1String("==")))
            expression = expression.mid(match.capturedLength());
        expression = unwrapped(expression);
        if (!expression.isEmpty() && !isPlainName(expression))
            return shortened(expression, maxLength);
    }
    return shortened(statements.isEmpty() ? code.trimmed() : statements.first(), maxLength);
}

} // namespace difftriage::ui
