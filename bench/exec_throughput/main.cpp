// exec_throughput: the same tests run (a) the seed's way, one `coverage run -m pytest` process
// per test per version, and (b) through DiffTriage's fork-server workers, each test alone in its
// own fork with coverage on; both with the first run and two reruns per version. Prints tests per
// second for both and, last, `throughput_ratio=<b/a> coverage_overhead=<with/without coverage>
// coverage_cpu_overhead=<the same for the CPU per forked test>` (the CPU ratio is what the coverage
// probe costs the tests themselves; the wall-clock ratio also moves with the machine's load).
// (a) is measured on a subset and extrapolated per test; the output says so.

#include "execute/Executor.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>
#include <QThread>
#include <cstdio>

using namespace difftriage::engine;

namespace {

constexpr int TestCount = 200;
constexpr int Runs = 3;       // the first run and two reruns
constexpr int SeedSubset = 6; // tests measured the seed's way

// CPU-bound changed code: the loops are in the changed lines, so line coverage is exercised.
const char *const OldCore = R"(def checksum(n):
    total = 0
    for i in range(n):
        total = (total * 31 + i) % 1000003
    return total


def classify(values):
    kinds = []
    for value in values:
        if value % 3 == 0:
            kinds.append("fizz")
        else:
            kinds.append(str(value))
    return kinds


def label(x):
    return "x=%d" % x
)";

const char *const NewCore = R"(def checksum(n):
    total = 0
    for i in range(n):
        total = (total * 31 + i * 2) % 1000003
    return total


def classify(values):
    kinds = []
    for value in values:
        if value % 3 == 0 and value % 5 == 0:
            kinds.append("fizzbuzz")
        elif value % 3 == 0:
            kinds.append("fizz")
        else:
            kinds.append(str(value))
    return kinds


def label(x):
    return "x=%d" % x
)";

bool writeFile(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
}

QList<TestRequest> makeTests()
{
    QList<TestRequest> tests;
    for (int i = 0; i < TestCount; ++i) {
        TestRequest test;
        test.id = QStringLiteral("t%1").arg(i);
        test.seed = quint64(i);
        switch (i % 4) {
        case 0: // CPU-bound: thousands of iterations of changed lines
            test.code = QStringLiteral("from benchpkg.core import checksum\nprint(checksum(%1))\n")
                            .arg(2000 + 20 * i);
            break;
        case 1:
            test.code = QStringLiteral("from benchpkg.core import classify\n"
                                       "print(classify(list(range(%1))))\n")
                            .arg(200 + i);
            break;
        case 2:
            test.code = QStringLiteral("import random\nfrom benchpkg.core import checksum\n"
                                       "print(checksum(random.randint(1000, 5000)))\n");
            break;
        default:
            test.code =
                QStringLiteral("from benchpkg.core import label\nprint(label(%1))\n").arg(i);
        }
        // The changed lines of both versions' core.py (coverage is requested per side's lines;
        // lines that are not statements are simply never reported).
        test.coverage.insert(QStringLiteral("benchpkg/core.py"), {3, 4, 11, 12, 13, 14, 15, 16});
        tests << test;
    }
    return tests;
}

// What one forked test costs the machine, from the runner's rusage of each test process.
struct ForkCost
{
    double cpuMs = 0;
    double pageFaults = 0;
    int runs = 0;
};

// (b): every test on both versions, first run and reruns. Returns seconds, or -1 on failure.
double runWorkers(Executor &executor, QList<TestRequest> tests, bool coverage,
                  ForkCost *cost = nullptr)
{
    if (!coverage)
        for (TestRequest &test : tests)
            test.coverage.clear();
    QElapsedTimer timer;
    timer.start();
    for (int rerun = 0; rerun < Runs; ++rerun) {
        auto pairs = executor.runBoth(tests, rerun);
        if (!pairs) {
            std::fprintf(stderr, "workers failed: %s\n", qPrintable(pairs.error().message));
            return -1;
        }
        for (const auto &[oldRun, newRun] : *pairs) {
            if (cost) {
                cost->cpuMs += oldRun.cpuMs + newRun.cpuMs;
                cost->pageFaults += double(oldRun.pageFaults + newRun.pageFaults);
                cost->runs += 2;
            }
            if (oldRun.status != RunStatus::Ok || newRun.status != RunStatus::Ok) {
                std::fprintf(stderr, "test %s did not pass: %s %s\n", qPrintable(oldRun.id),
                             qPrintable(oldRun.errorMessage), qPrintable(newRun.errorMessage));
                return -1;
            }
        }
    }
    return timer.nsecsElapsed() / 1e9;
}

