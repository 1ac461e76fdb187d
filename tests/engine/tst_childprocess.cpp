// core/ChildProcess: what each way a child can end looks like, and what its errors say.
#include "core/ChildProcess.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QtTest>
#include <unistd.h>

using namespace difftriage::engine;

namespace {

ChildProcess::Spec shell(const QString &script)
{
    ChildProcess::Spec spec;
    spec.program = QStringLiteral("/bin/sh");
    spec.arguments = {QStringLiteral("-c"), script};
    spec.name = QStringLiteral("the script");
    return spec;
}

} // namespace

class ChildProcessTest : public QObject
{
    Q_OBJECT

private slots:
    void outputsAndInput()
    {
        ChildProcess::Spec spec = shell(QStringLiteral("cat; echo err >&2"));
        spec.input = "from stdin";
        const auto result = ChildProcess::runChecked(spec);
        QVERIFY2(result.ok(), qPrintable(result ? QString() : result.error().message));
        QCOMPARE(result->standardOutput, QByteArray("from stdin"));
        QCOMPARE(result->standardError, QByteArray("err\n"));
        QCOMPARE(result->exitCode, 0);
    }

    void stdinIsClosedWithoutInput()
    {
        ChildProcess::Spec spec = shell(QStringLiteral("cat; echo done"));
        spec.timeoutMs = 5000;
        const auto result = ChildProcess::run(spec);
        QCOMPARE(result.end, ChildProcess::End::Exited);
        QCOMPARE(result.standardOutput, QByteArray("done\n"));
    }

    void mergedOutputKeepsTheOrder()
    {
        ChildProcess::Spec spec = shell(QStringLiteral("echo one; echo two >&2; echo three"));
        spec.mergeOutput = true;
        const auto result = ChildProcess::run(spec);
        QCOMPARE(result.standardOutput, QByteArray("one\ntwo\nthree\n"));
        QVERIFY(result.standardError.isEmpty());
    }

    void environmentAndWorkingDirectory()
    {
        ChildProcess::Spec spec = shell(QStringLiteral("echo \"$ONLY_THIS\" \"$HOME\"; pwd"));
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("ONLY_THIS"), QStringLiteral("set"));
        spec.environment = environment;
        spec.workingDirectory = QStringLiteral("/");
        const auto result = ChildProcess::run(spec);
        QCOMPARE(result.standardOutput, QByteArray("set \n/\n"));
    }

    void errorsNameTheProgramAndWhatWentWrong_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<int>("end");
        QTest::addColumn<QString>("message");
        QTest::newRow("non-zero exit")
            << QStringLiteral("echo ignored; echo 'the reason' >&2; exit 3")
            << int(ChildProcess::End::Exited)
            << QStringLiteral("the script failed with exit status 3: the reason");
        QTest::newRow("crash") << QStringLiteral("kill -SEGV $$") << int(ChildProcess::End::Crashed)
                               << QStringLiteral("the script crashed");
        QTest::newRow("time-out") << QStringLiteral("sleep 30") << int(ChildProcess::End::TimedOut)
                                  << QStringLiteral(
                                         "the script did not finish within 0.3 s and was killed");
    }
    void errorsNameTheProgramAndWhatWentWrong()
    {
        QFETCH(QString, script);
        QFETCH(int, end);
        QFETCH(QString, message);
        ChildProcess::Spec spec = shell(script);
        spec.timeoutMs = 300;
        QElapsedTimer clock;
        clock.start();
        const auto result = ChildProcess::runChecked(spec);
        QVERIFY(clock.elapsed() < 10000);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().message, message);
        QCOMPARE(int(ChildProcess::run(spec).end), end);
    }

    void aProgramThatCannotStart()
    {
        ChildProcess::Spec spec;
        spec.program = QStringLiteral("/no/such/program");
        const auto result = ChildProcess::run(spec);
        QCOMPARE(result.end, ChildProcess::End::NotStarted);
        QVERIFY(!result.succeeded());
        QVERIFY2(
            result.error().message.startsWith(QStringLiteral("cannot start /no/such/program: ")),
            qPrintable(result.error().message));
    }

    // A child that leads its own session: a time-out ends what it started too.
    void timeOutKillsTheWholeSession()
    {
        ChildProcess::Spec spec = shell(QStringLiteral("sleep 30 & echo $!; wait"));
        spec.childSetup = [] { ::setsid(); };
        spec.killSessionOnTimeout = true;
        spec.timeoutMs = 500;
        const auto result = ChildProcess::run(spec);
        QCOMPARE(result.end, ChildProcess::End::TimedOut);
        const QByteArray sleeper = result.standardOutput.trimmed();
        QVERIFY(!sleeper.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(
            !QFileInfo::exists(
                QStringLiteral("/proc/%1/cmdline").arg(QString::fromLatin1(sleeper))),
            30000);
    }

    void tailKeepsTheEnd()
    {
        QCOMPARE(ChildProcess::tail("  short\n", 10), QStringLiteral("short"));
        QCOMPARE(ChildProcess::tail("0123456789abc", 3), QStringLiteral("…abc"));
    }
};

QTEST_GUILESS_MAIN(ChildProcessTest)
#include "tst_childprocess.moc"
