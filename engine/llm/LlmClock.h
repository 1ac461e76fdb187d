#pragma once

#include <QtGlobal>

namespace difftriage::engine {

// Time as the LLM client sees it. Back-off and rate limits wait through this, so tests replace it
// with a clock that only records the waits.
class LlmClock
{
public:
    virtual ~LlmClock() = default;
    virtual qint64 nowMs() = 0;
    virtual void sleepMs(qint64 milliseconds) = 0;
};

class SystemClock final : public LlmClock
{
public:
    qint64 nowMs() override;
    void sleepMs(qint64 milliseconds) override;
};

} // namespace difftriage::engine
