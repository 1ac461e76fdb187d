// Hostile tests against every sandbox this machine offers: each row does one thing an attacking
// PR would do, and must be contained (and the worker serve on) in every mode.
#include "SandboxSupport.h"
#include "ScriptedSearch.h"
#include "execute/Executor.h"
#include "execute/PrepareCommand.h"
#include "judge/Judge.h"
#include "pipeline/SearchSession.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLocalServer>
#include <QLocalSocket>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QUuid>
#include <QtTest>
#include <map>
#include <memory>
#include <unistd.h>

using namespace difftriage::engine;
using namespace difftriage::engine::test;

namespace {

const QByteArray Core = "VALUE = 42\n\ndef double(x):\n    return 2 * x\n";

// Prints True when the test is not root, or (degraded, where there is no unprivileged user or it
// cannot reach the interpreter) root without a single capability.
const char *const UnprivilegedCode =
    "import os\ncaps = [line.split()[1] for line in open('/proc/self/status')\n"
    "        if line.startswith(('CapEff', 'CapPrm', 'CapBnd'))]\n"
    "print(os.geteuid() != 0 or set(caps) == {'0000000000000000'})\n";

// The modes every hostile row runs in. A full mode is skipped only where the kernel refuses
// bubblewrap; "private-interpreter" (root only) is bubblewrap started as root for an interpreter
// only root can reach; "degraded-abi2" is the degraded sandbox as on Debian 12's kernel (Landlock
// without TCP rules or scoping: seccomp alone keeps sockets out).
const char *const Modes[] = {"full", "degraded", "degraded-abi2", "private-interpreter"};

// A test whose daemon (a double fork, setsid, exec) prints its pid and sleeps as `marker`.
QString daemonCode(const QString &marker)
{
    return QStringLiteral(
               "import os, time\nr, w = os.pipe()\nif os.fork() == 0:\n    os.setsid()\n"
               "    if os.fork() == 0:\n        os.set_inheritable(w, True)\n"
               "        os.execv('/bin/sh', ['sh', '-c', 'echo $$ >&%d; exec sleep %1' % w])\n"
               "    os._exit(0)\nos.close(w)\npid = os.read(r, 32).decode().strip()\n"
               "time.sleep(0.3)\nopen('daemon.pid', 'w').write(pid)\nprint('started')\n")
        .arg(marker);
}

} // namespace

