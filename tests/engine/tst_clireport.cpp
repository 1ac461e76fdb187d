// `difftriage-cli report` (convert a saved report) and the exports, triage and gate options of
// `analyze`, run as a user runs them.
#include "CliRun.h"
#include "VocabularyTestSupport.h"
#include "report/Report.h"
#include "triage/RepositoryIdentity.h"
#include "triage/TriageStore.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QXmlStreamReader>
#include <QtTest>

using namespace difftriage::engine;

namespace {

using difftriage::test::CliRun;

CliRun cli(const QStringList &arguments, const QString &dataHome = {})
{
    // The triage store lives in the user's data directory: a private one per test.
    QProcessEnvironment environment;
    if (!dataHome.isEmpty())
        environment.insert(QStringLiteral("XDG_DATA_HOME"), dataHome);
    return difftriage::test::runCli(arguments, environment);
}

QString python()
{
    return qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON");
}

CliRun run(const QString &program, const QStringList &arguments, const QString &cwd = {})
{
    QProcess process;
    process.setWorkingDirectory(cwd);
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    CliRun result;
    if (process.waitForFinished(120000))
        result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    result.out = process.readAll();
    return result;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeFile(const QString &path, const QByteArray &content)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
}

int countElements(const QByteArray &xml, const QString &element)
{
    QXmlStreamReader reader(xml);
    int count = 0;
    while (!reader.atEnd()) {
        if (reader.readNext() == QXmlStreamReader::StartElement && reader.name() == element)
            ++count;
    }
    return reader.hasError() ? -1 : count;
}

QJsonArray sarifResults(const QString &path)
{
    const QJsonObject sarif = QJsonDocument::fromJson(readAll(path)).object();
    return sarif[QStringLiteral("runs")]
        .toArray()
        .first()
        .toObject()[QStringLiteral("results")]
        .toArray();
}

Report sampleReport()
{
    Report report;
    report.base = QString(40, QLatin1Char('a'));
    report.head = QString(40, QLatin1Char('b'));
    report.title = QStringLiteral("Sample");
    report.tests = {{QStringLiteral("t1"), QStringLiteral("print(1)"), 0, QStringLiteral("m.f"),
                     TestFate::Same},
                    {QStringLiteral("t2"), QStringLiteral("print(2)"), 0, QStringLiteral("m.f"),
                     TestFate::Difference}};
    ReportDifference difference;
    difference.id = QStringLiteral("d1");
    difference.fingerprint = QStringLiteral("fingerprint-1");
    difference.testId = QStringLiteral("t2");
    difference.kind = DifferenceKind::DifferentOutput;
    difference.target = QStringLiteral("m.f");
    difference.testCode = QStringLiteral("print(2)");
    difference.oldSide.output = QStringLiteral("2");
    difference.newSide.output = QStringLiteral("3");
    report.differences = {difference};
    return report;
}

} // namespace

