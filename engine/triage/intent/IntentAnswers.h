#pragma once

#include "core/Expected.h"
#include "triage/intent/IntentHeuristic.h"

#include <QMap>
#include <QString>

namespace difftriage::engine {

// The model's answers to the five intent questions (after Testora) and which output it expects.
// Only the answers are the model's; the verdict is decided from them by decideIntent().
struct IntentAnswers
{
    enum class Side
    {
        Old,
        New,
        Unclear,
    };

    bool noteworthy = false;       // significance: noteworthy | minor
    bool deterministic = false;    // determinism: deterministic | non_deterministic
    bool isPublic = false;         // visibility: public | internal
    bool legalInput = false;       // input: legal | illegal
    bool intended = false;         // intent: intended | unintended
    Side expected = Side::Unclear; // which output the project should produce
    QMap<QString, QString> why;    // question key -> the model's short reason, when it gave one
};

// Reads the reply strictly: one JSON object (a ```json fence and prose around it are tolerated)
// whose five answers and "expected" each hold one of the allowed spellings. Anything else is an
// error naming what was wrong, so the caller can fall back and say why.
Expected<IntentAnswers> parseIntentAnswers(const QString &reply);

// The verdict the answers imply, with one reason per answer:
// - non-deterministic → invalid_test: the test observes values that vary between runs;
// - illegal input → invalid_test, unless the PR meant the change (then intended);
// - intended → intended;
// - unintended but minor or internal → intended, low confidence: not worth a regression;
// - noteworthy, deterministic, public, legal and unintended → regression when the old output is
//   the expected one, coincidental_fix when the new one is, spec_undecided when unclear.
IntentSuggestion decideIntent(const IntentAnswers &answers);

} // namespace difftriage::engine
