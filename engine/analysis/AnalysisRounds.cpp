// AnalysisSession's loops: the coverage-driven rounds and the shrinking of what they found.
#include "analysis/AnalysisSession.h"
#include "execute/Executor.h"
#include "judge/Judge.h"

#include <algorithm>

namespace difftriage::engine {

namespace {
constexpr int ChunkSize = 8;
constexpr int ShrinkSteps = 6;
constexpr int VariantsPerStep = 8;
constexpr int ShrunkDifferencesLimit = 20;
} // namespace

Status AnalysisSession::runRounds()
{
    const AnalysisOptions &options = *m_context.options;
    for (int round = m_nextRound;; ++round) {
        if (cancelled()) {
            m_stopReason = QStringLiteral("cancelled");
            return Ok{};
        }
        if (!m_rounds.isEmpty() && m_coverage.unionCoverage() >= 1.0) {
            m_stopReason = QStringLiteral("full_coverage");
            return Ok{};
        }
        const int budget = options.maxTests - static_cast<int>(m_tests.size());
        if (budget <= 0 || round >= options.maxRounds) {
            m_stopReason = QStringLiteral("budget");
            return Ok{};
        }
        if (outOfTime()) {
            m_stopReason = QStringLiteral("time_budget");
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
            m_stopReason = QStringLiteral("no_gain");
            return Ok{};
        }

        const int coveredBefore = m_coverage.coveredCount();
        report(QStringLiteral("round %1: running").arg(round),
               double(m_tests.size()) / options.maxTests);
        for (qsizetype start = 0; start < candidates.size(); start += ChunkSize) {
            if (cancelled())
                break; // the round is not checkpointed: a resume runs it again whole
            const QList<Candidate> chunk = candidates.mid(start, ChunkSize);
            auto runs = runPairs(chunk, 0);
            if (!runs)
                return runs.error();
            for (qsizetype i = 0; i < chunk.size(); ++i) {
                TestRecord record{testIdFor(chunk[i].code), round, chunk[i], runs->first.value(i),
                                  runs->second.value(i)};
                m_coverage.record(record.id, Side::Old, record.oldRun.covered);
                m_coverage.record(record.id, Side::New, record.newRun.covered);
                m_testIndex.insert(record.id, static_cast<int>(m_tests.size()));
                m_tests << record;
                const auto kind = m_context.judge->compare(record.oldRun, record.newRun);
                if (!kind || clusterIsFull(record.candidate.target, *kind, record))
                    continue;
                report(QStringLiteral("round %1: confirming").arg(round),
                       double(m_tests.size()) / options.maxTests);
                auto confirmed = confirm(record.candidate, record.oldRun, record.newRun);
                if (!confirmed)
                    return confirmed.error();
                if (!*confirmed) {
                    ++m_flaky;
                    continue;
                }
                m_differences << FoundDifference{record.id,        **confirmed,   record.candidate,
                                                 record.candidate, record.oldRun, record.newRun};
            }
            report(QStringLiteral("round %1: running").arg(round),
                   double(m_tests.size()) / options.maxTests);
        }
        if (cancelled()) {
            m_stopReason = QStringLiteral("cancelled");
            return Ok{};
        }
        m_rounds << ReportRound{round, static_cast<int>(candidates.size()),
                                m_coverage.unionCoverage()};
        if (auto saved = saveCheckpoint(round + 1); !saved)
            return saved.error();
        if (m_coverage.unionCoverage() >= 1.0) {
            m_stopReason = QStringLiteral("full_coverage");
            return Ok{};
        }
        if (m_coverage.coveredCount() == coveredBefore) {
            m_stopReason = QStringLiteral("no_gain");
            return Ok{};
        }
    }
}

Status AnalysisSession::shrinkDifferences()
{
    const int total = std::min(static_cast<int>(m_differences.size()), ShrunkDifferencesLimit);
    for (int index = 0; index < total; ++index) {
        FoundDifference &found = m_differences[index];
        report(QStringLiteral("shrinking"), double(index) / total);
        for (int step = 0; step < ShrinkSteps && !cancelled(); ++step) {
            auto variants = m_context.generator->simplify(found.shrunk, m_context.baseRequest);
            if (!variants)
                return variants.error();
            bool improved = false;
            for (const Candidate &variant : variants->mid(0, VariantsPerStep)) {
                if (variant.code.size() >= found.shrunk.code.size() || cancelled())
                    continue;
                auto runs = runPairs({variant}, 0);
                if (!runs)
                    return runs.error();
                const TestOutcome &oldRun = runs->first.value(0);
                const TestOutcome &newRun = runs->second.value(0);
                if (m_context.judge->compare(oldRun, newRun) != found.kind ||
                    oldRun.errorType != found.oldRun.errorType ||
                    newRun.errorType != found.newRun.errorType)
                    continue;
                auto confirmed = confirm(variant, oldRun, newRun);
                if (!confirmed)
                    return confirmed.error();
                if (*confirmed != found.kind)
                    continue;
                found.shrunk = variant;
                found.oldRun = oldRun;
                found.newRun = newRun;
                improved = true;
                break;
            }
            if (!improved)
                break;
        }
    }
    return Ok{};
}

} // namespace difftriage::engine
