#include "execute/Executor.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QUuid>
#include <QtTest>
#include <algorithm>
#include <memory>
#include <unistd.h>

using namespace difftriage::engine;

namespace {

// Hash of every file under `root` (paths, bytes and modes), so "unchanged" means unchanged.
QByteArray fingerprint(const QString &root)
{
    QStringList files;
    QDirIterator it(root, QDir::Files | QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &path : std::as_const(files)) {
        hash.addData(path.toUtf8());
        hash.addData(QByteArray::number(int(QFile::permissions(path))));
        QFile file(path);
        if (QFileInfo(path).isFile() && file.open(QIODevice::ReadOnly))
            hash.addData(file.readAll());
    }
    return hash.result().toHex();
}

// Processes still running the runner on this test's trees (workers, their tests, bubblewrap).
int runnerProcesses(const QStringList &markers)
{
    int count = 0;
    for (const QString &entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        if (entry.isEmpty() || !entry.at(0).isDigit())
            continue;
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(entry));
        const QByteArray text =
            cmdline.open(QIODevice::ReadOnly) ? cmdline.readAll() : QByteArray();
        if (std::any_of(markers.begin(), markers.end(),
                        [&](const QString &marker) { return text.contains(marker.toUtf8()); }))
            ++count;
    }
    return count;
}

const QByteArray Core = "VALUE = 42\n\ndef double(x):\n    return 2 * x\n";

} // namespace

