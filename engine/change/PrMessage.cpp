#include "change/PrMessage.h"

#include <QRegularExpression>

namespace difftriage::engine {

namespace {
// The remainder after the first line, with the blank separator line dropped.
QString afterFirstLine(const QString &message)
{
    const qsizetype newline = message.indexOf(QLatin1Char('\n'));
    return newline < 0 ? QString() : message.mid(newline + 1).trimmed();
}
} // namespace

std::optional<PrMessage> parseMergeMessage(const QString &message)
{
    static const QRegularExpression pattern(
        QStringLiteral(R"(^Merge pull request #(\d+) from (\S+))"));
    const auto match = pattern.match(message);
    if (!match.hasMatch())
        return std::nullopt;
    PrMessage pr;
    pr.number = match.captured(1).toInt();
    pr.branch = match.captured(2);
    const QString rest = afterFirstLine(message);
    pr.title = rest.section(QLatin1Char('\n'), 0, 0).trimmed();
    pr.body = afterFirstLine(rest);
    if (pr.title.isEmpty())
        pr.title = QStringLiteral("Merge of %1").arg(pr.branch);
    return pr;
}

std::optional<PrMessage> parseSquashMessage(const QString &message)
{
    static const QRegularExpression pattern(QStringLiteral(R"(^(.*\S)\s*\(#(\d+)\)\s*$)"));
    const QString subject = message.section(QLatin1Char('\n'), 0, 0);
    const auto match = pattern.match(subject);
    if (!match.hasMatch())
        return std::nullopt;
    PrMessage pr;
    pr.number = match.captured(2).toInt();
    pr.title = match.captured(1).trimmed();
    pr.body = afterFirstLine(message);
    return pr;
}

} // namespace difftriage::engine
