#include "VocabularyTestSupport.h"
#include "report/Report.h"
#include "triage/ReportArchive.h"
#include "triage/TriageStore.h"

#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>
#include <cstdio>

using namespace difftriage::engine;

namespace {

constexpr auto WriterFlag = "--triage-writer";

// The child of the crash test: records decisions one after another and prints each one only once
// `set` has returned, until the parent kills it.
int runWriter(const QString &path, const QString &prefix)
{
    TriageStore store(path);
    if (!store.load())
        return 3;
    for (int i = 0;; ++i) {
        const QString fingerprint = prefix + QLatin1Char('-') + QString::number(i);
        const Verdict verdict = AllVerdicts[i % std::size(AllVerdicts)];
        if (!store.set(QStringLiteral("base..head"), fingerprint, verdict,
                       QStringLiteral("note %1").arg(i)))
            return 4;
        std::printf("%s %d\n", qPrintable(fingerprint), i);
        std::fflush(stdout);
    }
}

Report sampleReport()
{
    Report report;
    report.base = QStringLiteral("b1");
    report.head = QStringLiteral("h1");
    ReportDifference first;
    first.id = QStringLiteral("d1");
    first.fingerprint = QStringLiteral("fp1");
    ReportDifference second = first;
    second.id = QStringLiteral("d2");
    second.fingerprint = QStringLiteral("fp2");
    report.differences = {first, second};
    ReportRelationReview review{QStringLiteral("idempotence"), QStringLiteral("m.normalise"),
                                QStringLiteral("t7"), QStringLiteral("check(normalise)\n"),
                                QStringLiteral("relation idempotence: breaks\n")};
    report.relationReviews = {review};
    return report;
}

} // namespace

