#pragma once

#include <QList>
#include <QMap>
#include <QString>

namespace difftriage::engine {

// One test snippet to run on one version. The same request goes to both versions, so old and new
// see the same random draws; Executor derives the seed of rerun r from `seed`.
struct TestRequest
{
    QString id;
    QString code;     // plain Python, or pytest-style test_* functions
    quint64 seed = 0; // random.seed() of the test; taken modulo 2^63
    double timeoutSeconds = 10;
    int memoryMb = 2048;                // RLIMIT_DATA of the test's process
    QMap<QString, QList<int>> coverage; // tree-relative path -> the changed lines to measure
};

} // namespace difftriage::engine
