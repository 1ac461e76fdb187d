#pragma once

#include "core/Vocabulary.h"
#include "report/Report.h"
#include "triage/intent/IntentText.h"

#include <QStringList>

namespace difftriage::engine {

struct IntentEvidence;

// A suggested verdict for one difference, never a final one: the reviewer decides.
struct IntentSuggestion
{
    Verdict verdict = Verdict::SpecUndecided;
    Confidence confidence = Confidence::Low;
    QStringList reasons; // short, each one piece of evidence
};

// The offline intent heuristic: weighs what the PR's text claims (no change, a change, a fix, an
// API change; whether it names the changed function) against what the difference is (which side
// raises what, whether only the layout of the output changed). No model, no network.
class IntentHeuristic final
{
public:
    explicit IntentHeuristic(IntentText text);

    IntentSuggestion suggest(const ReportDifference &difference) const;

private:
    // One rule per kind of difference; IntentExceptionRules.cpp holds those about exceptions.
    IntentSuggestion forOutput(IntentEvidence &evidence) const;
    IntentSuggestion forWarnings(IntentEvidence &evidence) const;
    IntentSuggestion forAbort(IntentEvidence &evidence) const;
    IntentSuggestion forException(IntentEvidence &evidence) const;
    IntentSuggestion forNewRaise(IntentEvidence &evidence) const;
    IntentSuggestion forOldRaise(IntentEvidence &evidence) const;
    IntentSuggestion forApiChange(IntentEvidence &evidence) const;
    // A metamorphic relation that held and breaks (or the reverse) outweighs the wording of the
    // PR; IntentRelationRule.cpp.
    IntentSuggestion forRelation(IntentEvidence &evidence, const ReportRelation &relation) const;

    IntentText m_text;
};

// Writes the heuristic's suggestion, confidence and reasons into every difference of the report
// (source "heuristic"), reading the report's title and body.
void suggestIntent(Report &report);

} // namespace difftriage::engine
