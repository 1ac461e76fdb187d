#include "generate/OfflineGenerator.h"

#include "core/HelperScript.h"
#include "core/Json.h"

namespace difftriage::engine {

namespace {

using nlohmann::json;

json candidateJson(const Candidate &candidate)
{
    return {{"target", candidate.target.toStdString()},
            {"entry", candidate.entry.toStdString()},
            {"code", candidate.code.toStdString()},
            {"genome", candidate.genome}};
}

QList<Candidate> candidatesOf(const json &items)
{
    QList<Candidate> candidates;
    if (!items.is_array())
        return candidates;
    for (const json &item : items) {
        Candidate candidate{stringField(item, "target"), stringField(item, "entry"),
                            stringField(item, "code"), field(item, "genome"),
                            stringField(item, "strategy")};
        if (!candidate.code.trimmed().isEmpty())
            candidates << std::move(candidate);
    }
    return candidates;
}

} // namespace

json toJson(const GenerationRequest &request)
{
    json feedback = json::array();
    for (const FeedbackTest &test : request.feedback)
        feedback.push_back({{"id", test.id.toStdString()},
                            {"target", test.target.toStdString()},
                            {"genome", test.genome},
                            {"covered", test.covered},
                            {"outcome", test.outcome.toStdString()},
                            {"strategy", test.strategy.toStdString()},
                            {"novel", test.novel}});
    json document = {{"seed", request.seed},
                     {"round", request.round},
                     {"max_candidates", request.maxCandidates},
                     {"old_root", request.oldRoot.toStdString()},
                     {"new_root", request.newRoot.toStdString()},
                     {"import_roots",
                      {{"old", request.oldImportRoot.toStdString()},
                       {"new", request.newImportRoot.toStdString()}}},
                     {"targets", request.targets ? request.targets->raw : json::object()},
                     {"relations", request.relations},
                     {"feedback", {{"tests", feedback}, {"uncovered", request.uncovered}}},
                     {"disabled_strategies", toJson(request.disabledStrategies)}};
    if (!request.schedule.is_null())
        document["schedule"] = request.schedule;
    if (request.projectTests.is_object())
        document["project_tests"] = request.projectTests;
    return document;
}

OfflineGenerator::OfflineGenerator(PythonInterpreter python) : m_python(std::move(python)) {}

Expected<json> OfflineGenerator::call(const QString &mode, const json &request)
{
    const QByteArray input = toJsonBytes(request);
    auto output =
        runHelperScript(m_python, {QStringLiteral("generate.py"),
                                   {mode, QStringLiteral("--request"), QStringLiteral("-")},
                                   input,
                                   120000});
    if (!output)
        return output.error();
    const json document = parseJson(*output).value_or(nullptr);
    if (!document.is_object())
        return makeError(QStringLiteral("generate.py answered with malformed JSON"));
    return document;
}

Expected<QList<Candidate>> OfflineGenerator::generate(const GenerationRequest &request)
{
    auto document = call(QStringLiteral("generate"), toJson(request));
    if (!document)
        return document.error();
    return candidatesOf(field(*document, "candidates"));
}

Expected<std::optional<Candidate>> OfflineGenerator::repair(const Candidate &,
                                                            const RepairProblem &)
{
    // The search makes its own next candidates from feedback: a broken one is simply replaced.
    return std::optional<Candidate>();
}

Expected<QList<Candidate>> OfflineGenerator::simplify(const Candidate &test,
                                                      const GenerationRequest &context)
{
    json request = toJson(context);
    request["genome"] = test.genome;
    request["candidate"] = candidateJson(test);
    auto document = call(QStringLiteral("shrink"), request);
    if (!document)
        return document.error();
    return candidatesOf(field(*document, "candidates"));
}

Expected<QList<QList<Candidate>>> OfflineGenerator::simplifyEach(const QList<Candidate> &tests,
                                                                 const GenerationRequest &context)
{
    json request = toJson(context);
    json genomes = json::array();
    for (const Candidate &test : tests)
        genomes.push_back(test.genome);
    request["genomes"] = std::move(genomes);
    auto document = call(QStringLiteral("shrink"), request);
    if (!document)
        return document.error();
    const json variants = field(*document, "variants");
    if (!variants.is_array() || variants.size() != static_cast<std::size_t>(tests.size()))
        return makeError(QStringLiteral("generate.py shrink answered %1 variant lists for %2 tests")
                             .arg(variants.is_array() ? int(variants.size()) : 0)
                             .arg(tests.size()));
    QList<QList<Candidate>> out;
    for (const json &each : variants)
        out << candidatesOf(each);
    return out;
}

} // namespace difftriage::engine
