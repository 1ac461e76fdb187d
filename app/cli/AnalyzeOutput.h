#pragma once

#include "analysis/AnalysisOptions.h"
#include "report/Report.h"

namespace difftriage::cli {

// The short human summary `analyze` prints.
QString summarize(const engine::Report &report);

// A one-line progress bar on stderr, redrawn in place; silent when stderr is not a terminal.
class ProgressPrinter final
{
public:
    explicit ProgressPrinter(bool enabled) : m_enabled(enabled) {}
    void show(const engine::AnalysisProgress &progress);
    void finish();

private:
    bool m_enabled;
    bool m_drawn = false;
};

} // namespace difftriage::cli
