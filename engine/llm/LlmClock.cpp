#include "llm/LlmClock.h"

#include <QDateTime>
#include <QThread>

namespace difftriage::engine {

qint64 SystemClock::nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

void SystemClock::sleepMs(qint64 milliseconds)
{
    // Called on the analysis worker thread only: the network thread never waits here.
    if (milliseconds > 0)
        QThread::msleep(static_cast<unsigned long>(milliseconds));
}

} // namespace difftriage::engine
