#include "report/ReportRelation.h"

namespace difftriage::engine {

namespace {

using nlohmann::json;

QString text(const json &object, const char *key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                                 : QString();
}

template <typename Enum> std::optional<Enum> term(const json &object, const char *key)
{
    return fromSpelling<Enum>(text(object, key));
}

} // namespace

json toJson(const std::optional<ReportRelation> &relation)
{
    if (!relation)
        return nullptr;
    return {{"label", relation->label.toStdString()},
            {"old", spelling(relation->oldVerdict).toStdString()},
            {"new", spelling(relation->newVerdict).toStdString()},
            {"signal", spelling(relation->signal).toStdString()}};
}

Expected<std::optional<ReportRelation>> relationFromJson(const json &value)
{
    if (!value.is_object() || text(value, "label").isEmpty())
        return std::optional<ReportRelation>();
    const auto oldVerdict = term<RelationVerdict>(value, "old");
    const auto newVerdict = term<RelationVerdict>(value, "new");
    const auto signal = term<RelationSignal>(value, "signal");
    if (!oldVerdict || !newVerdict || !signal)
        return makeError(QStringLiteral("relation %1 has verdicts or a signal outside the "
                                        "vocabulary ('%2', '%3', '%4')")
                             .arg(text(value, "label"), text(value, "old"), text(value, "new"),
                                  text(value, "signal")));
    return std::optional<ReportRelation>(
        ReportRelation{text(value, "label"), *oldVerdict, *newVerdict, *signal});
}

json toJson(const ReportRelationReview &review)
{
    return {{"relation", review.label.toStdString()},
            {"target", review.target.toStdString()},
            {"test_id", review.testId.toStdString()},
            {"test_code", review.testCode.toStdString()},
            {"output", review.output.toStdString()}};
}

ReportRelationReview relationReviewFromJson(const json &object)
{
    return {text(object, "relation"), text(object, "target"), text(object, "test_id"),
            text(object, "test_code"), text(object, "output")};
}

} // namespace difftriage::engine
