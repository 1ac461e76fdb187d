// SearchSession's shrinking: the smallest test that still shows each difference, and the
// shortest check of each relation that breaks on both versions.
#include "judge/Judge.h"
#include "judge/RelationJudging.h"
#include "pipeline/SearchSession.h"

#include <QMap>
#include <algorithm>
#include <deque>
#include <future>

namespace difftriage::engine {

namespace {
constexpr int ShrinkSteps = 6;
constexpr int VariantsPerStep = 8;
constexpr int ShrunkDifferencesLimit = 20;
constexpr std::size_t ConfirmingInParallel = 3;
} // namespace

Status SearchSession::shrinkDifferences()
{
    // Step by step for all differences at once: one generator call and one search batch per
    // step, so the helper builds the targets' plans once per step, not once per difference and
    // step, and the workers run every difference's variants side by side.
    const int total = std::min(static_cast<int>(m_differences.size()), ShrunkDifferencesLimit);
    QList<FoundDifference *> active;
    for (int index = 0; index < total; ++index)
        active << &m_differences[index];
    // The time budget bounds shrinking too: a difference left unshrunk is still a true one.
    for (int step = 0; step < ShrinkSteps && !active.isEmpty() && !cancelled() && !outOfTime();
         ++step) {
        report(QStringLiteral("shrinking"), double(step) / ShrinkSteps);
        QList<Candidate> current;
        for (const FoundDifference *found : std::as_const(active))
            current << found->shrunk;
        auto variants = m_context.generator->simplifyEach(current, m_context.baseRequest);
        if (!variants)
            return variants.error();
        QList<Candidate> batch;
        QList<qsizetype> owner; // the active difference each variant of the batch simplifies
        for (qsizetype i = 0; i < active.size(); ++i)
            for (const Candidate &variant : variants->value(i).mid(0, VariantsPerStep))
                if (variant.code.size() < current[i].code.size()) {
                    batch << variant;
                    owner << i;
                }
        if (batch.isEmpty() || cancelled())
            break;
        bool ranAlone = false;
        auto runs = searchPairs(batch, &ranAlone);
        if (!runs)
            return runs.error();
        // Per difference, the first variant (in preference order) that still shows the same
        // difference when run alone wins; a difference no variant kept stops shrinking.
        QList<FoundDifference *> improved;
        for (qsizetype v = 0; v < batch.size() && !cancelled(); ++v) {
            FoundDifference *found = active[owner[v]];
            if (improved.contains(found))
                continue;
            std::pair<TestOutcome, TestOutcome> alone{runs->first.value(v), runs->second.value(v)};
            if (!showsSame(*found, alone.first, alone.second))
                continue;
            if (!ranAlone) {
                auto isolated = runAlone(batch[v]);
                if (!isolated)
                    return isolated.error();
                if (!*isolated || !showsSame(*found, (*isolated)->first, (*isolated)->second))
                    continue;
                alone = std::move(**isolated);
            }
            found->shrunk = batch[v];
            found->oldRun = alone.first;
            found->newRun = alone.second;
            improved << found;
        }
        active = improved;
    }
    return confirmShrunk(total);
}

bool SearchSession::showsSame(const FoundDifference &found, const TestOutcome &oldRun,
                              const TestOutcome &newRun) const
{
    // The same kind and exception types, and a relation check must still check it, with the
    // same verdicts.
    return m_context.judge->compare(oldRun, newRun) == found.kind &&
           oldRun.errorType == found.oldRun.errorType &&
           newRun.errorType == found.newRun.errorType &&
           observeRelation(oldRun.output) == observeRelation(found.oldRun.output) &&
           observeRelation(newRun.output) == observeRelation(found.newRun.output);
}

Status SearchSession::confirmShrunk(int total)
{
    // Each step ran its variant alone; reruns once for the final one, a few at a time. A shrunk
    // test that turns out flaky gives way to the confirmed original.
    std::deque<std::future<Status>> running;
    QString failure;
    const auto collect = [&] {
        const Status status = running.front().get();
        running.pop_front();
        if (!status && failure.isEmpty())
            failure = status.error().message;
    };
    for (int index = 0; index < total && !cancelled(); ++index) {
        FoundDifference *found = &m_differences[index];
        if (found->shrunk.code == found->original.code)
            continue;
        if (running.size() >= ConfirmingInParallel)
            collect();
        running.push_back(std::async(std::launch::async, [this, found] {
            auto confirmed = confirm(found->shrunk, found->oldRun, found->newRun);
            if (!confirmed)
                return Status(confirmed.error());
            if (*confirmed != found->kind) {
                const TestRecord &record = m_tests.at(m_testIndex.value(found->testId));
                found->shrunk = found->original;
                found->oldRun = record.oldRun;
                found->newRun = record.newRun;
            }
            return Status(Ok{});
        }));
    }
    while (!running.empty())
        collect();
    if (!failure.isEmpty())
        return makeError(failure);
    if (cancelled())
        m_stopReason = StopReason::Cancelled; // some differences are not shrunk
    return Ok{};
}

Status SearchSession::shrinkRelationReviews()
{
    const auto breaks = [](const TestOutcome &run) {
        return relationVerdict(run.output) == RelationVerdict::Breaks;
    };
    QMap<QPair<QString, QString>, qsizetype> shortest; // target and relation -> test index
    for (qsizetype index = 0; index < m_tests.size(); ++index) {
        const TestRecord &record = m_tests.at(index);
        const QString label = relationLabelOf(record.candidate.genome);
        if (label.isEmpty() || record.fate != TestFate::Same || !breaks(record.oldRun))
            continue;
        const QPair<QString, QString> key{record.candidate.target, label};
        const auto known = shortest.constFind(key);
        if (known == shortest.cend() ||
            record.candidate.code.size() < m_tests.at(*known).candidate.code.size())
            shortest.insert(key, index);
    }
    for (const qsizetype index : std::as_const(shortest)) {
        Candidate current = m_tests.at(index).candidate;
        const int round = m_tests.at(index).round;
        for (int step = 0; step < ShrinkSteps && !cancelled(); ++step) {
            report(QStringLiteral("shrinking relation checks"), double(step) / ShrinkSteps);
            auto variants = m_context.generator->simplify(current, m_context.baseRequest);
            if (!variants)
                return variants.error();
            QList<Candidate> smaller;
            for (const Candidate &variant : variants->mid(0, VariantsPerStep)) {
                if (variant.code.size() < current.code.size() &&
                    !m_testIndex.contains(testIdFor(variant.code)))
                    smaller << variant;
            }
            if (smaller.isEmpty())
                break;
            auto runs = searchPairs(smaller);
            if (!runs)
                return runs.error();
            qsizetype kept = -1; // the first variant still breaking the same way on both
            for (qsizetype i = 0; i < smaller.size() && kept < 0; ++i) {
                const TestOutcome &oldRun = runs->first.value(i);
                const TestOutcome &newRun = runs->second.value(i);
                if (breaks(oldRun) && !m_context.judge->compare(oldRun, newRun) &&
                    observeRelation(oldRun.output) == observeRelation(newRun.output))
                    kept = i;
            }
            if (kept < 0)
                break;
            current = smaller.at(kept);
            const QString id = testIdFor(current.code);
            m_testIndex.insert(id, static_cast<int>(m_tests.size()));
            m_tests << TestRecord{id,
                                  round,
                                  current,
                                  runs->first.value(kept),
                                  runs->second.value(kept),
                                  TestFate::Same};
        }
    }
    if (cancelled())
        m_stopReason = StopReason::Cancelled;
    return Ok{};
}

} // namespace difftriage::engine
