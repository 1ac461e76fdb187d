#include "triage/intent/IntentEvidence.h"

namespace difftriage::engine {

Stance stanceOf(const IntentText &text)
{
    const bool change = !text.changeClaim().isEmpty();
    if (!text.noChangeClaim().isEmpty())
        return change ? Stance::Mixed : Stance::NoChange;
    if (change || !text.weakChangeClaim().isEmpty() || !text.changeVerb().isEmpty())
        return Stance::Change;
    if (!text.fixClaim().isEmpty())
        return Stance::Fix;
    if (!text.tidyClaim().isEmpty())
        return Stance::Tidy;
    return Stance::Silent;
}

QString quoted(const QString &phrase)
{
    return QLatin1Char('"') + phrase + QLatin1Char('"');
}

void IntentEvidence::becauseOfStance()
{
    switch (stance) {
    case Stance::NoChange:
        because(QStringLiteral("the PR says %1").arg(quoted(text.noChangeClaim())));
        break;
    case Stance::Mixed:
        because(QStringLiteral("the PR says %1 but also %2")
                    .arg(quoted(text.noChangeClaim()), quoted(text.changeClaim())));
        break;
    case Stance::Change:
        // The strongest phrase: "intentionally" over a title's verb over "now …".
        if (!text.changeClaim().isEmpty())
            because(
                QStringLiteral("the PR announces a change (%1)").arg(quoted(text.changeClaim())));
        else if (!text.changeVerb().isEmpty())
            because(
                QStringLiteral("the title announces a change (%1)").arg(quoted(text.changeVerb())));
        else
            because(QStringLiteral("the PR announces a change (%1)")
                        .arg(quoted(text.weakChangeClaim())));
        break;
    case Stance::Fix:
        because(QStringLiteral("the PR says it fixes something (%1)").arg(quoted(text.fixClaim())));
        break;
    case Stance::Tidy:
        because(QStringLiteral("the PR describes a tidy-up (%1) and announces no change")
                    .arg(quoted(text.tidyClaim())));
        break;
    case Stance::Silent:
        because(QStringLiteral("the PR does not say what behaviour it means to change"));
        break;
    }
}

void IntentEvidence::becauseOfMention()
{
    switch (mention) {
    case Mention::Name:
        because(QStringLiteral("the PR names %1").arg(target.qualified));
        break;
    case Mention::Words:
        because(QStringLiteral("the PR mentions \"%1\" (from %2)")
                    .arg(target.words.isEmpty() ? target.aliases.join(QLatin1Char('/'))
                                                : target.words.join(QLatin1Char(' ')),
                         target.qualified));
        break;
    case Mention::Module:
        because(QStringLiteral("the PR mentions %1 but not %2")
                    .arg(target.className.isEmpty() ? target.module : target.className,
                         target.qualified));
        break;
    case Mention::None:
        because(QStringLiteral("the PR does not mention %1").arg(target.qualified));
        break;
    }
}

Confidence IntentEvidence::byMention() const
{
    switch (mention) {
    case Mention::Name:
        return Confidence::High;
    case Mention::Words:
    case Mention::Module:
        return Confidence::Medium;
    case Mention::None:
        break;
    }
    return Confidence::Low;
}

} // namespace difftriage::engine
