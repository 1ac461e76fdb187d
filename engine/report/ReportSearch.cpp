#include "report/ReportSearch.h"

#include "core/Json.h"

namespace difftriage::engine {

using nlohmann::json;

namespace {

int number(const json &object, const char *key, QStringList &problems)
{
    const json &value = field(object, key);
    if (value.is_null())
        return 0;
    if (!value.is_number_integer()) {
        problems << QStringLiteral("search: %1 is not a number").arg(QLatin1String(key));
        return 0;
    }
    return value.get<int>();
}

const json &list(const json &object, const char *key, QStringList &problems)
{
    static const json empty = json::array();
    const json &value = field(object, key);
    if (value.is_array())
        return value;
    if (!value.is_null())
        problems << QStringLiteral("search: %1 is not a list").arg(QLatin1String(key));
    return empty;
}

json targetJson(const ReportSearchTarget &target)
{
    json strategies = json::array();
    for (const ReportStrategyTally &tally : target.strategies)
        strategies.push_back(
            {{"name", toJson(tally.name)}, {"tests", tally.tests}, {"novel", tally.novel}});
    return {{"target", toJson(target.target)},
            {"level", target.level},
            {"exhausted", target.exhausted},
            {"tests", target.tests},
            {"signatures",
             {{"old", toJson(target.oldSignatures)}, {"new", toJson(target.newSignatures)}}},
            {"strategies", strategies}};
}

ReportSearchTarget targetFrom(const json &object, QStringList &problems)
{
    ReportSearchTarget target;
    target.target = stringField(object, "target");
    target.level = number(object, "level", problems);
    target.exhausted = boolField(object, "exhausted");
    target.tests = number(object, "tests", problems);
    const json &signatures = field(object, "signatures");
    target.oldSignatures = stringListField(signatures, "old");
    target.newSignatures = stringListField(signatures, "new");
    for (const json &item : list(object, "strategies", problems))
        target.strategies << ReportStrategyTally{stringField(item, "name"),
                                                 number(item, "tests", problems),
                                                 number(item, "novel", problems)};
    return target;
}

} // namespace

json toJson(const std::optional<ReportSearch> &search)
{
    if (!search)
        return nullptr;
    json targets = json::array();
    for (const ReportSearchTarget &target : search->targets)
        targets.push_back(targetJson(target));
    return {{"schedule",
             {{"tests", search->tests},
              {"rounds", search->rounds},
              {"candidates_per_round", search->candidatesPerRound},
              {"plateau_tests", search->plateauTests},
              {"test_cap", search->testCap}}},
            {"disabled_strategies", toJson(search->disabledStrategies)},
            {"targets", targets}};
}

std::optional<ReportSearch> searchFromJson(const json &value, QStringList &problems)
{
    if (!value.is_object())
        return std::nullopt;
    ReportSearch search;
    const json &schedule = field(value, "schedule");
    search.tests = number(schedule, "tests", problems);
    search.rounds = number(schedule, "rounds", problems);
    search.candidatesPerRound = number(schedule, "candidates_per_round", problems);
    search.plateauTests = number(schedule, "plateau_tests", problems);
    search.testCap = number(schedule, "test_cap", problems);
    search.disabledStrategies = stringListField(value, "disabled_strategies");
    for (const json &item : list(value, "targets", problems))
        search.targets << targetFrom(item, problems);
    return search;
}

} // namespace difftriage::engine
