#include "judge/RelationJudging.h"

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
    return RelationObservation{match.captured(1), fromSpelling<RelationVerdict>(
                                                      match.captured(2)) == RelationVerdict::Holds};
}

RelationVerdict relationVerdict(const QString &output)
{
    const auto observed = observeRelation(output);
    if (!observed)
        return RelationVerdict::NotObserved;
    return observed->holds ? RelationVerdict::Holds : RelationVerdict::Breaks;
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
                            RelationSignal::None};
    if (relation.oldVerdict == RelationVerdict::Holds &&
        relation.newVerdict == RelationVerdict::Breaks)
        relation.signal = RelationSignal::Regression;
    else if (relation.oldVerdict == RelationVerdict::Breaks &&
             relation.newVerdict == RelationVerdict::Holds)
        relation.signal = RelationSignal::CoincidentalFix;
    return relation;
}

} // namespace difftriage::engine
