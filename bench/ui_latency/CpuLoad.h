#pragma once

#include <QList>
#include <QProcess>
#include <memory>

// Keeps `count` cores busy from other processes (a shell spinning in a loop each, at the default
// priority) while it lives: the load a reviewer's compiler or test run puts beside the window.
class CpuLoad final
{
public:
    explicit CpuLoad(int count);
    ~CpuLoad();
    Q_DISABLE_COPY_MOVE(CpuLoad)

    int running() const;

private:
    QList<std::shared_ptr<QProcess>> m_spinners;
};
