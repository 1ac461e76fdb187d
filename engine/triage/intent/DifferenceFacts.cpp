#include "triage/intent/DifferenceFacts.h"

#include <QRegularExpression>
#include <QSet>
#include <algorithm>

namespace difftriage::engine {

namespace {

bool raised(const ReportSide &side)
{
    return side.errorType && side.status == RunStatus::Raised;
}

bool aborted(const ReportSide &side)
{
    return side.status == RunStatus::Timeout || side.status == RunStatus::Killed ||
           side.status == RunStatus::Crashed;
}

QString withoutSpace(const QString &text)
{
    QString result;
    result.reserve(text.size());
    for (const QChar c : text) {
        if (!c.isSpace())
            result += c;
    }
    return result;
}

QStringList sortedTokens(const QString &text)
{
    static const QRegularExpression separators(QStringLiteral("[\\s,;\\[\\](){}]+"));
    QStringList tokens = text.split(separators, Qt::SkipEmptyParts);
    std::sort(tokens.begin(), tokens.end());
    return tokens;
}

} // namespace

bool isCrashLike(const QString &errorType)
{
    static const QSet<QString> types{
        QStringLiteral("AttributeError"),     QStringLiteral("TypeError"),
        QStringLiteral("NameError"),          QStringLiteral("UnboundLocalError"),
        QStringLiteral("IndexError"),         QStringLiteral("KeyError"),
        QStringLiteral("ZeroDivisionError"),  QStringLiteral("RecursionError"),
        QStringLiteral("AssertionError"),     QStringLiteral("UnicodeDecodeError"),
        QStringLiteral("UnicodeEncodeError"), QStringLiteral("OverflowError"),
        QStringLiteral("StopIteration"),      QStringLiteral("SystemError")};
    return types.contains(errorType.section(QLatin1Char('.'), -1));
}

DifferenceFacts DifferenceFacts::of(const ReportDifference &difference)
{
    DifferenceFacts facts;
    facts.kind = difference.kind;
    const ReportSide &oldSide = difference.oldSide;
    const ReportSide &newSide = difference.newSide;
    if (raised(oldSide)) {
        facts.oldError = *oldSide.errorType;
        facts.oldMessage = oldSide.errorMessage.value_or(QString());
    }
    if (raised(newSide)) {
        facts.newError = *newSide.errorType;
        facts.newMessage = newSide.errorMessage.value_or(QString());
    }
    facts.oldAborted = aborted(oldSide);
    facts.newAborted = aborted(newSide);
    facts.messageOnly = !facts.oldError.isEmpty() && facts.oldError == facts.newError &&
                        facts.oldMessage != facts.newMessage && oldSide.output == newSide.output;
    const bool sameErrors =
        oldSide.errorType == newSide.errorType && oldSide.errorMessage == newSide.errorMessage;
    if (sameErrors && oldSide.output != newSide.output) {
        facts.whitespaceOnly = withoutSpace(oldSide.output) == withoutSpace(newSide.output);
        facts.caseOnly = oldSide.output.toLower() == newSide.output.toLower();
        facts.orderOnly =
            !facts.whitespaceOnly && sortedTokens(oldSide.output) == sortedTokens(newSide.output);
    }
    return facts;
}

} // namespace difftriage::engine
