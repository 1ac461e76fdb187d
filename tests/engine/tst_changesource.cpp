#include "ScratchRepo.h"
#include "change/ChangeRange.h"
#include "change/ChangeSource.h"
#include "git/Repository.h"

#include <QtTest>

using namespace difftriage;
using namespace difftriage::engine;

namespace {

// main: initial, merge of #10, squash #11, a plain commit; an unmerged branch `wip`; fetched PR
// refs for #12 (open) and #10 (merged).
struct History
{
    test::ScratchRepo repo;
    QString initial, featureHead, merge10, squash11, plain, wipHead, pr12Head;

    History()
    {
        repo.write(QStringLiteral("pkg/a.py"), "def f():\n    return 1\n");
        initial = repo.commit(QStringLiteral("Initial"));
        repo.git({QStringLiteral("checkout"), QStringLiteral("-q"), QStringLiteral("-b"),
                  QStringLiteral("feature1")});
        repo.write(QStringLiteral("pkg/a.py"), "def f():\n    return 2\n");
        featureHead = repo.commit(QStringLiteral("Return two"));
        repo.git({QStringLiteral("checkout"), QStringLiteral("-q"), QStringLiteral("main")});
        merge10 = repo.merge(QStringLiteral("feature1"),
                             QStringLiteral("Merge pull request #10 from ada/feature1\n\nAdd "
                                            "feature one\n\nIt returns two now."));
        repo.write(QStringLiteral("pkg/b.py"), "X = 1\n");
        squash11 = repo.commit(QStringLiteral("Improve b (#11)\n\n* squashed"));
        repo.write(QStringLiteral("README.md"), "docs\n");
        plain = repo.commit(QStringLiteral("Tweak docs"));
        repo.git({QStringLiteral("checkout"), QStringLiteral("-q"), QStringLiteral("-b"),
                  QStringLiteral("wip"), squash11});
        repo.write(QStringLiteral("pkg/b.py"), "X = 2\n");
        wipHead = repo.commit(QStringLiteral("Work in progress"));
        repo.git({QStringLiteral("checkout"), QStringLiteral("-q"), QStringLiteral("-b"),
                  QStringLiteral("pr12"), merge10});
        repo.write(QStringLiteral("pkg/c.py"), "Y = 3\n");
        pr12Head = repo.commit(QStringLiteral("Add c\n\nThe body of 12."));
        repo.git({QStringLiteral("checkout"), QStringLiteral("-q"), QStringLiteral("main")});
        repo.git({QStringLiteral("branch"), QStringLiteral("-q"), QStringLiteral("-D"),
                  QStringLiteral("pr12")});
        repo.git({QStringLiteral("update-ref"), QStringLiteral("refs/pull/12/head"), pr12Head});
        repo.git({QStringLiteral("update-ref"), QStringLiteral("refs/pull/10/head"), featureHead});
    }
};

QStringList describe(const QList<ChangeSpec> &changes)
{
    QStringList lines;
    for (const ChangeSpec &spec : changes)
        lines << QStringLiteral("%1 %2 %3")
                     .arg(spec.number ? QString::number(*spec.number) : QStringLiteral("-"),
                          spelling(spec.state), spec.title);
    return lines;
}

} // namespace

class ChangeSourceTest final : public QObject
{
    Q_OBJECT

private slots:
    void listsMergedOpenAndBranches()
    {
        History history;
        auto repository = git::Repository::open(history.repo.path());
        QVERIFY2(repository.ok(),
                 qPrintable(repository.ok() ? QString() : repository.error().message));
        auto changes = ChangeSource(*repository).list();
        QVERIFY(changes.ok());
        QCOMPARE(describe(*changes), (QStringList{QStringLiteral("12 open Add c"),
                                                  QStringLiteral("- branch Work in progress"),
                                                  QStringLiteral("11 merged Improve b"),
                                                  QStringLiteral("10 merged Add feature one")}));
        const ChangeSpec &merged = changes->at(3);
        QCOMPARE(merged.base, history.initial);
        QCOMPARE(merged.head, history.merge10);
        QCOMPARE(merged.body, QStringLiteral("It returns two now."));
        QCOMPARE(merged.ref, QStringLiteral("ada/feature1"));
        const ChangeSpec &squash = changes->at(2);
        QCOMPARE(squash.base, history.merge10);
        QCOMPARE(squash.head, history.squash11);
        QCOMPARE(squash.body, QStringLiteral("* squashed"));
        QCOMPARE(changes->at(0).base, history.merge10); // merge base with main
        QCOMPARE(changes->at(1).base, history.squash11);
        QCOMPARE(changes->at(1).ref, QStringLiteral("refs/heads/wip"));
    }

    void findsByNumberBranchAndRevisions()
    {
        History history;
        auto repository = git::Repository::open(history.repo.path());
        QVERIFY(repository.ok());
        const ChangeSource source(*repository);
        auto pr10 = source.pullRequest(10);
        QVERIFY(pr10.ok());
        QCOMPARE(pr10->head, history.merge10);
        auto pr12 = source.pullRequest(12);
        QVERIFY(pr12.ok());
        QVERIFY(pr12->state == ChangeState::Open);
        QCOMPARE(pr12->body, QStringLiteral("The body of 12."));
        auto missing = source.pullRequest(99);
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().message.contains(QStringLiteral("no PR #99")));

