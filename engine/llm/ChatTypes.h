#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>

namespace difftriage::engine {

// The parts of the OpenAI chat-completions API the generator speaks. Plain values: they cross
// threads and go into the response cache.
struct ToolCall
{
    QString id;
    QString name;
    QString arguments; // JSON text, as the model wrote it (it may be malformed)
};

struct ChatMessage
{
    QString role; // system | user | assistant | tool
    QString content;
    QList<ToolCall> toolCalls; // assistant messages asking for tools
    QString toolCallId;        // tool messages answering one
};

struct ToolSpec
{
    QString name;
    QString description;
    nlohmann::json parameters; // JSON schema of the arguments
};

struct ChatRequest
{
    QList<ChatMessage> messages;
    QList<ToolSpec> tools;
    QString purpose;   // generate | feedback | repair: for the accounting, never sent
    QString cacheSalt; // distinguishes deliberate repeats of one prompt; part of the cache key
};

struct TokenUsage
{
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
};

struct ChatResponse
{
    ChatMessage message;
    QString finishReason; // stop | length | tool_calls | content_filter | ...
    QString refusal;      // the model declined (OpenAI's `refusal` field)
    TokenUsage usage;
    double cost = 0;
    bool fromCache = false;
    QString model; // as the endpoint named it
};

} // namespace difftriage::engine
