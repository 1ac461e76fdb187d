#pragma once

#include "llm/LlmClock.h"

#include <QString>

namespace difftriage::testing {

// A clock whose sleeps pass at once: back-off and rate limits cost the tests no time.
class NoWaitClock final : public engine::LlmClock
{
public:
    qint64 nowMs() override { return m_now; }
    void sleepMs(qint64 milliseconds) override { m_now += milliseconds; }

private:
    qint64 m_now = 0;
};

// Compares with tests/llmserver/golden/<name> (a QCOMPARE of the running test);
// DIFFTRIAGE_UPDATE_GOLDEN=1 rewrites the file instead.
void compareGolden(const QString &name, const QString &actual);

} // namespace difftriage::testing
