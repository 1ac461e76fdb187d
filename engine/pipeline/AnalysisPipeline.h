#pragma once

#include "pipeline/AnalysisOptions.h"
#include "core/Expected.h"
#include "report/Report.h"

#include <atomic>
#include <functional>
#include <memory>

namespace difftriage::engine {

struct PipelineSetup;

// One analysis of one change: trees → diff → changed functions and access information → rounds of
// generation → execution on both versions → judge → union coverage → next round → shrinking →
// report. Blocking; run it on a worker thread. Progress is reported through the callback (from the
// calling thread); `cancel` is checked between steps and honoured within a second.
class AnalysisPipeline final
{
public:
    explicit AnalysisPipeline(AnalysisOptions options);
    ~AnalysisPipeline();
    Q_DISABLE_COPY_MOVE(AnalysisPipeline)

    Expected<Report> run(const ProgressCallback &progress = {},
                         const std::atomic_bool *cancel = nullptr);

    // Runs one test (a reviewer's edit of a generated test, or a new one) on both versions the
    // way the analysis runs its own: same trees, sandbox, normalisation and Definition 2. The
    // result is a difference with its kind, kind "same" when both versions agree, or "flaky"
    // when a rerun on one version disagrees with its first run. Blocking. The first call sets
    // the change up (trees, target analysis, started workers) and keeps it, so later calls cost
    // only the test; an error drops it for the next call to start afresh. One call at a time.
    Expected<ReportDifference> runSingleTest(const QString &code, const QString &target,
                                             const ProgressCallback &progress = {});

    // After a failed run: was it the input (exit 2) or DiffTriage itself (exit 1)?
    bool failedOnBadInput() const { return m_badInput; }
    // Where the round checkpoints of this analysis are kept.
    QString checkpointPath() const;

private:
    Expected<std::unique_ptr<PipelineSetup>> setUp(const std::function<void(const QString &)> &say);
    Expected<ReportDifference>
    runSingleTestOn(PipelineSetup &setup, const QString &code, const QString &target,
                    const std::function<void(const QString &)> &say) const;

    AnalysisOptions m_options;
    bool m_badInput = true;
    std::unique_ptr<PipelineSetup> m_singleTestSetup; // kept between runSingleTest calls
};

} // namespace difftriage::engine
