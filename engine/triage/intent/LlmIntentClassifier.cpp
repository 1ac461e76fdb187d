#include "triage/intent/LlmIntentClassifier.h"

#include "triage/intent/ReasonPhrases.h"

#include <QMap>

namespace difftriage::engine {

namespace {

constexpr const char *NotePrefix = "intent suggestions: ";

// The differences of one cause: the model is asked about the first, its answer holds for all.
QList<QList<qsizetype>> groupsOf(const QList<ReportDifference> &differences)
{
    QList<QList<qsizetype>> groups;
    QMap<QString, qsizetype> groupOfCluster;
    for (qsizetype i = 0; i < differences.size(); ++i) {
        const QString &cluster = differences[i].cluster;
        if (cluster.isEmpty() || !groupOfCluster.contains(cluster)) {
            if (!cluster.isEmpty())
                groupOfCluster.insert(cluster, groups.size());
            groups.append(QList<qsizetype>{i});
        } else {
            groups[groupOfCluster.value(cluster)].append(i);
        }
    }
    return groups;
}

// What the LLM generator already spent on this report (nothing for offline analyses).
double spentOn(const Report &report)
{
    const nlohmann::json &llm = report.llm;
    if (!llm.is_object() || !llm.contains("usage") || !llm["usage"].contains("cost") ||
        !llm["usage"]["cost"].is_number())
        return 0;
    return llm["usage"]["cost"].get<double>();
}

void fallBack(ReportDifference &difference, const QString &why)
{
    // suggestIntent() already wrote the heuristic's suggestion; say why it is the one shown.
    difference.suggestionReasons.prepend(phrase(reason::LlmFellBack).arg(why));
}

} // namespace

LlmIntentClassifier::LlmIntentClassifier(std::shared_ptr<LlmClient> client, IntentPrompt prompt)
    : m_client(std::move(client)), m_prompt(std::move(prompt))
{}

Expected<QString> LlmIntentClassifier::ask(const ChatRequest &request)
{
    ++m_requests;
    auto response = m_client->complete(request);
    if (!response)
        return response.error();
    if (!response->refusal.isEmpty())
        return makeError(QStringLiteral("the model refused: %1").arg(response->refusal));
    return response->message.content;
}

Expected<IntentSuggestion> LlmIntentClassifier::classify(const ReportDifference &difference,
                                                         const IntentContext &context)
{
    ChatRequest request = m_prompt.request(difference, context);
    auto reply = ask(request);
    if (!reply)
        return reply.error();
    auto answers = parseIntentAnswers(*reply);
    if (!answers) {
        // Small local models often add prose or drop a key: one reminder, then give up.
        request.messages << ChatMessage{QStringLiteral("assistant"), *reply, {}, {}}
                         << ChatMessage{QStringLiteral("user"),
                                        QStringLiteral("That reply could not be read: %1. Respond "
                                                       "only with the JSON object asked for.")
                                            .arg(answers.error().message),
                                        {},
                                        {}};
        request.purpose = QStringLiteral("classify-repair");
        auto second = ask(request);
        if (!second)
            return second.error();
        answers = parseIntentAnswers(*second);
        if (!answers)
            return makeError(QStringLiteral("malformed reply: %1").arg(answers.error().message));
    }
    return decideIntent(*answers);
}

void LlmIntentClassifier::suggest(Report &report, const IntentContext &context)
{
    suggestIntent(report); // the fallback for whatever the model cannot answer
    // Renewing a saved report's suggestions replaces the note of the earlier run.
    report.notes.removeIf(
        [](const QString &note) { return note.startsWith(QLatin1String(NotePrefix)); });
    QString firstProblem;
    for (const QList<qsizetype> &group : groupsOf(report.differences)) {
        // A copy: writing to report.differences below may detach the list.
        const ReportDifference first = report.differences.at(group.first());
        Expected<IntentSuggestion> suggestion =
            m_stopped.isEmpty() ? classify(first, context)
                                : Expected<IntentSuggestion>(makeError(m_stopped));
        if (!suggestion) {
            const QString why = suggestion.error().message;
            if (firstProblem.isEmpty())
                firstProblem = why;
            // A failed request (not a malformed reply) after the client's retries means the
            // endpoint is down, the key or model is wrong or the money is spent: the rest falls
            // back at once instead of waiting for more time-outs.
            if (m_stopped.isEmpty() && m_client->lastFailure() != LlmFailure::None)
                m_stopped = why;
            for (qsizetype index : group)
                fallBack(report.differences[index], why);
            m_fellBack += static_cast<int>(group.size());
            continue;
        }
        for (qsizetype index : group) {
            ReportDifference &difference = report.differences[index];
            difference.suggestedVerdict = suggestion->verdict;
            difference.suggestionConfidence = suggestion->confidence;
            difference.suggestionReasons = suggestion->reasons;
            if (index != group.first())
                difference.suggestionReasons.prepend(phrase(reason::SameClusterAs).arg(first.id));
            difference.suggestionSource = SuggestionSource::Llm;
        }
        m_classified += static_cast<int>(group.size());
    }
    if (m_fellBack > 0)
        report.notes << QLatin1String(NotePrefix) +
                            QStringLiteral("the LLM classifier gave no answer for %1 of %2 "
                                           "differences (%3); they keep the offline heuristic's "
                                           "suggestion")
                                .arg(m_fellBack)
                                .arg(report.differences.size())
                                .arg(firstProblem);
    if (!report.llm.is_object())
        report.llm = nlohmann::json::object();
    report.llm["classifier"] = reportJson();
}

nlohmann::json LlmIntentClassifier::reportJson() const
{
    const LlmSettings &settings = m_client->settings();
    return {{"model", settings.model.toStdString()},
            {"endpoint", settings.baseUrl.toString(QUrl::RemoveUserInfo).toStdString()},
            {"prompt_version", m_prompt.version().toStdString()},
            {"requests", m_requests},
            {"classified", m_classified},
            {"fell_back", m_fellBack},
            {"usage", m_client->ledger().toJson()}};
}

Expected<std::unique_ptr<LlmIntentClassifier>> makeLlmIntentClassifier(const LlmSettings &settings)
{
    if (auto valid = checkLlmSettings(settings); !valid)
        return valid.error();
    auto prompt = IntentPrompt::load();
    if (!prompt)
        return prompt.error();
    return std::make_unique<LlmIntentClassifier>(std::make_shared<LlmClient>(settings),
                                                 std::move(*prompt));
}

Status suggestIntentWithLlm(Report &report, LlmSettings settings, const std::atomic_bool *cancel)
{
    const double cap = settings.maxCost;
    if (cap > 0)
        settings.maxCost = cap - spentOn(report);
    auto classifier = makeLlmIntentClassifier(settings);
    if (!classifier) {
        suggestIntent(report);
        return classifier.error();
    }
    // 0 would mean "no cap": a spent one asks nothing, and every difference says why.
    if (cap > 0 && settings.maxCost <= 0)
        (*classifier)->stop(QStringLiteral("the LLM cost cap of $%1 is reached").arg(cap));
    (*classifier)->setCancelFlag(cancel);
    (*classifier)->suggest(report, IntentContext::of(report));
    return Ok{};
}

} // namespace difftriage::engine
