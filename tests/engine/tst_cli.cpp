#include "ScratchRepo.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

using namespace difftriage;

namespace {

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run cli(const QStringList &arguments)
{
    QProcess process;
    process.start(qEnvironmentVariable("DIFFTRIAGE_CLI"), arguments);
    Run run;
    if (!process.waitForFinished(120000))
        return run;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

} // namespace

class CliTest final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_demo = m_dir.path() + QStringLiteral("/demo");
        const Run run = cli({QStringLiteral("demo"), QStringLiteral("--out"), m_demo});
        QVERIFY2(run.exitCode == 0, run.err.constData());
    }

    void listsDemoPrs()
    {
        const Run run = cli({QStringLiteral("list-prs"), QStringLiteral("--repo"), m_demo,
                             QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonArray changes =
            QJsonDocument::fromJson(run.out).object()[QStringLiteral("changes")].toArray();
        QList<int> numbers;
        for (const QJsonValue &change : changes) {
            const QJsonObject object = change.toObject();
            QCOMPARE(object[QStringLiteral("state")].toString(), QStringLiteral("merged"));
            QVERIFY(!object[QStringLiteral("title")].toString().isEmpty());
            QVERIFY(!object[QStringLiteral("body")].toString().isEmpty());
            numbers << object[QStringLiteral("number")].toInt();
        }
        QCOMPARE(numbers, (QList<int>{33, 30, 27, 24, 23, 21, 18, 17, 15, 12}));

        const Run text = cli({QStringLiteral("list-prs"), QStringLiteral("--repo"), m_demo});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("#12"));
        QVERIFY(text.out.contains("Use banker's rounding in round_amount"));
        QCOMPARE(text.out.count('\n'), 10);
    }

    void showsChanges()
    {
        const Run run =
            cli({QStringLiteral("changes"), QStringLiteral("--repo"), m_demo,
                 QStringLiteral("--pr"), QStringLiteral("24"), QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject document = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(document[QStringLiteral("change")].toObject()[QStringLiteral("number")].toInt(),
                 24);
        bool sawTax = false;
        for (const QJsonValue &file : document[QStringLiteral("files")].toArray()) {
            const QJsonObject object = file.toObject();
            if (object[QStringLiteral("new_path")].toString() ==
                QStringLiteral("invoicekit/tax.py")) {
                sawTax = true;
                QVERIFY(object[QStringLiteral("python")].toBool());
                QVERIFY(!object[QStringLiteral("new_lines")].toArray().isEmpty());
                QVERIFY(!object[QStringLiteral("old_lines")].toArray().isEmpty());
            }
        }
        QVERIFY(sawTax);

        // PR #30, the last but one, is the one that touches a file that is not Python.
        const Run text = cli({QStringLiteral("changes"), QStringLiteral("--repo"), m_demo,
                              QStringLiteral("--base"), QStringLiteral("HEAD~2"),
                              QStringLiteral("--head"), QStringLiteral("HEAD~1")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("docs/usage.md"));
        QVERIFY(text.out.contains("not a Python file"));
    }

    void targetsSayHowAClassBoundAMethod()
    {
        // A method bound by a class-body assignment has no def of its own: the listing says
        // how the target came about.
        test::ScratchRepo repo;
        repo.write(QStringLiteral("pkg/__init__.py"), "");
        repo.write(QStringLiteral("pkg/text.py"), "class Text(str):\n    loud = str.upper\n");
        const QString base = repo.commit(QStringLiteral("text"));
        repo.write(QStringLiteral("pkg/text.py"), "class Text(str):\n    loud = str.swapcase\n");
        const QString head = repo.commit(QStringLiteral("swap"));
        const Run run = cli({QStringLiteral("targets"), QStringLiteral("--repo"), repo.path(),
                             QStringLiteral("--base"), base, QStringLiteral("--head"), head});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("pkg.text.Text.loud"), run.out.constData());
        QVERIFY2(run.out.contains("bound in its class body by assignment"), run.out.constData());
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QString missing = QStringLiteral("/nonexistent/difftriage-test");
        QTest::newRow("no repo option")
            << QStringList{QStringLiteral("list-prs")} << "--repo PATH is required";
        QTest::newRow("missing path")
            << QStringList{QStringLiteral("list-prs"), QStringLiteral("--repo"), missing}
            << "no such directory";
        QTest::newRow("unknown command")
            << QStringList{QStringLiteral("frobnicate")} << "unknown command";
        QTest::newRow("unknown option")
            << QStringList{QStringLiteral("list-prs"), QStringLiteral("--bogus")}
            << "Unknown option";
        QTest::newRow("no change named")
            << QStringList{QStringLiteral("changes"), QStringLiteral("--repo"),
                           QStringLiteral("@demo")}
            << "name one change";
        QTest::newRow("unknown pr")
            << QStringList{QStringLiteral("changes"), QStringLiteral("--repo"),
                           QStringLiteral("@demo"), QStringLiteral("--pr"), QStringLiteral("999")}
            << "no PR #999";
        QTest::newRow("bad pr number")
            << QStringList{QStringLiteral("changes"), QStringLiteral("--repo"),
                           QStringLiteral("@demo"), QStringLiteral("--pr"), QStringLiteral("x")}
            << "positive number";
        QTest::newRow("unknown revision")
            << QStringList{QStringLiteral("changes"), QStringLiteral("--repo"),
                           QStringLiteral("@demo"),   QStringLiteral("--base"),
                           QStringLiteral("nope"),    QStringLiteral("--head"),
                           QStringLiteral("HEAD")}
            << "unknown revision 'nope'";
        QTest::newRow("head without base")
            << QStringList{QStringLiteral("changes"), QStringLiteral("--repo"),
                           QStringLiteral("@demo"), QStringLiteral("--head"),
                           QStringLiteral("HEAD")}
            << "--base and --head go together";
        QTest::newRow("demo into non-empty dir")
            << QStringList{QStringLiteral("demo"), QStringLiteral("--out"), QStringLiteral("@demo")}
            << "is not empty";
    }
    void badInput()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        arguments.replaceInStrings(QStringLiteral("@demo"), m_demo);
        const Run run = cli(arguments);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY(run.out.isEmpty());
    }

    void notARepositoryAndMalformedConfig()
    {
        const Run file = cli({QStringLiteral("list-prs"), QStringLiteral("--repo"),
                              m_demo + QStringLiteral("/README.md")});
        QCOMPARE(file.exitCode, 2);
        QVERIFY(file.err.contains("not a directory"));
        const Run plain = cli({QStringLiteral("list-prs"), QStringLiteral("--repo"),
                               m_demo + QStringLiteral("/invoicekit")});
        QCOMPARE(plain.exitCode, 2);
        QVERIFY(plain.err.contains("not a git repository"));

        test::ScratchRepo repo;
        repo.write(QStringLiteral(".difftriage.json"), "{\"exclude\": 3}");
        repo.write(QStringLiteral("a.py"), "x = 1\n");
        repo.commit(QStringLiteral("base"));
        repo.write(QStringLiteral("a.py"), "x = 2\n");
        repo.commit(QStringLiteral("head"));
        const Run run = cli({QStringLiteral("changes"), QStringLiteral("--repo"), repo.path(),
                             QStringLiteral("--base"), QStringLiteral("HEAD~1"),
                             QStringLiteral("--head"), QStringLiteral("HEAD")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("'exclude' must be a list of strings"));
    }

private:
    QTemporaryDir m_dir;
    QString m_demo;
};

QTEST_GUILESS_MAIN(CliTest)
#include "tst_cli.moc"
