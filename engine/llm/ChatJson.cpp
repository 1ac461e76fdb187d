#include "llm/ChatJson.h"

#include "core/Json.h"
#include "llm/LlmSettings.h"

namespace difftriage::engine {

namespace {

using nlohmann::json;

// Only these may be dropped: without model or messages there is no request left.
const QStringList &droppableParameters()
{
    static const QStringList names{QStringLiteral("temperature"),
                                   QStringLiteral("max_completion_tokens"),
                                   QStringLiteral("tools")};
    return names;
}

std::string utf8(const QString &text)
{
    return text.toStdString();
}

json messageJson(const ChatMessage &message)
{
    json out = {{"role", utf8(message.role)}};
    if (message.role == QLatin1String("assistant") && !message.toolCalls.isEmpty()) {
        out["content"] = message.content.isEmpty() ? json(nullptr) : json(utf8(message.content));
        json calls = json::array();
        for (const ToolCall &call : message.toolCalls)
            calls.push_back(
                {{"id", utf8(call.id)},
                 {"type", "function"},
                 {"function", {{"name", utf8(call.name)}, {"arguments", utf8(call.arguments)}}}});
        out["tool_calls"] = calls;
    } else {
        out["content"] = utf8(message.content);
    }
    if (!message.toolCallId.isEmpty())
        out["tool_call_id"] = utf8(message.toolCallId);
    return out;
}

} // namespace

QByteArray chatRequestBody(const LlmSettings &settings, const ChatRequest &request,
                           const QSet<QString> &dropped)
{
    json body = {{"model", utf8(settings.model)}, {"messages", json::array()}};
    for (const ChatMessage &message : request.messages)
        body["messages"].push_back(messageJson(message));
    if (!dropped.contains(QStringLiteral("temperature")))
        body["temperature"] = settings.temperature;
    if (!dropped.contains(QStringLiteral("max_completion_tokens")) && settings.maxTokens > 0)
        body["max_completion_tokens"] = settings.maxTokens;
    if (!dropped.contains(QStringLiteral("tools")) && !request.tools.isEmpty()) {
        json tools = json::array();
        for (const ToolSpec &tool : request.tools)
            tools.push_back({{"type", "function"},
                             {"function",
                              {{"name", utf8(tool.name)},
                               {"description", utf8(tool.description)},
                               {"parameters", tool.parameters}}}});
        body["tools"] = tools;
    }
    return toJsonBytes(body);
}

Expected<ChatResponse> parseChatResponse(const QByteArray &body)
{
    const json document = parseJson(body).value_or(nullptr);
    if (!document.is_object())
        return makeError(QStringLiteral("the LLM endpoint answered with malformed JSON"));
    const auto choices = document.find("choices");
    if (choices == document.end() || !choices->is_array() || choices->empty() ||
        !choices->front().is_object())
        return makeError(QStringLiteral("the LLM endpoint answered without choices"));
    const json &choice = choices->front();
    const json message = choice.value("message", json::object());
    if (!message.is_object())
        return makeError(QStringLiteral("the LLM endpoint answered without a message"));
    ChatResponse response;
    response.model = stringField(document, "model");
    response.finishReason = stringField(choice, "finish_reason");
    response.message.role = QStringLiteral("assistant");
    response.message.content = stringField(message, "content");
    response.refusal = stringField(message, "refusal");
    const auto calls = message.find("tool_calls");
    if (calls != message.end() && calls->is_array()) {
        for (const json &call : *calls) {
            if (!call.is_object())
                continue;
            const json function = call.value("function", json::object());
            if (!function.is_object())
                continue;
            ToolCall parsed{stringField(call, "id"), stringField(function, "name"),
                            stringField(function, "arguments")};
            if (parsed.arguments.isEmpty() && function.contains("arguments") &&
                function["arguments"].is_object()) // some servers send an object, not its text
                parsed.arguments = QString::fromStdString(function["arguments"].dump());
            if (!parsed.name.isEmpty())
                response.message.toolCalls << parsed;
        }
    }
    const json &usage = field(document, "usage");
    response.usage.promptTokens = int64Field(usage, "prompt_tokens");
    response.usage.completionTokens = int64Field(usage, "completion_tokens");
    return response;
}

QSet<QString> rejectedParameters(const QByteArray &answer, const QByteArray &body)
{
    QSet<QString> sent;
    const json request = parseJson(body).value_or(nullptr);
    for (const QString &name : droppableParameters()) {
        if (request.is_object() && request.contains(utf8(name)))
            sent.insert(name);
    }
    QSet<QString> rejected;
    const json document = parseJson(answer).value_or(nullptr);
    const json &error = field(document, "error");
    if (const QString param = stringField(error, "param"); sent.contains(param))
        rejected.insert(param);
    if (!rejected.isEmpty())
        return rejected;
    // Without error.param, look for a sent name quoted in the message; "use 'x' instead" names a
    // replacement, not a culprit.
    const QString stated = stringField(error, "message");
    const QString message = stated.isEmpty() ? QString::fromUtf8(answer) : stated;
    for (const QString &name : sent) {
        for (const QChar quote : {QLatin1Char('\''), QLatin1Char('"'), QLatin1Char('`')}) {
            const QString quoted = quote + name + quote;
            const qsizetype at = message.indexOf(quoted);
            if (at < 0)
                continue;
            if (!message.left(at).trimmed().endsWith(QLatin1String("use"), Qt::CaseInsensitive))
                rejected.insert(name);
        }
    }
    return rejected;
}

QString errorMessage(const QByteArray &answer)
{
    const json document = parseJson(answer).value_or(nullptr);
    const json &error = field(document, "error");
    if (const QString stated = stringField(error, "message"); !stated.isEmpty())
        return stated;
    if (error.is_string())
        return toQString(error);
    return QString::fromUtf8(answer.left(200)).simplified();
}

qint64 estimateTokens(const ChatRequest &request, int maxTokens)
{
    qint64 characters = 0;
    for (const ChatMessage &message : request.messages)
        characters += message.content.size();
    return characters / 4 + std::max(0, maxTokens);
}

} // namespace difftriage::engine
