#pragma once

#include <QString>
#include <QtGlobal>

namespace difftriage::engine {

// The analysis seed decides every draw of a run; these are the only derivations from it.

// The seed a test runs with (random, time-independent draws in the runner): the same on both
// versions and in every run of the test, different for another analysis seed.
inline quint64 testSeed(quint64 analysisSeed, const QString &testId)
{
    return analysisSeed * 1000003ULL + testId.mid(1, 8).toULongLong(nullptr, 16);
}

// PYTHONHASHSEED of a worker's first run; rerun r adds r.
inline int workerHashSeed(quint64 analysisSeed)
{
    return static_cast<int>(analysisSeed % 1000000ULL);
}

} // namespace difftriage::engine
