#include "report/ReportProjectTests.h"

#include "core/Json.h"

namespace difftriage::engine {

using nlohmann::json;

json toJson(const std::optional<ProjectTestOrigin> &origin)
{
    if (!origin)
        return nullptr;
    return {{"file", toJson(origin->file)}, {"test", toJson(origin->test)}};
}

std::optional<ProjectTestOrigin> projectTestOriginFromJson(const json &value)
{
    if (!value.is_object() || stringField(value, "test").isEmpty())
        return std::nullopt;
    return ProjectTestOrigin{stringField(value, "file"), stringField(value, "test")};
}

json toJson(const std::optional<ReportProjectTests> &summary)
{
    if (!summary)
        return nullptr;
    json skipped = json::array();
    for (const auto &[test, reason] : summary->skipped)
        skipped.push_back({{"test", toJson(test)}, {"reason", toJson(reason)}});
    return {{"files_searched", summary->filesSearched},
            {"tests_found", summary->testsFound},
            {"tests_run", summary->testsRun},
            {"budget_spent", summary->budgetSpent},
            {"reaching", toJson(summary->reaching)},
            {"converted", toJson(summary->converted)},
            {"skipped", skipped}};
}

std::optional<ReportProjectTests> projectTestsFromJson(const json &value)
{
    if (!value.is_object())
        return std::nullopt;
    ReportProjectTests summary;
    summary.filesSearched = intField(value, "files_searched");
    summary.testsFound = intField(value, "tests_found");
    summary.testsRun = intField(value, "tests_run");
    summary.budgetSpent = boolField(value, "budget_spent");
    summary.reaching = stringListField(value, "reaching");
    summary.converted = stringListField(value, "converted");
    for (const json &item : arrayField(value, "skipped"))
        summary.skipped.append({stringField(item, "test"), stringField(item, "reason")});
    return summary;
}

} // namespace difftriage::engine
