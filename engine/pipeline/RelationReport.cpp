#include "pipeline/RelationReport.h"

#include "judge/RelationJudging.h"

#include <QMap>

namespace difftriage::engine {

void collectRelations(Report &report, const QHash<QString, QString> &sameOutputs)
{
    QHash<QString, QString> labels;
    for (const ReportTest &test : report.tests) {
        if (!test.relation.isEmpty())
            labels.insert(test.id, test.relation);
    }
    for (ReportDifference &difference : report.differences) {
        QString label = labels.value(difference.testId);
        if (label.isEmpty()) { // a report from elsewhere: the verdict line names the relation
            const auto observed = observeRelation(difference.oldSide.output);
            const auto observedNew = observeRelation(difference.newSide.output);
            label = observed ? observed->label : observedNew ? observedNew->label : QString();
        }
        difference.relation =
            compareRelation(label, difference.oldSide.output, difference.newSide.output);
    }
    // One review per target and relation: its shortest check is the simplest counterexample.
    QMap<QPair<QString, QString>, ReportRelationReview> reviews;
    for (const ReportTest &test : report.tests) {
        const auto output = sameOutputs.constFind(test.id);
        if (test.relation.isEmpty() || output == sameOutputs.cend() ||
            relationVerdict(*output) != RelationVerdict::Breaks)
            continue;
        const QPair<QString, QString> key{test.target, test.relation};
        const auto known = reviews.constFind(key);
        if (known == reviews.cend() || test.code.size() < known->testCode.size())
            reviews.insert(key, {test.relation, test.target, test.id, test.code, *output});
    }
    report.relationReviews = reviews.values();
}

} // namespace difftriage::engine
