#pragma once

#include "report/Report.h"

#include <QCoreApplication>

namespace difftriage::engine {

// The reviewer's verdicts and notes as one review comment: Markdown to paste into the PR. The
// decided differences come first, most severe first, each with its note and, folded away, its
// test and both outcomes; then the undecided ones, then the decisions on relations to review.
// Its sentences follow the application's language, like its words.
// The report's verdicts and decisions are expected to be applied already (TriageStore::apply).
class ReviewCommentExporter final
{
    Q_DECLARE_TR_FUNCTIONS(ReviewCommentExporter)

public:
    explicit ReviewCommentExporter(const Report &report);

    QString render() const;

private:
    QString renderSummary() const;
    QString renderDifference(const ReportDifference &difference) const;
    QString renderRelationReviews() const;

    const Report &m_report;
};

} // namespace difftriage::engine
