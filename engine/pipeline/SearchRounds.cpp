// SearchSession's rounds: generate, run in batches on both versions, judge, confirm, repair,
// follow each target's behaviour coverage and escalate where it plateaus.
#include "judge/Judge.h"
#include "judge/RelationJudging.h"
#include "pipeline/SearchSession.h"

#include <algorithm>

namespace difftriage::engine {

namespace {
constexpr int ChunkSize = 20; // candidates per search batch: one fork per side

// One of the project's own tests as it stands (gen/project_tests: "mutant": false).
bool isSeed(const Candidate &candidate)
{
    const nlohmann::json &genome = candidate.genome;
    if (!genome.is_object())
        return false;
    const auto strategy = genome.find("strategy");
    const auto mutant = genome.find("mutant");
    return strategy != genome.end() && *strategy == "project_tests" && mutant != genome.end() &&
           *mutant == false;
}
} // namespace

double SearchSession::progress() const
{
    return std::min(1.0, double(m_tests.size()) / std::max(1, m_schedule.tests));
}

std::optional<StopReason> SearchSession::mustStop(int round) const
{
    if (cancelled())
        return StopReason::Cancelled;
    if (m_tests.size() >= m_schedule.tests)
        return m_schedule.testCap > 0 ? StopReason::Budget : StopReason::EffortSpent;
    if (round >= m_schedule.rounds)
        return StopReason::EffortSpent;
    if (outOfTime())
        return StopReason::TimeBudget;
    if (m_ledger.allExhausted())
        return StopReason::Plateau;
    return std::nullopt;
}

QSet<QString> SearchSession::dryTargets(const QList<Candidate> &candidates, int asked) const
{
    // The generator serves the targets in turn until the round is full: a round with room to spare
    // means every target had all its strategies at their levels could give. Relation checks come
    // on top of what was asked for: they say nothing about the room left.
    const auto ordinary =
        std::count_if(candidates.cbegin(), candidates.cend(), [](const Candidate &candidate) {
            return relationLabelOf(candidate.genome).isEmpty();
        });
    if (ordinary >= asked)
        return {};
    const QStringList active = m_ledger.active();
    return QSet<QString>(active.cbegin(), active.cend());
}

Status SearchSession::runRounds()
{
    for (int round = m_nextRound;; ++round) {
        if (const auto stop = mustStop(round)) {
            m_stopReason = *stop;
            return Ok{};
        }
        const int budget = m_schedule.tests - static_cast<int>(m_tests.size());
        report(QStringLiteral("round %1: generating").arg(round), progress());
        GenerationRequest request = nextRequest(round);
        request.maxCandidates = std::min(m_schedule.candidatesPerRound, budget);
        auto generated = m_context.generator->generate(request);
        if (!generated)
            return generated.error();
        QList<Candidate> candidates;
        QSet<QString> seen;
        for (const Candidate &candidate : *generated) {
            const QString id = testIdFor(candidate.code);
            if (!m_testIndex.contains(id) && !seen.contains(id) && candidates.size() < budget) {
                seen.insert(id);
                candidates << candidate;
            }
        }
        const QSet<QString> dry = dryTargets(candidates, request.maxCandidates);

        report(QStringLiteral("round %1: running").arg(round), progress());
        qsizetype ran = 0;
        for (qsizetype start = 0; start < candidates.size(); start += ChunkSize) {
            // The round is not checkpointed: a resume runs it again whole. A round of the
            // project's tests and their mutants can hold hundreds of candidates, so the time
            // budget is checked between its batches, not only between rounds.
            if (cancelled() || (start > 0 && outOfTime()))
                break;
            const QList<Candidate> chunk = candidates.mid(start, ChunkSize);
            bool ranAlone = false;
            auto runs = searchPairs(chunk, &ranAlone);
            if (!runs)
                return runs.error();
            QList<int> broken; // raised the same error on both versions, from the test's code
            for (qsizetype i = 0; i < chunk.size(); ++i) {
                TestRecord record{testIdFor(chunk[i].code), round, chunk[i], runs->first.value(i),
                                  runs->second.value(i)};
                if (auto admitted = admit(std::move(record), !ranAlone); !admitted)
                    return admitted.error();
                if (needsRuntimeRepair(m_tests.last()))
                    broken << static_cast<int>(m_tests.size() - 1);
            }
            if (auto repaired = repairRuntimeErrors(broken, round); !repaired)
                return repaired.error();
            ran += chunk.size();
            report(QStringLiteral("round %1: running").arg(round), progress());
        }
        if (cancelled()) {
            m_stopReason = StopReason::Cancelled;
            return Ok{};
        }
        if (ran < candidates.size()) { // out of time part-way: the round's tests so far count
            m_rounds << ReportRound{round, static_cast<int>(ran), m_coverage.unionCoverage()};
            m_stopReason = StopReason::TimeBudget;
            return Ok{};
        }
        QSet<QString> uncovered;
        for (const QString &function : m_coverage.functions())
            if (m_coverage.unionCoverage(function) < 1.0)
                uncovered << function;
        m_ledger.endRound(dry, uncovered);
        m_rounds << ReportRound{round, static_cast<int>(candidates.size()),
                                m_coverage.unionCoverage()};
        if (auto saved = saveCheckpoint(round + 1); !saved)
            return saved.error();
    }
}

Status SearchSession::admit(TestRecord record, bool searched)
{
    int newLines = m_coverage.record(record.id, Side::Old, record.oldRun.covered);
    newLines += m_coverage.record(record.id, Side::New, record.newRun.covered);
    auto kind = m_context.judge->compare(record.oldRun, record.newRun);
    const auto full = [&](DifferenceKind found) {
        return clusterIsFull(record.candidate.target, found, record);
    };
    if (kind && searched && !full(*kind)) {
        report(QStringLiteral("round %1: confirming").arg(record.round), progress());
        auto alone = runAlone(record.candidate);
        if (!alone)
            return alone.error();
        kind.reset();
        if (*alone) {
            // The alone runs decide the test's fate, with their own kind.
            record.oldRun = (*alone)->first;
            record.newRun = (*alone)->second;
            newLines += m_coverage.record(record.id, Side::Old, record.oldRun.covered);
            newLines += m_coverage.record(record.id, Side::New, record.newRun.covered);
            kind = m_context.judge->compare(record.oldRun, record.newRun);
        }
    }
    const bool differs = kind && !full(*kind);
    record.fate = kind && !differs ? TestFate::Duplicate : TestFate::Same;
    m_testIndex.insert(record.id, static_cast<int>(m_tests.size()));
    m_tests << record;
    if (differs) {
        auto confirmed = confirm(record.candidate, record.oldRun, record.newRun);
        if (!confirmed)
            return confirmed.error();
        if (!*confirmed) {
            m_tests.last().fate = TestFate::Flaky;
            ++m_flaky;
        } else {
            m_tests.last().fate = TestFate::Difference;
            m_differences << FoundDifference{record.id,        **confirmed,   record.candidate,
                                             record.candidate, record.oldRun, record.newRun};
        }
    }
    TestRecord &admitted = m_tests.last();
    admitted.novel =
        m_ledger.record(admitted.candidate.target, admitted.candidate.strategy, newLines,
                        outcomeSignature(admitted.oldRun), outcomeSignature(admitted.newRun),
                        admitted.fate == TestFate::Difference, isSeed(admitted.candidate));
    return Ok{};
}

} // namespace difftriage::engine
