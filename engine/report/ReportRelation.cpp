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

} // namespace

json toJson(const std::optional<ReportRelation> &relation)
{
    if (!relation)
        return nullptr;
    return {{"label", relation->label.toStdString()},
            {"old", relation->oldVerdict.toStdString()},
            {"new", relation->newVerdict.toStdString()},
            {"signal", relation->signal.toStdString()}};
}

std::optional<ReportRelation> relationFromJson(const json &value)
{
    if (!value.is_object() || text(value, "label").isEmpty())
        return std::nullopt;
    return ReportRelation{text(value, "label"), text(value, "old"), text(value, "new"),
                          text(value, "signal")};
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
