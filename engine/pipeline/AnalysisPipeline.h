#pragma once

#include "core/Expected.h"
#include "git/Repository.h"
#include "pipeline/AnalysisOptions.h"
#include "report/Report.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace difftriage::engine {

struct PipelineSetup;

// One test run on both versions: a difference (its kind in `difference`), the same behaviour, or
// flaky when a rerun on one version disagreed with its first run. `difference` holds both sides
// in every case. A test that does not compile says why and where in `invalid` and `invalidLine`
// and was run only once: it shows nothing about the change.
struct SingleTestRun
{
    TestFate fate = TestFate::Same;
    ReportDifference difference;
    QString invalid; // Python's complaint ("invalid syntax") when the test is not valid Python
    int invalidLine = 0;
};

// Runs the whole pipeline for one change: trees → diff → changed functions and access
// information → rounds of generation → execution on both versions → judge → union coverage →
// next round → shrinking → report → suggested verdicts. Blocking; run it on a worker thread.
// Progress is reported through the callback (from the calling thread); `cancel` is checked
// between steps and honoured within a second: whenever it was set, at whatever step, the report's
// stop reason is `cancelled` (never a finished one) and the round checkpoint is kept for a
// resume. Errors carry their kind: bad input or internal.
class AnalysisPipeline final
{
public:
    // The options come from resolveAnalysisOptions(); `repository` is the one they were resolved
    // with (libgit2 handles belong to one thread: create the pipeline where it runs).
    AnalysisPipeline(AnalysisOptions options, git::Repository repository);
    ~AnalysisPipeline();
    Q_DISABLE_COPY_MOVE(AnalysisPipeline)

    const AnalysisOptions &options() const { return m_options; }

    Expected<Report> run(const ProgressCallback &progress = {},
                         const std::atomic_bool *cancel = nullptr);

    // Runs one test (a reviewer's edit of a generated test, or a new one) on both versions the
    // way the analysis runs its own: same trees, sandbox, seed, normalisation and Definition 2.
    // Blocking. The first call sets the change up (trees, target analysis, started workers) and
    // keeps it, so later calls cost only the test; an error drops it for the next call to start
    // afresh. One call at a time.
    Expected<SingleTestRun> runSingleTest(const QString &code, const QString &target,
                                          const ProgressCallback &progress = {});

    // Where the round checkpoints of this analysis are kept.
    QString checkpointPath() const;

private:
    // Stops between its steps when `cancel` is set: the set-up then holds a cancelled report.
    Expected<std::unique_ptr<PipelineSetup>> setUp(const std::function<void(const QString &)> &say,
                                                   const std::atomic_bool *cancel = nullptr);
    Expected<SingleTestRun> runSingleTestOn(PipelineSetup &setup, const QString &code,
                                            const QString &target,
                                            const std::function<void(const QString &)> &say) const;

    AnalysisOptions m_options;
    git::Repository m_repository;
    std::unique_ptr<PipelineSetup> m_singleTestSetup; // kept between runSingleTest calls
};

// Opens the repository, decides the options (resolveAnalysisOptions) and returns the pipeline:
// the way into an analysis for a front end that holds a repository path and a change. Call it on
// the thread that runs the pipeline.
Expected<std::unique_ptr<AnalysisPipeline>> openAnalysis(const AnalysisRequest &request);

} // namespace difftriage::engine
