#pragma once

#include "core/Expected.h"
#include "report/ExportSources.h"
#include "report/PrSummaryTable.h"
#include "report/Report.h"

namespace difftriage::engine {

// One self-contained HTML file (inline CSS, no scripts, no external resources) with the PR's
// intent (for a release, its per-PR summary), its differences grouped by cluster (and first by
// the PR that introduced them, when they are attributed) with verdicts and notes, the metamorphic
// relations broken on both versions, the changed functions' union coverage and, when the sources
// are given, the coverage heatmap of the changed files. The report's verdicts are expected to be
// applied already (TriageStore::apply).
class HtmlExporter final
{
public:
    explicit HtmlExporter(const Report &report, QList<ExportSource> sources = {},
                          QList<PrSummaryRow> prSummary = {});

    QString render() const;

    // The heatmap's bucket for a changed line reached by `hits` tests: 0 = uncovered.
    static int heatBucket(qsizetype hits);

private:
    QString renderSummary() const;
    QString renderDifferences() const;
    QString renderCluster(const QList<const ReportDifference *> &members) const;
    QString renderRelationReviews() const;
    QString renderFunctions() const;
    QString renderHeatmap() const;

    const Report &m_report;
    QList<ExportSource> m_sources;
    QList<PrSummaryRow> m_prSummary;
};

} // namespace difftriage::engine
