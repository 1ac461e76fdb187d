#pragma once

#include "core/Expected.h"
#include "llm/ChatTypes.h"
#include "llm/CostLedger.h"
#include "llm/HttpTransport.h"
#include "llm/LlmClock.h"
#include "llm/LlmSettings.h"
#include "llm/RateLimiter.h"
#include "llm/ResponseCache.h"

#include <QMutex>
#include <QSemaphore>
#include <QSet>
#include <atomic>
#include <memory>

namespace difftriage::engine {

// Why the last request failed, so the generator can tell "stop cleanly" from "misconfigured".
enum class LlmFailure
{
    None,
    CostCap,   // the analysis spent its --max-cost
    Transient, // retries exhausted on 429 / 5xx / time-outs / malformed answers
    Rejected,  // 4xx the retries cannot fix (bad key, unknown model, bad request)
    TooLarge,  // the answer exceeded maxResponseBytes
    Cancelled
};

// A blocking OpenAI chat-completions client for the analysis worker thread(s): response cache,
// concurrency limit, leaky-bucket rate limits, retries with exponential back-off (honouring
// Retry-After), dropping parameters the model rejects, and token/cost accounting.
class LlmClient final
{
public:
    // `clock` may be null (the system clock); tests inject one that only records the waits.
    explicit LlmClient(LlmSettings settings, std::shared_ptr<LlmClock> clock = nullptr);
    Q_DISABLE_COPY_MOVE(LlmClient)

    Expected<ChatResponse> complete(const ChatRequest &request, int round = 0);

    const LlmSettings &settings() const { return m_settings; }
    CostLedger &ledger() { return m_ledger; }
    const CostLedger &ledger() const { return m_ledger; }
    LlmFailure lastFailure() const { return m_lastFailure; }
    QSet<QString> droppedParameters() const;
    // Checked before every attempt and every back-off; a cancelled request fails at once.
    void setCancelFlag(const std::atomic_bool *cancel) { m_cancel = cancel; }

private:
    Expected<ChatResponse> failure(LlmFailure kind, const QString &message);
    qint64 backoffMs(int attempt, const HttpResult &result) const;
    bool cancelled() const { return m_cancel && m_cancel->load(); }

    LlmSettings m_settings;
    std::shared_ptr<LlmClock> m_clock;
    RateLimiter m_limiter;
    ResponseCache m_cache;
    CostLedger m_ledger;
    HttpTransport m_transport;
    QSemaphore m_slots;
    mutable QMutex m_mutex; // guards m_dropped
    QSet<QString> m_dropped;
    std::atomic<LlmFailure> m_lastFailure{LlmFailure::None};
    const std::atomic_bool *m_cancel = nullptr;
};

} // namespace difftriage::engine
