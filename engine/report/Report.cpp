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

// The vocabulary's spelling; an optional term is null when absent.
template <typename Enum> json spelled(Enum value)
{
    return spelling(value).toStdString();
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

// Reads a vocabulary word: absent, null or empty gives nullopt; a word the vocabulary does not
// know is a problem of the document, named with where it was found.
template <typename Enum>
std::optional<Enum> readTerm(const json &object, const char *key, const QString &where,
                             QStringList &problems)
{
    const QString text = qstr(object, key);
    if (text.isEmpty())
        return std::nullopt;
    const auto value = fromSpelling<Enum>(text);
    if (!value)
        problems << QStringLiteral("%1: unknown %2 '%3' (%4)")
                        .arg(where, QLatin1String(key), text, spellingChoices<Enum>());
    return value;
}

json sideJson(const ReportSide &side)
{
    return {{"output", str(side.output)},
            {"error_type", optionalString(side.errorType)},
            {"error_message", optionalString(side.errorMessage)},
            {"status", spelled(side.status)}};
}
ReportSide sideFrom(const json &object, const QString &where, QStringList &problems)
{
    const auto errorType = qoptional(object, "error_type");
    // Reports written before `status` existed only have the error type.
    const RunStatus assumed = errorType ? RunStatus::Raised : RunStatus::Ok;
    return {qstr(object, "output"), errorType, qoptional(object, "error_message"),
            readTerm<RunStatus>(object, "status", where, problems).value_or(assumed)};
}

} // namespace

json Report::toJson() const
{
    json functions = json::array();
    for (const auto &function : changedFunctions)
        functions.push_back({{"name", str(function.name)},
                             {"kind", spelled(function.kind)},
                             {"versions", spelled(function.versions)},
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
                            {"outcome", spelledOrEmpty(test.outcome)},
                            {"relation", str(test.relation)},
                            {"relation_verdict", spelledOrEmpty(test.relationVerdict)}});
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
             {"kind", spelled(difference.kind)},
             {"verdict", verdictJson(difference.verdict)},
             {"note", str(difference.note)},
             {"suggested_verdict", verdictJson(difference.suggestedVerdict)},
             {"suggestion_reasons", strings(difference.suggestionReasons)},
             {"suggestion_confidence", spelled(difference.suggestionConfidence)},
             {"suggestion_source", spelledOrEmpty(difference.suggestionSource)},
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
            {"generator", spelled(generator)},
            {"model", optionalString(model)},
            {"seed", seed},
            {"sandbox", spelled(sandbox)},
            {"sandbox_note", str(sandboxNote)},
            {"python_old", str(pythonOld)},
            {"python_new", str(pythonNew)},
            {"stop_reason", spelled(stopReason)},
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
    const auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (!document.is_object() || document.value("schema", std::string()) != Schema)
        return fail(QStringLiteral("not a %1 document").arg(QLatin1String(Schema)));
    QStringList problems;
    const QString top = QStringLiteral("report");
    Report report;
    report.repo = qstr(document, "repo");
    report.base = qstr(document, "base");
    report.head = qstr(document, "head");
    report.title = qstr(document, "title");
    report.body = qstr(document, "body");
    report.commitMessages = qstrings(document, "commit_messages");
    if (document.contains("number") && document["number"].is_number_integer())
        report.number = document["number"].get<int>();
    report.generator = readTerm<GeneratorKind>(document, "generator", top, problems)
                           .value_or(GeneratorKind::Offline);
    report.model = qoptional(document, "model");
    report.seed = document.value("seed", quint64(1));
    report.sandbox =
        readTerm<SandboxLevel>(document, "sandbox", top, problems).value_or(SandboxLevel::Full);
    report.sandboxNote = qstr(document, "sandbox_note");
    report.pythonOld = qstr(document, "python_old");
    report.pythonNew = qstr(document, "python_new");
    report.stopReason = readTerm<StopReason>(document, "stop_reason", top, problems)
                            .value_or(StopReason::NothingToAnalyse);
    report.unionCoverage = document.value("union_coverage", 1.0);
    report.testsExecuted = document.value("tests_executed", 0);
    report.flakyDiscarded = document.value("flaky_discarded", 0);
    report.seconds = document.value("seconds", 0.0);
    report.notes = qstrings(document, "notes");
    report.notAnalysable = document.value("not_analysable", json::array());
    report.llm = document.value("llm", json());
    for (const json &item : document.value("changed_functions", json::array())) {
        const QString name = qstr(item, "name");
        report.changedFunctions << ReportChangedFunction{
            name,
            readTerm<FunctionKind>(item, "kind", name, problems).value_or(FunctionKind::Public),
            readTerm<Presence>(item, "versions", name, problems).value_or(Presence::Both),
            qstr(item, "reason"), item.value("union_coverage", 1.0)};
    }
    for (const json &item : document.value("changed_lines", json::array()))
        report.changedLines << ReportChangedLine{
            qstr(item, "file"), qstr(item, "side"), item.value("line", 0),
            item.value("executable", true), qstrings(item, "hit_by")};
    for (const json &item : document.value("rounds", json::array()))
        report.rounds << ReportRound{item.value("index", 0), item.value("tests_generated", 0),
                                     item.value("union_coverage", 0.0)};
    for (const json &item : document.value("tests", json::array())) {
        const QString id = qstr(item, "id");
        report.tests << ReportTest{
            id,
            qstr(item, "code"),
            item.value("round", 0),
            qstr(item, "target"),
            readTerm<TestFate>(item, "outcome", id, problems),
            qstr(item, "relation"),
            readTerm<RelationVerdict>(item, "relation_verdict", id, problems)};
    }
    for (const json &item : document.value("relation_reviews", json::array()))
        report.relationReviews << relationReviewFromJson(item);
    for (const json &item : document.value("differences", json::array())) {
        ReportDifference difference;
        difference.id = qstr(item, "id");
        const QString &where = difference.id;
        difference.fingerprint = qstr(item, "fingerprint");
        difference.cluster = qstr(item, "cluster");
        difference.testId = qstr(item, "test_id");
        difference.testCode = qstr(item, "test_code");
        difference.originalTestCode = qstr(item, "original_test_code");
        difference.target = qstr(item, "target");
        difference.oldSide = sideFrom(item.value("old", json::object()), where, problems);
        difference.newSide = sideFrom(item.value("new", json::object()), where, problems);
        const auto kind = readTerm<DifferenceKind>(item, "kind", where, problems);
        if (qstr(item, "kind").isEmpty())
            problems << QStringLiteral("%1: no kind").arg(where);
        difference.kind = kind.value_or(DifferenceKind::DifferentOutput);
        difference.verdict =
            readTerm<Verdict>(item, "verdict", where, problems).value_or(Verdict::None);
        difference.note = qstr(item, "note");
        difference.suggestedVerdict =
            readTerm<Verdict>(item, "suggested_verdict", where, problems).value_or(Verdict::None);
        difference.suggestionReasons = qstrings(item, "suggestion_reasons");
        difference.suggestionConfidence =
            readTerm<Confidence>(item, "suggestion_confidence", where, problems);
        difference.suggestionSource =
            readTerm<SuggestionSource>(item, "suggestion_source", where, problems);
        auto relation = relationFromJson(item.value("relation", json()));
        if (!relation)
            problems << QStringLiteral("%1: %2").arg(where, relation.error().message);
        else
            difference.relation = *relation;
        report.differences << std::move(difference);
    }
    if (!problems.isEmpty())
        return fail(problems.first());
    return report;
}

} // namespace difftriage::engine
