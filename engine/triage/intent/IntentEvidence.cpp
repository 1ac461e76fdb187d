#include "triage/intent/IntentEvidence.h"

#include "triage/intent/ReasonPhrases.h"

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
        because(phrase(reason::PrSays).arg(quoted(text.noChangeClaim())));
        break;
    case Stance::Mixed:
        because(phrase(reason::PrSaysButAlso)
                    .arg(quoted(text.noChangeClaim()), quoted(text.changeClaim())));
        break;
    case Stance::Change:
        // The strongest phrase: "intentionally" over a title's verb over "now …".
        if (!text.changeClaim().isEmpty())
            because(phrase(reason::PrAnnouncesChange).arg(quoted(text.changeClaim())));
        else if (!text.changeVerb().isEmpty())
            because(phrase(reason::TitleAnnouncesChange).arg(quoted(text.changeVerb())));
        else
            because(phrase(reason::PrAnnouncesChange).arg(quoted(text.weakChangeClaim())));
        break;
    case Stance::Fix:
        because(phrase(reason::PrSaysItFixes).arg(quoted(text.fixClaim())));
        break;
    case Stance::Tidy:
        because(phrase(reason::PrDescribesTidyUp).arg(quoted(text.tidyClaim())));
        break;
    case Stance::Silent:
        because(phrase(reason::PrSilentOnBehaviour));
        break;
    }
}

void IntentEvidence::becauseOfMention()
{
    switch (mention) {
    case Mention::Name:
        because(phrase(reason::PrNames).arg(target.qualified));
        break;
    case Mention::Words:
        because(phrase(reason::PrMentionsWordsOf)
                    .arg(target.words.isEmpty() ? target.aliases.join(QLatin1Char('/'))
                                                : target.words.join(QLatin1Char(' ')),
                         target.qualified));
        break;
    case Mention::Module:
        because(phrase(reason::PrMentionsModuleNotTarget)
                    .arg(target.className.isEmpty() ? target.module : target.className,
                         target.qualified));
        break;
    case Mention::None:
        because(phrase(reason::PrDoesNotMention).arg(target.qualified));
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