class SandboxTest final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir{QDir::tempPath() + QStringLiteral("/dt-sandbox-XXXXXX")};
    // Outside /tmp (which the full sandbox replaces) and world-writable: only the sandbox itself
    // (read-only mounts, Landlock) can keep tests away from it.
    QTemporaryDir m_outside{QDir::currentPath() + QStringLiteral("/dt-outside-XXXXXX")};
    std::map<QString, std::unique_ptr<Executor>> m_executors; // by mode
    bool m_fullRefused = false;
    QString m_fullNote;
    QTcpServer m_listener;
    QLocalServer m_pathListener;     // a Unix socket in m_outside, anyone may connect
    QLocalServer m_tmpListener;      // one in /tmp
    QLocalServer m_abstractListener; // an abstract one
    QString m_token = QUuid::createUuid().toString(QUuid::Id128).left(12);
    QString m_homeCanary;
    QString m_tmpCanary;
    QStringList m_secrets; // world-readable files holding m_token, outside what tests may read
    QByteArray m_outsideHash;
    QStringList m_treePaths; // the tree as the executors' workers see it (maybe mirrored)

    QString tree() const { return m_dir.filePath(QStringLiteral("tree")); }
    QString canary() const { return m_outside.filePath(QStringLiteral("canary.txt")); }

    std::unique_ptr<Executor> startExecutor(WorkerConfig config, WorkerConfig newConfig = {})
    {
        if (config.python.executable.isEmpty()) {
            auto python = resolvePythonInterpreter(
                qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON", QStringLiteral("python3")));
            if (!python)
                qFatal("%s", qPrintable(python.error().message));
            config.python = *python;
        }
        if (config.treeRoot.isEmpty())
            config.treeRoot = tree();
        if (newConfig.treeRoot.isEmpty())
            newConfig = config;
        newConfig.python = config.python;
        auto executor = std::make_unique<Executor>(config, newConfig);
        const Status started = executor->start();
        if (!started)
            qFatal("cannot start the executor: %s", qPrintable(started.error().message));
        qInfo().noquote() << executor->sandboxNote();
        return executor;
    }

    static WorkerConfig modeConfig(const QString &mode)
    {
        WorkerConfig config;
        config.forceDegraded = mode.startsWith(QStringLiteral("degraded"));
        if (mode == QLatin1String("degraded-abi2"))
            config.landlockAbiLimit = 2;
        if (mode == QLatin1String("degraded-unprotected")) {
            // An older kernel (no Landlock scoping) and tests that share the worker's user: no
            // protection keeps a test from killing its worker, the judge alone must cope.
            config.landlockAbiLimit = 5;
            config.unprivilegedUser = QStringLiteral("difftriage-no-such-user");
        }
        return config;
    }

    // Skips (with the reason) what this machine cannot run; the degraded modes always run.
    Executor *executorFor(const QString &mode)
    {
        if (!mode.startsWith(QStringLiteral("degraded")) && m_fullRefused) {
            QTest::qSkip(qPrintable(QStringLiteral("the kernel refuses bubblewrap: ") + m_fullNote),
                         __FILE__, __LINE__);
            return nullptr;
        }
        const auto found = m_executors.find(mode);
        if (found == m_executors.end()) {
            QTest::qSkip("only root has an interpreter the unprivileged user cannot reach",
                         __FILE__, __LINE__);
            return nullptr;
        }
        return found->second.get();
    }

    QString expand(QString code) const
    {
        return code.replace(QStringLiteral("{PORT}"), QString::number(m_listener.serverPort()))
            .replace(QStringLiteral("{TREE_FILE}"), tree() + QStringLiteral("/pkg/core.py"))
            .replace(QStringLiteral("{CANARY}"), canary())
            .replace(QStringLiteral("{HOME_X}"), m_homeCanary)
            .replace(QStringLiteral("{TMP_X}"), m_tmpCanary)
            .replace(QStringLiteral("{UNIX_PATH}"), m_pathListener.fullServerName())
            .replace(QStringLiteral("{UNIX_TMP}"), m_tmpListener.fullServerName())
            .replace(QStringLiteral("{UNIX_ABSTRACT}"), m_abstractListener.serverName())
            .replace(QStringLiteral("{SECRETS}"), m_secrets.join(QLatin1Char('|')));
    }

    bool listen(QLocalServer &server, const QString &name, QLocalServer::SocketOptions options)
    {
        server.setSocketOptions(options);
        return server.listen(name);
    }

    void listenersHeardNothing()
    {
        QVERIFY(!m_listener.waitForNewConnection(100));
        for (QLocalServer *server : {&m_pathListener, &m_tmpListener, &m_abstractListener})
            QVERIFY2(!server->waitForNewConnection(50), qPrintable(server->fullServerName()));
    }

    // The rows' baits work: unconfined, Python reaches the listeners, reads the secrets and
    // finds this test in the process list. So whatever a sandbox refuses, it refused.
    void verifyHolesAreOpenUnconfined()
    {
        QProcess python;
        python.start(qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON", QStringLiteral("python3")),
                     {QStringLiteral("-c"),
                      expand(QStringLiteral(
                          "import os, socket\n"
                          "for address in ('{UNIX_PATH}', '{UNIX_TMP}', '\\0{UNIX_ABSTRACT}'):\n"
                          "    s = socket.socket(socket.AF_UNIX)\n    s.connect(address)\n"
                          "    print('connected')\n"
                          "for path in '{SECRETS}'.split('|'):\n    print(open(path).read())\n"
                          "print(any(b'tst_sandbox' in open('/proc/%s/cmdline' % p, 'rb').read()\n"
                          "          for p in os.listdir('/proc') if p.isdigit()))\n"))});
        QVERIFY(python.waitForFinished(30000));
        const QString output = QString::fromUtf8(python.readAllStandardOutput());
        QVERIFY2(output.count(QStringLiteral("connected")) == 3 &&
                     output.count(QStringLiteral("sk-") + m_token) == 3 &&
                     output.endsWith(QStringLiteral("True\n")),
                 qPrintable(output + QString::fromUtf8(python.readAllStandardError())));
        for (QLocalServer *server : {&m_pathListener, &m_tmpListener, &m_abstractListener}) {
            QVERIFY(server->waitForNewConnection(1000));
            while (QLocalSocket *connection = server->nextPendingConnection())
                delete connection;
        }
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid() && m_outside.isValid());
        QVERIFY(writeFile(tree() + QStringLiteral("/pkg/__init__.py"), QByteArray()));
        QVERIFY(writeFile(tree() + QStringLiteral("/pkg/core.py"), Core));
        QVERIFY(writeFile(canary(), "the canary sings\n"));
        QVERIFY(QFile::setPermissions(m_outside.path(), QFileDevice::Permissions(0x7777)));
        QVERIFY(QFile::setPermissions(canary(), QFileDevice::Permissions(0x6666)));
        m_homeCanary = QDir::homePath() + QStringLiteral("/difftriage-canary-") + m_token;
        m_tmpCanary = QStringLiteral("/tmp/difftriage-canary-") + m_token;
        // An API key as a careless machine keeps it: world-readable, where a test might look.
        for (const QString &secret :
             {m_outside.filePath(QStringLiteral("api-key.txt")),
              QStringLiteral("/tmp/difftriage-key-") + m_token,
              QDir::homePath() + QStringLiteral("/.difftriage-key-") + m_token}) {
            QVERIFY(writeFile(secret, "sk-" + m_token.toLatin1() + "\n"));
            QVERIFY(QFile::setPermissions(secret, QFileDevice::Permissions(0x6444)));
            m_secrets << secret;
        }
        QVERIFY(m_listener.listen(QHostAddress::LocalHost, 0));
        QVERIFY(listen(m_pathListener, m_outside.filePath(QStringLiteral("bus-") + m_token),
                       QLocalServer::WorldAccessOption));
        QVERIFY(listen(m_tmpListener, QStringLiteral("/tmp/difftriage-bus-") + m_token,
                       QLocalServer::WorldAccessOption));
        QVERIFY(listen(m_abstractListener, QStringLiteral("difftriage-bus-") + m_token,
                       QLocalServer::AbstractNamespaceOption));
        m_outsideHash = fingerprint(m_outside.path());
        verifyHolesAreOpenUnconfined();

        m_executors["full"] = startExecutor(modeConfig(QStringLiteral("full")));
        Executor &full = *m_executors["full"];
        // No skipping for lack of bubblewrap: CI installs it (scripts/setup-debian.sh). Only a
        // kernel that refuses bubblewrap its namespaces (a chroot, a locked-down container)
        // leaves the full rows nothing to test; they are skipped with that reason.
        m_fullRefused =
            full.sandbox() != SandboxLevel::Full &&
            full.sandboxNote().contains(QStringLiteral("bubblewrap does not work here"));
        m_fullNote = full.sandboxNote();
        QVERIFY2(full.sandbox() == SandboxLevel::Full || m_fullRefused, qPrintable(m_fullNote));
        for (const char *mode : {"degraded", "degraded-abi2"}) {
            m_executors[QString::fromLatin1(mode)] =
                startExecutor(modeConfig(QString::fromLatin1(mode)));
            QCOMPARE(spelling(m_executors[QString::fromLatin1(mode)]->sandbox()),
                     QStringLiteral("degraded"));
        }
        QVERIFY(m_executors["degraded"]->sandboxNote().contains(
            QStringLiteral("Degraded sandbox (forced")));
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
            WorkerConfig config;
            config.python = *resolvePythonInterpreter(copy);
            auto executor = startExecutor(config);
            QVERIFY2(executor->sandbox() == SandboxLevel::Full || m_fullRefused,
                     qPrintable(executor->sandboxNote()));
            if (executor->sandbox() == SandboxLevel::Full)
                QVERIFY2(
                    executor->sandboxNote().contains(QStringLiteral("bubblewrap starts as root")),
                    qPrintable(executor->sandboxNote()));
            m_executors["private-interpreter"] = std::move(executor);
        }
        for (const auto &[mode, executor] : m_executors)
            m_treePaths += executor->rootPaths();
        m_treePaths.removeDuplicates();
    }

    void cleanupTestCase()
    {
        m_executors.clear();
        // Every worker and every test process went with its executor.
        QTRY_COMPARE_WITH_TIMEOUT(processesWith(m_treePaths), 0, 30000);
        QCOMPARE(fingerprint(m_outside.path()), m_outsideHash);
        for (const QString &secret : std::as_const(m_secrets))
            QFile::remove(secret);
    }

    void hostile_data()
    {
        QTest::addColumn<QString>("mode");
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
        const QStringList ok{QStringLiteral("ok")};
        const QStringList raised{QStringLiteral("raised")};
        const QStringList okOrRaised{QStringLiteral("ok"), QStringLiteral("raised")};
        const QStringList timeout{QStringLiteral("timeout")};
        const QList<Row> rows{
            {"connect to a host listener",
             "import socket\ns = socket.create_connection(('127.0.0.1', {PORT}), timeout=3)\n"
             "s.sendall(b'exfiltrated')\nprint('connected')\n",
             raised, 10, ""},
            {"connect to Unix sockets outside, by path and abstract",
             "import socket\nfor address in ('{UNIX_PATH}', '{UNIX_TMP}', '\\0{UNIX_ABSTRACT}'):\n"
             "    try:\n        s = socket.socket(socket.AF_UNIX)\n        s.settimeout(3)\n"
             "        s.connect(address)\n        s.sendall(b'exfiltrated')\n"
             "        print('connected')\n    except OSError as exc:\n"
             "        print(type(exc).__name__)\n",
             ok, 10, "^(\\w+Error\\n){3}$"},
            {"read world-readable secrets outside",
             "for path in '{SECRETS}'.split('|'):\n    try:\n        print(open(path).read())\n"
             "    except OSError as exc:\n        print(type(exc).__name__)\n",
             ok, 10, "^(\\w+Error\\n){3}$"},
            {"list the host's processes and their arguments",
             "import os\nseen = []\ntry:\n    for pid in os.listdir('/proc'):\n"
             "        if pid.isdigit():\n            try:\n"
             "                seen.append(open('/proc/%s/cmdline' % pid, 'rb').read())\n"
             "            except OSError:\n                pass\nexcept OSError as exc:\n"
             "    print(type(exc).__name__)\nprint(any(b'tst_sandbox' in line for line in seen))\n",
             ok, 10, "False\\n$"},
            {"write ~/x",
             "import os\nopen(os.path.expanduser('~/x'), 'w').write('x')\n"
             "print(os.path.exists(os.path.expanduser('~/x')))\nopen('{HOME_X}', 'w').write('x')\n",
             okOrRaised, 10, ""},
            {"write /tmp/x", "open('{TMP_X}', 'w').write('x')\n", okOrRaised, 10, ""},
            {"delete a file of the tree",
             "import os, pkg.core\nerrors = []\nfor path in (pkg.core.__file__, '{TREE_FILE}'):\n"
             "    try:\n        os.remove(path)\n    except OSError as exc:\n"
             "        errors.append(type(exc).__name__)\nprint(errors)\n",
             ok, 10, "^\\['\\w+', '\\w+'\\]\\n$"},
            {"tamper with a canary outside",
             "import os\nfor act in (lambda: open('{CANARY}', 'a').write('x'),\n"
             "            lambda: os.remove('{CANARY}')):\n    try:\n        act()\n"
             "    except OSError as exc:\n        print(type(exc).__name__)\n",
             ok, 10, "^\\w+Error\\n\\w+Error\\n$"},
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
             {QStringLiteral("crashed"), QStringLiteral("raised"), QStringLiteral("timeout")},
             3,
             ""},
            {"os._exit(3)",
             "import os\nprint('bye', flush=True)\nos._exit(3)\n",
             {QStringLiteral("exited")},
             10,
             "^bye\\n$"},
            // Not root, or (degraded, where the unprivileged user cannot reach the interpreter)
            // root without a single capability.
            {"runs unprivileged", UnprivilegedCode, ok, 10, "^True\\n$"},
            {"1 GB stdout flood",
             "import sys\nchunk = 'x' * (1 << 20)\nfor _ in range(1024):\n    "
             "sys.stdout.write(chunk)\n",
             {QStringLiteral("killed")},
             30,
             ""},
        };
        for (const char *mode : Modes)
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
        Executor *executor = executorFor(mode);
        if (!executor)
            return;
        QList<QByteArray> treesBefore;
        for (const QString &path : std::as_const(m_treePaths))
            treesBefore << fingerprint(path);
        const int processesBefore = processesWith(m_treePaths);

        TestRequest test;
        test.id = QStringLiteral("hostile");
        test.code = expand(code);
        test.timeoutSeconds = timeout;
        QElapsedTimer timer;
        timer.start();
        auto outcomes = executor->run(Side::New, {test});
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
        // No secret in anything the report could show.
        for (const QString &text : {outcome.output, outcome.errorOutput, outcome.errorMessage,
                                    outcome.traceback, outcome.valueRepr})
            QVERIFY2(!text.contains(QStringLiteral("sk-") + m_token), qPrintable(text.left(300)));

        // Contained: nothing outside the sandbox changed, no listener heard anything ...
        for (qsizetype i = 0; i < m_treePaths.size(); ++i)
            QCOMPARE(fingerprint(m_treePaths[i]), treesBefore[i]);
        QCOMPARE(fingerprint(m_outside.path()), m_outsideHash);
        QVERIFY2(!QFileInfo::exists(m_homeCanary), qPrintable(m_homeCanary));
        QVERIFY2(!QFileInfo::exists(m_tmpCanary), qPrintable(m_tmpCanary));
        listenersHeardNothing();
        // ... no process of the test outlives it, and the worker serves again (or was restarted).
        QTRY_VERIFY_WITH_TIMEOUT(processesWith(m_treePaths) <= processesBefore, 30000);
        TestRequest probe;
        probe.id = QStringLiteral("after");
        probe.code = QStringLiteral("import pkg.core\nprint(pkg.core.double(pkg.core.VALUE))\n");
        auto after = executor->run(Side::New, {probe});
        QVERIFY(after.ok());
        QCOMPARE(after->first().output, QStringLiteral("84\n"));
    }

    void prepareHasLimits_data()
    {
        QTest::addColumn<bool>("degraded");
        QTest::newRow("full") << false;
        QTest::newRow("degraded") << true;
    }
    // The prepare command runs under the same kinds of limits as a test: memory and CPU time
    // besides the wall clock.
    void prepareHasLimits()
    {
        QFETCH(bool, degraded);
        if (!degraded && m_fullRefused)
            QSKIP(qPrintable(QStringLiteral("the kernel refuses bubblewrap: ") + m_fullNote));
        QTemporaryDir tree(m_dir.filePath(QStringLiteral("prepare-XXXXXX")));
        PrepareRequest request;
        request.tree = tree.path();
        request.commitId = QStringLiteral("0123456789abcdef");
        request.sideName = QStringLiteral("new");
        auto python = resolvePythonInterpreter(
            qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON", QStringLiteral("python3")));
        QVERIFY(python);
        request.python = *python;
        request.forceDegradedSandbox = degraded;
        request.memoryMb = 256;
        request.timeoutSeconds = 30;
        const QString interpreter = QLatin1Char('\'') + python->executable + QLatin1Char('\'');
        request.command = QStringLiteral("test \"$(ulimit -t)\" = 30 || { ulimit -t; exit 5; }; "
                                         "%1 -c 'print(len(bytearray(64 << 20)))'")
                              .arg(interpreter);
        const Status small = runPrepareCommand(request);
        QVERIFY2(small.ok(), qPrintable(small ? QString() : small.error().message));
        request.command = QStringLiteral("%1 -c 'print(len(bytearray(1 << 30)))'").arg(interpreter);
        const Status large = runPrepareCommand(request);
        QVERIFY(!large.ok());
        QVERIFY2(large.error().message.contains(QStringLiteral("MemoryError")),
                 qPrintable(large.error().message));
    }

    void daemonEndsWithItsTest_data()
    {
        QTest::addColumn<QString>("mode");
        for (const char *mode : Modes)
            QTest::newRow(mode) << QString::fromLatin1(mode);
    }
    // A double-forked, setsid daemon is gone when its test's result comes back, alone and in a
    // batch (before the batch's next test runs).
    void daemonEndsWithItsTest()
    {
        QFETCH(QString, mode);
        Executor *executor = executorFor(mode);
        if (!executor)
            return;
        const QString marker =
            QStringLiteral("600.%1").arg(QRandomGenerator::global()->bounded(100000000, 999999999));
        TestRequest daemon;
        daemon.id = QStringLiteral("daemon");
        daemon.code = daemonCode(marker);
        auto alone = executor->run(Side::New, {daemon});
        QVERIFY(alone.ok());
        QCOMPARE(alone->first().output, QStringLiteral("started\n"));
        QCOMPARE(processesWith({marker}), 0); // at once: not a moment later

        TestRequest check;
        check.id = QStringLiteral("check");
        check.code = QStringLiteral("import os\npid = int(open('daemon.pid').read())\ntry:\n"
                                    "    os.kill(pid, 0)\n    print('alive')\n"
                                    "except ProcessLookupError:\n    print('gone')\n");
        auto batch = executor->runBatch(Side::New, {daemon, check});
        QVERIFY(batch.ok());
        QCOMPARE(batch->at(0).output, QStringLiteral("started\n"));
        QCOMPARE(batch->at(1).output, QStringLiteral("gone\n"));
        QCOMPARE(processesWith({marker}), 0);
    }

    void outputFloodIsOneOutcome_data() { daemonEndsWithItsTest_data(); }
    // One output limit, one outcome: a flood is killed for it alone and in a batch alike.
    void outputFloodIsOneOutcome()
    {
        QFETCH(QString, mode);
        Executor *executor = executorFor(mode);
        if (!executor)
            return;
        TestRequest flood;
        flood.id = QStringLiteral("flood");
        flood.code = QStringLiteral("import sys\nchunk = 'x' * (1 << 20)\nfor _ in range(64):\n"
                                    "    sys.stdout.write(chunk)\n");
        TestRequest before, after;
        before.id = QStringLiteral("before");
        before.code = QStringLiteral("print('before')\n");
        after.id = QStringLiteral("after");
        after.code = QStringLiteral("print('after')\n");
        auto alone = executor->run(Side::New, {flood});
        auto batch = executor->runBatch(Side::New, {before, flood, after});
        QVERIFY(alone.ok() && batch.ok());
        QCOMPARE(batch->size(), 3);
        for (const TestOutcome &outcome : {alone->first(), batch->at(1)}) {
            QCOMPARE(spelling(outcome.status), QStringLiteral("killed"));
            QCOMPARE(outcome.abortedReason, QStringLiteral("output_limit"));
            QVERIFY(outcome.truncated);
            QCOMPARE(outcome.output, QString(64 * 1024, QLatin1Char('x')));
        }
        QCOMPARE(batch->at(0).output, QStringLiteral("before\n"));
        QCOMPARE(batch->at(2).output, QStringLiteral("after\n"));
        Judge judge;
        QVERIFY(!judge.compare(alone->first(), batch->at(1))); // the same outcome
    }

    void workerKillerHidesNoDifference_data()
    {
        QTest::addColumn<QString>("mode");
        for (const char *mode : {"full", "degraded", "degraded-abi2", "degraded-unprotected"})
            QTest::newRow(mode) << QString::fromLatin1(mode);
    }
    // A PR whose one changed function kills the worker beside eight real differences: all eight
    // are found, wherever the worker can be protected and where it cannot.
    void workerKillerHidesNoDifference()
    {
        QFETCH(QString, mode);
        if (mode == QLatin1String("full") && m_fullRefused)
            QSKIP(qPrintable(QStringLiteral("the kernel refuses bubblewrap: ") + m_fullNote));
        QTemporaryDir scratch(m_dir.filePath(QStringLiteral("killer-XXXXXX")));
        const WorkerKillerProject project = writeWorkerKillerProject(scratch.path());
        WorkerConfig oldConfig = modeConfig(mode);
        oldConfig.treeRoot = project.oldTree;
        WorkerConfig newConfig = oldConfig;
        newConfig.treeRoot = project.newTree;
        auto executor = startExecutor(oldConfig, newConfig);
        TestRequest privileges;
        privileges.id = QStringLiteral("privileges");
        privileges.code = QString::fromLatin1(UnprivilegedCode);
        auto unprivileged = executor->run(Side::Old, {privileges});
        QVERIFY(unprivileged.ok());
        QCOMPARE(unprivileged->first().output, QStringLiteral("True\n"));

        AnalysisOptions options;
        Judge judge;
        judge.normalizer().addRootPaths(executor->rootPaths());
        ScriptedGenerator generator;
        generator.rounds = {project.round};
        std::atomic_bool cancel{false};
        SessionContext context;
        context.options = &options;
        context.targets = &project.targets;
        context.runner = executor.get();
        context.generator = &generator;
        context.judge = &judge;
        context.baseRequest.targets = &project.targets;
        context.cancel = &cancel;
        context.checkpointPath = scratch.filePath(QStringLiteral("checkpoint.json"));
        SearchSession session(context);
        QVERIFY(session.runRounds().ok());

        QStringList found;
        for (const FoundDifference &difference : session.differences())
            found << difference.original.code;
        for (qsizetype i = 0; i < project.differing.size(); ++i) {
            QVERIFY2(found.contains(project.differing[i]), qPrintable(project.differing[i]));
            // Their coverage too, even where their batch died and reported none.
            QCOMPARE(session.coverage().unionCoverage(project.targets.functions[i].qualname), 1.0);
        }
        const TestRecord *killer = nullptr;
        for (const TestRecord &record : session.tests())
            if (record.candidate.code == project.killer)
                killer = &record;
        QVERIFY(killer);
        qInfo().noquote() << mode << "killer:" << spelling(killer->fate)
                          << spelling(killer->newRun.status) << killer->newRun.errorType
                          << "batches run alone:" << session.batchesRunAlone();
        // Where nothing protects the worker: an older kernel's degraded sandbox, with tests
        // running as the worker's own user.
        const bool unprotected =
            executor->sandboxNote().contains(QStringLiteral("the worker included"));
        QVERIFY(unprotected || mode != QLatin1String("degraded-unprotected"));
        if (unprotected) {
            // It killed its worker: the batch died, its tests ran alone, and its own abort on
            // the new side is a difference like any other.
            QVERIFY(session.batchesRunAlone() >= 1);
            QCOMPARE(spelling(killer->fate), QStringLiteral("difference"));
            QCOMPARE(judge.compare(killer->oldRun, killer->newRun), DifferenceKind::OnlyNewAborts);
        } else {
            // The worker is out of its tests' reach: no batch died.
            QCOMPARE(session.batchesRunAlone(), 0);
            QVERIFY(killer->newRun.status != RunStatus::Crashed);
        }
    }
};

QTEST_GUILESS_MAIN(SandboxTest)
#include "tst_sandbox.moc"
