#include "FakeLlmServer.h"

#include <QHostAddress>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>

namespace difftriage::testing {

namespace {

using nlohmann::json;

constexpr qsizetype MaxRequestBytes = 16 * 1024 * 1024;

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 401:
        return "Unauthorized";
    case 404:
        return "Not Found";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 503:
        return "Service Unavailable";
    default:
        return "Status";
    }
}

void answer(QTcpSocket *socket, const ScriptedReply &reply)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(reply.status) + ' ' +
                      reasonPhrase(reply.status) +
                      "\r\nContent-Type: application/json\r\nContent-Length: " +
                      QByteArray::number(reply.body.size()) + "\r\nConnection: close\r\n";
    for (const auto &[name, value] : reply.headers)
        head += name + ": " + value + "\r\n";
    socket->write(head + "\r\n" + reply.body);
    socket->disconnectFromHost();
}

// Reads one request from the socket's buffer; true once it is complete.
bool parse(QByteArray &buffer, ReceivedRequest &request)
{
    const qsizetype end = buffer.indexOf("\r\n\r\n");
    if (end < 0)
        return false;
    const QList<QByteArray> lines = buffer.left(end).split('\n');
    const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
    request.method = first.value(0);
    request.path = first.value(1);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon > 0)
            request.headers.insert(lines[i].left(colon).trimmed().toLower(),
                                   lines[i].mid(colon + 1).trimmed());
    }
    const qsizetype length = request.headers.value("content-length", "0").toLongLong();
    if (buffer.size() < end + 4 + length)
        return false;
    request.body = buffer.mid(end + 4, length);
    return true;
}

json usage(int prompt, int completion)
{
    return {{"prompt_tokens", prompt},
            {"completion_tokens", completion},
            {"total_tokens", prompt + completion}};
}

} // namespace

ScriptedReply ScriptedReply::chat(const QString &content, const QString &finishReason,
                                  int promptTokens, int completionTokens)
{
    const json body = {{"id", "chatcmpl-test"},
                       {"object", "chat.completion"},
                       {"model", "scripted"},
                       {"choices",
                        {{{"index", 0},
                          {"message", {{"role", "assistant"}, {"content", content.toStdString()}}},
                          {"finish_reason", finishReason.toStdString()}}}},
                       {"usage", usage(promptTokens, completionTokens)}};
    return {200, QByteArray::fromStdString(body.dump()), {}, false, 0};
}

ScriptedReply ScriptedReply::toolCall(const QString &name, const json &arguments)
{
    const json call = {
        {"id", "call_1"},
        {"type", "function"},
        {"function", {{"name", name.toStdString()}, {"arguments", arguments.dump()}}}};
    const json body = {
        {"choices",
         {{{"index", 0},
           {"message", {{"role", "assistant"}, {"content", nullptr}, {"tool_calls", {call}}}},
           {"finish_reason", "tool_calls"}}}},
        {"usage", usage(80, 10)}};
    return {200, QByteArray::fromStdString(body.dump()), {}, false, 0};
}

ScriptedReply ScriptedReply::refusal(const QString &text)
{
    const json body = {
        {"choices",
         {{{"index", 0},
           {"message",
            {{"role", "assistant"}, {"content", nullptr}, {"refusal", text.toStdString()}}},
           {"finish_reason", "stop"}}}},
        {"usage", usage(90, 5)}};
    return {200, QByteArray::fromStdString(body.dump()), {}, false, 0};
}

ScriptedReply ScriptedReply::error(int status, const QString &message, const QString &param)
{
    json error = {{"message", message.toStdString()}, {"type", "invalid_request_error"}};
    error["param"] = param.isEmpty() ? json(nullptr) : json(param.toStdString());
    return {status, QByteArray::fromStdString(json{{"error", error}}.dump()), {}, false, 0};
}

json ReceivedRequest::json() const
{
    return json::parse(body.constData(), body.constData() + body.size(), nullptr, false);
}

QString ReceivedRequest::lastContent(const QString &role) const
{
    const QStringList all = contents(role);
    return all.isEmpty() ? QString() : all.last();
}

QStringList ReceivedRequest::contents(const QString &role) const
{
    const nlohmann::json document = json();
    if (!document.is_object() || !document.contains("messages"))
        return {};
    QStringList texts;
    for (const nlohmann::json &message : document["messages"]) {
        if (message.value("role", std::string()) == role.toStdString() &&
            message["content"].is_string())
            texts << QString::fromStdString(message["content"].get<std::string>());
    }
    return texts;
}

FakeLlmServer::FakeLlmServer() : m_thread(std::make_unique<QThread>()) {}

FakeLlmServer::~FakeLlmServer()
{
    if (m_thread->isRunning()) {
        QObject *context = m_context;
        QMetaObject::invokeMethod(
            context, [context] { delete context; }, Qt::BlockingQueuedConnection);
    }
    m_thread->quit();
    m_thread->wait();
}

bool FakeLlmServer::start(quint16 port)
{
    m_context = new QObject;
    m_context->moveToThread(m_thread.get());
    m_thread->start();
    bool listening = false;
    QMetaObject::invokeMethod(
        m_context,
        [this, port, &listening] {
            m_server = new QTcpServer(m_context);
            listening = m_server->listen(QHostAddress::LocalHost, port);
            m_port = m_server->serverPort();
            QObject::connect(m_server, &QTcpServer::newConnection, m_server, [this] {
                while (QTcpSocket *socket = m_server->nextPendingConnection()) {
                    socket->setParent(m_server); // stalled sockets close with the server
                    auto buffer = std::make_shared<QByteArray>();
                    QObject::connect(
                        socket, &QTcpSocket::readyRead, socket, [this, socket, buffer] {
                            *buffer += socket->readAll();
                            if (buffer->size() > MaxRequestBytes) {
                                socket->abort();
                                return;
                            }
                            ReceivedRequest request;
                            if (!parse(*buffer, request))
                                return;
                            buffer->clear();
                            const ScriptedReply reply = replyFor(request);
                            if (reply.stall)
                                return;
                            if (reply.delayMs > 0)
                                QTimer::singleShot(reply.delayMs, socket,
                                                   [socket, reply] { answer(socket, reply); });
                            else
                                answer(socket, reply);
                        });
                    QObject::connect(socket, &QTcpSocket::disconnected, socket,
                                     &QObject::deleteLater);
                }
            });
        },
        Qt::BlockingQueuedConnection);
    return listening;
}

QUrl FakeLlmServer::baseUrl() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(m_port));
}

void FakeLlmServer::enqueue(const ScriptedReply &reply)
{
    const QMutexLocker lock(&m_mutex);
    m_queue << reply;
}

void FakeLlmServer::setHandler(Handler handler)
{
    const QMutexLocker lock(&m_mutex);
    m_handler = std::move(handler);
}

QList<ReceivedRequest> FakeLlmServer::requests() const
{
    const QMutexLocker lock(&m_mutex);
    return m_requests;
}

ScriptedReply FakeLlmServer::replyFor(const ReceivedRequest &request)
{
    Handler handler;
    {
        const QMutexLocker lock(&m_mutex);
        m_requests << request;
        if (!m_queue.isEmpty())
            return m_queue.takeFirst();
        handler = m_handler;
    }
    if (handler)
        return handler(request);
    return ScriptedReply::error(500, QStringLiteral("no scripted reply left"));
}

} // namespace difftriage::testing
