// The intent heuristic's rules for differences in what is raised, and in what can be reached.
#include "triage/intent/IntentEvidence.h"
#include "triage/intent/ReasonPhrases.h"

namespace difftriage::engine {

IntentSuggestion IntentHeuristic::forException(IntentEvidence &e) const
{
    const DifferenceFacts &facts = e.facts;
    if (facts.messageOnly) {
        e.because(phrase(reason::OnlyMessageDiffers).arg(facts.newError));
        e.becauseOfStance();
        if (e.stance == Stance::NoChange)
            return e.suggest(Verdict::Regression, Confidence::Medium);
        if ((e.stance == Stance::Change || e.stance == Stance::Fix) && e.mention != Mention::None) {
            e.becauseOfMention();
            return e.suggest(Verdict::Intended, Confidence::Low);
        }
        return e.suggest(Verdict::SpecUndecided, Confidence::Low);
    }
    e.because(phrase(reason::ExceptionChanges).arg(facts.oldError, facts.newError));
    if (const QString named = m_text.announcementOf(facts.newError); !named.isEmpty()) {
        e.because(phrase(reason::PrNames).arg(named));
        return e.suggest(Verdict::Intended, Confidence::High);
    }
    e.becauseOfStance();
    if (e.stance == Stance::NoChange)
        return e.suggest(Verdict::Regression, Confidence::High);
    if (e.stance == Stance::Mixed || e.stance == Stance::Silent)
        return e.suggest(Verdict::SpecUndecided, Confidence::Low);
    if (const QString verb = m_text.raiseClaimFor(e.target); !verb.isEmpty()) {
        e.because(phrase(reason::PrSaysTargetDoes).arg(e.target.qualified, quoted(verb)));
        return e.suggest(Verdict::Intended, Confidence::Medium);
    }
    e.because(phrase(reason::PrDoesNotNameException).arg(facts.newError, facts.oldError));
    return e.suggest(e.stance == Stance::Tidy ? Verdict::Regression : Verdict::SpecUndecided,
                     e.mention == Mention::Name ? Confidence::Medium : Confidence::Low);
}

IntentSuggestion IntentHeuristic::forNewRaise(IntentEvidence &e) const
{
    const DifferenceFacts &facts = e.facts;
    e.because(phrase(reason::NewVersionRaises).arg(facts.newError));
    if (const QString failure = m_text.failureNaming(facts.newError, facts.newMessage);
        !failure.isEmpty()) {
        e.because(phrase(reason::PrDescribesFailureFixed).arg(quoted(failure)));
        return e.suggest(Verdict::Regression, Confidence::High);
    }
    if (!m_text.noRaiseClaim().isEmpty()) {
        e.because(phrase(reason::PrSays).arg(quoted(m_text.noRaiseClaim())));
        return e.suggest(Verdict::Regression, Confidence::High);
    }
    if (const QString named = m_text.announcementOf(facts.newError); !named.isEmpty()) {
        e.because(phrase(reason::PrNames).arg(named));
        return e.suggest(Verdict::Intended, Confidence::High);
    }
    if (const QString verb = m_text.raiseClaimFor(e.target); !verb.isEmpty()) {
        e.because(phrase(reason::PrSaysTargetDoes).arg(e.target.qualified, quoted(verb)));
        return e.suggest(Verdict::Intended, Confidence::Medium);
    }
    e.becauseOfStance();
    switch (e.stance) {
    case Stance::NoChange:
        return e.suggest(Verdict::Regression, Confidence::High);
    case Stance::Change:
    case Stance::Fix:
    case Stance::Tidy:
        e.because(phrase(reason::PrDoesNotSayRaise));
        return e.suggest(Verdict::Regression, Confidence::Medium);
    case Stance::Mixed:
    case Stance::Silent:
        break;
    }
    return e.suggest(Verdict::SpecUndecided, Confidence::Low);
}

IntentSuggestion IntentHeuristic::forOldRaise(IntentEvidence &e) const
{
    const DifferenceFacts &facts = e.facts;
    e.because(phrase(reason::OldVersionRaised).arg(facts.oldError));
    if (const QString failure = m_text.failureNaming(facts.oldError, facts.oldMessage);
        !failure.isEmpty()) {
        e.because(phrase(reason::PrDescribesFailureFixed).arg(quoted(failure)));
        return e.suggest(Verdict::Intended, Confidence::High);
    }
    if (!m_text.noRaiseClaim().isEmpty()) {
        e.because(phrase(reason::PrSays).arg(quoted(m_text.noRaiseClaim())));
        return e.suggest(Verdict::Intended, Confidence::High);
    }
    const bool crashLike = isCrashLike(facts.oldError);
    e.becauseOfStance();
    switch (e.stance) {
    case Stance::NoChange:
    case Stance::Tidy:
        if (crashLike) {
            e.because(phrase(reason::BugWentAway).arg(facts.oldError));
            return e.suggest(Verdict::CoincidentalFix, Confidence::Medium);
        }
        e.because(phrase(reason::AcceptsWhatWasRejected));
        return e.suggest(Verdict::Regression, Confidence::Medium);
    case Stance::Change:
    case Stance::Fix:
        e.becauseOfMention();
        if (e.mention != Mention::None)
            return e.suggest(Verdict::Intended, Confidence::Medium);
        break;
    case Stance::Mixed:
    case Stance::Silent:
        break;
    }
    return e.suggest(crashLike ? Verdict::CoincidentalFix : Verdict::SpecUndecided,
                     Confidence::Low);
}

IntentSuggestion IntentHeuristic::forApiChange(IntentEvidence &e) const
{
    // The side that cannot reach the target is the side without the entry point.
    const bool removed = !e.facts.newError.isEmpty() || e.facts.oldError.isEmpty();
    e.because(removed ? phrase(reason::EntryPointRemoved).arg(e.target.qualified)
                      : phrase(reason::EntryPointAdded).arg(e.target.qualified));
    if (!m_text.noApiChangeClaim().isEmpty()) {
        e.because(phrase(reason::PrSays).arg(quoted(m_text.noApiChangeClaim())));
        return e.suggest(Verdict::Regression, Confidence::High);
    }
    if (!m_text.apiClaim().isEmpty()) {
        e.because(phrase(reason::PrSays).arg(quoted(m_text.apiClaim())));
        e.becauseOfMention();
        return e.suggest(Verdict::Intended,
                         e.mention == Mention::Name ? Confidence::High : Confidence::Medium);
    }
    e.becauseOfStance();
    if (e.stance == Stance::NoChange)
        return e.suggest(Verdict::Regression, removed ? Confidence::High : Confidence::Medium);
    if (e.stance == Stance::Mixed || e.stance == Stance::Silent)
        return e.suggest(Verdict::SpecUndecided, Confidence::Low);
    e.becauseOfMention();
    if (!removed)
        return e.suggest(Verdict::Intended, Confidence::Low);
    if (e.mention == Mention::Name)
        return e.suggest(Verdict::Intended, Confidence::Medium);
    return e.suggest(Verdict::Regression, Confidence::Medium);
}

} // namespace difftriage::engine
