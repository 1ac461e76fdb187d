#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

// Measures how long the GUI event loop goes without serving a 1 ms timer: the longest gap is the
// longest stall a user would feel (a click or a repaint waits that long). It also records how
// much CPU the GUI thread itself used in the worst gap: on a loaded machine a gap can be the
// scheduler's doing, and the busy time tells work done on the GUI thread from waiting for a core.
class StallMeter final : public QObject
{
    Q_OBJECT

public:
    explicit StallMeter(QObject *parent = nullptr);

    void restart();
    double maxStallMs() const { return m_maxGapNs / 1e6; }
    // The GUI thread's own CPU time during its longest stretch of work between two ticks.
    double maxBusyMs() const { return m_maxBusyNs / 1e6; }
    double meanGapMs() const { return m_ticks ? m_totalGapNs / 1e6 / m_ticks : 0.0; }
    qint64 ticks() const { return m_ticks; }

private:
    void tick();

    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_lastCpu = 0;
    qint64 m_maxBusyNs = 0;
    qint64 m_maxGapNs = 0;
    qint64 m_totalGapNs = 0;
    qint64 m_ticks = 0;
};
