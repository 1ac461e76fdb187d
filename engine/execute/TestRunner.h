#pragma once

#include "core/Expected.h"
#include "execute/Side.h"
#include "execute/TestOutcome.h"
#include "execute/TestRequest.h"

#include <QList>

namespace difftriage::engine {

// What the search needs from an executor: run tests on one version, alone or as a batch.
// Executor is the real one; the pipeline's unit tests script their own. Implementations are
// called from several threads at once.
class TestRunner
{
public:
    virtual ~TestRunner() = default;

    // Each test alone in a fresh process; rerun r uses the seeds and hash seed of rerun r.
    // Outcomes in request order; an error means the call as a whole failed (cancelled, no worker).
    virtual Expected<QList<TestOutcome>> run(Side side, const QList<TestRequest> &tests,
                                             int rerun) = 0;
    // All tests in one process, one after another: fast, but module state carries over, so a
    // difference seen here counts only once run() confirms it.
    virtual Expected<QList<TestOutcome>> runBatch(Side side, const QList<TestRequest> &tests) = 0;
};

} // namespace difftriage::engine
