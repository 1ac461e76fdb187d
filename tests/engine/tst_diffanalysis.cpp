#include "ScratchRepo.h"
#include "change/DiffAnalysis.h"
#include "git/Repository.h"

#include <QtTest>

using namespace difftriage;
using namespace difftriage::engine;

namespace {

QByteArray numberedLines(int count, const QByteArray &prefix = "line")
{
    QByteArray text;
    for (int i = 1; i <= count; ++i)
        text += prefix + ' ' + QByteArray::number(i) + '\n';
    return text;
}

const ChangedFile *find(const DiffSummary &summary, const QString &path)
{
    for (const ChangedFile &file : summary.files) {
        if (file.newPath == path || file.oldPath == path)
            return &file;
    }
    return nullptr;
}

} // namespace

class DiffAnalysisTest final : public QObject
{
    Q_OBJECT

private slots:
    void changedLinesPerSide()
    {
        test::ScratchRepo repo;
        repo.write(QStringLiteral("pkg/mod.py"), "a = 1\nb = 2\nc = 3\nd = 4\ne = 5\n");
        repo.write(QStringLiteral("pkg/old_name.py"), numberedLines(30, "x ="));
        repo.write(QStringLiteral("pkg/gone.py"), "x = 1\ny = 2\n");
        repo.write(QStringLiteral("README.md"), "hello\n");
        repo.write(QStringLiteral("data.bin"), QByteArray("\x00\x01\x02\x00", 4));
        repo.write(QStringLiteral("pkg/latin.py"), "s = 'caf\xe9'\nt = 1\n");
        const QString base = repo.commit(QStringLiteral("base"));

        repo.write(QStringLiteral("pkg/mod.py"),
                   "a = 1\nb = 20\nc = 3\nd = 4\ninserted = 0\ne = 5\n");
        repo.remove(QStringLiteral("pkg/old_name.py"));
        QByteArray renamed = numberedLines(30, "x =");
        renamed.replace("x = 7\n", "x = 70\n");
        repo.write(QStringLiteral("pkg/new_name.py"), renamed);
        repo.remove(QStringLiteral("pkg/gone.py"));
        repo.write(QStringLiteral("pkg/added.py"), "z = 1\n");
        repo.write(QStringLiteral("README.md"), "hello world\n");
        repo.write(QStringLiteral("data.bin"), QByteArray("\x00\x03\x02\x00", 4));
        repo.write(QStringLiteral("pkg/latin.py"), "s = 'caf\xe9!'\nt = 1\n");
        const QString head = repo.commit(QStringLiteral("head"));

        auto repository = git::Repository::open(repo.path());
        QVERIFY(repository.ok());
        auto summary = DiffAnalysis::run(*repository, base, head);
        QVERIFY(summary.ok());
        QCOMPARE(summary->files.size(), 7);

        const ChangedFile *modified = find(*summary, QStringLiteral("pkg/mod.py"));
        QVERIFY(modified);
        QVERIFY(modified->status == git::DeltaStatus::Modified);
        QCOMPARE(modified->oldLines, (QList<int>{2}));
        QCOMPARE(modified->newLines, (QList<int>{2, 5}));
        QVERIFY(modified->isPython);

        const ChangedFile *rename = find(*summary, QStringLiteral("pkg/new_name.py"));
        QVERIFY(rename);
        QVERIFY(rename->status == git::DeltaStatus::Renamed);
        QCOMPARE(rename->oldPath, QStringLiteral("pkg/old_name.py"));
        QCOMPARE(rename->oldLines, (QList<int>{7}));
        QCOMPARE(rename->newLines, (QList<int>{7}));

        const ChangedFile *deleted = find(*summary, QStringLiteral("pkg/gone.py"));
        QVERIFY(deleted);
        QVERIFY(deleted->status == git::DeltaStatus::Deleted);
        QVERIFY(deleted->newPath.isEmpty());
        QCOMPARE(deleted->oldLines, (QList<int>{1, 2}));

        const ChangedFile *added = find(*summary, QStringLiteral("pkg/added.py"));
        QVERIFY(added);
        QVERIFY(added->oldPath.isEmpty());
        QCOMPARE(added->newLines, (QList<int>{1}));

        const ChangedFile *readme = find(*summary, QStringLiteral("README.md"));
        QVERIFY(readme);
        QVERIFY(!readme->isPython);
        QVERIFY(readme->note.contains(QStringLiteral("not a Python file")));

        const ChangedFile *binary = find(*summary, QStringLiteral("data.bin"));
        QVERIFY(binary);
        QVERIFY(binary->binary);
        QVERIFY(binary->oldLines.isEmpty());
        QVERIFY(binary->note.contains(QStringLiteral("binary")));

        const ChangedFile *latin = find(*summary, QStringLiteral("pkg/latin.py"));
        QVERIFY(latin);
        QVERIFY(latin->isPython);
        QCOMPARE(latin->newLines, (QList<int>{1}));

        QCOMPARE(summary->pythonFiles().size(), 5);
        QVERIFY(summary->notes.isEmpty());
    }

    void emptyAndNonPythonDiffs()
    {
        test::ScratchRepo repo;
        repo.write(QStringLiteral("a.py"), "x = 1\n");
        const QString first = repo.commit(QStringLiteral("first"));
        repo.write(QStringLiteral("notes.txt"), "n\n");
        const QString second = repo.commit(QStringLiteral("second"));
        auto repository = git::Repository::open(repo.path());
        QVERIFY(repository.ok());

        auto same = DiffAnalysis::run(*repository, first, first);
        QVERIFY(same.ok());
        QVERIFY(same->files.isEmpty());
        QVERIFY(same->notes.join(QString()).contains(QStringLiteral("no Python file changed")));

        auto docsOnly = DiffAnalysis::run(*repository, first, second);
        QVERIFY(docsOnly.ok());
        QCOMPARE(docsOnly->files.size(), 1);
        QVERIFY(docsOnly->pythonFiles().isEmpty());
    }

    void hugeDiffIsCapped()
    {
        test::ScratchRepo repo;
        repo.write(QStringLiteral("small.py"), "x = 1\n");
        const QString base = repo.commit(QStringLiteral("base"));
        repo.write(QStringLiteral("small.py"), "x = 2\n");
        repo.write(QStringLiteral("big.py"), numberedLines(500, "v ="));
        const QString head = repo.commit(QStringLiteral("head"));
        auto repository = git::Repository::open(repo.path());
        QVERIFY(repository.ok());
        auto summary = DiffAnalysis::run(*repository, base, head, DiffAnalysis::Limits{100});
        QVERIFY(summary.ok());
        QVERIFY(summary->notes.join(QString()).contains(QStringLiteral("huge diff")));
        const ChangedFile *big = find(*summary, QStringLiteral("big.py"));
        QVERIFY(big && !big->isPython);
        const ChangedFile *small = find(*summary, QStringLiteral("small.py"));
        QVERIFY(small && small->isPython);
    }
};

QTEST_GUILESS_MAIN(DiffAnalysisTest)
#include "tst_diffanalysis.moc"
