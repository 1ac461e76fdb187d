#include "triage/intent/ReasonPhrases.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <algorithm>
#include <optional>

namespace difftriage::engine {

namespace {

struct Pattern
{
    const char *source;
    QRegularExpression regex;
    QList<int> placeholders; // the number of each capture, in the English order
    qsizetype literalLength; // more literal text is the more specific phrase
};

Pattern patternOf(const char *source)
{
    static const QRegularExpression placeholder(QStringLiteral("%([1-9])"));
    const QString text = QString::fromUtf8(source);
    Pattern pattern{source, {}, {}, text.size()};
    QString regex = QStringLiteral("^");
    qsizetype at = 0;
    for (auto it = placeholder.globalMatch(text); it.hasNext();) {
        const auto match = it.next();
        regex += QRegularExpression::escape(text.mid(at, match.capturedStart() - at)) +
                 QStringLiteral("(.+?)");
        pattern.placeholders << match.captured(1).toInt();
        pattern.literalLength -= match.capturedLength();
        at = match.capturedEnd();
    }
    regex += QRegularExpression::escape(text.mid(at)) + QStringLiteral("$");
    pattern.regex = QRegularExpression(regex, QRegularExpression::DotMatchesEverythingOption);
    return pattern;
}

const QList<Pattern> &patterns()
{
    static const QList<Pattern> all = [] {
        QList<Pattern> out;
        for (const char *source : reason::All)
            out << patternOf(source);
        std::stable_sort(out.begin(), out.end(), [](const Pattern &a, const Pattern &b) {
            return a.literalLength > b.literalLength;
        });
        return out;
    }();
    return all;
}

// A value never splits a quotation: `the PR says "no functional change"` is one quoted value
// for "the PR says %1", not `"no` and `functional change"` for "the PR says %1 %2".
bool keepsQuotesWhole(const QRegularExpressionMatch &match)
{
    for (int i = 1; i <= match.lastCapturedIndex(); ++i)
        if (match.captured(i).count(QLatin1Char('"')) % 2 != 0)
            return false;
    return true;
}

std::optional<QString> translatedMatch(const QString &english)
{
    for (const Pattern &pattern : patterns()) {
        const auto match = pattern.regex.match(english);
        if (!match.hasMatch() || !keepsQuotesWhole(match))
            continue;
        QString values[2];
        for (qsizetype i = 0; i < pattern.placeholders.size(); ++i)
            values[std::clamp(pattern.placeholders[i] - 1, 0, 1)] = match.captured(int(i) + 1);
        const QString translated = QCoreApplication::translate("Reason", pattern.source);
        // One pass, so a value holding "%1" is never substituted again.
        switch (pattern.placeholders.size()) {
        case 0:
            return translated;
        case 1:
            return translated.arg(values[0]);
        default:
            return translated.arg(values[0], values[1]);
        }
    }
    return std::nullopt;
}

} // namespace

QString phrase(const char *source)
{
    return QString::fromUtf8(source);
}

QString translatedReason(const QString &english)
{
    if (auto whole = translatedMatch(english))
        return *whole;
    // A model's answer with its own reason: "noteworthy: the output is user-facing".
    const qsizetype colon = english.indexOf(QStringLiteral(": "));
    if (colon > 0)
        if (auto answer = translatedMatch(english.left(colon)))
            return *answer + english.mid(colon);
    return english;
}

} // namespace difftriage::engine
