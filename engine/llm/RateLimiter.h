#pragma once

#include <QMutex>
#include <QtGlobal>

namespace difftriage::engine {

class LlmClock;

// Leaky buckets for requests/minute and tokens/minute: each request adds its (estimated) tokens,
// the buckets drain at the configured rates, and a request waits until both have room. A rate of 0
// means unlimited. Shared by all threads using one client.
class RateLimiter final
{
public:
    RateLimiter(double requestsPerMinute, double tokensPerMinute, LlmClock &clock);

    // How long the caller must wait before sending a request of `tokens`; reserves its place, so
    // concurrent callers queue behind one another rather than all waking at once.
    qint64 reserve(qint64 tokens);
    // Corrects the token bucket once the real usage is known.
    void settle(qint64 estimatedTokens, qint64 actualTokens);

private:
    double m_requestsPerMs, m_tokensPerMs;
    double m_requestLevel = 0, m_tokenLevel = 0; // what is still in the buckets at m_lastMs
    qint64 m_lastMs = -1;
    LlmClock &m_clock;
    QMutex m_mutex;
};

} // namespace difftriage::engine
