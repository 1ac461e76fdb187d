#pragma once

#include "analysis/AnalysisOptions.h"
#include "core/Expected.h"
#include "report/Report.h"

#include <atomic>

namespace difftriage::engine {

// One analysis of one change: trees → diff → changed functions and access information → rounds of
// generation → execution on both versions → judge → union coverage → next round → shrinking →
// report. Blocking; run it on a worker thread. Progress is reported through the callback (from the
// calling thread); `cancel` is checked between steps and honoured within a second.
class Analysis final
{
public:
    explicit Analysis(AnalysisOptions options);

    Expected<Report> run(const ProgressCallback &progress = {},
                         const std::atomic_bool *cancel = nullptr);

    // After a failed run: was it the input (exit 2) or DiffTriage itself (exit 1)?
    bool failedOnBadInput() const { return m_badInput; }
    // Where the round checkpoints of this analysis are kept.
    QString checkpointPath() const;

private:
    AnalysisOptions m_options;
    bool m_badInput = true;
};

} // namespace difftriage::engine
