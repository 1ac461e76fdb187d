#pragma once

#include <QRegularExpression>
#include <QSet>
#include <QString>
#include <QStringList>

// The words and phrases by which PR texts state their intent, in English. Patterns run on one
// lowercase sentence; the finders on its lowercase tokens (identifiers kept whole, so the "not" in
// `ItemNotFoundError` negates nothing).
namespace difftriage::engine::intent {

// Title verbs that announce a change of behaviour ("Use …", "Lower …") or only a tidy-up.
const QSet<QString> &changeVerbs();
const QSet<QString> &tidyVerbs();
const QSet<QString> &conventionalTidyTypes(); // refactor, style, chore, docs, test, perf, …
const QSet<QString> &genericModules();        // utils, core, … name nothing

const QRegularExpression &noChangePattern(); // "pure refactor", "behaviour is unchanged"
const QRegularExpression &changePattern();   // "intentionally", "behaviour change", "no longer"
const QRegularExpression &apiPattern();      // "remove", "rename", "deprecate", "new function"
const QRegularExpression &warningPattern();  // "deprecation", "warning"
const QRegularExpression &layoutPattern();   // "formatting", "whitespace", "order"
const QRegularExpression &tidyPattern();     // "cleanup", "refactor" in the body
const QRegularExpression &preservePattern(); // "unchanged", "the same", "as before"
const QRegularExpression &failurePattern();  // "failed", "bug", "crash", "used to"
const QRegularExpression &issuePattern();    // "closes #16", "fixes #3"

struct NegatedChange
{
    QString phrase;   // "no functional change intended"; empty when the sentence negates no change
    bool api = false; // "no API change": says nothing about behaviour
};
// A change word ("change", "alter", "affect", "differ", …) with a negator shortly before it. Scoped
// negations ("no other changes", "does not change X when …") do not count.
NegatedChange findNegatedChange(const QStringList &tokens);
// "no longer raises", "never raises", "does not raise".
QString findNegatedRaise(const QStringList &tokens);
// A raise verb that is not negated: "raises", "now raises", "rejects".
QString findRaise(const QStringList &tokens);
// "fix", "bug", "regression", "failed" — but not "fix a typo".
QString findFix(const QStringList &tokens);
// "now returns", "now raises": "now" before a verb, not "for now".
QString findNow(const QStringList &tokens);

} // namespace difftriage::engine::intent
