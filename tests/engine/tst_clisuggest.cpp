// `--suggest llm` of `difftriage-cli report` and `analyze`, against the local scripted server, run
// as a user runs them: the model's suggestions in the report, the fallback on HTTP errors, and the
// option checks.
#include "CliRun.h"
#include "FakeLlmServer.h"
#include "VocabularyTestSupport.h"
#include "report/Report.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace difftriage::engine;
using namespace difftriage::testing;

namespace {

using difftriage::test::CliRun;

CliRun cli(const QStringList &arguments)
{
    return difftriage::test::runCli(arguments);
}

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object()
                                          : QJsonObject();
}

const QString regressionReply = QStringLiteral(
    R"({"significance": "noteworthy", "determinism": "deterministic", "visibility": "public",
        "input": "legal", "intent": "unintended", "expected": "old",
        "why": {"intent": "the PR does not mention this"}})");

Report sampleReport()
{
    Report report;
    report.base = QString(40, QLatin1Char('a'));
    report.head = QString(40, QLatin1Char('b'));
    report.title = QStringLiteral("Tidy up the money helpers");
    ReportDifference difference;
    difference.id = QStringLiteral("d1");
    difference.fingerprint = QStringLiteral("fingerprint-1");
    difference.kind = DifferenceKind::DifferentOutput;
    difference.target = QStringLiteral("m.f");
    difference.testCode = QStringLiteral("from m import f\nprint(f(2))");
    difference.oldSide.output = QStringLiteral("2");
    difference.newSide.output = QStringLiteral("3");
    report.differences = {difference};
    return report;
}

} // namespace

