#include "llm/RateLimiter.h"

#include "llm/LlmClock.h"

#include <algorithm>
#include <cmath>

namespace difftriage::engine {

RateLimiter::RateLimiter(double requestsPerMinute, double tokensPerMinute, LlmClock &clock)
    : m_requestsPerMs(requestsPerMinute / 60000.0), m_tokensPerMs(tokensPerMinute / 60000.0),
      m_clock(clock)
{}

qint64 RateLimiter::reserve(qint64 tokens)
{
    const QMutexLocker lock(&m_mutex);
    const qint64 now = m_clock.nowMs();
    if (m_lastMs >= 0) {
        const double elapsed = double(now - m_lastMs);
        m_requestLevel = std::max(0.0, m_requestLevel - elapsed * m_requestsPerMs);
        m_tokenLevel = std::max(0.0, m_tokenLevel - elapsed * m_tokensPerMs);
    }
    m_lastMs = now;
    // A bucket holds one minute's worth; a request fits when its own share brings the level to at
    // most that capacity. One oversized request still goes, alone, once the bucket is empty.
    double wait = 0;
    if (m_requestsPerMs > 0) {
        const double capacity = m_requestsPerMs * 60000.0;
        const double excess = m_requestLevel + 1 - capacity;
        if (excess > 0)
            wait = std::max(wait, excess / m_requestsPerMs);
    }
    if (m_tokensPerMs > 0) {
        const double capacity = m_tokensPerMs * 60000.0;
        const double excess = m_tokenLevel + std::min<double>(double(tokens), capacity) - capacity;
        if (excess > 0)
            wait = std::max(wait, excess / m_tokensPerMs);
    }
    // The reservation is booked now; the drain during the wait is accounted on the next call.
    if (m_requestsPerMs > 0)
        m_requestLevel += 1;
    if (m_tokensPerMs > 0)
        m_tokenLevel += double(tokens);
    return static_cast<qint64>(std::ceil(wait));
}

void RateLimiter::settle(qint64 estimatedTokens, qint64 actualTokens)
{
    const QMutexLocker lock(&m_mutex);
    if (m_tokensPerMs > 0)
        m_tokenLevel = std::max(0.0, m_tokenLevel + double(actualTokens - estimatedTokens));
}

} // namespace difftriage::engine
