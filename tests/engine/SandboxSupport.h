#pragma once

#include "generate/Generator.h"
#include "targets/Targets.h"

#include <QByteArray>
#include <QStringList>

namespace difftriage::engine::test {

// Hash of every file under `root` (paths, bytes and modes), so "unchanged" means unchanged.
QByteArray fingerprint(const QString &root);

// Live processes whose command line contains one of `markers`.
int processesWith(const QStringList &markers);

bool writeFile(const QString &path, const QByteArray &content);

// Two versions of a small project whose PR changes nine functions: f1() … f8() each answer
// differently, and stop_worker() on the new side kills its parent (the worker) before it
// answers. `round` tests each of them, and a few that show nothing, in one search batch.
struct WorkerKillerProject
{
    QString oldTree;
    QString newTree;
    Targets targets;
    QList<Candidate> round;
    QStringList differing; // the eight tests whose difference is real
    QString killer;        // the test of stop_worker()
};

WorkerKillerProject writeWorkerKillerProject(const QString &directory);

} // namespace difftriage::engine::test