class TestCliSuggest final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_report;
    FakeLlmServer *m_server = nullptr;

    QStringList llmFlags() const
    {
        return {QStringLiteral("--suggest"),     QStringLiteral("llm"),
                QStringLiteral("--llm-url"),     m_server->baseUrl().toString(),
                QStringLiteral("--llm-model"),   QStringLiteral("scripted"),
                QStringLiteral("--llm-cache"),   QStringLiteral("none"),
                QStringLiteral("--llm-retries"), QStringLiteral("0")};
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_report = m_dir.filePath(QStringLiteral("in.json"));
        QFile file(m_report);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(sampleReport().toJson().dump(2)));
    }
    void init()
    {
        m_server = new FakeLlmServer;
        QVERIFY(m_server->start());
    }
    void cleanup()
    {
        delete m_server;
        m_server = nullptr;
    }

    void reportRenewsSuggestions()
    {
        m_server->enqueue(ScriptedReply::chat(regressionReply));
        const QString out = m_dir.filePath(QStringLiteral("out.json"));
        const QString markdown = m_dir.filePath(QStringLiteral("out.md"));
        const CliRun run =
            cli(QStringList{QStringLiteral("report"), m_report, QStringLiteral("--report"), out,
                            QStringLiteral("--markdown"), markdown} +
                llmFlags());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY(run.out.contains("report"));
        QCOMPARE(m_server->requests().size(), 1);
        const QJsonObject difference =
            readJson(out)[QStringLiteral("differences")].toArray().first().toObject();
        QCOMPARE(difference[QStringLiteral("suggestion_source")].toString(), QStringLiteral("llm"));
        QCOMPARE(difference[QStringLiteral("suggested_verdict")].toString(),
                 QStringLiteral("regression"));
        QCOMPARE(difference[QStringLiteral("suggestion_confidence")].toString(),
                 QStringLiteral("medium"));
        QVERIFY(difference[QStringLiteral("suggestion_reasons")].toArray().size() >= 5);
        QCOMPARE(readJson(out)[QStringLiteral("llm")][QStringLiteral("classifier")]
                              [QStringLiteral("classified")]
                                  .toInt(),
                 1);
        QFile md(markdown);
        QVERIFY(md.open(QIODevice::ReadOnly));
        QVERIFY(md.readAll().contains("suggested: Regression"));
    }

    void reportFallsBackOnHttpErrors()
    {
        m_server->setHandler([](const ReceivedRequest &) {
            return ScriptedReply::error(503, QStringLiteral("overloaded"));
        });
        const QString out = m_dir.filePath(QStringLiteral("fallback.json"));
        const CliRun run =
            cli(QStringList{QStringLiteral("report"), m_report, QStringLiteral("--report"), out} +
                llmFlags());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject report = readJson(out);
        const QJsonObject difference =
            report[QStringLiteral("differences")].toArray().first().toObject();
        QCOMPARE(difference[QStringLiteral("suggestion_source")].toString(),
                 QStringLiteral("heuristic"));
        QVERIFY(!difference[QStringLiteral("suggested_verdict")].toString().isEmpty());
        QVERIFY(
            difference[QStringLiteral("suggestion_reasons")].toArray().first().toString().contains(
                QLatin1String("HTTP 503")));
        QVERIFY(report[QStringLiteral("notes")].toArray().first().toString().contains(
            QLatin1String("LLM classifier")));
    }

    void badOptions_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown suggester")
            << QStringList{QStringLiteral("--suggest"), QStringLiteral("oracle")}
            << QStringLiteral("--suggest");
        QTest::newRow("no model") << QStringList{QStringLiteral("--suggest"), QStringLiteral("llm")}
                                  << QStringLiteral("--llm-model");
        QTest::newRow("remote without consent")
            << QStringList{QStringLiteral("--suggest"),
                           QStringLiteral("llm"),
                           QStringLiteral("--llm-url"),
                           QStringLiteral("https://api.example.com/v1"),
                           QStringLiteral("--llm-model"),
                           QStringLiteral("m")}
            << QStringLiteral("--allow-remote-llm");
    }

    void badOptions()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const QString out = m_dir.filePath(QStringLiteral("never.json"));
        for (const QStringList &command :
             {QStringList{QStringLiteral("report"), m_report, QStringLiteral("--report"), out},
              QStringList{QStringLiteral("analyze"), QStringLiteral("--repo"), m_dir.path(),
                          QStringLiteral("--base"), QStringLiteral("HEAD~1"),
                          QStringLiteral("--head"), QStringLiteral("HEAD")}}) {
            const CliRun run = cli(command + arguments);
            QCOMPARE(run.exitCode, 2);
            QVERIFY2(run.err.contains(message.toUtf8()), run.err.constData());
        }
        QVERIFY(!QFile::exists(out));
        QVERIFY(m_server->requests().isEmpty());
    }

    // One demo PR (#23: Invoice.remove raises ItemNotFoundError) analysed with the model's
    // suggestions: every difference asked about per cluster, the overall status printed.
    void analyzeSuggestsWithTheModel()
    {
        const QString demo = m_dir.filePath(QStringLiteral("demo"));
        QCOMPARE(cli({QStringLiteral("demo"), QStringLiteral("--out"), demo}).exitCode, 0);
        m_server->setHandler(
            [](const ReceivedRequest &) { return ScriptedReply::chat(regressionReply); });
        const QString reportPath = m_dir.filePath(QStringLiteral("analysis.json"));
        const CliRun run = cli(QStringList{QStringLiteral("analyze"), QStringLiteral("--repo"),
                                           demo, QStringLiteral("--pr"), QStringLiteral("23"),
                                           QStringLiteral("--python"),
                                           qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON"),
                                           QStringLiteral("--report"), reportPath} +
                               llmFlags());
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("suggested: regression (medium confidence, llm)"),
                 run.out.constData());
        QVERIFY(run.out.contains("suggested status: regression"));
        const QJsonArray differences =
            readJson(reportPath)[QStringLiteral("differences")].toArray();
        QVERIFY(!differences.isEmpty());
        QSet<QString> clusters;
        for (const QJsonValue &difference : differences) {
            QCOMPARE(difference[QStringLiteral("suggestion_source")].toString(),
                     QStringLiteral("llm"));
            clusters.insert(difference[QStringLiteral("cluster")].toString());
        }
        QVERIFY(m_server->requests().size() <= differences.size());
        QVERIFY(m_server->requests().size() >= 1);
        QVERIFY(m_server->requests().first().lastContent().contains(
            QLatin1String("Raise ItemNotFoundError from Invoice.remove")));
    }
};

QTEST_GUILESS_MAIN(TestCliSuggest)
#include "tst_clisuggest.moc"
