#pragma once

#include "pipeline/AnalysisOptions.h"
#include "report/Report.h"

#include <QElapsedTimer>

namespace difftriage::cli {

// The short human summary `analyze` prints.
QString summarize(const engine::Report &report);

// A one-line progress bar on stderr, redrawn in place; silent when stderr is not a terminal.
// With `verbose`, every change of stage is logged on its own line with the elapsed time instead.
class ProgressPrinter final
{
public:
    ProgressPrinter(bool enabled, bool verbose);
    void show(const engine::AnalysisProgress &progress);
    void finish();

private:
    bool m_enabled;
    bool m_verbose;
    bool m_drawn = false;
    QString m_lastStage;
    QElapsedTimer m_clock;
};

} // namespace difftriage::cli
