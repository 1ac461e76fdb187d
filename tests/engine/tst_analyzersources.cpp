// The targets cache is keyed by analyzerFingerprint(), a hash of analyzerSources(): every shipped
// helper file analyze.py imports must be among them, or an edit to it would leave stale answers.
// Each row runs analyze.py in one mode under the test interpreter and lists the modules it loaded
// from the helper directory.
#include "core/DataPaths.h"
#include "core/PythonInterpreter.h"
#include "targets/TargetAnalysis.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace difftriage::engine;

namespace {

// argv: HELPERS ANALYZE_ARGUMENTS...; prints analyze.py's exit status, then one loaded helper
// file per line.
constexpr const char *LoadedFiles = R"PY(
import contextlib, io, os, runpy, sys
helpers = os.path.realpath(sys.argv[1])
script = os.path.join(helpers, "analyze.py")
sys.argv = [script] + sys.argv[2:]
status = None
with contextlib.redirect_stdout(io.TextIOWrapper(io.BytesIO(), encoding="utf-8")):
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as stop:
        status = stop.code
files = {script}
for module in list(sys.modules.values()):
    path = getattr(module, "__file__", None)
    if path and os.path.realpath(path).startswith(helpers + os.sep):
        files.add(os.path.realpath(path))
print(status)
print("\n".join(sorted(files)))
)PY";

void write(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

} // namespace

class AnalyzerSourcesTest final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString requested = qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON");
        QVERIFY2(!requested.isEmpty(), "DIFFTRIAGE_TEST_PYTHON is not set");
        auto python = resolvePythonInterpreter(requested);
        QVERIFY2(python.ok(), python.ok() ? "" : qPrintable(python.error().message));
        m_python = *python;
        write(m_dir.filePath(QStringLiteral("tree/pkg/__init__.py")),
              "from .core import Meter, scale\n");
        write(
            m_dir.filePath(QStringLiteral("tree/pkg/core.py")),
            "class Meter:\n    def add(self, n):\n        return _clamp(n)\n\n\n"
            "def _clamp(n):\n    return max(n, 0)\n\n\ndef scale(x):\n    return Meter().add(x)\n");
        write(m_dir.filePath(QStringLiteral("changes.json")),
              R"({"files": [{"old_path": "pkg/core.py", "new_path": "pkg/core.py",)"
              R"( "old_lines": [7], "new_lines": [7]}]})");
    }

    void sourcesAreTheShippedAnalyzer()
    {
        const QStringList sources = analyzerSources();
        const QString root = dataDirectory() + QStringLiteral("/python/");
        for (const QString &file :
             {QStringLiteral("analyze.py"), QStringLiteral("executable_lines.py"),
              QStringLiteral("pyanalysis/index.py"), QStringLiteral("pymodel/resolve.py")})
            QVERIFY2(sources.contains(root + file), qPrintable(file));
        for (const QString &path : sources)
            QVERIFY2(QFileInfo::exists(path), qPrintable(path));
    }

    void everyLoadedHelperIsASource_data()
    {
        const QString tree = m_dir.filePath(QStringLiteral("tree"));
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("index") << QStringList{QStringLiteral("index"), QStringLiteral("--root"),
                                              tree};
        QTest::newRow("targets") << QStringList{QStringLiteral("targets"),
                                                QStringLiteral("--old-root"),
                                                tree,
                                                QStringLiteral("--new-root"),
                                                tree,
                                                QStringLiteral("--changes"),
                                                m_dir.filePath(QStringLiteral("changes.json"))};
    }
    void everyLoadedHelperIsASource()
    {
        QFETCH(QStringList, arguments);
        QProcess process;
        process.start(m_python.executable,
                      QStringList{QStringLiteral("-I"), QStringLiteral("-B"), QStringLiteral("-c"),
                                  QString::fromUtf8(LoadedFiles),
                                  dataDirectory() + QStringLiteral("/python")} +
                          arguments);
        QVERIFY(process.waitForFinished(120000));
        QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
        QStringList loaded = QString::fromUtf8(process.readAllStandardOutput())
                                 .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY(!loaded.isEmpty());
        QCOMPARE(loaded.takeFirst(), QStringLiteral("0"));
        QStringList sources;
        for (const QString &path : analyzerSources())
            sources << QFileInfo(path).canonicalFilePath();
        QStringList missing;
        for (const QString &path : loaded)
            if (!sources.contains(path))
                missing << path;
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char(' '))));
        // The probe saw the analysis itself, not only the script.
        QVERIFY(loaded.size() > 10);
    }

private:
    QTemporaryDir m_dir;
    PythonInterpreter m_python;
};

QTEST_GUILESS_MAIN(AnalyzerSourcesTest)
#include "tst_analyzersources.moc"
