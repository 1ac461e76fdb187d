#pragma once

#include "triage/intent/DifferenceFacts.h"
#include "triage/intent/IntentHeuristic.h"

namespace difftriage::engine {

// What the PR says overall, strongest claim first.
enum class Stance
{
    Silent,   // says nothing about behaviour
    NoChange, // "no functional change", "pure refactor"
    Mixed,    // claims no change and announces one
    Change,   // announces a change: "intentionally", "now returns", a title "Use …"
    Fix,      // says it fixes something
    Tidy,     // only a title such as "Simplify …"
};

Stance stanceOf(const IntentText &text);
QString quoted(const QString &phrase);

// Everything the heuristic's rules weigh for one difference, and the reasons gathered so far.
struct IntentEvidence
{
    const IntentText &text;
    TargetName target;
    Mention mention = Mention::None;
    DifferenceFacts facts;
    Stance stance = Stance::Silent;
    QStringList reasons;

    void because(const QString &reason) { reasons << reason; }
    void becauseOfStance();  // the PR's overall claim
    void becauseOfMention(); // how closely the PR names the target
    // High when the PR names the target, medium for its words or module, else low.
    Confidence byMention() const;
    IntentSuggestion suggest(Verdict verdict, Confidence confidence) const
    {
        return {verdict, confidence, reasons};
    }
};

} // namespace difftriage::engine
