#include "StallMeter.h"

#include <ctime>

namespace {

qint64 threadCpuNs()
{
    timespec now{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return qint64(now.tv_sec) * 1000000000 + now.tv_nsec;
}

} // namespace

StallMeter::StallMeter(QObject *parent) : QObject(parent)
{
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(1);
    connect(&m_timer, &QTimer::timeout, this, &StallMeter::tick);
    m_clock.start();
    m_timer.start();
}

void StallMeter::restart()
{
    m_last = m_clock.nsecsElapsed();
    m_lastCpu = threadCpuNs();
    m_maxBusyNs = 0;
    m_maxGapNs = 0;
    m_totalGapNs = 0;
    m_ticks = 0;
}

void StallMeter::tick()
{
    const qint64 now = m_clock.nsecsElapsed();
    const qint64 gap = now - m_last;
    m_last = now;
    const qint64 cpu = threadCpuNs();
    m_maxBusyNs = std::max(m_maxBusyNs, cpu - m_lastCpu);
    m_lastCpu = cpu;
    m_maxGapNs = std::max(m_maxGapNs, gap);
    m_totalGapNs += gap;
    ++m_ticks;
}
