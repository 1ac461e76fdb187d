#include "pipeline/TargetLedger.h"

#include "core/Json.h"

#include <algorithm>

namespace difftriage::engine {

using nlohmann::json;

QString outcomeSignature(const TestOutcome &outcome)
{
    if (outcome.aborted())
        return spelling(outcome.status);
    switch (outcome.status) {
    case RunStatus::Raised:
        return QStringLiteral("raises ") + outcome.errorType;
    case RunStatus::Exited:
        return QStringLiteral("exit %1").arg(outcome.exitCode);
    default:
        return outcome.resultShape.isEmpty() ? spelling(outcome.status) : outcome.resultShape;
    }
}

TargetLedger::TargetLedger(const QStringList &targets, int plateauTests, int levels)
    : m_plateauTests(std::max(1, plateauTests)), m_levels(std::max(1, levels))
{
    for (const QString &target : targets)
        m_targets.insert(target, TargetState{});
}

bool TargetLedger::record(const QString &target, const QString &strategy, int newLines,
                          const QString &oldSignature, const QString &newSignature,
                          bool newDifference, bool seed)
{
    TargetState &state = m_targets[target];
    bool novel = newLines > 0 || newDifference;
    if (!state.oldSignatures.contains(oldSignature)) {
        state.oldSignatures.insert(oldSignature);
        novel = true;
    }
    if (!state.newSignatures.contains(newSignature)) {
        state.newSignatures.insert(newSignature);
        novel = true;
    }
    StrategyTally &tally = state.strategies[strategy];
    ++state.tests;
    ++tally.tests;
    if (novel) {
        ++tally.novel;
        tally.sinceNew = 0;
        state.sinceNew = 0;
    } else if (!seed) {
        ++tally.sinceNew;
        ++state.sinceNew;
    }
    return novel;
}

int TargetLedger::patience(const TargetState &state) const
{
    const bool last = state.level + 1 >= m_levels;
    return last && state.uncovered ? 2 * m_plateauTests : m_plateauTests;
}

void TargetLedger::endRound(const QSet<QString> &dry, const QSet<QString> &uncovered)
{
    for (auto it = m_targets.begin(); it != m_targets.end(); ++it) {
        TargetState &state = it.value();
        state.uncovered = uncovered.contains(it.key());
        if (state.exhausted || (state.sinceNew < patience(state) && !dry.contains(it.key())))
            continue;
        if (state.level + 1 < m_levels) {
            ++state.level;
            state.sinceNew = 0;
        } else {
            state.exhausted = true;
        }
    }
}

bool TargetLedger::allExhausted() const
{
    return std::all_of(m_targets.cbegin(), m_targets.cend(),
                       [](const TargetState &state) { return state.exhausted; });
}

QStringList TargetLedger::active() const
{
    QStringList out;
    for (auto it = m_targets.cbegin(); it != m_targets.cend(); ++it)
        if (!it->exhausted)
            out << it.key();
    return out;
}

json TargetLedger::scheduleJson() const
{
    json schedule = json::object();
    for (auto it = m_targets.cbegin(); it != m_targets.cend(); ++it) {
        if (it->exhausted)
            continue;
        json plateauedNames = json::array();
        for (auto tally = it->strategies.cbegin(); tally != it->strategies.cend(); ++tally)
            if (tally->sinceNew >= patience(it.value()))
                plateauedNames.push_back(tally.key().toStdString());
        schedule[it.key().toStdString()] = {{"level", it->level}, {"plateaued", plateauedNames}};
    }
    return schedule;
}

json TargetLedger::toJson() const
{
    json targets = json::object();
    for (auto it = m_targets.cbegin(); it != m_targets.cend(); ++it) {
        json strategies = json::object();
        for (auto tally = it->strategies.cbegin(); tally != it->strategies.cend(); ++tally)
            strategies[tally.key().toStdString()] = {
                {"tests", tally->tests}, {"novel", tally->novel}, {"since_new", tally->sinceNew}};
        QStringList oldSignatures(it->oldSignatures.cbegin(), it->oldSignatures.cend());
        QStringList newSignatures(it->newSignatures.cbegin(), it->newSignatures.cend());
        oldSignatures.sort();
        newSignatures.sort();
        targets[it.key().toStdString()] = {
            {"level", it->level},
            {"exhausted", it->exhausted},
            {"tests", it->tests},
            {"since_new", it->sinceNew},
            {"uncovered", it->uncovered},
            {"signatures",
             {{"old", engine::toJson(oldSignatures)}, {"new", engine::toJson(newSignatures)}}},
            {"strategies", strategies}};
    }
    return targets;
}

TargetLedger TargetLedger::fromJson(const json &object, int plateauTests, int levels)
{
    TargetLedger ledger({}, plateauTests, levels);
    if (!object.is_object())
        return ledger;
    for (auto it = object.cbegin(); it != object.cend(); ++it) {
        TargetState state;
        state.level = intField(it.value(), "level");
        state.exhausted = boolField(it.value(), "exhausted");
        state.tests = intField(it.value(), "tests");
        state.sinceNew = intField(it.value(), "since_new");
        state.uncovered = boolField(it.value(), "uncovered");
        const json signatures = field(it.value(), "signatures");
        for (const QString &signature : stringListField(signatures, "old"))
            state.oldSignatures.insert(signature);
        for (const QString &signature : stringListField(signatures, "new"))
            state.newSignatures.insert(signature);
        const json strategies = field(it.value(), "strategies");
        if (strategies.is_object())
            for (auto tally = strategies.cbegin(); tally != strategies.cend(); ++tally)
                state.strategies.insert(QString::fromStdString(tally.key()),
                                        StrategyTally{intField(tally.value(), "tests"),
                                                      intField(tally.value(), "novel"),
                                                      intField(tally.value(), "since_new")});
        ledger.m_targets.insert(QString::fromStdString(it.key()), std::move(state));
    }
    return ledger;
}

} // namespace difftriage::engine
