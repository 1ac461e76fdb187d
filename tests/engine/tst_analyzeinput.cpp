// `difftriage-cli analyze` on inputs that are not a plain demo PR: a change with no Python file, a
// file that does not parse on one side, and projects that need a prepare step before they import.
#include "CliRun.h"
#include "ScratchRepo.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>

using difftriage::test::CliRun;
using difftriage::test::ScratchRepo;

namespace {

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object()
                                          : QJsonObject();
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

constexpr char Core[] = "def step(x):\n    return x + 1\n";

// A package whose module imports a `_version.py` that only a build step writes (git ignores it).
constexpr char VersionedCore[] = "from ._version import version\n\n\ndef describe(count):\n"
                                 "    return '%s: %d items' % (version, count)\n";
constexpr char VersionedCoreChanged[] = "from ._version import version\n\n\ndef describe(count):\n"
                                        "    return '%s: %d item(s)' % (version, count)\n";
constexpr char ReleaseScript[] = "import no_such_build_tool\n\n\ndef bump(version):\n"
                                 "    return version + 1\n";
constexpr char ReleaseScriptChanged[] = "import no_such_build_tool\n\n\ndef bump(version):\n"
                                        "    return version + 2\n";
constexpr char WriteVersion[] = "echo \"version = '$SETUPTOOLS_SCM_PRETEND_VERSION'\" > "
                                "pkg/_version.py";

} // namespace

