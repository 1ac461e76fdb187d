// The project's own tests that reach the change only through the package's public API, end to
// end through `difftriage-cli analyze`. The changed writer is picked at run time from a table,
// so no call path names it and the test file names none of the changed code: it is found because
// it imports the package, run before seventy unrelated tests because its name shares words with
// the changed names, and its strings get the characters the changed code escapes spliced in.
#include "CliRun.h"
#include "ScratchRepo.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using difftriage::test::CliRun;
using difftriage::test::ScratchRepo;

namespace {

constexpr char Package[] = R"(from .writers import PlainWriter, QuotedWriter

_STYLES = {"plain": PlainWriter, "quoted": QuotedWriter}


def render(text, style="plain"):
    return _STYLES[style]().write(text)
)";

constexpr char Writers[] = R"(class Writer:
    def write(self, text):
        return " ".join(self._emit(part) for part in text.split(" "))

    def _emit(self, part):
        raise NotImplementedError


class PlainWriter(Writer):
    def _emit(self, part):
        return part


class QuotedWriter(Writer):
    def _emit(self, part):
        if "'" in part:
            part = part.replace("'", "\\'")
        return "'" + part + "'"
)";

// The fix escapes backslashes too: visible only for a text holding one, which no test has.
constexpr char OldEscape[] = "        if \"'\" in part:\n"
                             "            part = part.replace(\"'\", \"\\\\'\")\n";
constexpr char NewEscape[] = "        part = part.replace(\"\\\\\", \"\\\\\\\\\").replace(\"'\", "
                             "\"\\\\'\")\n";

// Seventy tests of the plain style first, then the one that reaches the change.
QByteArray renderTests()
{
    QByteArray text = "import textfmt\n";
    for (int i = 0; i < 70; ++i)
        text += QByteArray(
                    "\n\ndef test_plain_%1():\n    assert textfmt.render(\"a %1\") == \"a %1\"\n")
                    .replace("%1", QByteArray::number(i));
    text += "\n\nclass TestQuotedStyle:\n"
            "    def test_quotes_inside(self):\n"
            "        assert textfmt.render(\"it's\", style=\"quoted\") == \"'it\\\\'s'\"\n";
    return text;
}

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object()
                                          : QJsonObject();
}

} // namespace

class ProjectTestReachTest final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void testReachedOnlyThroughThePackage()
    {
        ScratchRepo repo;
        repo.write(QStringLiteral("textfmt/__init__.py"), Package);
        repo.write(QStringLiteral("textfmt/writers.py"), Writers);
        repo.write(QStringLiteral("tests/test_render.py"), renderTests());
        const QString base = repo.commit(QStringLiteral("plain and quoted styles"));
        QByteArray changed(Writers);
        QVERIFY(changed.contains(OldEscape));
        repo.write(QStringLiteral("textfmt/writers.py"), changed.replace(OldEscape, NewEscape));
        const QString head = repo.commit(QStringLiteral("escape backslashes in quoted parts"));

        QProcessEnvironment environment;
        environment.insert(QStringLiteral("XDG_CACHE_HOME"),
                           m_dir.filePath(QStringLiteral("cache")));
        const QString report = m_dir.filePath(QStringLiteral("report.json"));
        const CliRun run = difftriage::test::runCli(
            {QStringLiteral("analyze"), QStringLiteral("--repo"), repo.path(),
             QStringLiteral("--base"), base, QStringLiteral("--head"), head,
             QStringLiteral("--python"), qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON"),
             QStringLiteral("--report"), report},
            environment);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject document = readJson(report);
        const QString origin =
            QStringLiteral("tests/test_render.py::TestQuotedStyle::test_quotes_inside");
        const QJsonObject summary = document.value(QStringLiteral("project_tests")).toObject();
        QVERIFY2(summary.value(QStringLiteral("reaching")).toArray().contains(origin),
                 run.out.constData());
        const QJsonArray differences = document.value(QStringLiteral("differences")).toArray();
        QVERIFY2(!differences.isEmpty(), run.out.constData());
        const QJsonObject first = differences.first().toObject();
        QCOMPARE(first.value(QStringLiteral("project_test"))
                     .toObject()
                     .value(QStringLiteral("test"))
                     .toString(),
                 origin);
        QVERIFY2(
            first.value(QStringLiteral("test_code")).toString().contains(QStringLiteral("\\\\")),
            qPrintable(first.value(QStringLiteral("test_code")).toString()));
    }
};

QTEST_GUILESS_MAIN(ProjectTestReachTest)
#include "tst_projecttestreach.moc"
