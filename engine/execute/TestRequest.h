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
    QString code; // plain Python, or pytest-style test_* functions
    // Instead of `code`: one test of the project's own files, run as its suite would run it
    // (the runner's `test`; run() only, never runBatch()).
    QString projectFile; // tree-relative path of the test file
    QString projectTest; // the runner's test name: test_f[0], Class::test_m, pkg.mod.func
    quint64 seed = 0;    // random.seed() of the test; taken modulo 2^63
    double timeoutSeconds = 10;
    int memoryMb = 2048;                // RLIMIT_DATA of the test's process
    QMap<QString, QList<int>> coverage; // tree-relative path -> the changed lines to measure
    // A project test's: the lines of `coverage` whose first run records the test's own lines on
    // the stack (TestOutcome::reachedFrom).
    QMap<QString, QList<int>> callersOf;
};

} // namespace difftriage::engine
