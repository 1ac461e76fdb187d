#include "llm/LlmClient.h"

#include "llm/ChatJson.h"

#include <QDateTime>
#include <cmath>

namespace difftriage::engine {

namespace {

QUrl completionsUrl(const QUrl &base)
{
    QUrl url = base;
    QString path = url.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);
    url.setPath(path + QStringLiteral("/chat/completions"));
    return url;
}

// Retry-After is either seconds or an HTTP date; retry-after-ms (OpenAI) is finer.
qint64 retryAfterMs(const HttpResult &result, qint64 nowMs)
{
    bool ok = false;
    const double ms = result.retryAfterMs.trimmed().toDouble(&ok);
    if (ok && ms >= 0)
        return static_cast<qint64>(ms);
    const double seconds = result.retryAfter.trimmed().toDouble(&ok);
    if (ok && seconds >= 0)
        return static_cast<qint64>(seconds * 1000);
    const QDateTime date =
        QDateTime::fromString(QString::fromLatin1(result.retryAfter.trimmed()), Qt::RFC2822Date);
    if (date.isValid())
        return std::max<qint64>(0, date.toMSecsSinceEpoch() - nowMs);
    return -1;
}

} // namespace

LlmClient::LlmClient(LlmSettings settings, std::shared_ptr<LlmClock> clock)
    : m_settings(std::move(settings)),
      m_clock(clock ? std::move(clock) : std::make_shared<SystemClock>()),
      m_limiter(m_settings.requestsPerMinute, m_settings.tokensPerMinute, *m_clock),
      m_cache(m_settings.cacheDirectory), m_ledger(m_settings.maxCost),
      m_slots(std::max(1, m_settings.concurrency))
{}

QSet<QString> LlmClient::droppedParameters() const
{
    const QMutexLocker lock(&m_mutex);
    return m_dropped;
}

Expected<ChatResponse> LlmClient::failure(LlmFailure kind, const QString &message)
{
    m_lastFailure = kind;
    return makeError(message);
}

qint64 LlmClient::backoffMs(int attempt, const HttpResult &result) const
{
    const qint64 exponential = static_cast<qint64>(std::min<double>(
        m_settings.backoffMaxMs, m_settings.backoffInitialMs * std::pow(2.0, attempt)));
    if (result.status == 429) {
        const qint64 asked = retryAfterMs(result, m_clock->nowMs());
        if (asked >= 0) // the server knows when its window reopens; cap only absurd requests
            return std::min<qint64>(asked, std::max<qint64>(m_settings.backoffMaxMs, 1000) * 5);
    }
    return exponential;
}

Expected<ChatResponse> LlmClient::complete(const ChatRequest &request, int round)
{
    if (m_ledger.capReached())
        return failure(
            LlmFailure::CostCap,
            QStringLiteral("the LLM cost cap of $%1 is reached").arg(m_settings.maxCost));
    const QUrl url = completionsUrl(m_settings.baseUrl);
    const QSet<QString> dropped = droppedParameters();
    QByteArray body = chatRequestBody(m_settings, request, dropped);
    const auto keyFor = [&](const QByteArray &sent) {
        return ResponseCache::keyFor(url.toString(), sent, request.cacheSalt);
    };
    // Before any limiter or slot: a cached answer costs nothing and waits for nothing.
    if (const auto cached = m_cache.find(keyFor(body))) {
        auto parsed = parseChatResponse(*cached);
        if (parsed) {
            parsed->fromCache = true;
            m_ledger.record({round, request.purpose, m_settings.model, parsed->usage, 0, true});
            m_lastFailure = LlmFailure::None;
            return parsed;
        }
    }

    m_slots.acquire();
    const QSemaphoreReleaser release(m_slots);
    HttpPost post{url,
                  {{"Content-Type", "application/json"}, {"Accept", "application/json"}},
                  body,
                  m_settings.timeoutMs,
                  m_settings.maxResponseBytes};
    if (!m_settings.apiKey.isEmpty())
        post.headers.append({"Authorization", "Bearer " + m_settings.apiKey.toUtf8()});
    bool parametersDropped = false;
    QString lastReason;
    for (int attempt = 0;;) {
        if (cancelled())
            return failure(LlmFailure::Cancelled, QStringLiteral("the request was cancelled"));
        const qint64 estimate = estimateTokens(request, m_settings.maxTokens);
        m_clock->sleepMs(m_limiter.reserve(estimate));
        const HttpResult result = m_transport.post(post);
        if (result.status == 200) {
            auto parsed = parseChatResponse(result.body);
            if (parsed) {
                const ModelPrice price = m_settings.priceFor(m_settings.model);
                parsed->cost = (double(parsed->usage.promptTokens) * price.inputPerMillion +
                                double(parsed->usage.completionTokens) * price.outputPerMillion) /
                               1e6;
                m_limiter.settle(estimate,
                                 parsed->usage.promptTokens + parsed->usage.completionTokens);
                m_ledger.record(
                    {round, request.purpose, m_settings.model, parsed->usage, parsed->cost, false});
                m_cache.store(keyFor(post.body), result.body);
                m_lastFailure = LlmFailure::None;
                return parsed;
            }
            lastReason = parsed.error().message; // a proxy may have cut the body: retry
        } else if (result.tooLarge) {
            return failure(LlmFailure::TooLarge, QStringLiteral("the LLM answer exceeded %1 bytes")
                                                     .arg(m_settings.maxResponseBytes));
        } else if (result.status == 400 && !parametersDropped) {
            const QSet<QString> rejected = rejectedParameters(result.body, post.body);
            if (rejected.isEmpty())
                return failure(LlmFailure::Rejected, QStringLiteral("the LLM endpoint rejected the "
                                                                    "request: %1")
                                                         .arg(errorMessage(result.body)));
            {
                const QMutexLocker lock(&m_mutex);
                m_dropped.unite(rejected);
            }
            parametersDropped = true; // once: a second 400 is a real error
            post.body = chatRequestBody(m_settings, request, droppedParameters());
            continue;
        } else if (result.status == 429 || result.status >= 500 || result.status == 0) {
            lastReason = result.status == 0
                             ? (result.timedOut ? QStringLiteral("timed out") : result.networkError)
                             : QStringLiteral("HTTP %1: %2")
                                   .arg(result.status)
                                   .arg(errorMessage(result.body));
        } else {
            return failure(LlmFailure::Rejected, QStringLiteral("the LLM endpoint answered HTTP "
                                                                "%1: %2")
                                                     .arg(result.status)
                                                     .arg(errorMessage(result.body)));
        }
        if (attempt >= m_settings.retries)
            return failure(LlmFailure::Transient,
                           QStringLiteral("the LLM endpoint failed %1 times; last: %2")
                               .arg(attempt + 1)
                               .arg(lastReason));
        const qint64 wait = backoffMs(attempt, result);
        ++attempt;
        if (cancelled())
            return failure(LlmFailure::Cancelled, QStringLiteral("the request was cancelled"));
        m_clock->sleepMs(wait);
    }
}

} // namespace difftriage::engine
