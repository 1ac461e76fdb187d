// SearchSession's rounds: generate, run in batches on both versions, judge, confirm, repair.
#include "judge/Judge.h"
#include "pipeline/SearchSession.h"

#include <algorithm>

namespace difftriage::engine {

namespace {
constexpr int ChunkSize = 20; // candidates per search batch: one fork per side
} // namespace

Status SearchSession::runRounds()
{
    const UserChoices &options = m_context.options->choices;
    for (int round = m_nextRound;; ++round) {
        if (cancelled()) {
            m_stopReason = StopReason::Cancelled;
            return Ok{};
        }
        if (!m_rounds.isEmpty() && m_coverage.unionCoverage() >= 1.0) {
            m_stopReason = StopReason::FullCoverage;
            return Ok{};
        }
        const int budget = options.maxTests - static_cast<int>(m_tests.size());
        if (budget <= 0 || round >= options.maxRounds) {
            m_stopReason = StopReason::Budget;
            return Ok{};
        }
        if (outOfTime()) {
            m_stopReason = StopReason::TimeBudget;
            return Ok{};
        }
        report(QStringLiteral("round %1: generating").arg(round),
               double(m_tests.size()) / options.maxTests);
        GenerationRequest request = nextRequest(round);
        request.maxCandidates = std::min(options.candidatesPerRound, budget);
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
        if (candidates.isEmpty()) {
            m_stopReason = StopReason::NoGain;
            return Ok{};
        }

        const int coveredBefore = m_coverage.coveredCount();
        report(QStringLiteral("round %1: running").arg(round),
               double(m_tests.size()) / options.maxTests);
        for (qsizetype start = 0; start < candidates.size(); start += ChunkSize) {
            if (cancelled())
                break; // the round is not checkpointed: a resume runs it again whole
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
            report(QStringLiteral("round %1: running").arg(round),
                   double(m_tests.size()) / options.maxTests);
        }
        if (cancelled()) {
            m_stopReason = StopReason::Cancelled;
            return Ok{};
        }
        m_rounds << ReportRound{round, static_cast<int>(candidates.size()),
                                m_coverage.unionCoverage()};
        if (auto saved = saveCheckpoint(round + 1); !saved)
            return saved.error();
        if (m_coverage.unionCoverage() >= 1.0) {
            m_stopReason = StopReason::FullCoverage;
            return Ok{};
        }
        if (m_coverage.coveredCount() == coveredBefore) {
            m_stopReason = StopReason::NoGain;
            return Ok{};
        }
    }
}

Status SearchSession::admit(TestRecord record, bool searched)
{
    m_coverage.record(record.id, Side::Old, record.oldRun.covered);
    m_coverage.record(record.id, Side::New, record.newRun.covered);
    auto kind = m_context.judge->compare(record.oldRun, record.newRun);
    const auto full = [&](DifferenceKind found) {
        return clusterIsFull(record.candidate.target, found, record);
    };
    if (kind && searched && !full(*kind)) {
        report(QStringLiteral("round %1: confirming").arg(record.round),
               double(m_tests.size()) / m_context.options->choices.maxTests);
        auto alone = runAlone(record.candidate);
        if (!alone)
            return alone.error();
        kind.reset();
        if (*alone) {
            // The alone runs decide the test's fate, with their own kind.
            record.oldRun = (*alone)->first;
            record.newRun = (*alone)->second;
            m_coverage.record(record.id, Side::Old, record.oldRun.covered);
            m_coverage.record(record.id, Side::New, record.newRun.covered);
            kind = m_context.judge->compare(record.oldRun, record.newRun);
        }
    }
    const bool differs = kind && !full(*kind);
    record.fate = kind && !differs ? TestFate::Duplicate : TestFate::Same;
    m_testIndex.insert(record.id, static_cast<int>(m_tests.size()));
    m_tests << record;
    if (!differs)
        return Ok{};
    auto confirmed = confirm(record.candidate, record.oldRun, record.newRun);
    if (!confirmed)
        return confirmed.error();
    if (!*confirmed) {
        m_tests.last().fate = TestFate::Flaky;
        ++m_flaky;
        return Ok{};
    }
    m_tests.last().fate = TestFate::Difference;
    m_differences << FoundDifference{record.id,        **confirmed,   record.candidate,
                                     record.candidate, record.oldRun, record.newRun};
    return Ok{};
}

} // namespace difftriage::engine