class CliReportTest final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_report = m_dir.filePath(QStringLiteral("sample.json"));
        QVERIFY(writeFile(m_report, QByteArray::fromStdString(sampleReport().toJson().dump(2))));
    }

    void convertsToEveryFormat()
    {
        const QString out = m_dir.filePath(QStringLiteral("convert"));
        QVERIFY(QDir().mkpath(out));
        const CliRun run = cli({QStringLiteral("report"), m_report, QStringLiteral("--sarif"),
                                out + QStringLiteral("/r.sarif"), QStringLiteral("--junit"),
                                out + QStringLiteral("/r.xml"), QStringLiteral("--html"),
                                out + QStringLiteral("/r.html"), QStringLiteral("--markdown"),
                                out + QStringLiteral("/r.md"), QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(
            QJsonDocument::fromJson(run.out).object()[QStringLiteral("written")].toArray().size(),
            4);
        QCOMPARE(sarifResults(out + QStringLiteral("/r.sarif")).size(), 1);
        const QByteArray junit = readAll(out + QStringLiteral("/r.xml"));
        QCOMPARE(countElements(junit, QStringLiteral("testcase")), 2);
        QCOMPARE(countElements(junit, QStringLiteral("failure")), 1);
        QVERIFY(readAll(out + QStringLiteral("/r.html")).startsWith("<!DOCTYPE html>"));
        QVERIFY(readAll(out + QStringLiteral("/r.md")).startsWith("# DiffTriage: Sample"));

        const CliRun text = cli({QStringLiteral("report"), m_report, QStringLiteral("--junit"),
                                 out + QStringLiteral("/again.xml")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.startsWith("junit"));
        QVERIFY(text.err.isEmpty());
    }

    void appliesATriageExport()
    {
        const QString triage = m_dir.filePath(QStringLiteral("triage.json"));
        TriageStore store(triage);
        const Report report = sampleReport();
        QVERIFY(store.set(TriageStore::prKey(report.base, report.head),
                          QStringLiteral("fingerprint-1"), Verdict::Intended,
                          QStringLiteral("as designed")));
        const QString sarif = m_dir.filePath(QStringLiteral("triaged.sarif"));
        const QString markdown = m_dir.filePath(QStringLiteral("triaged.md"));
        const CliRun run =
            cli({QStringLiteral("report"), m_report, QStringLiteral("--triage"), triage,
                 QStringLiteral("--sarif"), sarif, QStringLiteral("--markdown"), markdown});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject result = sarifResults(sarif).first().toObject();
        QCOMPARE(result[QStringLiteral("suppressions")]
                     .toArray()
                     .first()
                     .toObject()[QStringLiteral("justification")]
                     .toString(),
                 QStringLiteral("as designed"));
        QVERIFY(readAll(markdown).contains("verdict: **Intended**"));
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing file")
            << QStringList{QStringLiteral("@dir/none.json"), QStringLiteral("--html"),
                           QStringLiteral("@dir/x.html")}
            << "no such file";
        QTest::newRow("malformed json")
            << QStringList{QStringLiteral("@dir/broken.json"), QStringLiteral("--sarif"),
                           QStringLiteral("@dir/x.sarif")}
            << "is not valid JSON";
        QTest::newRow("wrong schema")
            << QStringList{QStringLiteral("@dir/other.json"), QStringLiteral("--junit"),
                           QStringLiteral("@dir/x.xml")}
            << "not a difftriage-report/1 document";
        QTest::newRow("wrong field type")
            << QStringList{QStringLiteral("@dir/badtype.json"), QStringLiteral("--junit"),
                           QStringLiteral("@dir/x.xml")}
            << "not a valid difftriage-report/1 document";
        QTest::newRow("no output")
            << QStringList{QStringLiteral("@report")} << "name at least one output";
        QTest::newRow("no input") << QStringList{QStringLiteral("--html"),
                                                 QStringLiteral("@dir/x.html")}
                                  << "name the report to convert";
        QTest::newRow("two inputs")
            << QStringList{QStringLiteral("@report"), QStringLiteral("@report"),
                           QStringLiteral("--html"), QStringLiteral("@dir/x.html")}
            << "unexpected argument";
        QTest::newRow("missing triage file")
            << QStringList{QStringLiteral("@report"), QStringLiteral("--triage"),
                           QStringLiteral("@dir/none.json"), QStringLiteral("--html"),
                           QStringLiteral("@dir/x.html")}
            << "--triage";
        QTest::newRow("unwritable output")
            << QStringList{QStringLiteral("@report"), QStringLiteral("--sarif"),
                           QStringLiteral("/nonexistent/dir/x.sarif")}
            << "cannot write";
        QTest::newRow("repo not a directory")
            << QStringList{QStringLiteral("@report"), QStringLiteral("--repo"),
                           QStringLiteral("@dir/none"), QStringLiteral("--html"),
                           QStringLiteral("@dir/x.html")}
            << "no such directory";
    }
    void badInput()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        QVERIFY(writeFile(m_dir.filePath(QStringLiteral("broken.json")), "{\"schema\": "));
        QVERIFY(writeFile(m_dir.filePath(QStringLiteral("other.json")), "{\"schema\": \"x/1\"}"));
        QVERIFY(writeFile(m_dir.filePath(QStringLiteral("badtype.json")),
                          "{\"schema\": \"difftriage-report/1\", \"tests\": 3}"));
        arguments.replaceInStrings(QStringLiteral("@report"), m_report);
        arguments.replaceInStrings(QStringLiteral("@dir"), m_dir.path());
        const CliRun run = cli(QStringList{QStringLiteral("report")} + arguments);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY(run.out.isEmpty());
    }

    // One demo PR analysed three times: the exports, then the gate with the verdicts of the
    // repository's triage store and of a --triage file.
    void analyzeWritesExportsAndGatesOnTriage()
    {
        const QString demo = m_dir.filePath(QStringLiteral("demo"));
        QCOMPARE(cli({QStringLiteral("demo"), QStringLiteral("--out"), demo}).exitCode, 0);
        const QString dataHome = m_dir.filePath(QStringLiteral("data"));
        const QString out = m_dir.filePath(QStringLiteral("analysis"));
        QVERIFY(QDir().mkpath(out));
        const QStringList analyze{QStringLiteral("analyze"),
                                  QStringLiteral("--repo"),
                                  demo,
                                  QStringLiteral("--pr"),
                                  QStringLiteral("23"),
                                  QStringLiteral("--python"),
                                  qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON"),
                                  QStringLiteral("--fail-on-difference")};
        for (const QString &option : {QStringLiteral("--triage"), QStringLiteral("--body-file")}) {
            const CliRun bad =
                cli(analyze + QStringList{option, m_dir.filePath(QStringLiteral("no"))});
            QCOMPARE(bad.exitCode, 2);
            QVERIFY2(bad.err.contains(option.toUtf8()), bad.err.constData());
        }
        const QString reportPath = out + QStringLiteral("/report.json");
        const CliRun first =
            cli(analyze + QStringList{QStringLiteral("--report"), reportPath,
                                      QStringLiteral("--sarif"), out + QStringLiteral("/r.sarif"),
                                      QStringLiteral("--junit"), out + QStringLiteral("/r.xml"),
                                      QStringLiteral("--html"), out + QStringLiteral("/r.html"),
                                      QStringLiteral("--markdown"), out + QStringLiteral("/r.md")},
                dataHome);
        QVERIFY2(first.exitCode == 3, first.err.constData());
        const QJsonObject report = QJsonDocument::fromJson(readAll(reportPath)).object();
        const QJsonArray differences = report[QStringLiteral("differences")].toArray();
        QVERIFY(!differences.isEmpty());
        QCOMPARE(sarifResults(out + QStringLiteral("/r.sarif")).size(), differences.size());
        const QByteArray junit = readAll(out + QStringLiteral("/r.xml"));
        QCOMPARE(countElements(junit, QStringLiteral("testcase")),
                 report[QStringLiteral("tests")].toArray().size());
        QVERIFY(countElements(junit, QStringLiteral("failure")) >= differences.size());
        QVERIFY(readAll(out + QStringLiteral("/r.html")).contains("ItemNotFoundError"));
        QVERIFY(readAll(out + QStringLiteral("/r.md")).contains("suggested: Intended"));

        // Accept every difference in the repository's store: the gate opens.
        const QString pr = TriageStore::prKey(report[QStringLiteral("base")].toString(),
                                              report[QStringLiteral("head")].toString());
        TriageStore store(dataHome + QStringLiteral("/difftriage/triage/") +
                          repositoryIdentity(demo) + QStringLiteral(".json"));
        for (const QJsonValue &difference : differences)
            QVERIFY(store.set(pr, difference[QStringLiteral("fingerprint")].toString(),
                              Verdict::Intended, {}));
        // The stated intent can come from the options (CI knows the PR's title and body).
        const QString body = m_dir.filePath(QStringLiteral("body.txt"));
        QVERIFY(writeFile(body, "Pure refactor, no behaviour change.\n"));
        const CliRun accepted =
            cli(analyze + QStringList{QStringLiteral("--title"), QStringLiteral("Tidy up remove"),
                                      QStringLiteral("--body-file"), body},
                dataHome);
        QVERIFY2(accepted.exitCode == 0, accepted.err.constData());
        QVERIFY(accepted.out.contains("PR #23: Tidy up remove"));
        QVERIFY(accepted.out.contains("verdict: intended"));
        // The claim of a refactor does not outweigh the PR's own commit, which names the new
        // exception: the commits are part of the stated intent.
        QVERIFY2(accepted.out.contains("suggested: intended"), accepted.out.constData());
        QVERIFY(accepted.out.contains("the PR names ItemNotFoundError"));

        // A --triage file replaces the store: one regression closes the gate again.
        const QString triage = m_dir.filePath(QStringLiteral("team-triage.json"));
        // Shrunk differences may share a fingerprint: the first one's decides.
        TriageStore team(triage);
        const QString rejected = differences.first()[QStringLiteral("fingerprint")].toString();
        for (const QJsonValue &difference : differences) {
            const QString fingerprint = difference[QStringLiteral("fingerprint")].toString();
            QVERIFY(team.set(pr, fingerprint,
                             fingerprint == rejected ? Verdict::Regression : Verdict::Intended,
                             {}));
        }
        QCOMPARE(cli(analyze + QStringList{QStringLiteral("--triage"), triage}, dataHome).exitCode,
                 3);
        checkPytestExport(demo, reportPath, pr, differences);
    }

private:
    // The pytest export pins the side the reviewer chose: it passes on that tree and fails on
    // the other, whichever way the verdict goes.
    void checkPytestExport(const QString &demo, const QString &reportPath, const QString &pr,
                           const QJsonArray &differences)
    {
        const QJsonObject report = QJsonDocument::fromJson(readAll(reportPath)).object();
        QHash<QString, QString> trees;
        for (const QString &side : {QStringLiteral("base"), QStringLiteral("head")}) {
            trees[side] = m_dir.filePath(QStringLiteral("tree-") + side);
            QCOMPARE(
                run(QStringLiteral("git"),
                    {QStringLiteral("-C"), demo, QStringLiteral("worktree"), QStringLiteral("add"),
                     QStringLiteral("--detach"), trees[side], report[side].toString()})
                    .exitCode,
                0);
        }
        for (const Verdict verdict : {Verdict::Intended, Verdict::Regression}) {
            const QString triage = m_dir.filePath(QStringLiteral("pytest-triage.json"));
            QFile::remove(triage);
            TriageStore store(triage);
            for (const QJsonValue &difference : differences)
                QVERIFY(store.set(pr, difference[QStringLiteral("fingerprint")].toString(), verdict,
                                  {}));
            const QString tests = m_dir.filePath(QStringLiteral("test_pinned.py"));
            const CliRun exported =
                cli({QStringLiteral("report"), reportPath, QStringLiteral("--triage"), triage,
                     QStringLiteral("--pytest"), tests});
            QVERIFY2(exported.exitCode == 0, exported.err.constData());
            const QString chosen =
                verdict == Verdict::Intended ? QStringLiteral("head") : QStringLiteral("base");
            const QString other =
                verdict == Verdict::Intended ? QStringLiteral("base") : QStringLiteral("head");
            const QStringList pytest{
                QStringLiteral("-m"), QStringLiteral("pytest"),           QStringLiteral("-q"),
                QStringLiteral("-p"), QStringLiteral("no:cacheprovider"), tests};
            const CliRun passes = run(python(), pytest, trees[chosen]);
            QVERIFY2(passes.exitCode == 0, passes.out.constData());
            QVERIFY(passes.out.contains(QByteArray::number(differences.size()) + " passed"));
            const CliRun fails = run(python(), pytest, trees[other]);
            QVERIFY2(fails.exitCode == 1, fails.out.constData());
        }
    }

    QTemporaryDir m_dir;
    QString m_report;
};

QTEST_GUILESS_MAIN(CliReportTest)
#include "tst_clireport.moc"
