#include "TimedApplication.h"

#include <QEvent>
#include <QMetaEnum>
#include <QThread>
#include <algorithm>

namespace {

constexpr int Kept = 8;

} // namespace

TimedApplication::TimedApplication(int &argc, char **argv) : QApplication(argc, argv)
{
    m_clock.start();
}

bool TimedApplication::notify(QObject *receiver, QEvent *event)
{
    if (QThread::currentThread() != thread())
        return QApplication::notify(receiver, event);
    // Only the outermost delivery: nested ones are part of it.
    if (m_depth++ > 0) {
        const bool handled = QApplication::notify(receiver, event);
        --m_depth;
        return handled;
    }
    // Delivering may delete the receiver (a DeferredDelete) and the event: what names them is
    // read before. The class name is static data; the object name a shared copy.
    const QEvent::Type type = event->type();
    const char *className = receiver->metaObject()->className();
    const QString objectName = receiver->objectName();
    const qint64 start = m_clock.nsecsElapsed();
    const bool handled = QApplication::notify(receiver, event);
    --m_depth;
    const qint64 ns = m_clock.nsecsElapsed() - start;
    if (m_slowest.size() < Kept || ns > m_slowest.constLast().ns) {
        const char *typeName = QMetaEnum::fromType<QEvent::Type>().valueToKey(type);
        Delivery delivery{
            ns,
            QStringLiteral("%1 to %2%3")
                .arg(QString::fromLatin1(typeName ? typeName : "event"),
                     QString::fromLatin1(className),
                     objectName.isEmpty() ? QString() : QStringLiteral(" '%1'").arg(objectName))};
        m_slowest.insert(
            std::upper_bound(m_slowest.begin(), m_slowest.end(), delivery,
                             [](const Delivery &a, const Delivery &b) { return a.ns > b.ns; }),
            delivery);
        if (m_slowest.size() > Kept)
            m_slowest.removeLast();
    }
    return handled;
}

QStringList TimedApplication::slowest(int count) const
{
    QStringList lines;
    for (const Delivery &delivery : m_slowest.mid(0, count))
        lines << QStringLiteral("%1 ms %2").arg(delivery.ns / 1e6, 0, 'f', 1).arg(delivery.what);
    return lines;
}
