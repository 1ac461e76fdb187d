#include "core/Json.h"
#include "execute/Executor.h"
#include "execute/HostCall.h"
#include "judge/Judge.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>
#include <thread>

using namespace difftriage::engine;

namespace {

// The same tiny package twice: `scale` learns to skip negative values, `parse` to refuse them.
const QByteArray OldCore = R"(import warnings


def scale(values, factor):
    out = []
    for value in values:  # @loop
        out.append(value * factor)  # @append
    return out


def parse(text):
    return int(text)


def legacy():
    warnings.warn("legacy is deprecated", DeprecationWarning)
    return 1
)";

const QByteArray NewCore = R"(import warnings


def scale(values, factor):
    out = []
    for value in values:  # @loop
        if value < 0:  # @check
            continue  # @skip
        out.append(value * factor)  # @append
    return out


def parse(text):
    if text.startswith("-"):
        raise ValueError("negative: " + text)
    return int(text)


def legacy():
    warnings.warn("legacy is deprecated", DeprecationWarning)
    return 1
)";

int markerLine(const QByteArray &source, const QByteArray &name)
{
    const QList<QByteArray> lines = source.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i)
        if (lines[i].trimmed().endsWith("# @" + name))
            return int(i + 1);
    return -1;
}

void writeFile(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(content);
}

TestRequest request(const QString &id, const QString &code, double timeout = 10)
{
    TestRequest test;
    test.id = id;
    test.code = code;
    test.seed = 1234;
    test.timeoutSeconds = timeout;
    return test;
}

} // namespace