class AnalyzeInputTest final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    // Every analysis gets a fresh tree cache and checkpoint directory, as a new user would.
    CliRun analyze(const ScratchRepo &repo, const QString &base, const QString &head,
                   const QStringList &extra = {})
    {
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("XDG_CACHE_HOME"),
                           m_dir.filePath(QStringLiteral("cache-%1").arg(++m_runs)));
        return difftriage::test::runCli(
            QStringList{QStringLiteral("analyze"), QStringLiteral("--repo"), repo.path(),
                        QStringLiteral("--base"), base, QStringLiteral("--head"), head,
                        QStringLiteral("--python"),
                        qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON")} +
                extra,
            environment);
    }
    QString reportPath() const
    {
        return m_dir.filePath(QString::fromLatin1(QTest::currentTestFunction()) +
                              QStringLiteral(".json"));
    }

    int m_runs = 0;

    static void versionedProject(ScratchRepo &repo, QString &base, QString &head)
    {
        repo.write(QStringLiteral(".gitignore"), "pkg/_version.py\n");
        repo.write(QStringLiteral("pkg/__init__.py"), "");
        repo.write(QStringLiteral("pkg/core.py"), VersionedCore);
        base = repo.commit(QStringLiteral("versioned package"));
        repo.write(QStringLiteral("pkg/core.py"), VersionedCoreChanged);
        head = repo.commit(QStringLiteral("pluralise the count"));
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void changeWithoutPythonFiles()
    {
        ScratchRepo repo;
        repo.write(QStringLiteral("pkg/__init__.py"), "");
        repo.write(QStringLiteral("pkg/core.py"), Core);
        repo.write(QStringLiteral("README.md"), "# pkg\n");
        const QString base = repo.commit(QStringLiteral("base"));
        repo.write(QStringLiteral("README.md"), "# pkg\n\nNow documented.\n");
        const QString head = repo.commit(QStringLiteral("docs only"));
        const CliRun run = analyze(repo, base, head, {QStringLiteral("--report"), reportPath()});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("no Python file changed"), run.out.constData());
        const QJsonObject report = readJson(reportPath());
        QCOMPARE(report.value(QStringLiteral("stop_reason")).toString(),
                 QStringLiteral("nothing_to_analyse"));
        QVERIFY(report.value(QStringLiteral("differences")).toArray().isEmpty());
    }

    void syntaxErrorOnOneSide()
    {
        ScratchRepo repo;
        repo.write(QStringLiteral("pkg/__init__.py"), "");
        repo.write(QStringLiteral("pkg/core.py"), Core);
        const QString base = repo.commit(QStringLiteral("base"));
        repo.write(QStringLiteral("pkg/core.py"), "def step(x):\n    return x + 2 +\n");
        const QString head = repo.commit(QStringLiteral("half-finished edit"));
        const CliRun run = analyze(repo, base, head, {QStringLiteral("--report"), reportPath()});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("pkg/core.py cannot be analysed on the new side (line 2"),
                 run.out.constData());
        const QJsonObject report = readJson(reportPath());
        const QJsonArray broken = report.value(QStringLiteral("not_analysable"))
                                      .toObject()
                                      .value(QStringLiteral("new"))
                                      .toArray();
        QCOMPARE(broken.size(), 1);
        QCOMPARE(broken.first().toObject().value(QStringLiteral("file")).toString(),
                 QStringLiteral("pkg/core.py"));
        QCOMPARE(broken.first().toObject().value(QStringLiteral("kind")).toString(),
                 QStringLiteral("syntax_error"));
        // What a user runs into on the new side is reported too: importing it fails.
        const QJsonArray differences = report.value(QStringLiteral("differences")).toArray();
        QVERIFY(!differences.isEmpty());
        for (const QJsonValue &difference : differences)
            QCOMPARE(difference.toObject().value(QStringLiteral("kind")).toString(),
                     QStringLiteral("only_new_raises"));
    }

    // A maintainer script that needs a tool the interpreter lacks is left out, with a note;
    // the rest of the change is still analysed.
    void moduleMissingADependencyIsLeftOut()
    {
        ScratchRepo repo;
        repo.write(QStringLiteral("pkg/__init__.py"), "");
        repo.write(QStringLiteral("pkg/core.py"), Core);
        repo.write(QStringLiteral("pkg/release.py"), ReleaseScript);
        const QString base = repo.commit(QStringLiteral("base"));
        repo.write(QStringLiteral("pkg/core.py"), "def step(x):\n    return x + 2\n");
        repo.write(QStringLiteral("pkg/release.py"), ReleaseScriptChanged);
        const QString head = repo.commit(QStringLiteral("step by two, bump differently"));
        const CliRun run = analyze(repo, base, head, {QStringLiteral("--report"), reportPath()});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject report = readJson(reportPath());
        const QJsonArray notes = report.value(QStringLiteral("notes")).toArray();
        QVERIFY2(std::any_of(notes.begin(), notes.end(),
                             [](const QJsonValue &note) {
                                 return note.toString().startsWith(
                                            "pkg/release.py is not analysed: pkg.release") &&
                                        note.toString().contains("needs 'no_such_build_tool'");
                             }),
                 QJsonDocument(notes).toJson().constData());
        const QJsonArray differences = report.value(QStringLiteral("differences")).toArray();
        QVERIFY(!differences.isEmpty());
        for (const QJsonValue &difference : differences)
            QVERIFY(difference.toObject()
                        .value(QStringLiteral("target"))
                        .toString()
                        .startsWith(QStringLiteral("pkg.core")));
    }

    // An unchanged benchmark script that reads a changed constant needs a tool the interpreter
    // lacks: its functions are no targets (every test of them would fail to import alike), and
    // the note names the file once.
    void unchangedReaderMissingADependencyIsLeftOut()
    {
        ScratchRepo repo;
        const auto core = [](const char *step) {
            return QByteArray("STEP = ") + step + "\n\n\ndef step(x):\n    return x + STEP\n";
        };
        repo.write(QStringLiteral("pkg/__init__.py"), "");
        repo.write(QStringLiteral("pkg/core.py"), core("1"));
        repo.write(QStringLiteral("bench/run_bench.py"),
                   "import no_such_build_tool\n\nfrom pkg.core import STEP\n\n\n"
                   "def measure(times):\n    return STEP * times\n");
        const QString base = repo.commit(QStringLiteral("base"));
        repo.write(QStringLiteral("pkg/core.py"), core("2"));
        const QString head = repo.commit(QStringLiteral("step by two"));
        const CliRun run = analyze(repo, base, head,
                                   {QStringLiteral("--report"), reportPath(),
                                    QStringLiteral("--effort"), QStringLiteral("quick")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject report = readJson(reportPath());
        const QJsonArray notes = report.value(QStringLiteral("notes")).toArray();
        QCOMPARE(std::count_if(notes.begin(), notes.end(),
                               [](const QJsonValue &note) {
                                   return note.toString().startsWith(
                                       "bench/run_bench.py is not analysed: bench.run_bench");
                               }),
                 1);
        const QJsonArray tests = report.value(QStringLiteral("tests")).toArray();
        QVERIFY(!tests.isEmpty());
        for (const QJsonValue &test : tests)
            QVERIFY2(
                !test[QStringLiteral("target")].toString().startsWith(QStringLiteral("bench.")),
                qPrintable(test[QStringLiteral("target")].toString()));
        QVERIFY(!report.value(QStringLiteral("differences")).toArray().isEmpty());
    }

    // The changed constant lives in a module without functions; its readers are an unchanged
    // module and a script lacking a dependency. Leaving the script out keeps the constant's
    // change: the unchanged reader is still a target.
    void changedConstantsModuleOutlivesAReaderMissingADependency()
    {
        ScratchRepo repo;
        repo.write(QStringLiteral("pkg/__init__.py"), "");
        repo.write(QStringLiteral("pkg/constants.py"), "STEP = 1\n");
        repo.write(QStringLiteral("pkg/core.py"),
                   "from pkg.constants import STEP\n\n\ndef step(x):\n    return x + STEP\n");
        repo.write(QStringLiteral("bench/run_bench.py"),
                   "import no_such_build_tool\n\nfrom pkg.constants import STEP\n\n\n"
                   "def measure(times):\n    return STEP * times\n");
        const QString base = repo.commit(QStringLiteral("base"));
        repo.write(QStringLiteral("pkg/constants.py"), "STEP = 2\n");
        const QString head = repo.commit(QStringLiteral("step by two"));
        const CliRun run = analyze(repo, base, head,
                                   {QStringLiteral("--report"), reportPath(),
                                    QStringLiteral("--effort"), QStringLiteral("quick")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject report = readJson(reportPath());
        const QJsonArray differences = report.value(QStringLiteral("differences")).toArray();
        QVERIFY(!differences.isEmpty());
        for (const QJsonValue &difference : differences)
            QCOMPARE(difference[QStringLiteral("target")].toString(),
                     QStringLiteral("pkg.core.step"));
    }

    // When every changed module lacks the dependency there is nothing left: a clear error.
    void onlyChangedModuleMissingADependencyIsAnError()
    {
        ScratchRepo repo;
        repo.write(QStringLiteral("pkg/__init__.py"), "");
        repo.write(QStringLiteral("pkg/release.py"), ReleaseScript);
        const QString base = repo.commit(QStringLiteral("base"));
        repo.write(QStringLiteral("pkg/release.py"), ReleaseScriptChanged);
        const QString head = repo.commit(QStringLiteral("bump differently"));
        const CliRun run = analyze(repo, base, head);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("pkg.release (old tree) needs 'no_such_build_tool'"),
                 run.err.constData());
        QVERIFY(run.err.contains("--python"));
    }

    void generatedModuleNeedsAPrepareCommand()
    {
        ScratchRepo repo;
        QString base, head;
        versionedProject(repo, base, head);
        const CliRun run = analyze(repo, base, head);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("pkg.core imports 'pkg._version', which neither tree has"),
                 run.err.constData());
        QVERIFY(run.err.contains("--prepare"));
    }

    void prepareCommandRunsInEachFreshTree()
    {
        ScratchRepo repo;
        QString base, head;
        versionedProject(repo, base, head);
        const CliRun run = analyze(repo, base, head,
                                   {QStringLiteral("--prepare"), QString::fromLatin1(WriteVersion),
                                    QStringLiteral("--report"), reportPath()});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject report = readJson(reportPath());
        // The change's own commit messages are part of its stated intent.
        QCOMPARE(report.value(QStringLiteral("commit_messages")).toArray(),
                 QJsonArray{QStringLiteral("pluralise the count")});
        const QJsonArray differences = report.value(QStringLiteral("differences")).toArray();
        QVERIFY2(!differences.isEmpty(), run.out.constData());
        // The generated module carries the pretend version of its own commit on each side.
        const QJsonObject first = differences.first().toObject();
        const QString oldOutput = first.value(QStringLiteral("old"))
                                      .toObject()
                                      .value(QStringLiteral("output"))
                                      .toString();
        const QString newOutput = first.value(QStringLiteral("new"))
                                      .toObject()
                                      .value(QStringLiteral("output"))
                                      .toString();
        QVERIFY2(oldOutput.contains(QStringLiteral("0.0.0+g") + base.left(12)),
                 qPrintable(oldOutput));
        QVERIFY2(newOutput.contains(QStringLiteral("0.0.0+g") + head.left(12)),
                 qPrintable(newOutput));
    }

    void prepareFromTheProjectConfiguration()
    {
        ScratchRepo repo;
        QString base, head;
        repo.write(QStringLiteral(".difftriage.json"),
                   QJsonDocument(
                       QJsonObject{{QStringLiteral("prepare"), QString::fromLatin1(WriteVersion)}})
                       .toJson());
        versionedProject(repo, base, head);
        const CliRun run = analyze(repo, base, head);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(!run.out.contains("differences: 0"), run.out.constData());
    }

    void failingPrepareIsAClearError()
    {
        ScratchRepo repo;
        QString base, head;
        versionedProject(repo, base, head);
        const CliRun run = analyze(
            repo, base, head,
            {QStringLiteral("--prepare"), QStringLiteral("echo cannot find setup.cfg; exit 4")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("the prepare command `echo cannot find setup.cfg; exit 4` "
                                  "failed with exit status 4 in the old tree"),
                 run.err.constData());
        QVERIFY(run.err.contains("cannot find setup.cfg"));
    }

    void prepareIsSandboxed_data()
    {
        QTest::addColumn<bool>("degraded");
        QTest::newRow("full") << false;
        QTest::newRow("degraded") << true;
    }
    // A hostile prepare command writes to the user's repository and outside the tree: whether
    // the command then fails or not, nothing outside its tree changed.
    void prepareIsSandboxed()
    {
        QFETCH(bool, degraded);
        ScratchRepo repo;
        QString base, head;
        versionedProject(repo, base, head);
        const QByteArray before = readAll(repo.file(QStringLiteral("pkg/core.py")));
        QTemporaryDir outside;
        QVERIFY(outside.isValid());
        const QString canary = outside.filePath(QStringLiteral("canary"));
        const QString command = QStringLiteral("%1; echo spoiled > '%2'; echo x > '%3'")
                                    .arg(QString::fromLatin1(WriteVersion),
                                         repo.file(QStringLiteral("pkg/core.py")), canary);
        QStringList extra{QStringLiteral("--prepare"), command};
        if (degraded)
            extra << QStringLiteral("--degraded-sandbox");
        const CliRun run = analyze(repo, base, head, extra);
        QVERIFY2(run.exitCode == 0 || run.exitCode == 2, run.err.constData());
        QCOMPARE(readAll(repo.file(QStringLiteral("pkg/core.py"))), before);
        QVERIFY(!QFile::exists(canary));
    }
};

QTEST_GUILESS_MAIN(AnalyzeInputTest)
#include "tst_analyzeinput.moc"
