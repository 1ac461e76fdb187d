// The project's own tests that reach the change only through the package's public API, end to
// end through `difftriage-cli analyze`. The changed writer is private and picked at run time from
// a table, so no call path enters on it (the base class's `write` raises NotImplementedError) and
// the test file names none of the changed code: it is found because
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

constexpr char Package[] = R"(from .writers import PlainWriter, _QuotedWriter

_STYLES = {"plain": PlainWriter, "quoted": _QuotedWriter}


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


class _QuotedWriter(Writer):
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

// Seventy tests name the changed function but stop at its guard; the one marked to fail, last in
// the file, is the one that runs the changed line.
constexpr char Clock[] = R"(def parse_time(text):
    if not text:
        raise ValueError("empty")
    hours, _, minutes = text.partition(":")
    return int(hours), int(minutes or 0)
)";

QByteArray clockTests()
{
    QByteArray text = "import pytest\n\nfrom clock import parse_time\n";
    for (int i = 0; i < 70; ++i)
        text += QByteArray("\n\ndef test_empty_%1():\n    with pytest.raises(ValueError):\n"
                           "        parse_time(\"\")\n")
                    .replace("%1", QByteArray::number(i));
    text += "\n\n@pytest.mark.xfail(reason=\"seconds are not read yet\")\n"
            "def test_seconds():\n"
            "    assert parse_time(\"1:02:03\") == (1, 2, 3)\n";
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
    QByteArray m_out; // the last analysis's text output, for failure messages

    QJsonObject analyze(const ScratchRepo &repo, const QString &base, const QString &head,
                        const QString &name)
    {
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("XDG_CACHE_HOME"), m_dir.filePath(name + ".cache"));
        const QString report = m_dir.filePath(name);
        const CliRun run = difftriage::test::runCli(
            {QStringLiteral("analyze"), QStringLiteral("--repo"), repo.path(),
             QStringLiteral("--base"), base, QStringLiteral("--head"), head,
             QStringLiteral("--python"), qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON"),
             QStringLiteral("--report"), report},
            environment);
        m_out = run.out + run.err;
        return run.exitCode == 0 ? readJson(report) : QJsonObject();
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // The test marked to fail runs before seventy others that name the changed code.
    void testMarkedToFailRunsFirst()
    {
        ScratchRepo repo;
        repo.write(QStringLiteral("clock/__init__.py"), Clock);
        repo.write(QStringLiteral("tests/test_clock.py"), clockTests());
        const QString base = repo.commit(QStringLiteral("parse hours and minutes"));
        repo.write(QStringLiteral("clock/__init__.py"),
                   QByteArray(Clock).replace("hours, _, minutes = text.partition(\":\")",
                                             "hours, minutes = text.split(\":\")"));
        const QString head = repo.commit(QStringLiteral("reject seconds"));
        const QJsonObject document = analyze(repo, base, head, QStringLiteral("clock.json"));
        const QJsonArray reaching = document.value(QStringLiteral("project_tests"))
                                        .toObject()
                                        .value(QStringLiteral("reaching"))
                                        .toArray();
        QVERIFY2(reaching.contains(QStringLiteral("tests/test_clock.py::test_seconds")),
                 m_out.constData());
    }

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

        const QJsonObject document = analyze(repo, base, head, QStringLiteral("render.json"));
        const QString origin =
            QStringLiteral("tests/test_render.py::TestQuotedStyle::test_quotes_inside");
        const QJsonObject summary = document.value(QStringLiteral("project_tests")).toObject();
        QVERIFY2(summary.value(QStringLiteral("reaching")).toArray().contains(origin),
                 m_out.constData());
        const QJsonArray differences = document.value(QStringLiteral("differences")).toArray();
        QVERIFY2(!differences.isEmpty(), m_out.constData());
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
