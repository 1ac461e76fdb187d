#include "ScratchRepo.h"
#include "change/TreeCache.h"
#include "git/Repository.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QtTest>
#include <future>

using namespace difftriage;
using namespace difftriage::engine;

namespace {

// Hash of every file under `root` (paths and bytes), so "unchanged" means byte-identical.
QByteArray fingerprint(const QString &root)
{
    QStringList files;
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &path : files) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        hash.addData(path.toUtf8());
        hash.addData(file.readAll());
    }
    return hash.result().toHex();
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QStringList leftovers(const QString &root)
{
    return QDir(root).entryList({QStringLiteral(".tmp-*")},
                                QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot);
}

} // namespace

class TreeCacheTest final : public QObject
{
    Q_OBJECT

private slots:
    void materializesReadOnlyAndReuses()
    {
        test::ScratchRepo repo;
        repo.write(QStringLiteral("pkg/__init__.py"), "");
        repo.write(QStringLiteral("pkg/mod.py"), "def f():\n    return 1\n");
        const QString first = repo.commit(QStringLiteral("first"));
        repo.write(QStringLiteral("pkg/mod.py"), "def f():\n    return 2\n");
        repo.commit(QStringLiteral("second"));
        // A dirty work tree and a staged change: neither may be touched by a checkout.
        repo.write(QStringLiteral("pkg/mod.py"), "def f():\n    return 3  # staged\n");
        repo.git({QStringLiteral("add"), QStringLiteral("pkg/mod.py")});
        repo.write(QStringLiteral("pkg/mod.py"), "def f():\n    return 4  # dirty\n");
        const QByteArray before = fingerprint(repo.path());

        QTemporaryDir cacheDir;
        TreeCache cache(cacheDir.path());
        auto repository = git::Repository::open(repo.path());
        QVERIFY(repository.ok());
        auto tree = cache.materialize(*repository, first);
        QVERIFY2(tree.ok(), qPrintable(tree.ok() ? QString() : tree.error().message));
        QCOMPARE(*tree, cache.pathFor(first));
        QCOMPARE(readAll(*tree + QStringLiteral("/pkg/mod.py")),
                 QByteArray("def f():\n    return 1\n"));
        QVERIFY(QFileInfo::exists(*tree + QStringLiteral("/pkg/__init__.py")));
        const QFileDevice::Permissions permissions =
            QFileInfo(*tree + QStringLiteral("/pkg/mod.py")).permissions();
        QVERIFY(!(permissions &
                  (QFileDevice::WriteOwner | QFileDevice::WriteGroup | QFileDevice::WriteOther)));
        QVERIFY(
            !(QFileInfo(*tree + QStringLiteral("/pkg")).permissions() & QFileDevice::WriteOwner));

        QCOMPARE(fingerprint(repo.path()), before); // index, HEAD and work tree byte-identical

        auto again = cache.materialize(*repository, first);
        QVERIFY(again.ok());
        QCOMPARE(*again, *tree);
        QVERIFY(leftovers(cacheDir.path()).isEmpty());

        auto variant = cache.materialize(*repository, first, QStringLiteral("prepare: make"));
        QVERIFY(variant.ok());
        QVERIFY(*variant != *tree);
    }

    void concurrentMaterialisationsAgree()
    {
        test::ScratchRepo repo;
        for (int i = 0; i < 200; ++i)
            repo.write(QStringLiteral("pkg/m%1.py").arg(i), QByteArray(4096, 'x'));
        const QString commit = repo.commit(QStringLiteral("many files"));
        QTemporaryDir cacheDir;
        const auto materialise = [&] {
            auto repository = git::Repository::open(repo.path()); // one Repository per thread
            TreeCache cache(cacheDir.path());
            auto tree = cache.materialize(*repository, commit);
            return tree.ok() ? *tree : QStringLiteral("error: ") + tree.error().message;
        };
        auto a = std::async(std::launch::async, materialise);
        auto b = std::async(std::launch::async, materialise);
        const QString pathA = a.get();
        const QString pathB = b.get();
        QCOMPARE(pathA, pathB);
        QCOMPARE(QDir(pathA + QStringLiteral("/pkg")).entryList(QDir::Files).size(), 200);
        QVERIFY(leftovers(cacheDir.path()).isEmpty());
    }

    void bareRepositoryAndEviction()
    {
        test::ScratchRepo repo;
        repo.write(QStringLiteral("a.py"), QByteArray(10000, 'a'));
        const QString first = repo.commit(QStringLiteral("first"));
        repo.write(QStringLiteral("a.py"), QByteArray(10000, 'b'));
        const QString second = repo.commit(QStringLiteral("second"));
        QTemporaryDir scratch;
        const QString mirror = scratch.path() + QStringLiteral("/mirror.git");
        repo.git({QStringLiteral("clone"), QStringLiteral("-q"), QStringLiteral("--bare"),
                  repo.path(), mirror});
        auto bare = git::Repository::open(mirror);
        QVERIFY(bare.ok());

        QTemporaryDir cacheDir;
        TreeCache cache(cacheDir.path(), 15000); // room for one tree only
        auto firstTree = cache.materialize(*bare, first);
        QVERIFY2(firstTree.ok(),
                 qPrintable(firstTree.ok() ? QString() : firstTree.error().message));
        QCOMPARE(readAll(*firstTree + QStringLiteral("/a.py")), QByteArray(10000, 'a'));
        QTest::qWait(1100); // distinct modification times for the LRU order
        auto secondTree = cache.materialize(*bare, second);
        QVERIFY(secondTree.ok());
        QVERIFY(!QFileInfo::exists(*firstTree)); // least recently used, evicted
        QVERIFY(QFileInfo::exists(*secondTree));

        QVERIFY(!cache.materialize(*bare, QStringLiteral("0").repeated(40)).ok());
    }
};

QTEST_GUILESS_MAIN(TreeCacheTest)
#include "tst_treecache.moc"