// (a): one `coverage run -m pytest` process per test per version and run, old and new side by
// side as the workers run them.
double runSeedWay(const PythonInterpreter &python, const QString &base,
                  const QList<TestRequest> &tests)
{
    QElapsedTimer timer;
    timer.start();
    for (const TestRequest &test : tests) {
        for (int rerun = 0; rerun < Runs; ++rerun) {
            QList<QProcess *> processes;
            for (const QString &side : {QStringLiteral("old"), QStringLiteral("new")}) {
                const QString work =
                    QStringLiteral("%1/seed-%2-%3-%4").arg(base, side, test.id).arg(rerun);
                QString body = test.code;
                body.replace(QLatin1Char('\n'), QStringLiteral("\n    "));
                writeFile(work + QStringLiteral("/test_one.py"),
                          QStringLiteral("def test_one():\n    %1\n").arg(body).toUtf8());
                auto *process = new QProcess;
                QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
                environment.insert(QStringLiteral("PYTHONPATH"), base + QLatin1Char('/') + side);
                environment.insert(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1"));
                process->setProcessEnvironment(environment);
                process->setWorkingDirectory(work);
                process->start(python.executable,
                               {QStringLiteral("-m"), QStringLiteral("coverage"),
                                QStringLiteral("run"), QStringLiteral("--source=benchpkg"),
                                QStringLiteral("-m"), QStringLiteral("pytest"),
                                QStringLiteral("-q"), QStringLiteral("-p"),
                                QStringLiteral("no:cacheprovider"), QStringLiteral("test_one.py")});
                processes << process;
            }
            for (QProcess *process : processes) {
                const bool finished = process->waitForFinished(120000);
                if (!finished || process->exitCode() != 0) {
                    std::fprintf(stderr, "seed run failed: %s\n",
                                 process->readAll().right(800).constData());
                    qDeleteAll(processes);
                    return -1;
                }
            }
            qDeleteAll(processes);
        }
    }
    return timer.nsecsElapsed() / 1e9;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QString requested = app.arguments().value(
        1, qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON", QStringLiteral("/usr/bin/python3")));
    auto python = resolvePythonInterpreter(requested);
    if (!python) {
        std::fprintf(stderr, "%s\n", qPrintable(python.error().message));
        return 2;
    }
    QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/difftriage-bench-XXXXXX"));
    if (!dir.isValid() ||
        !writeFile(dir.filePath(QStringLiteral("old/benchpkg/__init__.py")), QByteArray()) ||
        !writeFile(dir.filePath(QStringLiteral("new/benchpkg/__init__.py")), QByteArray()) ||
        !writeFile(dir.filePath(QStringLiteral("old/benchpkg/core.py")), OldCore) ||
        !writeFile(dir.filePath(QStringLiteral("new/benchpkg/core.py")), NewCore)) {
        std::fprintf(stderr, "cannot write the fixture project\n");
        return 1;
    }
    WorkerConfig oldTree{*python, dir.filePath(QStringLiteral("old")), QString(), 0, false};
    WorkerConfig newTree{*python, dir.filePath(QStringLiteral("new")), QString(), 0, false};
    const int perVersion = qMax(1, QThread::idealThreadCount() / 2);
    Executor executor(oldTree, newTree, perVersion);
    if (const Status started = executor.start(); !started) {
        std::fprintf(stderr, "cannot start the workers: %s\n", qPrintable(started.error().message));
        return 1;
    }
    // The rerun workers start on first use; start them before timing anything.
    const QList<TestRequest> tests = makeTests();
    if (runWorkers(executor, tests.mid(0, 4), true) < 0)
        return 1;

    QTextStream out(stdout);
    out << "exec_throughput: " << TestCount << " tests, " << Runs
        << " runs per version (first + 2 reruns), Python " << python->version << ", sandbox "
        << spelling(executor.sandbox()) << ", " << perVersion << " worker(s) per version\n";
    out.flush();
    ForkCost cost;
    ForkCost costWithout;
    const double withCoverage = runWorkers(executor, tests, true, &cost);
    const double withoutCoverage = runWorkers(executor, tests, false, &costWithout);
    if (withCoverage < 0 || withoutCoverage < 0)
        return 1;
    QList<TestRequest> subset;
    for (int i = 0; i < SeedSubset; ++i)
        subset << tests[i * TestCount / SeedSubset];
    const double seed = runSeedWay(*python, dir.path(), subset);
    if (seed < 0)
        return 1;

    const double seedRate = SeedSubset / seed;
    const double workerRate = TestCount / withCoverage;
    out << QStringLiteral("(a) coverage run -m pytest, one process per test per version and run: "
                          "%1 tests/s (measured on %2 of %3 tests, %4 processes in %5 s, "
                          "extrapolated per test)\n")
               .arg(seedRate, 0, 'f', 3)
               .arg(SeedSubset)
               .arg(TestCount)
               .arg(SeedSubset * Runs * 2)
               .arg(seed, 0, 'f', 1);
    out << QStringLiteral(
               "(b) workers, one fork per test, coverage on: %1 tests/s (%2 runs in %3 s)\n")
               .arg(workerRate, 0, 'f', 1)
               .arg(TestCount * Runs * 2)
               .arg(withCoverage, 0, 'f', 2);
    out << QStringLiteral(
               "    per forked test: %1 ms CPU, %2 page faults (the fork's copy-on-write "
               "faults dominate on VMs where a fault is slow)\n")
               .arg(cost.cpuMs / qMax(1, cost.runs), 0, 'f', 1)
               .arg(cost.pageFaults / qMax(1, cost.runs), 0, 'f', 0);
    const double cpuWith = cost.cpuMs / qMax(1, cost.runs);
    const double cpuWithout = costWithout.cpuMs / qMax(1, costWithout.runs);
    out << QStringLiteral(
               "    workers, coverage off: %1 tests/s (%2 s), %3 ms CPU per forked test\n")
               .arg(TestCount / withoutCoverage, 0, 'f', 1)
               .arg(withoutCoverage, 0, 'f', 2)
               .arg(cpuWithout, 0, 'f', 1);
    out << QStringLiteral("throughput_ratio=%1 coverage_overhead=%2 coverage_cpu_overhead=%3\n")
               .arg(workerRate / seedRate, 0, 'f', 1)
               .arg(withCoverage / withoutCoverage, 0, 'f', 2)
               .arg(cpuWith / qMax(0.001, cpuWithout), 0, 'f', 2);
    return 0;
}
