#pragma once

#include "generate/Generator.h"
#include "generate/llm/PromptBuilder.h"
#include "generate/llm/StaticCheck.h"
#include "llm/LlmClient.h"

#include <QMap>
#include <memory>
#include <optional>

namespace difftriage::engine {

// Tests from a chat model (DiffTestGen's round 0, CoverUp's coverage follow-ups, at most two per
// chat, a get_info tool for endpoints that support tools). A failing endpoint never loses what
// was generated: generate() returns what it has and notes why it stopped.
class LlmGenerator final : public Generator
{
public:
    LlmGenerator(std::shared_ptr<LlmClient> client, PromptBuilder prompts,
                 std::optional<StaticCheck> check);

    Expected<QList<Candidate>> generate(const GenerationRequest &request) override;
    Expected<std::optional<Candidate>> repair(const Candidate &test,
                                              const RepairProblem &problem) override;
    Expected<QList<Candidate>> simplify(const Candidate &test,
                                        const GenerationRequest &context) override;

    LlmClient &client() { return *m_client; }
    // For the report: {"model", "endpoint", "prompt_versions", "usage" (CostLedger::toJson),
    // "prompts": [{"round", "purpose", "text"}], "notes": [...], "stopped": reason|null}.
    nlohmann::json reportJson() const;

    static constexpr int MaxFollowUps = 2;
    static constexpr int MaxToolRounds = 3;
    static constexpr int MaxStaticRepairs = 5;
    static constexpr int TargetsPerPrompt = 4;

private:
    struct Chat
    {
        QList<ChatMessage> messages;
        int followUps = 0;
    };

    // One user turn and the model's answer (after any tool calls); the tests it contains.
    Expected<QStringList> exchange(Chat &chat, const QString &text, const QString &purpose,
                                   const GenerationRequest &request);
    QString answerTool(const ToolCall &call, const GenerationRequest &request) const;
    QList<Candidate> toCandidates(const QStringList &tests, const QStringList &targets,
                                  const GenerationRequest &request) const;
    QList<Candidate> validated(QList<Candidate> candidates, const GenerationRequest &request);
    void note(const QString &text);

    std::shared_ptr<LlmClient> m_client;
    PromptBuilder m_prompts;
    std::optional<StaticCheck> m_check;
    QMap<QString, Chat> m_chats;      // by the round-0 group of targets
    QMap<QString, QString> m_groupOf; // target -> its group key
    nlohmann::json m_promptLog = nlohmann::json::array();
    QStringList m_notes;
    QString m_stopped;
    int m_round = 0;
    int m_generated = 0;
};

// The generator for `UserChoices::generator == GeneratorKind::Llm`: checks the settings (consent
// for a non-loopback endpoint), loads the prompt templates. `python` enables the static check.
Expected<std::unique_ptr<Generator>>
makeLlmGenerator(const LlmSettings &settings, const std::optional<PythonInterpreter> &python = {},
                 std::shared_ptr<LlmClock> clock = nullptr);

} // namespace difftriage::engine
