#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>
#include <memory>

class QObject;
class QThread;

namespace difftriage::engine {

struct HttpPost
{
    QUrl url;
    QList<QPair<QByteArray, QByteArray>> headers;
    QByteArray body;
    int timeoutMs = 120000; // without a byte received
    qint64 maxResponseBytes = 4 * 1024 * 1024;
};

struct HttpResult
{
    int status = 0; // 0 = no HTTP answer (network error, time-out, aborted)
    QByteArray body;
    QByteArray retryAfter;   // the Retry-After header, verbatim
    QByteArray retryAfterMs; // OpenAI's retry-after-ms
    bool timedOut = false;
    bool tooLarge = false;
    QString networkError;
};

// POSTs over one QNetworkAccessManager that lives on its own long-lived thread with an event loop
// (a manager must stay on the thread that created it, and the analysis worker has no event loop).
// post() blocks the calling thread until the answer is complete; never call it on the GUI thread.
class HttpTransport final
{
public:
    HttpTransport();
    ~HttpTransport();
    HttpTransport(const HttpTransport &) = delete;
    HttpTransport &operator=(const HttpTransport &) = delete;

    HttpResult post(const HttpPost &request);

private:
    std::unique_ptr<QThread> m_thread;
    QObject *m_context = nullptr; // lives on m_thread; parent of the manager
};

} // namespace difftriage::engine
