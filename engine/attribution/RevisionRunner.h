#pragma once

#include "core/Expected.h"
#include "core/PythonInterpreter.h"
#include "execute/TestOutcome.h"
#include "execute/TestRequest.h"
#include "judge/Judge.h"

#include <QHash>
#include <QList>
#include <QString>
#include <atomic>

namespace difftriage::engine {

namespace git {
class Repository;
}

// How the trees of probed revisions are set up and run: the range analysis's own choices.
struct RevisionRunnerSettings
{
    PythonInterpreter pythonOld; // for the range's base
    PythonInterpreter pythonNew; // for every later revision
    QString baseCommit;
    QStringList importRoots; // the project's configured ones; empty = detect per tree
    QString prepare;         // empty = none
    QStringList normalize;   // the project's extra normalisation patterns
    int hashSeed = 0;
    bool forceDegradedSandbox = false;
    QString treeCacheDirectory; // empty = the per-user cache
};

// Tests to run on the tree of one commit.
struct RevisionTests
{
    QString commit;
    QList<TestRequest> tests;
};

// Runs tests on the trees of arbitrary commits of one repository, in the sandbox and with the
// normalisation an analysis uses: the trees come from the tree cache (prepared when the project
// has a prepare step), and two revisions share one executor, one as its old side and one as its
// new side, so each probe round starts half as many workers. Blocking; one thread at a time.
class RevisionRunner final
{
public:
    RevisionRunner(const git::Repository &repository, RevisionRunnerSettings settings);
    Q_DISABLE_COPY_MOVE(RevisionRunner)

    // The outcomes of each commit's tests in request order, or why that commit's tree could not
    // run them (no tree, a failed prepare step, workers that would not start). An error of the
    // whole call: cancelled.
    Expected<QHash<QString, Expected<QList<TestOutcome>>>>
    run(const QList<RevisionTests> &revisions, const std::atomic_bool *cancel = nullptr);

    // Definition 2's comparison with every probed tree's root paths normalised.
    const Judge &judge() const { return m_judge; }
    Status normalizePatterns() const { return m_patterns; }
    int executorsStarted() const { return m_executorsStarted; }

private:
    Expected<QString> treeOf(const QString &commit);
    QHash<QString, Expected<QList<TestOutcome>>> runPair(const RevisionTests &a,
                                                         const RevisionTests *b);

    const git::Repository &m_repository;
    RevisionRunnerSettings m_settings;
    Judge m_judge;
    Status m_patterns = Ok{};
    int m_executorsStarted = 0;
};

} // namespace difftriage::engine
