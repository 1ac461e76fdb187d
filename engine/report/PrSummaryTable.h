#pragma once

#include "core/Vocabulary.h"
#include "report/ReportAttribution.h"

#include <QList>
#include <QString>

namespace difftriage::engine {

// One row of a release's per-PR summary: the PR, how many differences its analysis found, its
// suggested and reviewed status (the most severe verdict), and how many of its differences a
// later change reverted before the head.
struct PrSummaryRow
{
    ReportIntroducer pr;
    int differences = 0;
    Verdict suggested = Verdict::None;
    Verdict status = Verdict::None;
    int undecided = 0;
    int notAtHead = 0;
    StopReason stopReason = StopReason::NothingToAnalyse;
};

// The table, rows in the order given (most severe first), for the Markdown and HTML exports.
QString prSummaryMarkdown(const QList<PrSummaryRow> &rows);
QString prSummaryHtml(const QList<PrSummaryRow> &rows);

} // namespace difftriage::engine
