// End to end: `difftriage-cli analyze` on every PR of the demo repository.
#include "CliRun.h"

#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QtTest>

namespace {

using difftriage::test::CliRun;

QString python()
{
    return qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON");
}

CliRun cli(const QStringList &arguments, int timeoutMs = 300000)
{
    return difftriage::test::runCli(arguments, {}, timeoutMs);
}

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object()
                                          : QJsonObject();
}

// What may differ between two runs of the same analysis: timings and where the trees live.
QJsonObject comparable(QJsonObject report)
{
    report.remove(QStringLiteral("seconds"));
    return report;
}

} // namespace

class AnalysisTest final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_demo = m_dir.filePath(QStringLiteral("demo"));
        const CliRun run = cli({QStringLiteral("demo"), QStringLiteral("--out"), m_demo});
        QVERIFY2(run.exitCode == 0, run.err.constData());
    }

    void demoPrs_data()
    {
        QTest::addColumn<int>("pr");
        QTest::addColumn<QStringList>("kinds"); // acceptable kinds; empty = no difference at all
        const QStringList output{QStringLiteral("different_output")};
        QTest::newRow("#12 intended rounding change") << 12 << output;
        QTest::newRow("#15 private regression two calls deep") << 15 << output;
        QTest::newRow("#17 special method") << 17 << output;
        QTest::newRow("#18 pure refactor") << 18 << QStringList();
        QTest::newRow("#21 time and random id") << 21 << QStringList();
        QTest::newRow("#23 exception type")
            << 23 << QStringList{QStringLiteral("different_exception")};
        QTest::newRow("#24 module constant") << 24 << output;
        QTest::newRow("#27 CRLF handling")
            << 27
            << QStringList{QStringLiteral("only_new_raises"), QStringLiteral("only_old_raises"),
                           QStringLiteral("different_output")};
        QTest::newRow("#30 API change") << 30 << QStringList{QStringLiteral("api_change")};
        QTest::newRow("#33 description spacing, a relation breaks") << 33 << output;
    }
    void demoPrs()
    {
        QFETCH(int, pr);
        QFETCH(QStringList, kinds);
        const QString reportPath = m_dir.filePath(QStringLiteral("report-%1.json").arg(pr));
        const CliRun run =
            cli({QStringLiteral("analyze"), QStringLiteral("--repo"), m_demo,
                 QStringLiteral("--pr"), QString::number(pr), QStringLiteral("--python"), python(),
                 QStringLiteral("--report"), reportPath});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject report = readJson(reportPath);
        QCOMPARE(report.value(QStringLiteral("schema")).toString(),
                 QStringLiteral("difftriage-report/1"));
        QSet<QString> found;
        for (const QJsonValue &value : report.value(QStringLiteral("differences")).toArray()) {
            const QJsonObject difference = value.toObject();
            found.insert(difference.value(QStringLiteral("kind")).toString());
            // A shrunk test keeps what its original did, for "Show original test".
            const bool shrunk = difference.value(QStringLiteral("test_code")) !=
                                difference.value(QStringLiteral("original_test_code"));
            QCOMPARE(difference.value(QStringLiteral("original_old")).isObject(), shrunk);
            QCOMPARE(difference.value(QStringLiteral("original_new")).isObject(), shrunk);
        }
        if (kinds.isEmpty()) {
            QVERIFY2(found.isEmpty(),
                     qPrintable(QStringList(found.values()).join(QLatin1Char(','))));
        } else {
            QVERIFY2(std::any_of(kinds.cbegin(), kinds.cend(),
                                 [&](const QString &kind) { return found.contains(kind); }),
                     qPrintable(QStringLiteral("found: ") +
                                QStringList(found.values()).join(QLatin1Char(','))));
        }
        QVERIFY(run.out.contains("differences:"));
        validateAgainstSchema(reportPath);
    }

    // A relation that held on the old version and breaks on the new one is reported with its
    // shrunk check and suggested as a regression; one broken on both versions is listed for
    // review. Reads the reports demoPrs wrote.
    void relationBreaks_data()
    {
        QTest::addColumn<int>("pr");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QStringList>("labels"); // any of them, held on old, broken on new
        QTest::addColumn<QString>("reviewed");   // broken on both versions; empty: not checked
        QTest::newRow("#27 CRLF") << 27 << QStringLiteral("invoicekit.parsing.parse_items")
                                  << QStringList{QStringLiteral("normalisation/crlf")} << QString();
        QTest::newRow("#33 surrounding whitespace")
            << 33 << QStringLiteral("invoicekit.parsing.parse_item")
            << QStringList{QStringLiteral("normalisation/whitespace"),
                           QStringLiteral("normalisation/trailing_newline")}
            << QStringLiteral("normalisation/bom");
    }
    void relationBreaks()
    {
        QFETCH(int, pr);
        QFETCH(QString, target);
        QFETCH(QStringList, labels);
        QFETCH(QString, reviewed);
        const QJsonObject report =
            readJson(m_dir.filePath(QStringLiteral("report-%1.json").arg(pr)));
        QVERIFY2(!report.isEmpty(), "demoPrs writes the report first");
        bool found = false;
        for (const QJsonValue &value : report.value(QStringLiteral("differences")).toArray()) {
            const QJsonObject difference = value.toObject();
            const QJsonObject relation = difference.value(QStringLiteral("relation")).toObject();
            if (difference.value(QStringLiteral("target")).toString() != target ||
                !labels.contains(relation.value(QStringLiteral("label")).toString()))
                continue;
            if (relation.value(QStringLiteral("signal")).toString() != QLatin1String("regression"))
                continue;
            found = true;
            const QString code = difference.value(QStringLiteral("test_code")).toString();
            QVERIFY2(code.contains(QStringLiteral("print('relation ")), qPrintable(code));
            QVERIFY(code.size() <=
                    difference.value(QStringLiteral("original_test_code")).toString().size());
            QCOMPARE(difference.value(QStringLiteral("suggested_verdict")).toString(),
                     QStringLiteral("regression"));
        }
        QVERIFY2(found, qPrintable(QStringLiteral("no relation break of %1 among %2")
                                       .arg(target, labels.join(QLatin1Char(',')))));
        if (reviewed.isEmpty())
            return;
        QStringList reviews;
        for (const QJsonValue &value : report.value(QStringLiteral("relation_reviews")).toArray())
            reviews << value.toObject().value(QStringLiteral("relation")).toString();
        QVERIFY2(reviews.contains(reviewed), qPrintable(reviews.join(QLatin1Char(','))));
    }

    void failOnDifferenceAndBadInput()
    {
        const CliRun differs =
            cli({QStringLiteral("analyze"), QStringLiteral("--repo"), m_demo,
                 QStringLiteral("--pr"), QStringLiteral("23"), QStringLiteral("--python"), python(),
                 QStringLiteral("--fail-on-difference")});
        QCOMPARE(differs.exitCode, 3);
        const CliRun unknown = cli({QStringLiteral("analyze"), QStringLiteral("--repo"), m_demo,
                                    QStringLiteral("--pr"), QStringLiteral("999")});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY(unknown.err.contains("no PR #999"));
        const CliRun noInterpreter =
            cli({QStringLiteral("analyze"), QStringLiteral("--repo"), m_demo,
                 QStringLiteral("--pr"), QStringLiteral("23"), QStringLiteral("--python"),
                 QStringLiteral("/nonexistent/python9")});
        QCOMPARE(noInterpreter.exitCode, 2);
        QVERIFY(noInterpreter.err.contains("/nonexistent/python9"));
    }

    // The LLM generator end to end: the CLI against the scripted model's local server.
    void llmGeneratorThroughTheCli()
    {
        QProcess server;
        const QString serverPath = QFileInfo(qEnvironmentVariable("DIFFTRIAGE_CLI"))
                                       .dir()
                                       .filePath(QStringLiteral("difftriage-fake-llm"));
        server.start(serverPath, {QStringLiteral("--max-requests"), QStringLiteral("100")});
        QVERIFY(server.waitForStarted());
        QVERIFY(server.waitForReadyRead(10000));
        const QString url = QString::fromUtf8(server.readLine()).trimmed();
        QVERIFY2(url.startsWith(QLatin1String("http://127.0.0.1:")), qPrintable(url));
        const QString reportPath = m_dir.filePath(QStringLiteral("llm-24.json"));
        const QStringList arguments{QStringLiteral("analyze"),
                                    QStringLiteral("--repo"),
                                    m_demo,
                                    QStringLiteral("--pr"),
                                    QStringLiteral("24"),
                                    QStringLiteral("--python"),
                                    python(),
                                    QStringLiteral("--generator"),
                                    QStringLiteral("llm"),
                                    QStringLiteral("--llm-url"),
                                    url,
                                    QStringLiteral("--llm-model"),
                                    QStringLiteral("scripted"),
                                    QStringLiteral("--llm-cache"),
                                    QStringLiteral("none")};
        const CliRun run = cli(arguments + QStringList{QStringLiteral("--report"), reportPath});
        server.terminate();
        server.waitForFinished();
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject report = readJson(reportPath);
        QCOMPARE(report.value(QStringLiteral("generator")).toString(), QStringLiteral("llm"));
        QCOMPARE(report.value(QStringLiteral("model")).toString(), QStringLiteral("scripted"));
        QVERIFY(!report.value(QStringLiteral("differences")).toArray().isEmpty());
        const QJsonObject llm = report.value(QStringLiteral("llm")).toObject();
        QVERIFY(!llm.value(QStringLiteral("prompts")).toArray().isEmpty());
        validateAgainstSchema(reportPath);

        // Code leaves the machine only with consent; a model must be named.
        const CliRun remote = cli(
            {QStringLiteral("analyze"), QStringLiteral("--repo"), m_demo, QStringLiteral("--pr"),
             QStringLiteral("24"), QStringLiteral("--generator"), QStringLiteral("llm"),
             QStringLiteral("--llm-url"), QStringLiteral("https://llm.example.com/v1"),
             QStringLiteral("--llm-model"), QStringLiteral("m")});
        QCOMPARE(remote.exitCode, 2);
        QVERIFY(remote.err.contains("--allow-remote-llm"));
        const CliRun unnamed = cli({QStringLiteral("analyze"), QStringLiteral("--repo"), m_demo,
                                    QStringLiteral("--pr"), QStringLiteral("24"),
                                    QStringLiteral("--generator"), QStringLiteral("llm")});
        QCOMPARE(unnamed.exitCode, 2);
        QVERIFY(unnamed.err.contains("--llm-model"));
    }

    // Killed after its first checkpoint and resumed, an analysis ends with the same report.
    void resumeAfterKillGivesTheSameReport()
    {
        const QString cacheHome = m_dir.filePath(QStringLiteral("resume-cache"));
        const QString checkpoints = cacheHome + QStringLiteral("/difftriage/checkpoints");
        const QStringList arguments{QStringLiteral("analyze"),
                                    QStringLiteral("--repo"),
                                    m_demo,
                                    QStringLiteral("--pr"),
                                    QStringLiteral("27"),
                                    QStringLiteral("--python"),
                                    python(),
                                    QStringLiteral("--seed"),
                                    QStringLiteral("7"),
                                    QStringLiteral("--effort"),
                                    QStringLiteral("quick")};
        const QString straight = m_dir.filePath(QStringLiteral("straight.json"));
        QVERIFY(cli(arguments + QStringList{QStringLiteral("--report"), straight}).exitCode == 0);

        QProcess victim;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("XDG_CACHE_HOME"), cacheHome);
        victim.setProcessEnvironment(environment);
        victim.start(qEnvironmentVariable("DIFFTRIAGE_CLI"), arguments);
        QVERIFY(victim.waitForStarted());
        bool checkpointed = false;
        for (int i = 0; i < 600 && !checkpointed && victim.state() == QProcess::Running; ++i) {
            QTest::qWait(100);
            checkpointed = !QDir(checkpoints).entryList({QStringLiteral("*.json")}).isEmpty();
        }
        QVERIFY2(checkpointed, "the analysis finished before its first checkpoint");
        victim.kill(); // SIGKILL: no chance to clean up
        victim.waitForFinished();

        QProcess resumed;
        resumed.setProcessEnvironment(environment);
        const QString resumedReport = m_dir.filePath(QStringLiteral("resumed.json"));
        resumed.start(qEnvironmentVariable("DIFFTRIAGE_CLI"),
                      arguments + QStringList{QStringLiteral("--resume"),
                                              QStringLiteral("--report"), resumedReport});
        QVERIFY(resumed.waitForFinished(300000));
        QCOMPARE(resumed.exitCode(), 0);
        QCOMPARE(comparable(readJson(resumedReport)), comparable(readJson(straight)));
    }

private:
    void validateAgainstSchema(const QString &reportPath)
    {
        const QString schema = qEnvironmentVariable("DIFFTRIAGE_SOURCE_DIR") +
                               QStringLiteral("/docs/report.schema.json");
        QProcess validator;
        validator.start(python(),
                        {QStringLiteral("-c"),
                         QStringLiteral("import json, sys, jsonschema; "
                                        "jsonschema.validate(json.load(open(sys.argv[1])), "
                                        "json.load(open(sys.argv[2])))"),
                         reportPath, schema});
        QVERIFY(validator.waitForFinished(60000));
        QVERIFY2(validator.exitCode() == 0, validator.readAllStandardError().constData());
    }

    QTemporaryDir m_dir;
    QString m_demo;
};

QTEST_GUILESS_MAIN(AnalysisTest)
#include "tst_analysis.moc"
