// The intent heuristic's rule for differences shown by a metamorphic relation check.
#include "triage/intent/IntentEvidence.h"
#include "triage/intent/IntentHeuristic.h"
#include "triage/intent/ReasonPhrases.h"

namespace difftriage::engine {

IntentSuggestion IntentHeuristic::forRelation(IntentEvidence &e,
                                              const ReportRelation &relation) const
{
    // A property the old code had and the new code lost is rarely what a PR means to change,
    // whatever its text says; the text only moves the confidence.
    const bool named = e.mention != Mention::None;
    if (relation.signal == RelationSignal::Regression) {
        e.reasons.prepend(phrase(reason::RelationLost).arg(relation.label));
        const bool announced = (e.stance == Stance::Change || e.stance == Stance::Fix) && named;
        return e.suggest(Verdict::Regression, announced ? Confidence::Medium : Confidence::High);
    }
    e.reasons.prepend(phrase(reason::RelationGained).arg(relation.label));
    if (e.stance == Stance::Fix && named)
        return e.suggest(Verdict::Intended, Confidence::Medium);
    return e.suggest(Verdict::CoincidentalFix, Confidence::Medium);
}

} // namespace difftriage::engine
