#include "llm/HttpTransport.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QThread>
#include <QTimer>
#include <future>

namespace difftriage::engine {

namespace {

// Finishes one reply into the promise exactly once, whatever ends it first.
struct Exchange
{
    std::promise<HttpResult> promise;
    HttpResult result;
    bool done = false;
};

void send(QNetworkAccessManager *manager, const HttpPost &post,
          const std::shared_ptr<Exchange> &exchange)
{
    QNetworkRequest request(post.url);
    for (const auto &[name, value] : post.headers)
        request.setRawHeader(name, value);
    request.setTransferTimeout(post.timeoutMs);
    QNetworkReply *reply = manager->post(request, post.body);
    // The transfer time-out catches a silent server; this one a server that trickles forever.
    auto *deadline = new QTimer(reply);
    deadline->setSingleShot(true);
    QObject::connect(deadline, &QTimer::timeout, reply, [reply, exchange] {
        exchange->result.timedOut = true;
        reply->abort();
    });
    deadline->start(std::max(post.timeoutMs, 1000) * 4);
    QObject::connect(reply, &QNetworkReply::readyRead, reply, [reply, exchange, post] {
        if (reply->bytesAvailable() + exchange->result.body.size() > post.maxResponseBytes) {
            exchange->result.tooLarge = true;
            reply->abort();
            return;
        }
        exchange->result.body += reply->readAll();
    });
    QObject::connect(reply, &QNetworkReply::finished, reply, [reply, exchange, post] {
        if (exchange->done)
            return;
        exchange->done = true;
        HttpResult &result = exchange->result;
        if (!result.tooLarge) {
            result.body += reply->readAll();
            result.tooLarge = result.body.size() > post.maxResponseBytes;
        }
        result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        result.retryAfter = reply->rawHeader("Retry-After");
        result.retryAfterMs = reply->rawHeader("retry-after-ms");
        if (reply->error() == QNetworkReply::OperationCanceledError && !result.tooLarge)
            result.timedOut = true; // the transfer time-out ends a reply this way
        if (reply->error() != QNetworkReply::NoError && result.status == 0)
            result.networkError = reply->errorString();
        if (result.timedOut || result.tooLarge)
            result.status = 0;
        exchange->promise.set_value(std::move(result));
        reply->deleteLater();
    });
}

} // namespace

HttpTransport::HttpTransport() : m_thread(std::make_unique<QThread>())
{
    m_thread->setObjectName(QStringLiteral("difftriage-llm-network"));
    m_context = new QObject;
    m_context->moveToThread(m_thread.get());
    m_thread->start();
}

HttpTransport::~HttpTransport()
{
    QObject *context = m_context;
    QMetaObject::invokeMethod(
        context, [context] { delete context; }, Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
}

HttpResult HttpTransport::post(const HttpPost &request)
{
    Q_ASSERT(QThread::currentThread() != m_thread.get());
    auto exchange = std::make_shared<Exchange>();
    std::future<HttpResult> answer = exchange->promise.get_future();
    QObject *context = m_context;
    QMetaObject::invokeMethod(
        context,
        [context, request, exchange] {
            // One manager per transport, made on its thread the first time it is needed.
            auto *manager = context->findChild<QNetworkAccessManager *>();
            if (!manager)
                manager = new QNetworkAccessManager(context);
            send(manager, request, exchange);
        },
        Qt::QueuedConnection);
    return answer.get();
}

} // namespace difftriage::engine
