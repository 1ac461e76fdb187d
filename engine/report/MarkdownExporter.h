#pragma once

#include "core/Expected.h"
#include "report/PrSummaryTable.h"
#include "report/Report.h"

namespace difftriage::engine {

// A Markdown summary for a PR comment or a wiki page: intent, coverage, the differences grouped by
// cluster with verdicts, notes, the shrunk tests and both outputs, the metamorphic relations broken
// on both versions, and the uncovered changed lines.
// A range analysis's differences are grouped by the PR that introduced them first; a release
// (releaseAsReport) starts with its per-PR summary table.
// The report's verdicts are expected to be applied already (TriageStore::apply).
class MarkdownExporter final
{
public:
    explicit MarkdownExporter(const Report &report, QList<PrSummaryRow> prSummary = {});

    QString render() const;

private:
    QString renderDifferences() const;
    QString renderCluster(const QList<const ReportDifference *> &members, int level) const;
    QString renderRelationReviews() const;
    QString renderCoverage() const;

    const Report &m_report;
    QList<PrSummaryRow> m_prSummary;
};

} // namespace difftriage::engine
