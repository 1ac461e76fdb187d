#include "judge/RelationJudging.h"

#include <QMap>
#include <QRegularExpression>

namespace difftriage::engine {

std::optional<RelationObservation> observeRelation(const QString &output)
{
    static const QRegularExpression line(
        QStringLiteral("^relation ([a-z_]+(?:/[a-z_]+)?): (holds|breaks)$"),
        QRegularExpression::MultilineOption);
    const QRegularExpressionMatch match = line.match(output);
    if (!match.hasMatch())
        return std::nullopt;
    return RelationObservation{match.captured(1), match.captured(2) == QLatin1String("holds")};
}

QString relationVerdict(const QString &output)
{
    const auto observed = observeRelation(output);
    if (!observed)
        return QStringLiteral("not_observed");
    return observed->holds ? QStringLiteral("holds") : QStringLiteral("breaks");
}

QString relationLabelOf(const nlohmann::json &genome)
{
    if (!genome.is_object() || !genome.contains("relation") || !genome["relation"].is_object())
        return {};
    const nlohmann::json &relation = genome["relation"];
    const auto kind = relation.value("kind", std::string());
    const auto variant = relation.value("variant", std::string());
    return QString::fromStdString(variant.empty() ? kind : kind + "/" + variant);
}

QString relationCause(const QString &label, const QString &oldOutput, const QString &newOutput)
{
    // A side that raised before its verdict says nothing about the relation.
    const auto before = observeRelation(oldOutput);
    const auto after = observeRelation(newOutput);
    return before && after && before->holds != after->holds ? label : QString();
}

std::optional<ReportRelation> compareRelation(const QString &label, const QString &oldOutput,
                                              const QString &newOutput)
{
    if (label.isEmpty())
        return std::nullopt;
    ReportRelation relation{label, relationVerdict(oldOutput), relationVerdict(newOutput),
                            QStringLiteral("none")};
    const auto is = [](const QString &verdict, const char *expected) {
        return verdict == QLatin1String(expected);
    };
    if (is(relation.oldVerdict, "holds") && is(relation.newVerdict, "breaks"))
        relation.signal = QStringLiteral("regression");
    else if (is(relation.oldVerdict, "breaks") && is(relation.newVerdict, "holds"))
        relation.signal = QStringLiteral("coincidental_fix");
    return relation;
}

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
            relationVerdict(*output) != QLatin1String("breaks"))
            continue;
        const QPair<QString, QString> key{test.target, test.relation};
        const auto known = reviews.constFind(key);
        if (known == reviews.cend() || test.code.size() < known->testCode.size())
            reviews.insert(key, {test.relation, test.target, test.id, test.code, *output});
    }
    report.relationReviews = reviews.values();
}

} // namespace difftriage::engine