class ExecutorTest final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    PythonInterpreter m_python;
    std::unique_ptr<Executor> m_executor;
    Judge m_judge;

    WorkerConfig config(const QString &tree) const
    {
        WorkerConfig result;
        result.python = m_python;
        result.treeRoot = m_dir.filePath(tree);
        result.hashSeed = 7;
        // DIFFTRIAGE_TEST_DEGRADED=1 runs the suite as a machine without working bubblewrap would.
        result.forceDegraded = qEnvironmentVariableIsSet("DIFFTRIAGE_TEST_DEGRADED");
        return result;
    }

    // The first run and two reruns on both versions, judged as the pipeline judges them.
    Judgement judgeThreeRuns(const TestRequest &test, QList<TestOutcome> *oldRuns = nullptr,
                             QList<TestOutcome> *newRuns = nullptr)
    {
        QList<TestOutcome> olds, news;
        for (int rerun = 0; rerun < 3; ++rerun) {
            auto pair = m_executor->runBoth(test, rerun);
            if (!pair) {
                qWarning() << pair.error().message;
                return {};
            }
            olds << pair->first;
            news << pair->second;
        }
        if (oldRuns)
            *oldRuns = olds;
        if (newRuns)
            *newRuns = news;
        return m_judge.judgeRuns(olds, news);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        auto python = resolvePythonInterpreter(
            qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON", QStringLiteral("python3")));
        QVERIFY2(python.ok(), qPrintable(python ? QString() : python.error().message));
        m_python = *python;
        for (const auto &[tree, core] : {std::pair{"old", OldCore}, std::pair{"new", NewCore}}) {
            writeFile(m_dir.filePath(QStringLiteral("%1/pkg/__init__.py").arg(QLatin1String(tree))),
                      "");
            writeFile(m_dir.filePath(QStringLiteral("%1/pkg/core.py").arg(QLatin1String(tree))),
                      core);
        }
        m_executor = std::make_unique<Executor>(config(QStringLiteral("old")),
                                                config(QStringLiteral("new")), 2);
        const Status started = m_executor->start();
        QVERIFY2(started.ok(), qPrintable(started ? QString() : started.error().message));
        m_judge.normalizer().addRootPaths(m_executor->rootPaths());
        qInfo().noquote() << "sandbox:" << m_executor->sandboxNote();
    }

    void cleanupTestCase() { m_executor.reset(); }

    void importsResolveInsideTheTree()
    {
        const nlohmann::json checked = m_executor->importCheck(Side::Old)["modules"];
        QCOMPARE(checked.size(), size_t(1));
        QCOMPARE(stringField(checked[0], "module"), QStringLiteral("pkg"));
        QVERIFY(boolField(checked[0], "in_tree"));
        auto answer = m_executor->checkImports(
            Side::New, {QStringLiteral("pkg.core"), QStringLiteral("json")});
        QVERIFY(answer.ok());
        const nlohmann::json modules = (*answer)["modules"];
        QCOMPARE(modules.size(), size_t(2));
        QVERIFY(boolField(modules[0], "in_tree"));
        QCOMPARE(stringField(modules[0], "relpath"), QStringLiteral("pkg/core.py"));
        QVERIFY(!boolField(modules[1], "in_tree"));
    }

    void realBehaviourChangesAreReported()
    {
        QList<TestOutcome> olds, news;
        const Judgement output = judgeThreeRuns(
            request(QStringLiteral("scale"),
                    QStringLiteral("from pkg.core import scale\nprint(scale([1, -2, 3], 2))\n")),
            &olds, &news);
        QVERIFY2(!output.flaky, qPrintable(output.flakyReason));
        QCOMPARE(output.kind.has_value(), true);
        QCOMPARE(spelling(*output.kind), QStringLiteral("different_output"));
        QCOMPARE(olds.first().output, QStringLiteral("[2, -4, 6]\n"));
        QCOMPARE(news.first().output, QStringLiteral("[2, 6]\n"));

        const Judgement raises = judgeThreeRuns(
            request(QStringLiteral("parse"),
                    QStringLiteral("from pkg.core import parse\nprint(parse('-4'))\n")));
        QVERIFY(raises.kind.has_value());
        QCOMPARE(spelling(*raises.kind), QStringLiteral("only_new_raises"));

        const Judgement same = judgeThreeRuns(
            request(QStringLiteral("same"),
                    QStringLiteral("from pkg.core import parse\nparse('17') * 2\n")));
        QVERIFY(!same.flaky);
        QVERIFY(!same.kind.has_value());
    }

    void randomnessAndTimeAreNeverReported_data()
    {
        QTest::addColumn<QString>("code");
        QTest::newRow("random.random()") << "import random\nprint(random.random())\n";
        QTest::newRow("random draw through the package")
            << "import random\nfrom pkg.core import scale\nprint(scale([random.randint(1, 10**9)], "
               "1))\n";
        QTest::newRow("set order (hash seed)")
            << "print(list({'alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'}))\n";
    }

    void randomnessAndTimeAreNeverReported()
    {
        QFETCH(QString, code);
        QList<TestOutcome> olds, news;
        const Judgement judgement =
            judgeThreeRuns(request(QStringLiteral("r"), code), &olds, &news);
        QVERIFY(!judgement.kind.has_value());
        QCOMPARE(olds.size(), 3);
        // Reruns draw differently (new seeds, new hash seed) ...
        QVERIFY(judgement.flaky);
        QVERIFY(olds[0].output != olds[1].output || olds[0].output != olds[2].output);
        // ... while the first runs of old and new drew alike.
        QCOMPARE(olds[0].output, news[0].output);
    }

    // A clock reading differs from run to run, and is normalised away: neither a difference nor
    // a flaky test (an object keeping the time it was made in would blind every test printing it).
    void clockReadingsAreNormalised()
    {
        QList<TestOutcome> olds, news;
        const Judgement judgement = judgeThreeRuns(
            request(QStringLiteral("clock"),
                    QStringLiteral("import time\nprint(time.time())\nprint(time.time_ns())\n")),
            &olds, &news);
        QVERIFY(!judgement.kind.has_value());
        QVERIFY(!judgement.flaky);
        QCOMPARE(olds.size(), 3);
        QVERIFY(olds[0].output != olds[1].output); // the raw readings do differ
    }

    void coverageOfRequestedLines()
    {
        TestRequest test = request(QStringLiteral("cov"),
                                   QStringLiteral("from pkg.core import scale\nscale([5], 2)\n"));
        const int loop = markerLine(NewCore, "loop");
        const int check = markerLine(NewCore, "check");
        const int skip = markerLine(NewCore, "skip");
        test.coverage.insert(QStringLiteral("pkg/core.py"), {loop, check, skip});
        auto outcomes = m_executor->run(Side::New, {test});
        QVERIFY(outcomes.ok());
        const TestOutcome &outcome = outcomes->first();
        QCOMPARE(spelling(outcome.status), QStringLiteral("ok"));
        QCOMPARE(outcome.valueRepr, QStringLiteral("[10]"));
        QCOMPARE(outcome.covered.value(QStringLiteral("pkg/core.py")), QList<int>({loop, check}));
    }

    void warningsAreRecorded()
    {
        auto outcomes = m_executor->run(
            Side::Old, {request(QStringLiteral("w"),
                                QStringLiteral("from pkg.core import legacy\nlegacy()\n"))});
        QVERIFY(outcomes.ok());
        QCOMPARE(outcomes->first().warnings.size(), 1);
        QCOMPARE(outcomes->first().warnings.first().category, QStringLiteral("DeprecationWarning"));
    }

    void manyTestsOverSeveralWorkers()
    {
        QList<TestRequest> tests;
        for (int i = 0; i < 12; ++i)
            tests << request(QStringLiteral("t%1").arg(i),
                             QStringLiteral("print(%1 * 3)\n").arg(i));
        auto outcomes = m_executor->run(Side::Old, tests);
        QVERIFY(outcomes.ok());
        QCOMPARE(outcomes->size(), 12);
        for (int i = 0; i < 12; ++i) {
            QCOMPARE(outcomes->at(i).id, QStringLiteral("t%1").arg(i));
            QCOMPARE(outcomes->at(i).output, QStringLiteral("%1\n").arg(i * 3));
        }
    }

    void crashedWorkerIsRestarted()
    {
        auto killed = m_executor->run(
            Side::New,
            {request(QStringLiteral("kill"),
                     QStringLiteral("import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\n"
                                    "import time\ntime.sleep(5)\n"))});
        QVERIFY(killed.ok());
        // The full sandbox makes the worker the init of its tests' PID namespace, and Landlock
        // (ABI 6) scopes signals: where either protects it, the kill fails inside the test and
        // the worker never dies. Otherwise it dies, and the test is a crash on this side
        // (tst_sandbox's unprotected rows check what follows from that).
        const QString status = spelling(killed->first().status);
        if (status == QLatin1String("crashed"))
            QCOMPARE(killed->first().abortedReason, QStringLiteral("worker_died"));
        else
            QVERIFY2(status == QLatin1String("raised") &&
                         killed->first().errorType == QLatin1String("PermissionError"),
                     qPrintable(status + QLatin1Char(' ') + killed->first().errorType));
        for (int round = 0; round < 4; ++round) { // both workers of the pool serve again
            auto after = m_executor->run(
                Side::New, {request(QStringLiteral("after"), QStringLiteral("print(6 * 7)\n"))});
            QVERIFY(after.ok());
            QCOMPARE(after->first().output, QStringLiteral("42\n"));
        }
    }

    void outcomeJsonRoundTrip()
    {
        TestOutcome outcome;
        outcome.id = QStringLiteral("t9");
        outcome.status = RunStatus::Exited;
        outcome.output = QStringLiteral("out\n");
        outcome.valueRepr = QStringLiteral("[1]");
        outcome.errorOutput = QStringLiteral("err\n");
        outcome.errorType = QStringLiteral("pkg.E");
        outcome.errorMessage = QStringLiteral("bad");
        outcome.traceback = QStringLiteral("Traceback...");
        outcome.exitCode = 3;
        outcome.signal = 9;
        outcome.wallMs = 12;
        outcome.covered = {{QStringLiteral("pkg/core.py"), {4, 7}}};
        outcome.warnings = {{QStringLiteral("UserWarning"), QStringLiteral("w")}};
        outcome.abortedReason = QStringLiteral("worker_died");
        outcome.truncated = true;
        outcome.rerun = 2;
        outcome.seed = Executor::seedFor(99, 2); // beyond 2^53: kept exactly
        const TestOutcome back = TestOutcome::fromJson(outcome.toJson());
        QCOMPARE(back.toJson(), outcome.toJson());
        QCOMPARE(back.seed, outcome.seed);
        QCOMPARE(back.covered, outcome.covered);
        QCOMPARE(spelling(back.status), QStringLiteral("exited"));
    }

    void seedsPerRerun()
    {
        QCOMPARE(Executor::seedFor(1234, 0), quint64(1234));
        QVERIFY(Executor::seedFor(1234, 1) != 1234);
        QVERIFY(Executor::seedFor(1234, 1) != Executor::seedFor(1234, 2));
        QCOMPARE(Executor::seedFor(1234, 2), Executor::seedFor(1234, 2));
        QVERIFY(Executor::seedFor(~quint64(0), 0) < (quint64(1) << 63));
    }

    void cancelReturnsPromptly()
    {
        Executor executor(config(QStringLiteral("old")), config(QStringLiteral("new")));
        QVERIFY(executor.start().ok());
        Expected<QList<TestOutcome>> result = makeError(QStringLiteral("not run"));
        QElapsedTimer timer;
        timer.start();
        std::thread caller([&] {
            result = executor.run(Side::Old,
                                  {request(QStringLiteral("slow"),
                                           QStringLiteral("import time\ntime.sleep(60)\n"), 120)});
        });
        QTest::qWait(500);
        executor.cancel();
        caller.join();
        QVERIFY(timer.elapsed() < 5000);
        QVERIFY(!result.ok());
        QCOMPARE(result.error().message, HostCall::cancelledMessage());
        QVERIFY(
            !executor.run(Side::New, {request(QStringLiteral("later"), QStringLiteral("1"))}).ok());
    }
};

QTEST_GUILESS_MAIN(ExecutorTest)
#include "tst_executor.moc"
