#include "report/Report.h"

#include "core/Json.h"

#include <algorithm>
#include <type_traits>

namespace difftriage::engine {

namespace {

using nlohmann::json;

// The vocabulary's spelling; an optional term is null when absent.
template <typename Enum> json spelled(Enum value)
{
    return toJson(spelling(value));
}
json optionalJson(const std::optional<QString> &text)
{
    return text ? toJson(*text) : json(nullptr);
}
template <typename Enum> json spelled(const std::optional<Enum> &value)
{
    return value ? spelled(*value) : json(nullptr);
}
// Fields that were plain strings before they were vocabulary words keep "" for "none".
template <typename Enum> json spelledOrEmpty(const std::optional<Enum> &value)
{
    return value ? spelled(*value) : json(std::string());
}
json verdictJson(Verdict verdict)
{
    return verdict == Verdict::None ? json(nullptr) : spelled(verdict);
}

// A number or flag of the document: absent or null gives the fallback; another type is a problem
// of the document, never silently a default.
template <typename T>
T readValue(const json &object, const char *key, T fallback, QStringList &problems)
{
    const json &value = field(object, key);
    if (value.is_null())
        return fallback;
    const bool fits = std::is_same_v<T, bool> ? value.is_boolean()
                      : std::is_integral_v<T> ? value.is_number_integer()
                                              : value.is_number();
    if (!fits) {
        problems << QStringLiteral("not a valid %1 document (%2: %3 is not a %4)")
                        .arg(QLatin1String(Report::Schema), QLatin1String(key),
                             QString::fromStdString(value.dump()),
                             std::is_same_v<T, bool> ? QStringLiteral("flag")
                                                     : QStringLiteral("number"));
        return fallback;
    }
    return value.get<T>();
}

// A list of the document: absent or null is empty; another type is a problem of the document.
const json &readArray(const json &object, const char *key, QStringList &problems)
{
    static const json empty = json::array();
    const json &value = field(object, key);
    if (value.is_array())
        return value;
    if (!value.is_null())
        problems << QStringLiteral("not a valid %1 document (%2 is not a list)")
                        .arg(QLatin1String(Report::Schema), QLatin1String(key));
    return empty;
}

// Reads a vocabulary word: absent, null or empty gives nullopt; a word the vocabulary does not
// know is a problem of the document, named with where it was found.
template <typename Enum>
std::optional<Enum> readTerm(const json &object, const char *key, const QString &where,
                             QStringList &problems)
{
    const QString text = stringField(object, key);
    if (text.isEmpty())
        return std::nullopt;
    const auto value = fromSpelling<Enum>(text);
    if (!value)
        problems << QStringLiteral("%1: unknown %2 '%3' (%4)")
                        .arg(where, QLatin1String(key), text, spellingChoices<Enum>());
    return value;
}

} // namespace

json toJson(const ReportSide &side)
{
    return {{"output", toJson(side.output)},
            {"error_type", optionalJson(side.errorType)},
            {"error_message", optionalJson(side.errorMessage)},
            {"status", spelled(side.status)},
            {"os_error", optionalJson(side.osError)}};
}
ReportSide sideFromJson(const json &object, const QString &where, QStringList &problems)
{
    const auto errorType = optionalStringField(object, "error_type");
    // Reports written before `status` existed only have the error type.
    const RunStatus assumed = errorType ? RunStatus::Raised : RunStatus::Ok;
    return {stringField(object, "output"), errorType, optionalStringField(object, "error_message"),
            readTerm<RunStatus>(object, "status", where, problems).value_or(assumed),
            optionalStringField(object, "os_error")};
}

json toJson(const ReportDifference &difference)
{
    json document = {
        {"id", engine::toJson(difference.id)},
        {"fingerprint", engine::toJson(difference.fingerprint)},
        {"cluster", engine::toJson(difference.cluster)},
        {"test_id", engine::toJson(difference.testId)},
        {"test_code", engine::toJson(difference.testCode)},
        {"original_test_code", engine::toJson(difference.originalTestCode)},
        {"target", engine::toJson(difference.target)},
        {"old", engine::toJson(difference.oldSide)},
        {"new", engine::toJson(difference.newSide)},
        {"original_old",
         difference.originalOld ? engine::toJson(*difference.originalOld) : json(nullptr)},
        {"original_new",
         difference.originalNew ? engine::toJson(*difference.originalNew) : json(nullptr)},
        {"kind", spelled(difference.kind)},
        {"verdict", verdictJson(difference.verdict)},
        {"note", engine::toJson(difference.note)},
        {"suggested_verdict", verdictJson(difference.suggestedVerdict)},
        {"suggestion_reasons", engine::toJson(difference.suggestionReasons)},
        {"suggestion_confidence", spelled(difference.suggestionConfidence)},
        {"suggestion_source", spelledOrEmpty(difference.suggestionSource)},
        {"relation", engine::toJson(difference.relation)},
        {"project_test", engine::toJson(difference.projectTest)},
        {"attribution", engine::toJson(difference.attribution)}};
    if (difference.atHead != HeadPresence::Unchecked) // only a release's differences are checked
        document["at_head"] = spelled(difference.atHead);
    return document;
}

json Report::toJson() const
{
    json functions = json::array();
    for (const auto &function : changedFunctions)
        functions.push_back({{"name", engine::toJson(function.name)},
                             {"kind", spelled(function.kind)},
                             {"versions", spelled(function.versions)},
                             {"reason", engine::toJson(function.reason)},
                             {"union_coverage", function.unionCoverage}});
    json lines = json::array();
    for (const auto &line : changedLines)
        lines.push_back({{"file", engine::toJson(line.file)},
                         {"side", engine::toJson(line.side)},
                         {"line", line.line},
                         {"executable", line.executable},
                         {"hit_by", engine::toJson(line.hitBy)},
                         {"at_import", line.atImport}});
    json roundList = json::array();
    for (const auto &round : rounds)
        roundList.push_back({{"index", round.index},
                             {"tests_generated", round.testsGenerated},
                             {"union_coverage", round.unionCoverage}});
    json testList = json::array();
    for (const auto &test : tests)
        testList.push_back({{"id", engine::toJson(test.id)},
                            {"code", engine::toJson(test.code)},
                            {"round", test.round},
                            {"target", engine::toJson(test.target)},
                            {"outcome", spelledOrEmpty(test.outcome)},
                            {"relation", engine::toJson(test.relation)},
                            {"relation_verdict", spelledOrEmpty(test.relationVerdict)},
                            {"strategy", engine::toJson(test.strategy)},
                            {"project_test", engine::toJson(test.projectTest)}});
    json differenceList = json::array();
    for (const auto &difference : differences)
        differenceList.push_back(engine::toJson(difference));
    json reviews = json::array();
    for (const auto &review : relationReviews)
        reviews.push_back(engine::toJson(review));
    return {{"schema", Schema},
            {"repo", engine::toJson(repo)},
            {"base", engine::toJson(base)},
            {"head", engine::toJson(head)},
            {"number", number ? json(*number) : json(nullptr)},
            {"title", engine::toJson(title)},
            {"body", engine::toJson(body)},
            {"commit_messages", engine::toJson(commitMessages)},
            {"generator", spelled(generator)},
            {"model", optionalJson(model)},
            {"seed", seed},
            {"sandbox", spelled(sandbox)},
            {"sandbox_note", engine::toJson(sandboxNote)},
            {"sandbox_note_translated", optionalJson(sandboxNoteTranslated)},
            {"python_old", engine::toJson(pythonOld)},
            {"python_new", engine::toJson(pythonNew)},
            {"stop_reason", spelled(stopReason)},
            {"effort", spelled(effort)},
            {"search", engine::toJson(search)},
            {"union_coverage", unionCoverage},
            {"changed_functions", functions},
            {"changed_lines", lines},
            {"rounds", roundList},
            {"tests_executed", testsExecuted},
            {"flaky_discarded", flakyDiscarded},
            {"tests", testList},
            {"differences", differenceList},
            {"relation_reviews", reviews},
            {"notes", engine::toJson(notes)},
            {"project_tests", engine::toJson(projectTests)},
            {"not_analysable", notAnalysable},
            {"llm", llm},
            {"seconds", seconds}};
}

ReportDifference differenceFromJson(const json &item, QStringList &problems)
{
    ReportDifference difference;
    difference.id = stringField(item, "id");
    const QString &where = difference.id;
    difference.fingerprint = stringField(item, "fingerprint");
    difference.cluster = stringField(item, "cluster");
    difference.testId = stringField(item, "test_id");
    difference.testCode = stringField(item, "test_code");
    difference.originalTestCode = stringField(item, "original_test_code");
    difference.target = stringField(item, "target");
    difference.oldSide = sideFromJson(field(item, "old"), where, problems);
    difference.newSide = sideFromJson(field(item, "new"), where, problems);
    if (field(item, "original_old").is_object() && field(item, "original_new").is_object()) {
        difference.originalOld = sideFromJson(field(item, "original_old"), where, problems);
        difference.originalNew = sideFromJson(field(item, "original_new"), where, problems);
    }
    const auto kind = readTerm<DifferenceKind>(item, "kind", where, problems);
    if (stringField(item, "kind").isEmpty())
        problems << QStringLiteral("%1: no kind").arg(where);
    difference.kind = kind.value_or(DifferenceKind::DifferentOutput);
    difference.verdict =
        readTerm<Verdict>(item, "verdict", where, problems).value_or(Verdict::None);
    difference.note = stringField(item, "note");
    difference.suggestedVerdict =
        readTerm<Verdict>(item, "suggested_verdict", where, problems).value_or(Verdict::None);
    difference.suggestionReasons = stringListField(item, "suggestion_reasons");
    difference.suggestionConfidence =
        readTerm<Confidence>(item, "suggestion_confidence", where, problems);
    difference.suggestionSource =
        readTerm<SuggestionSource>(item, "suggestion_source", where, problems);
    auto relation = relationFromJson(field(item, "relation"));
    if (!relation)
        problems << QStringLiteral("%1: %2").arg(where, relation.error().message);
    else
        difference.relation = *relation;
    difference.projectTest = projectTestOriginFromJson(field(item, "project_test"));
    auto attribution = attributionFromJson(field(item, "attribution"));
    if (!attribution)
        problems << QStringLiteral("%1: %2").arg(where, attribution.error().message);
    else
        difference.attribution = *attribution;
    difference.atHead =
        readTerm<HeadPresence>(item, "at_head", where, problems).value_or(HeadPresence::Unchecked);
    return difference;
}

int Report::coveredAtImport() const
{
    return int(std::count_if(changedLines.cbegin(), changedLines.cend(), [](const auto &line) {
        return line.atImport && !line.hitBy.isEmpty();
    }));
}

std::optional<Report> Report::fromJson(const json &document, QString *error)
{
    const auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (!document.is_object() || stringField(document, "schema") != QLatin1String(Schema))
        return fail(QStringLiteral("not a %1 document").arg(QLatin1String(Schema)));
    QStringList problems;
    const QString top = QStringLiteral("report");
    Report report;
    report.repo = stringField(document, "repo");
    report.base = stringField(document, "base");
    report.head = stringField(document, "head");
    report.title = stringField(document, "title");
    report.body = stringField(document, "body");
    report.commitMessages = stringListField(document, "commit_messages");
    if (field(document, "number").is_number_integer())
        report.number = intField(document, "number");
    report.generator = readTerm<GeneratorKind>(document, "generator", top, problems)
                           .value_or(GeneratorKind::Offline);
    report.model = optionalStringField(document, "model");
    report.seed = readValue<quint64>(document, "seed", 1, problems);
    report.sandbox =
        readTerm<SandboxLevel>(document, "sandbox", top, problems).value_or(SandboxLevel::Full);
    report.sandboxNote = stringField(document, "sandbox_note");
    report.sandboxNoteTranslated = optionalStringField(document, "sandbox_note_translated");
    report.pythonOld = stringField(document, "python_old");
    report.pythonNew = stringField(document, "python_new");
    report.stopReason = readTerm<StopReason>(document, "stop_reason", top, problems)
                            .value_or(StopReason::NothingToAnalyse);
    report.effort = readTerm<Effort>(document, "effort", top, problems);
    report.search = searchFromJson(field(document, "search"), problems);
    report.unionCoverage = readValue<double>(document, "union_coverage", 1.0, problems);
    report.testsExecuted = readValue<int>(document, "tests_executed", 0, problems);
    report.flakyDiscarded = readValue<int>(document, "flaky_discarded", 0, problems);
    report.seconds = readValue<double>(document, "seconds", 0.0, problems);
    report.notes = stringListField(document, "notes");
    if (const json &broken = field(document, "not_analysable"); !broken.is_null())
        report.notAnalysable = broken;
    report.llm = field(document, "llm");
    report.projectTests = projectTestsFromJson(field(document, "project_tests"));
    for (const json &item : readArray(document, "changed_functions", problems)) {
        const QString name = stringField(item, "name");
        report.changedFunctions << ReportChangedFunction{
            name,
            readTerm<FunctionKind>(item, "kind", name, problems).value_or(FunctionKind::Public),
            readTerm<Presence>(item, "versions", name, problems).value_or(Presence::Both),
            stringField(item, "reason"), readValue<double>(item, "union_coverage", 1.0, problems)};
    }
    for (const json &item : readArray(document, "changed_lines", problems))
        report.changedLines << ReportChangedLine{
            stringField(item, "file"),
            stringField(item, "side"),
            readValue<int>(item, "line", 0, problems),
            readValue<bool>(item, "executable", true, problems),
            stringListField(item, "hit_by"),
            readValue<bool>(item, "at_import", false, problems)};
    for (const json &item : readArray(document, "rounds", problems))
        report.rounds << ReportRound{readValue<int>(item, "index", 0, problems),
                                     readValue<int>(item, "tests_generated", 0, problems),
                                     readValue<double>(item, "union_coverage", 0.0, problems)};
    for (const json &item : readArray(document, "tests", problems)) {
        const QString id = stringField(item, "id");
        report.tests << ReportTest{
            id,
            stringField(item, "code"),
            readValue<int>(item, "round", 0, problems),
            stringField(item, "target"),
            readTerm<TestFate>(item, "outcome", id, problems),
            stringField(item, "relation"),
            readTerm<RelationVerdict>(item, "relation_verdict", id, problems),
            stringField(item, "strategy"),
            projectTestOriginFromJson(field(item, "project_test"))};
    }
    for (const json &item : readArray(document, "relation_reviews", problems)) {
        auto review = relationReviewFromJson(item);
        if (review)
            report.relationReviews << std::move(*review);
        else
            problems << review.error().message;
    }
    for (const json &item : readArray(document, "differences", problems))
        report.differences << differenceFromJson(item, problems);
    if (!problems.isEmpty())
        return fail(problems.first());
    return report;
}

} // namespace difftriage::engine
