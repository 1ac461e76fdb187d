#include "CpuLoad.h"

CpuLoad::CpuLoad(int count)
{
    for (int i = 0; i < count; ++i) {
        auto spinner = std::make_shared<QProcess>();
        spinner->start(QStringLiteral("/bin/sh"),
                       {QStringLiteral("-c"), QStringLiteral("while :; do :; done")});
        if (spinner->waitForStarted(5000))
            m_spinners << spinner;
    }
}

CpuLoad::~CpuLoad()
{
    for (const auto &spinner : std::as_const(m_spinners)) {
        spinner->kill();
        spinner->waitForFinished(5000);
    }
}

int CpuLoad::running() const
{
    int count = 0;
    for (const auto &spinner : m_spinners)
        count += spinner->state() == QProcess::Running ? 1 : 0;
    return count;
}
