#include "report/Report.h"

namespace difftriage::engine {

namespace {

using nlohmann::json;

json str(const QString &text)
{
    return text.toStdString();
}
json optionalString(const std::optional<QString> &text)
{
    return text ? json(text->toStdString()) : json(nullptr);
}
json strings(const QStringList &list)
{
    json array = json::array();
    for (const QString &item : list)
        array.push_back(item.toStdString());
    return array;
}

QString qstr(const json &object, const char *key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                                 : QString();
}
std::optional<QString> qoptional(const json &object, const char *key)
{
    const auto it = object.find(key);
    if (it == object.end() || !it->is_string())
        return std::nullopt;
    return QString::fromStdString(it->get<std::string>());
}
QStringList qstrings(const json &object, const char *key)
{
    QStringList list;
    const auto it = object.find(key);
    if (it != object.end() && it->is_array()) {
        for (const json &item : *it) {
            if (item.is_string())
                list << QString::fromStdString(item.get<std::string>());
        }
    }
    return list;
}

json sideJson(const ReportSide &side)
{
    return {{"output", str(side.output)},
            {"error_type", optionalString(side.errorType)},
            {"error_message", optionalString(side.errorMessage)},
            {"status", str(side.status)}};
}
ReportSide sideFrom(const json &object)
{
    return {qstr(object, "output"), qoptional(object, "error_type"),
            qoptional(object, "error_message"), qstr(object, "status")};
}

} // namespace

json Report::toJson() const
{
    json functions = json::array();
    for (const auto &function : changedFunctions)
        functions.push_back({{"name", str(function.name)},
                             {"kind", str(function.kind)},
                             {"versions", str(function.versions)},
                             {"reason", str(function.reason)},
                             {"union_coverage", function.unionCoverage}});
    json lines = json::array();
    for (const auto &line : changedLines)
        lines.push_back({{"file", str(line.file)},
                         {"side", str(line.side)},
                         {"line", line.line},
                         {"executable", line.executable},
                         {"hit_by", strings(line.hitBy)}});
    json roundList = json::array();
    for (const auto &round : rounds)
        roundList.push_back({{"index", round.index},
                             {"tests_generated", round.testsGenerated},
                             {"union_coverage", round.unionCoverage}});
    json testList = json::array();
    for (const auto &test : tests)
        testList.push_back({{"id", str(test.id)},
                            {"code", str(test.code)},
                            {"round", test.round},
                            {"target", str(test.target)},
                            {"outcome", str(test.outcome)},
                            {"relation", str(test.relation)},
                            {"relation_verdict", str(test.relationVerdict)}});
    json differenceList = json::array();
    for (const auto &difference : differences)
        differenceList.push_back(
            {{"id", str(difference.id)},
             {"fingerprint", str(difference.fingerprint)},
             {"cluster", str(difference.cluster)},
             {"test_id", str(difference.testId)},
             {"test_code", str(difference.testCode)},
             {"original_test_code", str(difference.originalTestCode)},
             {"target", str(difference.target)},
             {"old", sideJson(difference.oldSide)},
             {"new", sideJson(difference.newSide)},
             {"kind", str(difference.kind)},
             {"verdict", optionalString(difference.verdict)},
             {"note", str(difference.note)},
             {"suggested_verdict", optionalString(difference.suggestedVerdict)},
             {"suggestion_reasons", strings(difference.suggestionReasons)},
             {"suggestion_confidence", optionalString(difference.suggestionConfidence)},
             {"suggestion_source", str(difference.suggestionSource)},
             {"relation", engine::toJson(difference.relation)}});
    json reviews = json::array();
    for (const auto &review : relationReviews)
        reviews.push_back(engine::toJson(review));
    return {{"schema", Schema},
            {"repo", str(repo)},
            {"base", str(base)},
            {"head", str(head)},
            {"number", number ? json(*number) : json(nullptr)},
            {"title", str(title)},
            {"body", str(body)},
            {"commit_messages", strings(commitMessages)},
            {"generator", str(generator)},
            {"model", optionalString(model)},
            {"seed", seed},
            {"sandbox", str(sandbox)},
            {"sandbox_note", str(sandboxNote)},
            {"python_old", str(pythonOld)},
            {"python_new", str(pythonNew)},
            {"stop_reason", str(stopReason)},
            {"union_coverage", unionCoverage},
            {"changed_functions", functions},
            {"changed_lines", lines},
            {"rounds", roundList},
            {"tests_executed", testsExecuted},
            {"flaky_discarded", flakyDiscarded},
            {"tests", testList},
            {"differences", differenceList},
            {"relation_reviews", reviews},
            {"notes", strings(notes)},
            {"not_analysable", notAnalysable},
            {"llm", llm},
            {"seconds", seconds}};
}

std::optional<Report> Report::fromJson(const json &document, QString *error)
{
    if (!document.is_object() || document.value("schema", std::string()) != Schema) {
        if (error)
            *error = QStringLiteral("not a %1 document").arg(QLatin1String(Schema));
        return std::nullopt;
    }
    Report report;
    report.repo = qstr(document, "repo");
    report.base = qstr(document, "base");
    report.head = qstr(document, "head");
    report.title = qstr(document, "title");
    report.body = qstr(document, "body");
    report.commitMessages = qstrings(document, "commit_messages");
    if (document.contains("number") && document["number"].is_number_integer())
        report.number = document["number"].get<int>();
    report.generator = qstr(document, "generator");
    report.model = qoptional(document, "model");
    report.seed = document.value("seed", quint64(1));
    report.sandbox = qstr(document, "sandbox");
    report.sandboxNote = qstr(document, "sandbox_note");
    report.pythonOld = qstr(document, "python_old");
    report.pythonNew = qstr(document, "python_new");
    report.stopReason = qstr(document, "stop_reason");
    report.unionCoverage = document.value("union_coverage", 1.0);
    report.testsExecuted = document.value("tests_executed", 0);
    report.flakyDiscarded = document.value("flaky_discarded", 0);
    report.seconds = document.value("seconds", 0.0);
    report.notes = qstrings(document, "notes");
    report.notAnalysable = document.value("not_analysable", json::array());
    report.llm = document.value("llm", json());
    for (const json &item : document.value("changed_functions", json::array()))
        report.changedFunctions << ReportChangedFunction{
            qstr(item, "name"), qstr(item, "kind"), qstr(item, "versions"), qstr(item, "reason"),
            item.value("union_coverage", 1.0)};
    for (const json &item : document.value("changed_lines", json::array()))
        report.changedLines << ReportChangedLine{
            qstr(item, "file"), qstr(item, "side"), item.value("line", 0),
            item.value("executable", true), qstrings(item, "hit_by")};
    for (const json &item : document.value("rounds", json::array()))
        report.rounds << ReportRound{item.value("index", 0), item.value("tests_generated", 0),
                                     item.value("union_coverage", 0.0)};
    for (const json &item : document.value("tests", json::array()))
        report.tests << ReportTest{qstr(item, "id"),
                                   qstr(item, "code"),
                                   item.value("round", 0),
                                   qstr(item, "target"),
                                   qstr(item, "outcome"),
                                   qstr(item, "relation"),
                                   qstr(item, "relation_verdict")};
    for (const json &item : document.value("relation_reviews", json::array()))
        report.relationReviews << relationReviewFromJson(item);
    for (const json &item : document.value("differences", json::array())) {
        ReportDifference difference;
        difference.id = qstr(item, "id");
        difference.fingerprint = qstr(item, "fingerprint");
        difference.cluster = qstr(item, "cluster");
        difference.testId = qstr(item, "test_id");
        difference.testCode = qstr(item, "test_code");
        difference.originalTestCode = qstr(item, "original_test_code");
        difference.target = qstr(item, "target");
        difference.oldSide = sideFrom(item.value("old", json::object()));
        difference.newSide = sideFrom(item.value("new", json::object()));
        difference.kind = qstr(item, "kind");
        difference.verdict = qoptional(item, "verdict");
        difference.note = qstr(item, "note");
        difference.suggestedVerdict = qoptional(item, "suggested_verdict");
        difference.suggestionReasons = qstrings(item, "suggestion_reasons");
        difference.suggestionConfidence = qoptional(item, "suggestion_confidence");
        difference.suggestionSource = qstr(item, "suggestion_source");
        difference.relation = relationFromJson(item.value("relation", json()));
        report.differences << std::move(difference);
    }
    return report;
}

} // namespace difftriage::engine
