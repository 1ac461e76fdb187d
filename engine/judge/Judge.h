#pragma once

#include "core/Vocabulary.h"
#include "execute/TestOutcome.h"
#include "judge/Normalizer.h"

#include <QList>
#include <QSet>
#include <optional>

namespace difftriage::engine {

// Definition 2 (docs/ARCHITECTURE.md) on one pair of runs (old, new), outputs normalised first.
std::optional<DifferenceKind> judge(const TestOutcome &old, const TestOutcome &new_,
                                    const Normalizer &normalizer);

// The verdict on a test from all its runs: the first run and the reruns of each version.
struct Judgement
{
    std::optional<DifferenceKind> kind; // only for a stable test
    bool flaky = false;                 // some run disagreed with the first run of its version
    QString flakyReason;                // which run, and on what
    // An abort seen on one side without a rerun to confirm it: a crash is never a difference
    // by itself.
    bool unconfirmed = false;
};

class Judge final
{
public:
    explicit Judge(Normalizer normalizer = Normalizer());

    const Normalizer &normalizer() const { return m_normalizer; }
    Normalizer &normalizer() { return m_normalizer; }

    // Entry points that exist on one side only (qualified names from the access information).
    // A raise on the other side that names one of them (ImportError, AttributeError) means the
    // test cannot even reach its target there: api_change rather than a raise difference.
    void setOneSidedNames(const QStringList &oldOnly, const QStringList &newOnly);

    std::optional<DifferenceKind> compare(const TestOutcome &old, const TestOutcome &new_) const;

    // Runs in order: index 0 is the first run, then the reruns. Any run that disagrees with the
    // first run of the same version makes the test flaky: no kind, discarded and counted. When
    // the first runs end differently (one raises, or other exception types), only the endings
    // must agree.
    Judgement judgeRuns(const QList<TestOutcome> &oldRuns, const QList<TestOutcome> &newRuns) const;

    // What two runs of one version disagree on, among the things Definition 2 compares; empty
    // when they agree. `endingOnly`: only how they ended (and the exception type) counts, for a
    // difference Definition 2 decides on that alone.
    QString disagreement(const TestOutcome &first, const TestOutcome &other,
                         bool endingOnly = false) const;

private:
    bool namesOneSided(const TestOutcome &raising, const QSet<QString> &names) const;

    Normalizer m_normalizer;
    QSet<QString> m_oldOnly; // last components and full dotted names
    QSet<QString> m_newOnly;
};

} // namespace difftriage::engine
