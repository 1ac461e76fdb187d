#pragma once

#include "execute/TestOutcome.h"

#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>

namespace difftriage::engine {

// A test's outcome on one version as the search counts behaviours: the exception type
// ("raises ValueError"), the exit ("exit 2"), the abort ("timeout"), or the result's shape from
// the runner ("list[3] of str", "int:+"; "ok" without one).
QString outcomeSignature(const TestOutcome &outcome);

// How often one strategy served one target, and when it last found something new.
struct StrategyTally
{
    int tests = 0;
    int novel = 0;    // tests that covered a new line or showed a new signature
    int sinceNew = 0; // tests since the last novel one
};

// The search's state for one target: its escalation level, and its behaviour coverage (the
// distinct outcome signatures each version showed).
struct TargetState
{
    int level = 0;
    bool exhausted = false; // plateaued at the last level: it gets no more tests
    int tests = 0;
    int sinceNew = 0;
    bool uncovered = false; // changed lines no test has run yet, as of the last round's end
    QSet<QString> oldSignatures, newSignatures;
    QMap<QString, StrategyTally> strategies;
};

// Per target and strategy: what ran, what was new, who plateaued (docs/SEARCH.md, "Plateau"). A
// test is novel for its target when it covered a changed line no earlier test covered, showed
// an outcome signature the target had not shown on that version, or confirmed a difference. K
// consecutive tests without anything novel make a strategy plateau on a target (the generator
// stops asking it), and make the target plateau at its level: it escalates to the next level, or,
// at the last one, is exhausted. A round the generator could not fill means it had nothing more
// for any target at its level: every target plateaus at once. At the last level a target whose
// changed lines some are still unreached by any test has twice the patience, it and its
// strategies: what is surely left to find there is worth the rest of the budget.
class TargetLedger final
{
public:
    TargetLedger() = default;
    TargetLedger(const QStringList &targets, int plateauTests, int levels);

    // One test of `target` by `strategy`; returns whether it was novel. A `seed` (one of the
    // project's own tests as it stands, not a mutant) counts, but never toward a plateau: the
    // seeds are a fixed set run once, and a project with a hundred tests reaching the change
    // would otherwise end the mutation of its seeds before any mutant ran.
    bool record(const QString &target, const QString &strategy, int newLines,
                const QString &oldSignature, const QString &newSignature, bool newDifference,
                bool seed = false);
    // The end of a round: targets plateau, escalate or are exhausted. `dry` are the targets the
    // generator had nothing more for at their levels; `uncovered` those with changed lines no
    // test has run yet.
    void endRound(const QSet<QString> &dry, const QSet<QString> &uncovered = {});

    bool allExhausted() const;
    QStringList active() const; // not exhausted, in name order
    // The generator request's `schedule`: {target: {"level", "plateaued": [strategy, ...]}}.
    nlohmann::json scheduleJson() const;
    const QMap<QString, TargetState> &targets() const { return m_targets; }

    nlohmann::json toJson() const; // for the checkpoint
    static TargetLedger fromJson(const nlohmann::json &object, int plateauTests, int levels);

private:
    // K, or twice K for an uncovered target at the last level
    int patience(const TargetState &state) const;

    QMap<QString, TargetState> m_targets;
    int m_plateauTests = 1;
    int m_levels = 1;
};

} // namespace difftriage::engine