        auto wip = source.branch(QStringLiteral("wip"));
        QVERIFY(wip.ok());
        QCOMPARE(wip->base, history.squash11);
        QCOMPARE(wip->head, history.wipHead);
        QVERIFY(!source.branch(QStringLiteral("no-such-branch")).ok());

        auto manual = source.revisions(QStringLiteral("main~1"), QStringLiteral("main"));
        QVERIFY(manual.ok());
        QCOMPARE(manual->base, history.squash11);
        QCOMPARE(manual->head, history.plain);
        QVERIFY(manual->state == ChangeState::Manual);
        auto unknown = source.revisions(QStringLiteral("nope"), QStringLiteral("main"));
        QVERIFY(!unknown.ok());
        QVERIFY(unknown.error().message.contains(QStringLiteral("unknown revision 'nope'")));
    }

    // A release: the first-parent commits after the base, oldest first, PRs and direct commits.
    void rangeOnTheFirstParentLine()
    {
        History history;
        history.repo.git({QStringLiteral("tag"), QStringLiteral("v1"), history.initial});
        auto repository = git::Repository::open(history.repo.path());
        QVERIFY(repository.ok());
        auto range = resolveChangeRange(*repository, QStringLiteral("v1"), QStringLiteral("main"));
        QVERIFY2(range.ok(), qPrintable(range.ok() ? QString() : range.error().message));
        QCOMPARE(range->base, history.initial);
        QCOMPARE(range->head, history.plain);
        QCOMPARE(describe(range->steps), (QStringList{QStringLiteral("10 merged Add feature one"),
                                                      QStringLiteral("11 merged Improve b"),
                                                      QStringLiteral("- direct Tweak docs")}));
        // The steps chain: each one's base is the previous one's head.
        QCOMPARE(range->steps.at(0).base, history.initial);
        QCOMPARE(range->steps.at(1).base, history.merge10);
        QCOMPARE(range->steps.at(2).base, history.squash11);
        QCOMPARE(range->pullRequests().size(), 2);

        auto later = resolveChangeRange(*repository, history.merge10, QStringLiteral("main"));
        QVERIFY(later.ok());
        QCOMPARE(describe(later->pullRequests()),
                 QStringList{QStringLiteral("11 merged Improve b")});
        QVERIFY(resolveChangeRange(*repository, QStringLiteral("main"), QStringLiteral("main"))
                    ->steps.isEmpty());
        auto backwards =
            resolveChangeRange(*repository, QStringLiteral("main"), QStringLiteral("v1"));
        QVERIFY(!backwards.ok());
        QVERIFY(backwards.error().message.contains(QStringLiteral("not an ancestor")));

        QCOMPARE(splitRangeText(QStringLiteral("v2.3..v2.4"))->second, QStringLiteral("v2.4"));
        QVERIFY(!splitRangeText(QStringLiteral("v2.3")).ok());
        QVERIFY(!splitRangeText(QStringLiteral("v2.3...v2.4")).ok());
        QVERIFY(!splitRangeText(QStringLiteral("..v2.4")).ok());
    }

    void bareMirrorAndOriginHead()
    {
        History history;
        QTemporaryDir scratch;
        const QString mirror = scratch.path() + QStringLiteral("/mirror.git");
        history.repo.git({QStringLiteral("clone"), QStringLiteral("-q"), QStringLiteral("--mirror"),
                          history.repo.path(), mirror});
        auto bare = git::Repository::open(mirror);
        QVERIFY(bare.ok());
        QVERIFY(bare->isBare());
        auto changes = ChangeSource(*bare).list();
        QVERIFY(changes.ok());
        QCOMPARE(describe(*changes).filter(QStringLiteral("merged")).size(), 2);

        // In a clone the default branch is origin/HEAD, even when the local main lags behind.
        const QString clone = scratch.path() + QStringLiteral("/clone");
        history.repo.git(
            {QStringLiteral("clone"), QStringLiteral("-q"), history.repo.path(), clone});
        history.repo.git({QStringLiteral("reset"), QStringLiteral("-q"), QStringLiteral("--hard"),
                          history.initial},
                         clone);
        auto cloned = git::Repository::open(clone);
        QVERIFY(cloned.ok());
        auto branch = cloned->defaultBranch();
        QVERIFY(branch.ok());
        QCOMPARE(branch->name, QStringLiteral("origin/main"));
        QCOMPARE(branch->target, history.plain);
    }

    void badRepositories()
    {
        QTemporaryDir plain;
        auto notRepo = git::Repository::open(plain.path());
        QVERIFY(!notRepo.ok());
        QVERIFY(notRepo.error().message.startsWith(QStringLiteral("not a git repository")));
        QVERIFY(!git::Repository::open(plain.path() + QStringLiteral("/missing")).ok());

        test::ScratchRepo empty;
        auto emptyRepo = git::Repository::open(empty.path());
        QVERIFY(emptyRepo.ok());
        auto changes = ChangeSource(*emptyRepo).list();
        QVERIFY(!changes.ok());
        QVERIFY(changes.error().message.contains(QStringLiteral("no commits")));
    }
};

QTEST_GUILESS_MAIN(ChangeSourceTest)
#include "tst_changesource.moc"
