#include "triage/intent/IntentHeuristic.h"

#include "triage/intent/IntentEvidence.h"
#include "triage/intent/ReasonPhrases.h"

namespace difftriage::engine {

IntentHeuristic::IntentHeuristic(IntentText text) : m_text(std::move(text)) {}

IntentSuggestion IntentHeuristic::suggest(const ReportDifference &difference) const
{
    const TargetName target = TargetName::parse(difference.target);
    IntentEvidence evidence{
        m_text,           target, m_text.mention(target), DifferenceFacts::of(difference),
        stanceOf(m_text), {}};
    IntentSuggestion suggestion;
    switch (difference.kind) {
    case DifferenceKind::ApiChange:
        suggestion = forApiChange(evidence);
        break;
    case DifferenceKind::OnlyNewAborts:
    case DifferenceKind::OnlyOldAborts:
        suggestion = forAbort(evidence);
        break;
    case DifferenceKind::OnlyNewRaises:
        suggestion = forNewRaise(evidence);
        break;
    case DifferenceKind::OnlyOldRaises:
        suggestion = forOldRaise(evidence);
        break;
    case DifferenceKind::DifferentException:
        suggestion = forException(evidence);
        break;
    case DifferenceKind::DifferentWarnings:
        suggestion = forWarnings(evidence);
        break;
    case DifferenceKind::DifferentOutput:
        suggestion = forOutput(evidence);
        break;
    }
    if (difference.relation && difference.relation->signal != RelationSignal::None) {
        evidence.reasons = suggestion.reasons;
        return forRelation(evidence, *difference.relation);
    }
    return suggestion;
}

IntentSuggestion IntentHeuristic::forOutput(IntentEvidence &e) const
{
    const DifferenceFacts &facts = e.facts;
    const bool layoutOnly = facts.whitespaceOnly || facts.caseOnly || facts.orderOnly;
    e.because(facts.whitespaceOnly ? phrase(reason::OnlyWhitespaceDiffers)
              : facts.caseOnly     ? phrase(reason::OnlyCaseDiffers)
              : facts.orderOnly    ? phrase(reason::OnlyOrderDiffers)
                                   : phrase(reason::OutputDiffers));
    if (const QString kept = m_text.preserveClaimFor(e.target); !kept.isEmpty()) {
        e.because(phrase(reason::PrSaysTargetStays).arg(e.target.qualified, quoted(kept)));
        return e.suggest(Verdict::Regression, Confidence::Medium);
    }
    e.becauseOfStance();
    switch (e.stance) {
    case Stance::NoChange:
        return e.suggest(Verdict::Regression, layoutOnly ? Confidence::Medium : Confidence::High);
    case Stance::Tidy:
        return e.suggest(Verdict::Regression, Confidence::Medium);
    case Stance::Change:
    case Stance::Fix: {
        e.becauseOfMention();
        if (e.stance == Stance::Fix && e.mention == Mention::None)
            return e.suggest(Verdict::SpecUndecided, Confidence::Low);
        Confidence confidence = e.byMention();
        if (layoutOnly && !m_text.layoutClaim().isEmpty())
            e.because(phrase(reason::PrMentions).arg(quoted(m_text.layoutClaim())));
        else if (layoutOnly && confidence == Confidence::High)
            confidence = Confidence::Medium;
        return e.suggest(Verdict::Intended, confidence);
    }
    case Stance::Mixed:
    case Stance::Silent:
        break;
    }
    return e.suggest(Verdict::SpecUndecided, Confidence::Low);
}

IntentSuggestion IntentHeuristic::forWarnings(IntentEvidence &e) const
{
    e.because(phrase(reason::OnlyWarningsDiffer));
    if (!m_text.warningClaim().isEmpty()) {
        e.because(phrase(reason::PrMentions).arg(quoted(m_text.warningClaim())));
        return e.suggest(Verdict::Intended, Confidence::Medium);
    }
    e.becauseOfStance();
    if (e.stance == Stance::NoChange)
        return e.suggest(Verdict::Regression, Confidence::Low);
    return e.suggest(Verdict::SpecUndecided, Confidence::Low);
}

IntentSuggestion IntentHeuristic::forAbort(IntentEvidence &e) const
{
    if (e.facts.kind == DifferenceKind::OnlyNewAborts) {
        e.because(phrase(reason::OnlyNewAborts));
        return e.suggest(Verdict::Regression, Confidence::High);
    }
    e.because(phrase(reason::OnlyOldAborted));
    e.becauseOfStance();
    if (e.stance == Stance::Fix)
        return e.suggest(Verdict::Intended, Confidence::Medium);
    if (e.stance == Stance::Change && e.mention != Mention::None) {
        e.becauseOfMention();
        return e.suggest(Verdict::Intended, Confidence::Low);
    }
    return e.suggest(Verdict::CoincidentalFix,
                     e.stance == Stance::NoChange ? Confidence::Medium : Confidence::Low);
}

void suggestIntent(Report &report)
{
    const IntentHeuristic heuristic(IntentText(report.title, report.body, report.commitMessages));
    for (ReportDifference &difference : report.differences) {
        const IntentSuggestion suggestion = heuristic.suggest(difference);
        difference.suggestedVerdict = suggestion.verdict;
        difference.suggestionConfidence = suggestion.confidence;
        difference.suggestionReasons = suggestion.reasons;
        difference.suggestionSource = SuggestionSource::Heuristic;
    }
}

} // namespace difftriage::engine
