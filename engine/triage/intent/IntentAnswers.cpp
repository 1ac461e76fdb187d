#include "triage/intent/IntentAnswers.h"

#include "core/Json.h"
#include "triage/intent/ReasonPhrases.h"

#include <nlohmann/json.hpp>

namespace difftriage::engine {

namespace {

using nlohmann::json;

// The outermost {...} of the reply: models wrap JSON in fences or a sentence despite being told.
QString jsonObjectIn(const QString &reply)
{
    const qsizetype start = reply.indexOf(QLatin1Char('{'));
    const qsizetype end = reply.lastIndexOf(QLatin1Char('}'));
    return start >= 0 && end > start ? reply.mid(start, end - start + 1) : QString();
}

// The answer under `key` when it is one of `yes` / `no`; spellings are compared loosely
// ("Non-deterministic", "non deterministic") because models vary the case and the separator.
Expected<bool> choice(const json &object, const char *key, const char *yes, const char *no)
{
    const auto it = object.find(key);
    if (it == object.end() || !it->is_string())
        return makeError(QStringLiteral("the reply has no answer \"%1\"").arg(QLatin1String(key)));
    QString value = QString::fromStdString(it->get<std::string>()).trimmed().toLower();
    value.replace(QLatin1Char('-'), QLatin1Char('_')).replace(QLatin1Char(' '), QLatin1Char('_'));
    if (value == QLatin1String(yes))
        return true;
    if (value == QLatin1String(no))
        return false;
    return makeError(QStringLiteral("the answer \"%1\" is '%2', not %3 or %4")
                         .arg(QLatin1String(key), value, QLatin1String(yes), QLatin1String(no)));
}

Expected<IntentAnswers::Side> expectedSide(const json &object)
{
    const auto it = object.find("expected");
    if (it == object.end() || !it->is_string())
        return makeError(QStringLiteral("the reply has no answer \"expected\""));
    const QString value = QString::fromStdString(it->get<std::string>()).trimmed().toLower();
    if (value == QLatin1String("old"))
        return IntentAnswers::Side::Old;
    if (value == QLatin1String("new"))
        return IntentAnswers::Side::New;
    if (value == QLatin1String("unclear"))
        return IntentAnswers::Side::Unclear;
    return makeError(
        QStringLiteral("the answer \"expected\" is '%1', not old, new or unclear").arg(value));
}

QString reasonFor(const IntentAnswers &answers, const char *key, const QString &answer)
{
    const QString why = answers.why.value(QLatin1String(key));
    return why.isEmpty() ? answer : QStringLiteral("%1: %2").arg(answer, why);
}

} // namespace

Expected<IntentAnswers> parseIntentAnswers(const QString &reply)
{
    const QString text = jsonObjectIn(reply);
    if (text.isEmpty())
        return makeError(QStringLiteral("the reply holds no JSON object"));
    const json object = parseJson(text.toUtf8()).value_or(json());
    if (!object.is_object())
        return makeError(QStringLiteral("the reply's JSON object does not parse"));
    IntentAnswers answers;
    auto significance = choice(object, "significance", "noteworthy", "minor");
    auto determinism = choice(object, "determinism", "deterministic", "non_deterministic");
    auto visibility = choice(object, "visibility", "public", "internal");
    auto input = choice(object, "input", "legal", "illegal");
    auto intent = choice(object, "intent", "intended", "unintended");
    auto expected = expectedSide(object);
    for (const Expected<bool> *answer :
         {&significance, &determinism, &visibility, &input, &intent}) {
        if (!*answer)
            return answer->error();
    }
    if (!expected)
        return expected.error();
    answers.noteworthy = *significance;
    answers.deterministic = *determinism;
    answers.isPublic = *visibility;
    answers.legalInput = *input;
    answers.intended = *intent;
    answers.expected = *expected;
    if (const auto why = object.find("why"); why != object.end() && why->is_object()) {
        for (const auto &[key, value] : why->items()) {
            if (value.is_string() && !value.get<std::string>().empty())
                answers.why.insert(QString::fromStdString(key),
                                   QString::fromStdString(value.get<std::string>()).trimmed());
        }
    }
    return answers;
}

IntentSuggestion decideIntent(const IntentAnswers &a)
{
    IntentSuggestion suggestion;
    suggestion.reasons << reasonFor(a, "significance",
                                    a.noteworthy ? phrase(reason::AnswerNoteworthy)
                                                 : phrase(reason::AnswerMinor))
                       << reasonFor(a, "determinism",
                                    a.deterministic ? phrase(reason::AnswerDeterministic)
                                                    : phrase(reason::AnswerNonDeterministic))
                       << reasonFor(a, "visibility",
                                    a.isPublic ? phrase(reason::AnswerPublic)
                                               : phrase(reason::AnswerProjectInternal))
                       << reasonFor(a, "input",
                                    a.legalInput ? phrase(reason::AnswerLegalInput)
                                                 : phrase(reason::AnswerIllegalInput))
                       << reasonFor(a, "intent",
                                    a.intended ? phrase(reason::AnswerIntended)
                                               : phrase(reason::AnswerUnintended));
    const auto decide = [&](Verdict verdict, Confidence confidence) {
        suggestion.verdict = verdict;
        suggestion.confidence = confidence;
        return suggestion;
    };
    if (!a.deterministic)
        return decide(Verdict::InvalidTest, Confidence::Medium);
    if (!a.legalInput)
        return a.intended ? decide(Verdict::Intended, Confidence::Low)
                          : decide(Verdict::InvalidTest, Confidence::Medium);
    if (a.intended)
        return decide(Verdict::Intended, Confidence::Medium);
    if (!a.noteworthy || !a.isPublic)
        return decide(Verdict::Intended, Confidence::Low);
    switch (a.expected) {
    case IntentAnswers::Side::Old:
        suggestion.reasons << reasonFor(a, "expected", phrase(reason::OldOutputExpected));
        return decide(Verdict::Regression, Confidence::Medium);
    case IntentAnswers::Side::New:
        suggestion.reasons << reasonFor(a, "expected", phrase(reason::NewOutputExpected));
        return decide(Verdict::CoincidentalFix, Confidence::Medium);
    case IntentAnswers::Side::Unclear:
        break;
    }
    suggestion.reasons << reasonFor(a, "expected", phrase(reason::NeitherOutputExpected));
    return decide(Verdict::SpecUndecided, Confidence::Low);
}

} // namespace difftriage::engine
