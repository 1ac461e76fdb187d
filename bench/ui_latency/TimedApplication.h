#pragma once

#include <QApplication>
#include <QElapsedTimer>
#include <QList>
#include <QString>

// A QApplication that times every event the GUI thread delivers, to name what a stall was: the
// receiver's class and object name and the event type of the slowest deliveries.
class TimedApplication final : public QApplication
{
public:
    TimedApplication(int &argc, char **argv);

    bool notify(QObject *receiver, QEvent *event) override;
    void restart() { m_slowest.clear(); }
    // "12.3 ms MetaCall to difftriage::ui::MainWindow", slowest first.
    QStringList slowest(int count) const;

private:
    struct Delivery
    {
        qint64 ns = 0;
        QString what;
    };
    QList<Delivery> m_slowest; // the slowest outermost deliveries, at most a few
    int m_depth = 0;
    QElapsedTimer m_clock;
};
