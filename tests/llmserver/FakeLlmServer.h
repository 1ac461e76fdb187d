#pragma once

#include <QByteArray>
#include <QList>
#include <QMap>
#include <QMutex>
#include <QPair>
#include <QUrl>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>

class QThread;
class QTcpServer;

namespace difftriage::testing {

// What the server answers to one request.
struct ScriptedReply
{
    int status = 200;
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers;
    bool stall = false; // accept, read, never answer: the client's time-out must fire
    int delayMs = 0;

    static ScriptedReply chat(const QString &content,
                              const QString &finishReason = QStringLiteral("stop"),
                              int promptTokens = 100, int completionTokens = 50);
    static ScriptedReply toolCall(const QString &name, const nlohmann::json &arguments);
    static ScriptedReply refusal(const QString &text);
    static ScriptedReply error(int status, const QString &message, const QString &param = {});
};

struct ReceivedRequest
{
    QByteArray method;
    QByteArray path;
    QMap<QByteArray, QByteArray> headers; // names lower-cased
    QByteArray body;

    nlohmann::json json() const;
    // The text of the last message with role "user" (or "tool" answers, with `role`).
    QString lastContent(const QString &role = QStringLiteral("user")) const;
    // The texts of every message with that role, in order: what a model remembers of a chat.
    QStringList contents(const QString &role = QStringLiteral("user")) const;
};

// A small OpenAI-compatible HTTP/1.1 server for tests: 127.0.0.1 only, one request per connection,
// scripted replies (a queue first, then a handler), every request recorded. It runs on its own
// thread, so a test may block on the client while the server answers.
class FakeLlmServer final
{
public:
    using Handler = std::function<ScriptedReply(const ReceivedRequest &)>;

    FakeLlmServer();
    ~FakeLlmServer();
    FakeLlmServer(const FakeLlmServer &) = delete;
    FakeLlmServer &operator=(const FakeLlmServer &) = delete;

    bool start(quint16 port = 0);
    quint16 port() const { return m_port; }
    QUrl baseUrl() const; // http://127.0.0.1:<port>/v1

    void enqueue(const ScriptedReply &reply);
    void setHandler(Handler handler);
    QList<ReceivedRequest> requests() const;

    // Used by the server thread.
    ScriptedReply replyFor(const ReceivedRequest &request);

private:
    std::unique_ptr<QThread> m_thread;
    QObject *m_context = nullptr; // lives on m_thread; owns the server and its sockets
    QTcpServer *m_server = nullptr;
    quint16 m_port = 0;
    mutable QMutex m_mutex;
    QList<ScriptedReply> m_queue;
    Handler m_handler;
    QList<ReceivedRequest> m_requests;
};

} // namespace difftriage::testing