class SandboxTest final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir{QDir::tempPath() + QStringLiteral("/dt-sandbox-XXXXXX")};
    // Outside /tmp (which the full sandbox replaces) and world-writable: only the sandbox itself
    // (read-only mounts, Landlock) can keep tests away from it.
    QTemporaryDir m_outside{QDir::currentPath() + QStringLiteral("/dt-outside-XXXXXX")};
    std::unique_ptr<Executor> m_full;
    std::unique_ptr<Executor> m_degraded;
    // As root: an interpreter only root can reach (pyenv or conda under /root), for which
    // bubblewrap has to start as root and tests switch to the unprivileged user inside.
    std::unique_ptr<Executor> m_privateInterpreter;
    bool m_fullRefused = false;
    QTcpServer m_listener;
    QString m_token = QUuid::createUuid().toString(QUuid::Id128).left(12);
    QString m_homeCanary;
    QString m_tmpCanary;
    QByteArray m_outsideHash;
    QStringList m_treePaths; // the tree as both executors' workers see it (maybe mirrored)

    QString tree() const { return m_dir.filePath(QStringLiteral("tree")); }
    QString canary() const { return m_outside.filePath(QStringLiteral("canary.txt")); }

    std::unique_ptr<Executor> startExecutor(bool forceDegraded, const QString &interpreter = {})
    {
        auto python = resolvePythonInterpreter(
            !interpreter.isEmpty()
                ? interpreter
                : qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON", QStringLiteral("python3")));
        if (!python)
            qFatal("%s", qPrintable(python.error().message));
        WorkerConfig config;
        config.python = *python;
        config.treeRoot = tree();
        config.forceDegraded = forceDegraded;
        auto executor = std::make_unique<Executor>(config, config);
        const Status started = executor->start();
        if (!started)
            qFatal("cannot start the executor: %s", qPrintable(started.error().message));
        qInfo().noquote() << executor->sandboxNote();
        return executor;
    }

    QString expand(QString code) const
    {
        return code.replace(QStringLiteral("{PORT}"), QString::number(m_listener.serverPort()))
            .replace(QStringLiteral("{TREE_FILE}"), tree() + QStringLiteral("/pkg/core.py"))
            .replace(QStringLiteral("{CANARY}"), canary())
            .replace(QStringLiteral("{HOME_X}"), m_homeCanary)
            .replace(QStringLiteral("{TMP_X}"), m_tmpCanary);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid() && m_outside.isValid());
        QDir().mkpath(tree() + QStringLiteral("/pkg"));
        QFile init(tree() + QStringLiteral("/pkg/__init__.py"));
        QVERIFY(init.open(QIODevice::WriteOnly));
        QFile core(tree() + QStringLiteral("/pkg/core.py"));
        QVERIFY(core.open(QIODevice::WriteOnly));
        core.write(Core);
        core.close();
        QFile file(canary());
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("the canary sings\n");
        file.close();
        QVERIFY(QFile::setPermissions(m_outside.path(), QFileDevice::Permissions(0x7777)));
        QVERIFY(QFile::setPermissions(canary(), QFileDevice::Permissions(0x6666)));
        m_outsideHash = fingerprint(m_outside.path());
        m_homeCanary = QDir::homePath() + QStringLiteral("/difftriage-canary-") + m_token;
        m_tmpCanary = QStringLiteral("/tmp/difftriage-canary-") + m_token;
        QVERIFY(m_listener.listen(QHostAddress::LocalHost, 0));

        m_full = startExecutor(false);
        // No skipping for lack of bubblewrap: CI installs it (scripts/setup-debian.sh). Only a
        // kernel that refuses bubblewrap its namespaces (a chroot, a locked-down container)
        // leaves the full rows nothing to test; they are skipped with that reason.
        m_fullRefused =
            m_full->sandbox() != SandboxLevel::Full &&
            m_full->sandboxNote().contains(QStringLiteral("bubblewrap does not work here"));
        QVERIFY2(m_full->sandbox() == SandboxLevel::Full || m_fullRefused,
                 qPrintable(m_full->sandboxNote()));
        m_degraded = startExecutor(true);
        QCOMPARE(spelling(m_degraded->sandbox()), QStringLiteral("degraded"));
        QVERIFY(m_degraded->sandboxNote().contains(QStringLiteral("degraded sandbox (forced")));
        m_treePaths = m_full->rootPaths() + m_degraded->rootPaths();
        if (::geteuid() == 0) {
            // A copy of the interpreter in a directory only root may enter; it still finds its
            // standard library through the prefix it was built with.
            const QString privateBin = m_dir.filePath(QStringLiteral("private/bin"));
            QVERIFY(QDir().mkpath(privateBin));
            QVERIFY(QFile::setPermissions(m_dir.filePath(QStringLiteral("private")),
                                          QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                              QFileDevice::ExeOwner));
            auto python = resolvePythonInterpreter(
                qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON", QStringLiteral("python3")));
            QVERIFY(python);
            const QString copy = privateBin + QStringLiteral("/python3");
            QVERIFY(QFile::copy(python->executable, copy));
            m_privateInterpreter = startExecutor(false, copy);
            QVERIFY2(m_privateInterpreter->sandbox() == SandboxLevel::Full || m_fullRefused,
                     qPrintable(m_privateInterpreter->sandboxNote()));
            if (m_privateInterpreter->sandbox() == SandboxLevel::Full)
                QVERIFY2(m_privateInterpreter->sandboxNote().contains(
                             QStringLiteral("bubblewrap starts as root")),
                         qPrintable(m_privateInterpreter->sandboxNote()));
            m_treePaths += m_privateInterpreter->rootPaths();
        }
    }

    void cleanupTestCase()
    {
        m_full.reset();
        m_degraded.reset();
        m_privateInterpreter.reset();
        // Every worker and every test process went with its executor.
        QTRY_COMPARE_WITH_TIMEOUT(runnerProcesses(m_treePaths), 0, 5000);
        QCOMPARE(fingerprint(m_outside.path()), m_outsideHash);
    }

    void hostile_data()
    {
        QTest::addColumn<QString>("mode"); // full | degraded | private-interpreter
        QTest::addColumn<QString>("code");
        QTest::addColumn<QStringList>("statuses"); // acceptable outcomes
        QTest::addColumn<double>("timeout");
        QTest::addColumn<QString>("outputPattern");

        struct Row
        {
            const char *name;
            const char *code;
            QStringList statuses;
            double timeout;
            const char *outputPattern;
        };
        const QStringList raised{QStringLiteral("raised")};
        const QStringList okOrRaised{QStringLiteral("ok"), QStringLiteral("raised")};
        const QStringList timeout{QStringLiteral("timeout")};
        const QList<Row> rows{
            {"connect to a host listener",
             "import socket\ns = socket.create_connection(('127.0.0.1', {PORT}), timeout=3)\n"
             "s.sendall(b'exfiltrated')\nprint('connected')\n",
             raised, 10, ""},
            {"write ~/x",
             "import os\nopen(os.path.expanduser('~/x'), 'w').write('x')\n"
             "print(os.path.exists(os.path.expanduser('~/x')))\nopen('{HOME_X}', 'w').write('x')\n",
             okOrRaised, 10, ""},
            {"write /tmp/x", "open('{TMP_X}', 'w').write('x')\n", okOrRaised, 10, ""},
            {"delete a file of the tree",
             "import os, pkg.core\nerrors = []\nfor path in (pkg.core.__file__, '{TREE_FILE}'):\n"
             "    try:\n        os.remove(path)\n    except OSError as exc:\n"
             "        errors.append(type(exc).__name__)\nprint(errors)\n",
             {QStringLiteral("ok")},
             10,
             "^\\['\\w+', '\\w+'\\]\\n$"},
            {"tamper with a canary outside",
             "import os\nfor act in (lambda: open('{CANARY}', 'a').write('x'),\n"
             "            lambda: os.remove('{CANARY}')):\n    try:\n        act()\n"
             "    except OSError as exc:\n        print(type(exc).__name__)\n",
             {QStringLiteral("ok")},
             10,
             "^\\w+Error\\n\\w+Error\\n$"},
            {"fork bomb",
             "import os, time\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n"
             "        time.sleep(0.01)\n",
             {QStringLiteral("timeout"), QStringLiteral("killed")},
             2,
             ""},
            {"allocate 8 GiB", "b = bytearray(8 << 30)\nprint(len(b))\n", raised, 10, ""},
            {"infinite loop", "while True:\n    pass\n", timeout, 1, ""},
            {"sleep with SIGALRM blocked",
             "import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
             "signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM, signal.SIGTERM, "
             "signal.SIGINT})\ntime.sleep(60)\n",
             timeout, 1, ""},
            {"kill its parent",
             "import os, signal, time\nos.kill(os.getppid(), signal.SIGKILL)\ntime.sleep(5)\n",
             {QStringLiteral("crashed"), QStringLiteral("raised")},
             10,
             ""},
            {"os._exit(3)",
             "import os\nprint('bye', flush=True)\nos._exit(3)\n",
             {QStringLiteral("exited")},
             10,
             "^bye\\n$"},
            {"runs unprivileged",
             "import os\nprint(os.getuid() == 0, os.geteuid() == 0)\n",
             {QStringLiteral("ok")},
             10,
             "^False False\\n$"},
            {"1 GB stdout flood",
             "import sys\nchunk = 'x' * (1 << 20)\nfor _ in range(1024):\n    "
             "sys.stdout.write(chunk)\n",
             {QStringLiteral("killed")},
             30,
             ""},
        };
        for (const char *mode : {"full", "degraded", "private-interpreter"})
            for (const Row &row : rows)
                QTest::addRow("%s: %s", mode, row.name)
                    << QString::fromLatin1(mode) << QString::fromUtf8(row.code) << row.statuses
                    << row.timeout << QString::fromUtf8(row.outputPattern);
    }

    void hostile()
    {
        QFETCH(QString, mode);
        QFETCH(QString, code);
        QFETCH(QStringList, statuses);
        QFETCH(double, timeout);
        QFETCH(QString, outputPattern);
        if (mode != QLatin1String("degraded") && m_fullRefused)
            QSKIP(qPrintable(m_full->sandboxNote().section(QLatin1Char(':'), 0, 2)));
        if (mode == QLatin1String("private-interpreter") && !m_privateInterpreter)
            QSKIP("only root has an interpreter the unprivileged user cannot reach");
        Executor &executor = mode == QLatin1String("degraded") ? *m_degraded
                             : mode == QLatin1String("full")   ? *m_full
                                                               : *m_privateInterpreter;
        QList<QByteArray> treesBefore;
        for (const QString &path : std::as_const(m_treePaths))
            treesBefore << fingerprint(path);
        const int processesBefore = runnerProcesses(m_treePaths);

        TestRequest test;
        test.id = QStringLiteral("hostile");
        test.code = expand(code);
        test.timeoutSeconds = timeout;
        QElapsedTimer timer;
        timer.start();
        auto outcomes = executor.run(Side::New, {test});
        QVERIFY2(outcomes.ok(), qPrintable(outcomes ? QString() : outcomes.error().message));
        const TestOutcome &outcome = outcomes->first();
        const QString status = spelling(outcome.status);
        qInfo().noquote() << status << outcome.abortedReason << outcome.errorType
                          << outcome.errorMessage.left(120) << outcome.output.left(80).trimmed();
        QVERIFY2(statuses.contains(status),
                 qPrintable(QStringLiteral("%1 (%2: %3 %4)")
                                .arg(status, outcome.abortedReason, outcome.errorType,
                                     outcome.errorMessage.left(300))));
        // The parent enforces the limit: well within the limit plus the runner's grace.
        QVERIFY(timer.elapsed() < qint64(timeout * 1000) + 8000);
        if (!outputPattern.isEmpty())
            QVERIFY2(QRegularExpression(outputPattern).match(outcome.output).hasMatch(),
                     qPrintable(outcome.output.left(300)));
        if (status == QLatin1String("exited"))
            QCOMPARE(outcome.exitCode, 3);
        if (status == QLatin1String("killed")) {
            QCOMPARE(outcome.abortedReason, QStringLiteral("output_limit"));
            QVERIFY(outcome.truncated);
            QVERIFY(outcome.output.size() <= 64 * 1024);
        }
        if (code.startsWith(QStringLiteral("b = bytearray")))
            QCOMPARE(outcome.errorType, QStringLiteral("MemoryError"));

        // Contained: nothing outside the sandbox changed, the listener heard nothing ...
        for (qsizetype i = 0; i < m_treePaths.size(); ++i)
            QCOMPARE(fingerprint(m_treePaths[i]), treesBefore[i]);
        QCOMPARE(fingerprint(m_outside.path()), m_outsideHash);
        QVERIFY2(!QFileInfo::exists(m_homeCanary), qPrintable(m_homeCanary));
        QVERIFY2(!QFileInfo::exists(m_tmpCanary), qPrintable(m_tmpCanary));
        QVERIFY(!m_listener.waitForNewConnection(100));
        // ... no process of the test outlives it, and the worker serves again (or was restarted).
        QTRY_VERIFY_WITH_TIMEOUT(runnerProcesses(m_treePaths) <= processesBefore, 5000);
        TestRequest probe;
        probe.id = QStringLiteral("after");
        probe.code = QStringLiteral("import pkg.core\nprint(pkg.core.double(pkg.core.VALUE))\n");
        auto after = executor.run(Side::New, {probe});
        QVERIFY(after.ok());
        QCOMPARE(after->first().output, QStringLiteral("84\n"));
    }
};

QTEST_GUILESS_MAIN(SandboxTest)
#include "tst_sandbox.moc"
