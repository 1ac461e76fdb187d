#pragma once

#include "triage/intent/TargetName.h"

#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

namespace difftriage::engine {

// How closely a PR's text names a changed function, weakest first.
enum class Mention
{
    None,
    Module, // its module or class: "tax", "Invoice"
    Words,  // the words of its name: "tier" for `_tier_for`
    Name,   // the identifier itself: `_tier_for`, `Invoice.__contains__`
};

// What a PR's title, body and commit messages say about its intent, read without a model. Each
// claim is the phrase that made it, quoted back in the reasons; empty when the text makes none.
class IntentText final
{
public:
    IntentText(const QString &title, const QString &body, const QStringList &commitMessages = {});

    bool isEmpty() const { return m_sentences.isEmpty(); }

    // "no functional change", "pure refactor", "does not change behaviour".
    QString noChangeClaim() const { return m_noChange; }
    // "no API change".
    QString noApiChangeClaim() const { return m_noApiChange; }
    // A title that only tidies: "Simplify …", "Tidy up …", "refactor: …"; weaker than the above.
    QString tidyClaim() const { return m_tidy; }
    // "intentionally", "behaviour change", "no longer", "breaking".
    QString changeClaim() const { return m_change; }
    // "now returns", "now walks": refactors say it of code too, so it does not outweigh a claim
    // of no change.
    QString weakChangeClaim() const { return m_changeNow; }
    // The title's verb when it names a change: "use", "make", "lower", "split".
    QString changeVerb() const { return m_changeVerb; }
    // "fix", "bug", "regression", "closes #16", "failed".
    QString fixClaim() const { return m_fix; }
    // "remove", "rename", "replace", "deprecate", "breaking", "add a function".
    QString apiClaim() const { return m_api; }
    // "deprecation", "warning".
    QString warningClaim() const { return m_warning; }
    // "formatting", "whitespace", "order".
    QString layoutClaim() const { return m_layout; }

    Mention mention(const TargetName &target) const;
    // Whether the text names `identifier` as a whole word (case-insensitive).
    bool names(const QString &identifier) const;
    // A sentence naming the target that says it keeps its behaviour ("`f` output is unchanged").
    QString preserveClaimFor(const TargetName &target) const;
    // A sentence that names `errorType` without describing it as a failure: an announcement.
    QString announcementOf(const QString &errorType) const;
    // A raise verb in a sentence that mentions the target ("now raises", "rejects").
    QString raiseClaimFor(const TargetName &target) const;
    // "no longer raises", "never raises", "does not raise".
    QString noRaiseClaim() const { return m_noRaise; }
    // A sentence describing one of `fragments` (an error type, a piece of its message) as a
    // failure: "… the second half failed with `expected 4 fields`".
    QString failureNaming(const QString &errorType, const QString &errorMessage) const;

private:
    struct Sentence
    {
        QString text;       // lowercase
        QStringList tokens; // lowercase words, identifiers whole
        QStringList code;   // `code spans` and "quoted" fragments, lowercase
        bool title = false;
        bool negatesChange = false;
    };

    void addSentences(const QString &text, bool title);
    void readTitle(const QString &title);
    void readClaims(Sentence &sentence);
    bool sentenceMentions(const Sentence &sentence, const TargetName &target) const;

    QList<Sentence> m_sentences;
    QSet<QString> m_stems; // every word, identifiers also split, stemmed
    QString m_noChange, m_noApiChange, m_tidy, m_change, m_changeNow, m_changeVerb, m_fix, m_api,
        m_warning, m_layout, m_noRaise;
};

} // namespace difftriage::engine
