#pragma once

#include "core/Expected.h"
#include "llm/LlmClient.h"
#include "triage/intent/IntentAnswers.h"
#include "triage/intent/IntentPrompt.h"

#include <atomic>
#include <memory>
#include <nlohmann/json.hpp>

namespace difftriage::engine {

// Suggests a verdict for each difference by asking a model the five intent questions
// (IntentAnswers). A suggestion only: the reviewer decides. The model never costs a report: a
// difference it cannot classify (malformed reply, HTTP error, time-out, cost cap) keeps the
// offline heuristic's suggestion, with a reason saying why.
class LlmIntentClassifier final
{
public:
    LlmIntentClassifier(std::shared_ptr<LlmClient> client, IntentPrompt prompt);
    Q_DISABLE_COPY_MOVE(LlmIntentClassifier)

    // One difference: the model's answers decide; an error says why there are none.
    Expected<IntentSuggestion> classify(const ReportDifference &difference,
                                        const IntentContext &context);

    // Every difference of the report, one request per cluster (its differences share a cause);
    // writes suggestedVerdict, suggestionConfidence, suggestionReasons and suggestionSource
    // ("llm", or "heuristic" where it fell back), a note when any fell back, and the usage under
    // report.llm["classifier"].
    void suggest(Report &report, const IntentContext &context);

    void setCancelFlag(const std::atomic_bool *cancel) { m_client->setCancelFlag(cancel); }
    // Ask nothing more: every further difference keeps the heuristic's suggestion, for `why`.
    void stop(const QString &why) { m_stopped = why; }
    int requestsMade() const { return m_requests; }
    // {"model", "prompt_version", "classified", "fell_back", "usage": CostLedger::toJson()}
    nlohmann::json reportJson() const;

private:
    Expected<QString> ask(const ChatRequest &request);

    std::shared_ptr<LlmClient> m_client;
    IntentPrompt m_prompt;
    int m_requests = 0;
    int m_classified = 0;
    int m_fellBack = 0;
    QString m_stopped;
};

// The classifier for these settings, after the consent check for remote endpoints.
Expected<std::unique_ptr<LlmIntentClassifier>> makeLlmIntentClassifier(const LlmSettings &settings);

// Renews the report's suggestions with the model of `settings`; what it cannot answer keeps the
// heuristic's. `settings.maxCost` caps the whole analysis, so the classifier gets what generation
// left. An error only when no classifier could be made (settings, consent, templates); the
// report then holds the heuristic's suggestions.
Status suggestIntentWithLlm(Report &report, LlmSettings settings,
                            const std::atomic_bool *cancel = nullptr);

} // namespace difftriage::engine
