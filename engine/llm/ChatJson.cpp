#include "llm/ChatJson.h"

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

QString string(const json &object, const char *key)
{
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                                 : QString();
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
    return QByteArray::fromStdString(body.dump());
}

Expected<ChatResponse> parseChatResponse(const QByteArray &body)
{
    const json document =
        json::parse(body.constData(), body.constData() + body.size(), nullptr, false);
    if (document.is_discarded() || !document.is_object())
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
    response.model = string(document, "model");
    response.finishReason = string(choice, "finish_reason");
    response.message.role = QStringLiteral("assistant");
    response.message.content = string(message, "content");
    response.refusal = string(message, "refusal");
    const auto calls = message.find("tool_calls");
    if (calls != message.end() && calls->is_array()) {
        for (const json &call : *calls) {
            if (!call.is_object())
                continue;
            const json function = call.value("function", json::object());
            if (!function.is_object())
                continue;
            ToolCall parsed{string(call, "id"), string(function, "name"),
                            string(function, "arguments")};
            if (parsed.arguments.isEmpty() && function.contains("arguments") &&
                function["arguments"].is_object()) // some servers send an object, not its text
                parsed.arguments = QString::fromStdString(function["arguments"].dump());
            if (!parsed.name.isEmpty())
                response.message.toolCalls << parsed;
        }
    }
    const json usage = document.value("usage", json::object());
    if (usage.is_object()) {
        response.usage.promptTokens = usage.value("prompt_tokens", json(0)).is_number_integer()
                                          ? usage["prompt_tokens"].get<qint64>()
                                          : 0;
        response.usage.completionTokens =
            usage.value("completion_tokens", json(0)).is_number_integer()
                ? usage["completion_tokens"].get<qint64>()
                : 0;
    }
    return response;
}

QSet<QString> rejectedParameters(const QByteArray &answer, const QByteArray &body)
{
    QSet<QString> sent;
    const json request =
        json::parse(body.constData(), body.constData() + body.size(), nullptr, false);
    for (const QString &name : droppableParameters()) {
        if (request.is_object() && request.contains(utf8(name)))
            sent.insert(name);
    }
    QSet<QString> rejected;
    const json document =
        json::parse(answer.constData(), answer.constData() + answer.size(), nullptr, false);
    const json error =
        document.is_object() ? document.value("error", json::object()) : json::object();
    const QString param = error.is_object() ? string(error, "param") : QString();
    if (sent.contains(param))
        rejected.insert(param);
    if (!rejected.isEmpty())
        return rejected;
    // Without error.param, look for a sent name quoted in the message; "use 'x' instead" names a
    // replacement, not a culprit.
    const QString message = error.is_object() && !string(error, "message").isEmpty()
                                ? string(error, "message")
                                : QString::fromUtf8(answer);
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
    const json document =
        json::parse(answer.constData(), answer.constData() + answer.size(), nullptr, false);
    if (document.is_object() && document.contains("error")) {
        const json &error = document["error"];
        if (error.is_object() && !string(error, "message").isEmpty())
            return string(error, "message");
        if (error.is_string())
            return QString::fromStdString(error.get<std::string>());
    }
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
