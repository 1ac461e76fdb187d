#include "attribution/RevisionRunner.h"

#include "change/TreeCache.h"
#include "execute/Executor.h"
#include "execute/PrepareCommand.h"
#include "git/Repository.h"

namespace difftriage::engine {

RevisionRunner::RevisionRunner(const git::Repository &repository, RevisionRunnerSettings settings)
    : m_repository(repository), m_settings(std::move(settings))
{
    m_patterns = m_judge.normalizer().addPatterns(m_settings.normalize);
}

Expected<QString> RevisionRunner::treeOf(const QString &commit)
{
    TreeCache cache = m_settings.treeCacheDirectory.isEmpty()
                          ? TreeCache()
                          : TreeCache(m_settings.treeCacheDirectory);
    if (m_settings.prepare.isEmpty())
        return cache.materialize(m_repository, commit);
    // The same variant key as an analysis's trees, so prepared trees are shared with it.
    const QString variant = QStringLiteral("prepare\n") + m_settings.prepare;
    const bool base = commit == m_settings.baseCommit;
    return cache.materialize(m_repository, commit, variant, [&](const QString &tree) {
        PrepareRequest request;
        request.command = m_settings.prepare;
        request.tree = tree;
        request.commitId = commit;
        request.sideName = base ? QStringLiteral("old") : QStringLiteral("new");
        request.python = base ? m_settings.pythonOld : m_settings.pythonNew;
        request.forceDegradedSandbox = m_settings.forceDegradedSandbox;
        return runPrepareCommand(request);
    });
}

Expected<QHash<QString, Expected<QList<TestOutcome>>>>
RevisionRunner::run(const QList<RevisionTests> &revisions, const std::atomic_bool *cancel)
{
    QHash<QString, Expected<QList<TestOutcome>>> outcomes;
    for (qsizetype i = 0; i < revisions.size(); i += 2) {
        if (cancel && cancel->load())
            return makeError(QStringLiteral("the attribution was cancelled"));
        const RevisionTests *second = i + 1 < revisions.size() ? &revisions[i + 1] : nullptr;
        auto pair = runPair(revisions[i], second);
        // Two trees share an executor; when they cannot (one tree does not even start), each
        // gets its own, so one broken revision does not hide the other's outcome.
        const auto ran = [&pair](const QString &commit) {
            const auto found = pair.constFind(commit);
            return found != pair.cend() && found->ok();
        };
        if (second && (!ran(revisions[i].commit) || !ran(second->commit))) {
            pair = runPair(revisions[i], nullptr);
            pair.insert(runPair(*second, nullptr));
        }
        outcomes.insert(pair);
    }
    return outcomes;
}

QHash<QString, Expected<QList<TestOutcome>>> RevisionRunner::runPair(const RevisionTests &a,
                                                                     const RevisionTests *b)
{
    QHash<QString, Expected<QList<TestOutcome>>> outcomes;
    const auto failAll = [&](const Error &error) {
        outcomes.insert(a.commit, error);
        if (b)
            outcomes.insert(b->commit, error);
        return outcomes;
    };
    auto treeA = treeOf(a.commit);
    if (!treeA)
        return failAll(treeA.error());
    auto treeB = b ? treeOf(b->commit) : treeA;
    if (!treeB)
        return failAll(treeB.error());
    const auto config = [&](const QString &commit, const QString &tree) {
        const bool base = commit == m_settings.baseCommit;
        return WorkerConfig{base ? m_settings.pythonOld : m_settings.pythonNew, tree,
                            detectImportRoot(tree, m_settings.importRoots), m_settings.hashSeed,
                            m_settings.forceDegradedSandbox};
    };
    Executor executor(config(a.commit, *treeA), config(b ? b->commit : a.commit, *treeB));
    if (Status started = executor.start(); !started)
        return failAll(started.error());
    ++m_executorsStarted;
    m_judge.normalizer().addRootPaths(executor.rootPaths() + QStringList{*treeA, *treeB});
    outcomes.insert(a.commit, executor.run(Side::Old, a.tests));
    if (b)
        outcomes.insert(b->commit, executor.run(Side::New, b->tests));
    return outcomes;
}

} // namespace difftriage::engine
