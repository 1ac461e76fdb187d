#include "triage/intent/IntentText.h"

#include "triage/intent/IntentVocabulary.h"

#include <QRegularExpression>

namespace difftriage::engine {

namespace {

using namespace intent;

QString matchIn(const QRegularExpression &pattern, const QString &text)
{
    const QRegularExpressionMatch match = pattern.match(text);
    return match.hasMatch() ? match.captured().simplified() : QString();
}

void keepFirst(QString &claim, const QString &phrase)
{
    if (claim.isEmpty() && !phrase.isEmpty())
        claim = phrase;
}

QRegularExpression wholeWord(const QString &identifier)
{
    return QRegularExpression(QStringLiteral("(?<![A-Za-z0-9_])") +
                                  QRegularExpression::escape(identifier.toLower()) +
                                  QStringLiteral("(?![A-Za-z0-9_])"),
                              QRegularExpression::UseUnicodePropertiesOption);
}

bool containsWholeWord(const QString &text, const QString &identifier)
{
    return !identifier.isEmpty() && wholeWord(identifier).match(text).hasMatch();
}

} // namespace

IntentText::IntentText(const QString &title, const QString &body, const QStringList &commitMessages)
{
    readTitle(title);
    addSentences(title, true);
    addSentences(body, false);
    for (const QString &message : commitMessages) {
        const qsizetype newline = message.indexOf(QLatin1Char('\n'));
        addSentences(message.left(newline), true);
        if (newline >= 0)
            addSentences(message.mid(newline + 1), false);
    }
    for (Sentence &sentence : m_sentences)
        readClaims(sentence);
}

void IntentText::addSentences(const QString &text, bool title)
{
    static const QRegularExpression boundary(QStringLiteral("(?<=[.!?;])\\s+|\\n+"));
    static const QRegularExpression token(QStringLiteral("[A-Za-z_][A-Za-z0-9_]*(?:'[a-z]+)?"));
    static const QRegularExpression code(QStringLiteral("`([^`]+)`|\"([^\"]{3,})\""));
    for (const QString &piece : text.split(boundary, Qt::SkipEmptyParts)) {
        Sentence sentence;
        sentence.title = title;
        sentence.text = piece.simplified().toLower();
        for (auto it = token.globalMatch(piece); it.hasNext();) {
            const QString word = it.next().captured();
            sentence.tokens << word.toLower();
            m_stems.insert(wordStem(word));
            for (const QString &part : splitIdentifier(word))
                m_stems.insert(wordStem(part));
        }
        for (auto it = code.globalMatch(piece); it.hasNext();) {
            const QRegularExpressionMatch match = it.next();
            sentence.code << (match.captured(1) + match.captured(2)).trimmed().toLower();
        }
        if (!sentence.tokens.isEmpty())
            m_sentences << sentence;
    }
}

void IntentText::readTitle(const QString &title)
{
    // "[WIP] fix(parser): …", "parse_items: split …": the tag and the scope say little; a
    // conventional-commit type says a lot.
    static const QRegularExpression tag(QStringLiteral("^\\s*(\\[[^\\]]*\\]\\s*)+"));
    static const QRegularExpression scope(
        QStringLiteral("^\\s*([A-Za-z_][\\w./-]*)(\\([^)]*\\))?!?:\\s+"));
    QString rest = title;
    rest.remove(tag);
    const QRegularExpressionMatch prefix = scope.match(rest);
    if (prefix.hasMatch()) {
        const QString type = prefix.captured(1).toLower();
        if (type == QLatin1String("feat") || type == QLatin1String("feature"))
            m_changeVerb = type;
        else if (type == QLatin1String("fix") || type == QLatin1String("bugfix"))
            m_fix = type;
        else if (tidyVerbs().contains(type) || conventionalTidyTypes().contains(type))
            m_tidy = type;
        rest = rest.mid(prefix.capturedLength());
    }
    static const QRegularExpression word(QStringLiteral("[A-Za-z_][A-Za-z0-9_]*"));
    QStringList words;
    for (auto it = word.globalMatch(rest); it.hasNext() && words.size() < 3;)
        words << it.next().captured().toLower();
    const QString verb = words.value(0);
    if (changeVerbs().contains(verb))
        keepFirst(m_changeVerb, verb);
    else if (tidyVerbs().contains(verb))
        keepFirst(m_tidy, verb);
    else if (verb.startsWith(QLatin1String("fix")) && findFix(words).isEmpty())
        keepFirst(m_tidy, words.mid(0, 2).join(QLatin1Char(' '))); // "fix typo"
}

void IntentText::readClaims(Sentence &sentence)
{
    const NegatedChange negated = findNegatedChange(sentence.tokens);
    if (negated.api)
        keepFirst(m_noApiChange, negated.phrase);
    else if (!negated.phrase.isEmpty())
        keepFirst(m_noChange, negated.phrase);
    const QString preserved = matchIn(noChangePattern(), sentence.text);
    keepFirst(m_noChange, preserved);
    sentence.negatesChange = !negated.phrase.isEmpty() || !preserved.isEmpty();
    keepFirst(m_noRaise, findNegatedRaise(sentence.tokens));
    keepFirst(m_fix, findFix(sentence.tokens));
    keepFirst(m_fix, matchIn(issuePattern(), sentence.text));
    keepFirst(m_warning, matchIn(warningPattern(), sentence.text));
    keepFirst(m_layout, matchIn(layoutPattern(), sentence.text));
    if (!sentence.title)
        keepFirst(m_tidy, matchIn(tidyPattern(), sentence.text));
    if (sentence.negatesChange)
        return; // "no functional change intended" is not an announcement of one
    keepFirst(m_change, matchIn(changePattern(), sentence.text));
    keepFirst(m_changeNow, findNow(sentence.tokens));
    keepFirst(m_api, matchIn(apiPattern(), sentence.text));
}

bool IntentText::names(const QString &identifier) const
{
    if (identifier.isEmpty())
        return false;
    const QRegularExpression pattern = wholeWord(identifier);
    return std::any_of(m_sentences.cbegin(), m_sentences.cend(), [&](const Sentence &sentence) {
        return pattern.match(sentence.text).hasMatch();
    });
}

Mention IntentText::mention(const TargetName &target) const
{
    QString bare = target.function;
    while (bare.startsWith(QLatin1Char('_')))
        bare.remove(0, 1);
    if (names(target.qualified) || names(target.function) ||
        (bare.contains(QLatin1Char('_')) && names(bare)))
        return Mention::Name;
    const auto present = [&](const QString &word) {
        const QString stem = wordStem(word);
        return std::any_of(m_stems.cbegin(), m_stems.cend(),
                           [&](const QString &other) { return sameWord(stem, other); });
    };
    if ((!target.words.isEmpty() &&
         std::all_of(target.words.cbegin(), target.words.cend(), present)) ||
        std::any_of(target.aliases.cbegin(), target.aliases.cend(), present))
        return Mention::Words;
    const QStringList moduleWords = splitIdentifier(target.module);
    if ((!target.className.isEmpty() && present(target.className)) ||
        (!moduleWords.isEmpty() && !genericModules().contains(target.module.toLower()) &&
         std::all_of(moduleWords.cbegin(), moduleWords.cend(), present)))
        return Mention::Module;
    return Mention::None;
}

bool IntentText::sentenceMentions(const Sentence &sentence, const TargetName &target) const
{
    if (containsWholeWord(sentence.text, target.qualified) ||
        containsWholeWord(sentence.text, target.function))
        return true;
    if (target.words.isEmpty())
        return false;
    return std::all_of(target.words.cbegin(), target.words.cend(), [&](const QString &word) {
        const QString stem = wordStem(word);
        return std::any_of(sentence.tokens.cbegin(), sentence.tokens.cend(),
                           [&](const QString &token) { return sameWord(stem, wordStem(token)); });
    });
}

QString IntentText::preserveClaimFor(const TargetName &target) const
{
    for (const Sentence &sentence : m_sentences) {
        const bool named = containsWholeWord(sentence.text, target.qualified) ||
                           containsWholeWord(sentence.text, target.function);
        if (!named || !matchIn(changePattern(), sentence.text).isEmpty() ||
            !findNow(sentence.tokens).isEmpty())
            continue;
        const QString phrase = matchIn(preservePattern(), sentence.text);
        if (!phrase.isEmpty())
            return phrase;
    }
    return {};
}

QString IntentText::announcementOf(const QString &errorType) const
{
    const QString name = errorType.section(QLatin1Char('.'), -1);
    for (const Sentence &sentence : m_sentences) {
        if (containsWholeWord(sentence.text, name) &&
            matchIn(failurePattern(), sentence.text).isEmpty())
            return name;
    }
    return {};
}

QString IntentText::raiseClaimFor(const TargetName &target) const
{
    for (const Sentence &sentence : m_sentences) {
        const QString verb = findRaise(sentence.tokens);
        if (!verb.isEmpty() && sentenceMentions(sentence, target))
            return verb;
    }
    return {};
}

QString IntentText::failureNaming(const QString &errorType, const QString &errorMessage) const
{
    const QString name = errorType.section(QLatin1Char('.'), -1);
    const QString message = errorMessage.toLower();
    for (const Sentence &sentence : m_sentences) {
        if (matchIn(failurePattern(), sentence.text).isEmpty())
            continue;
        for (const QString &fragment : sentence.code) {
            if (fragment.size() >= 5 && message.contains(fragment))
                return fragment;
        }
        if (!name.isEmpty() && containsWholeWord(sentence.text, name))
            return name;
    }
    return {};
}

} // namespace difftriage::engine
