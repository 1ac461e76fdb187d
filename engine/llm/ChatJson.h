#pragma once

#include "core/Expected.h"
#include "llm/ChatTypes.h"

#include <QByteArray>
#include <QSet>
#include <QString>

namespace difftriage::engine {

struct LlmSettings;

// The wire format of chat completions. Free functions: no state beyond their arguments.
// `dropped` names parameters the endpoint rejected earlier; they are left out.
QByteArray chatRequestBody(const LlmSettings &settings, const ChatRequest &request,
                           const QSet<QString> &dropped);

Expected<ChatResponse> parseChatResponse(const QByteArray &body);

// The parameters a 400 answer says it rejects, among those `body` sent (OpenAI names them in
// error.param; other servers only in the message).
QSet<QString> rejectedParameters(const QByteArray &answer, const QByteArray &body);

// The one-line message of an error answer, for the user.
QString errorMessage(const QByteArray &answer);

// A rough token count (4 characters a token) for rate limits before the real usage is known.
qint64 estimateTokens(const ChatRequest &request, int maxTokens);

} // namespace difftriage::engine