class TriageStoreTest final : public QObject
{
    Q_OBJECT

private slots:
    void verdictSpelling_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("verdict");
        QTest::newRow("none") << QStringLiteral("untriaged") << int(Verdict::None);
        QTest::newRow("intended") << "intended" << int(Verdict::Intended);
        QTest::newRow("regression") << "regression" << int(Verdict::Regression);
        QTest::newRow("coincidental") << "coincidental_fix" << int(Verdict::CoincidentalFix);
        QTest::newRow("undecided") << "spec_undecided" << int(Verdict::SpecUndecided);
        QTest::newRow("invalid") << "invalid_test" << int(Verdict::InvalidTest);
    }
    void verdictSpelling()
    {
        QFETCH(QString, text);
        QFETCH(int, verdict);
        QVERIFY(fromSpelling<Verdict>(text) == Verdict(verdict));
        QCOMPARE(spelling(Verdict(verdict)), text);
    }

    void unknownVerdictIsRejected() { QVERIFY(!fromSpelling<Verdict>(QStringLiteral("maybe"))); }

    void severityOrder()
    {
        QVERIFY(severity(Verdict::Regression) > severity(Verdict::CoincidentalFix));
        QVERIFY(severity(Verdict::CoincidentalFix) > severity(Verdict::SpecUndecided));
        QVERIFY(severity(Verdict::SpecUndecided) > severity(Verdict::Intended));
        QVERIFY(severity(Verdict::Intended) > severity(Verdict::None));
    }

    void defaultPathIsInTheDataDirectory()
    {
        const QString path = TriageStore::defaultPath(QStringLiteral("root-abc"));
        QVERIFY(path.endsWith(QStringLiteral("/difftriage/triage/root-abc.json")));
    }

    void setPersistsAndReloads()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sub/store.json"));
        {
            TriageStore store(path);
            QVERIFY(store.load());
            QVERIFY(store.set(QStringLiteral("b..h"), QStringLiteral("fp1"), Verdict::Regression,
                              QStringLiteral("breaks totals")));
            QVERIFY(store.set(QStringLiteral("b..h"), QStringLiteral("fp2"), Verdict::Intended,
                              QString()));
        }
        TriageStore reloaded(path);
        QVERIFY(reloaded.load());
        QCOMPARE(spelling(reloaded.entry(QStringLiteral("b..h"), QStringLiteral("fp1")).verdict),
                 spelling(Verdict::Regression));
        QCOMPARE(reloaded.entry(QStringLiteral("b..h"), QStringLiteral("fp1")).note,
                 QStringLiteral("breaks totals"));
        QCOMPARE(reloaded.entries(QStringLiteral("b..h")).size(), 2);
        QVERIFY(reloaded.entry(QStringLiteral("x..y"), QStringLiteral("fp1")).isEmpty());

        // Clearing a decision removes it from the file too.
        QVERIFY(reloaded.set(QStringLiteral("b..h"), QStringLiteral("fp2"), Verdict::None, {}));
        TriageStore again(path);
        QVERIFY(again.load());
        QCOMPARE(again.entries(QStringLiteral("b..h")).size(), 1);
    }

    void corruptFileIsAnErrorAndKept()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("store.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{ not json");
        file.close();
        TriageStore store(path);
        QVERIFY(!store.load());
        QFile check(path);
        QVERIFY(check.open(QIODevice::ReadOnly));
        QCOMPARE(check.readAll(), QByteArray("{ not json"));
    }

    void applyFillsTheReport()
    {
        QTemporaryDir dir;
        TriageStore store(dir.filePath(QStringLiteral("store.json")));
        QVERIFY(store.set(TriageStore::prKey(QStringLiteral("b1"), QStringLiteral("h1")),
                          QStringLiteral("fp2"), Verdict::CoincidentalFix, QStringLiteral("ok")));
        Report report = sampleReport();
        store.apply(report);
        QCOMPARE(report.differences[0].verdict, Verdict::None);
        QCOMPARE(report.differences[1].verdict, Verdict::CoincidentalFix);
        QCOMPARE(report.differences[1].note, QStringLiteral("ok"));
        const auto json = report.toJson();
        QCOMPARE(json["differences"][1]["note"].get<std::string>(), std::string("ok"));
    }

    // A decision on a relation to review is stored under the review's fingerprint, written
    // before set returns, and found again by a re-run that finds the same review: a new report
    // whose review has another test id but the same relation, target, check and output.
    void relationDecisionsSurviveReruns()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("store.json"));
        const Report first = sampleReport();
        const QString pr = TriageStore::prKey(first.base, first.head);
        const QString fingerprint = fingerprintOf(first.relationReviews.first());
        {
            TriageStore store(path);
            QVERIFY(store.load());
            QVERIFY(store.setRelation(pr, fingerprint, RelationDecision::ImplementationWrong,
                                      QStringLiteral("normalise must be idempotent")));
        }
        TriageStore reloaded(path);
        QVERIFY(reloaded.load());
        Report rerun = sampleReport();
        rerun.relationReviews.first().testId = QStringLiteral("t31");
        reloaded.apply(rerun);
        QCOMPARE(rerun.relationReviews.first().decision, RelationDecision::ImplementationWrong);
        QCOMPARE(rerun.relationReviews.first().note,
                 QStringLiteral("normalise must be idempotent"));
        // The verdicts of the same PR are untouched, and the report writes the decision out.
        QCOMPARE(rerun.differences.first().verdict, Verdict::None);
        const auto json = rerun.toJson();
        QCOMPARE(json["relation_reviews"][0]["decision"].get<std::string>(),
                 spelling(RelationDecision::ImplementationWrong).toStdString());
        QCOMPARE(json["relation_reviews"][0]["fingerprint"].get<std::string>(),
                 fingerprint.toStdString());
        QString error;
        const auto readBack = Report::fromJson(json, &error);
        QVERIFY2(readBack, qPrintable(error));
        QCOMPARE(readBack->relationReviews.first().decision, RelationDecision::ImplementationWrong);

        // Another output is another review: no decision carried over.
        Report changed = sampleReport();
        changed.relationReviews.first().output = QStringLiteral("relation idempotence: holds\n");
        reloaded.apply(changed);
        QCOMPARE(changed.relationReviews.first().decision, RelationDecision::None);

        // Taking the decision back removes it from the file.
        QVERIFY(reloaded.setRelation(pr, fingerprint, RelationDecision::None, {}));
        TriageStore again(path);
        QVERIFY(again.load());
        QVERIFY(again.relationEntry(pr, fingerprint).isEmpty());
        QVERIFY(again.prs().isEmpty());
    }

    // A decision outside the vocabulary makes the report invalid, with the word named.
    void unknownRelationDecisionIsAnError()
    {
        auto json = sampleReport().toJson();
        json["relation_reviews"][0]["decision"] = "maybe";
        QString error;
        QVERIFY(!Report::fromJson(json, &error));
        QVERIFY2(error.contains(QStringLiteral("maybe")), qPrintable(error));
    }

    void exportAndImportMerge()
    {
        QTemporaryDir dir;
        TriageStore mine(dir.filePath(QStringLiteral("mine.json")));
        TriageStore theirs(dir.filePath(QStringLiteral("theirs.json")));
        const QString pr = QStringLiteral("b..h");
        QVERIFY(theirs.set(pr, QStringLiteral("old-decision"), Verdict::Intended, {}));
        QVERIFY(theirs.set(pr, QStringLiteral("only-theirs"), Verdict::InvalidTest, {}));
        QTest::qWait(5);
        QVERIFY(mine.set(pr, QStringLiteral("old-decision"), Verdict::Regression, {}));
        QVERIFY(mine.set(pr, QStringLiteral("only-mine"), Verdict::SpecUndecided, {}));
        QTest::qWait(5);
        QVERIFY(theirs.set(pr, QStringLiteral("newer-theirs"), Verdict::Intended, {}));
        QVERIFY(theirs.setRelation(pr, QStringLiteral("review"), RelationDecision::RelationWrong,
                                   QStringLiteral("not for negative amounts")));
        const QString exported = dir.filePath(QStringLiteral("export.json"));
        QVERIFY(theirs.exportTo(exported));

        const auto changed = mine.importFrom(exported);
        QVERIFY(changed.ok());
        QCOMPARE(*changed, 3);
        QCOMPARE(mine.relationEntry(pr, QStringLiteral("review")).decision,
                 RelationDecision::RelationWrong);
        // The later decision wins: ours on old-decision was made after theirs.
        QCOMPARE(spelling(mine.entry(pr, QStringLiteral("old-decision")).verdict),
                 spelling(Verdict::Regression));
        QCOMPARE(spelling(mine.entry(pr, QStringLiteral("only-theirs")).verdict),
                 spelling(Verdict::InvalidTest));
        QCOMPARE(spelling(mine.entry(pr, QStringLiteral("only-mine")).verdict),
                 spelling(Verdict::SpecUndecided));
        TriageStore reloaded(mine.filePath());
        QVERIFY(reloaded.load());
        QCOMPARE(reloaded.entries(pr).size(), 4);
        QCOMPARE(reloaded.relationEntry(pr, QStringLiteral("review")).note,
                 QStringLiteral("not for negative amounts"));
        // Importing the same again changes nothing.
        QCOMPARE(*mine.importFrom(exported), 0);
        QVERIFY(!mine.importFrom(dir.filePath(QStringLiteral("missing.json"))).ok());
    }

    void reportArchiveRoundTrip()
    {
        QTemporaryDir dir;
        ReportArchive archive(dir.filePath(QStringLiteral("reports")));
        Report report = sampleReport();
        report.differences[0].verdict = Verdict::Regression;
        report.relationReviews[0].decision = RelationDecision::SpecUndecided;
        QVERIFY(!archive.contains(report.base, report.head));
        QVERIFY(archive.save(report));
        QVERIFY(archive.contains(report.base, report.head));
        const auto loaded = archive.load(report.base, report.head);
        QVERIFY(loaded.ok());
        QCOMPARE(loaded->differences.size(), 2);
        QCOMPARE(loaded->differences[0].verdict, Verdict::None); // verdicts live in the store
        QCOMPARE(loaded->relationReviews[0].decision, RelationDecision::None); // so do decisions
        QVERIFY(archive.remove(report.base, report.head));
        QVERIFY(!archive.load(report.base, report.head).ok());
    }

    // SIGKILL the writer at random moments: every decision it acknowledged must be on disk and
    // the file must always parse.
    void survivesKillsAtRandomMoments()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("store.json"));
        QHash<QString, int> acknowledged;
        QElapsedTimer clock;
        clock.start();
        auto *random = QRandomGenerator::global();
        int trials = 0;
        int killedWhileWriting = 0;
        for (; trials < 120 && clock.elapsed() < 25000; ++trials) {
            QProcess writer;
            writer.start(QCoreApplication::applicationFilePath(),
                         {QLatin1String(WriterFlag), path, QStringLiteral("t%1").arg(trials)});
            QVERIFY(writer.waitForStarted());
            // Every other trial waits for the first acknowledgement, so the kill lands among the
            // writes even on a loaded machine where start-up alone takes longer than the delay.
            if (trials % 2 == 0)
                writer.waitForReadyRead(5000);
            QThread::usleep(random->bounded(0, trials % 2 == 0 ? 20000 : 60000));
            writer.kill();
            QVERIFY(writer.waitForFinished());
            QCOMPARE(writer.exitStatus(), QProcess::CrashExit);
            const QList<QByteArray> lines = writer.readAllStandardOutput().split('\n');
            // The last piece has no newline when the kill came mid-print: not acknowledged.
            for (qsizetype i = 0; i + 1 < lines.size(); ++i) {
                const QList<QByteArray> fields = lines[i].split(' ');
                QCOMPARE(fields.size(), 2);
                acknowledged.insert(QString::fromLatin1(fields[0]), fields[1].toInt());
            }
            if (lines.size() > 1)
                ++killedWhileWriting;

            TriageStore store(path);
            const Status loaded = store.load();
            QVERIFY2(loaded.ok(), qPrintable(loaded.ok() ? QString() : loaded.error().message));
            const auto entries = store.entries(QStringLiteral("base..head"));
            for (auto it = acknowledged.cbegin(); it != acknowledged.cend(); ++it) {
                const TriageEntry entry = entries.value(it.key());
                QVERIFY2(entry.verdict == AllVerdicts[it.value() % std::size(AllVerdicts)],
                         qPrintable(it.key()));
                QCOMPARE(entry.note, QStringLiteral("note %1").arg(it.value()));
            }
        }
        QVERIFY(trials >= 100);
        QVERIFY(killedWhileWriting >= trials / 2);
        qInfo("%d trials, %d killed while writing, %lld decisions acknowledged", trials,
              killedWhileWriting, static_cast<long long>(acknowledged.size()));
    }
};

int main(int argc, char **argv)
{
    if (argc == 4 && qstrcmp(argv[1], WriterFlag) == 0) {
        QCoreApplication app(argc, argv);
        return runWriter(QString::fromLocal8Bit(argv[2]), QString::fromLocal8Bit(argv[3]));
    }
    QCoreApplication app(argc, argv);
    TriageStoreTest test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_triagestore.moc"
