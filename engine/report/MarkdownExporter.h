#pragma once

#include "core/Expected.h"
#include "report/Report.h"

namespace difftriage::engine {

// A Markdown summary for a PR comment or a wiki page: intent, coverage, the differences grouped by
// cluster with verdicts, notes, the shrunk tests and both outputs, the metamorphic relations broken
// on both versions, and the uncovered changed lines.
// The report's verdicts are expected to be applied already (TriageStore::apply).
class MarkdownExporter final
{
public:
    explicit MarkdownExporter(const Report &report);

    QString render() const;

private:
    QString renderDifferences() const;
    QString renderRelationReviews() const;
    QString renderCoverage() const;

    const Report &m_report;
};

} // namespace difftriage::engine
