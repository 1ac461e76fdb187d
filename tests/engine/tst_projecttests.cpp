// Seeds from the project's own tests, end to end through `difftriage-cli analyze`: scratch
// repositories whose changed code is reached only through objects their own tests build (a
// user-defined subclass, a decorator registry and a unittest set-up), also when the change only
// adds lines. Each analysis runs twice, with the project_tests strategy switched off and on: the
// difference is missed without it and found with it, and the report says which project test it
// came from. One more checks the run order: the test written for the changed branch runs
// first although its class is larger than the budget; another that the statement of a long test
// nearest to added lines has its literals mutated first. Another reaches the change only through
// a data-driven test, whose recorded call into the package carries the data file's text. The
// last reaches a changed module-level pattern through the text of its shape in a test's document.
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

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object()
                                          : QJsonObject();
}

// Records dump through fields that only a subclass of Field can convert: signature-driven
// generation cannot write the subclass, the project's test does. The change drops falsy values.
constexpr char Fields[] = R"(_KINDS = {}


class Field:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        _KINDS[cls.__name__.lower()] = cls

    def convert(self, value):
        raise NotImplementedError("subclasses convert values")


class Schema:
    def __init__(self):
        self._fields = []

    def add(self, name, field):
        if type(field) is Field or not isinstance(field, Field):
            raise TypeError("a Field subclass instance is needed")
        self._fields.append((name, field))
        return self

    def dump(self, record):
        if not self._fields:
            raise ValueError("an empty schema dumps nothing")
        out = {}
        for name, field in self._fields:
            value = field.convert(record.get(name))
            out[name] = value
        return out
)";

// The first test converts; the second reaches the change too but asks for capsys, a fixture a
// snippet cannot inline: it is skipped with its reason. The third asks for a fixture the runner
// does not have: it never runs, and is listed with why.
constexpr char FieldTests[] = R"(from units.fields import Field, Schema


class Cents(Field):
    def convert(self, value):
        return round(float(value) * 100)


def test_dump_converts_each_field():
    schema = Schema().add("price", Cents()).add("tax", Cents())
    assert schema.dump({"price": "1.25", "tax": "0.10"}) == {"price": 125, "tax": 10}


def test_dump_prints_nothing(capsys):
    Schema().add("price", Cents()).dump({"price": "2"})
    assert capsys.readouterr().out == ""


def test_dump_warns_nothing(recwarn):
    Schema().add("price", Cents()).dump({"price": "3"})
    assert not recwarn.list
)";

// Jobs run only once registered through a decorator, and a queue is filled in several steps:
// the project's unittest set-up does both. The change drains the queue from the other end.
constexpr char Queue[] = R"(_REGISTRY = {}


def job(name):
    def register(func):
        _REGISTRY[name] = func
        return func
    return register


class Queue:
    def __init__(self, token):
        if token not in _REGISTRY:
            raise KeyError("register a job first")
        self._pending = []

    def push(self, name, *args):
        if name not in _REGISTRY:
            raise KeyError(name)
        self._pending.append((name, args))

    def drain(self):
        results = []
        while self._pending:
            name, args = self._pending.pop(0)
            results.append(_REGISTRY[name](*args))
        return results
)";

constexpr char QueueTests[] = R"(import unittest

from jobs.queue import Queue, job


@job("scale")
def scale(value, factor):
    return value * factor


class QueueTests(unittest.TestCase):
    def setUp(self):
        self.queue = Queue("scale")
        self.queue.push("scale", 2, 3)
        self.queue.push("scale", 5, 1)

    def test_drain_runs_in_order(self):
        self.assertEqual(self.queue.drain(), [6, 5])
)";

// Records pass a keyed checksum before their fields are split: only the records the project
// keeps in a data file get that far. Its test reads the file beside it, which no snippet can; the
// call the test makes into the package (`load(text)`) is recorded with the file's text instead.
constexpr char Records[] = R"(import zlib


def load(text):
    records = []
    for line in text.splitlines():
        total, _, payload = line.partition(":")
        if total.isdigit() and int(total) == zlib.crc32(("notes:" + payload).encode()) % 9973:
            records.append([field.strip() for field in payload.split(",")])
    return records
)";
constexpr char RecordTests[] = R"(import os

from notes.records import load

HERE = os.path.dirname(os.path.abspath(__file__))


def test_saved_records():
    with open(os.path.join(HERE, "records.txt"), encoding="utf-8") as handle:
        assert len(load(handle.read())) == 2
)";

// A plan's times lose their required seconds: only the module-level pattern changes, and the
// compiled expression built from it is what the parser reads. Only text of the pattern's shape
// inside a whole valid line reaches the difference; the project's test holds such text.
constexpr char Plans[] = R"py(import re

_TIME = r"([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])"
_ENTRY = re.compile(r"(\w+) at " + _TIME)


def parse_plan(text):
    plan = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        match = _ENTRY.fullmatch(line.strip())
        if match is None:
            raise ValueError("line %d: expected a name, 'at' and a time" % number)
        name, hours, minutes, seconds = match.groups()
        plan[name] = int(hours) * 3600 + int(minutes) * 60 + int(seconds or 0)
    return plan
)py";

constexpr char PlanTests[] = R"py(from sched.times import parse_plan


def test_plan():
    plan = parse_plan("backup at 01:30:00\nreport at 23:59:59\n")
    assert plan == {"backup": 5400, "report": 86399}
)py";

struct Change
{
    QString base;
    QString head;
};

// `package`/`module`.py and a test file committed, then `from` replaced by `to` in the module.
Change commitChange(ScratchRepo &repo, const QString &package, const QString &module,
                    const QByteArray &source, const QString &tests, const QByteArray &testText,
                    const QByteArray &from, const QByteArray &to, const QString &message)
{
    const QString path = QStringLiteral("%1/%2.py").arg(package, module);
    repo.write(package + QStringLiteral("/__init__.py"), "");
    repo.write(path, source);
    repo.write(tests, testText);
    const QString base = repo.commit(QStringLiteral("the project"));
    repo.write(path, QByteArray(source).replace(from, to));
    return {base, repo.commit(message)};
}

Change fieldsProject(ScratchRepo &repo)
{
    return commitChange(repo, QStringLiteral("units"), QStringLiteral("fields"), Fields,
                        QStringLiteral("tests/test_fields.py"), FieldTests,
                        "            out[name] = value\n",
                        "            if value:\n                out[name] = value\n",
                        QStringLiteral("leave empty values out"));
}

// The change only adds lines (a record without the field is skipped): the old version has no
// changed line, so the old body's statements stand in for reaching it.
Change addedLinesProject(ScratchRepo &repo)
{
    return commitChange(repo, QStringLiteral("units"), QStringLiteral("fields"), Fields,
                        QStringLiteral("tests/test_fields.py"), FieldTests,
                        "            value = field.convert",
                        "            if name not in record:\n"
                        "                continue\n"
                        "            value = field.convert",
                        QStringLiteral("skip fields the record lacks"));
}

Change recordsProject(ScratchRepo &repo)
{
    repo.write(QStringLiteral("tests/records.txt"), "3107:red,,blue\n6500:green\n");
    return commitChange(
        repo, QStringLiteral("notes"), QStringLiteral("records"), Records,
        QStringLiteral("tests/test_records.py"), RecordTests, "for field in payload.split(\",\")]",
        "for field in payload.split(\",\") if field.strip()]", QStringLiteral("drop empty fields"));
}

// The same loader, tested by a loop over the suite's documents: the recorded call carries the
// first document, which has no empty field; only the other document, in a folder of its own,
// shows the change.
constexpr char DocumentTests[] = R"(import pathlib

from notes.records import load

DATA = pathlib.Path(__file__).parent / "data"


def test_documents():
    for path in sorted(DATA.rglob("*.txt")):
        assert load(path.read_text(encoding="utf-8"))
)";

Change documentsProject(ScratchRepo &repo)
{
    repo.write(QStringLiteral("tests/data/a-plain.txt"), "6500:green\n");
    repo.write(QStringLiteral("tests/data/gaps/fields.txt"), "3107:red,,blue\n");
    return commitChange(repo, QStringLiteral("notes"), QStringLiteral("records"), Records,
                        QStringLiteral("tests/test_documents.py"), DocumentTests,
                        "for field in payload.split(\",\")]",
                        "for field in payload.split(\",\") if field.strip()]",
                        QStringLiteral("drop empty fields"));
}

Change plansProject(ScratchRepo &repo)
{
    return commitChange(repo, QStringLiteral("sched"), QStringLiteral("times"), Plans,
                        QStringLiteral("tests/test_times.py"), PlanTests,
                        ":([0-5][0-9]):([0-5][0-9])\"", ":([0-5][0-9])(?::([0-5][0-9]))?\"",
                        QStringLiteral("seconds are optional"));
}

Change queueProject(ScratchRepo &repo)
{
    return commitChange(repo, QStringLiteral("jobs"), QStringLiteral("queue"), Queue,
                        QStringLiteral("tests/test_queue.py"), QueueTests, "pop(0)", "pop()",
                        QStringLiteral("drain from the end"));
}

// A glob translator whose changed branch (a strict range check) only one test of a large
// unittest class reaches, the last one: the run order must reach it within the quick effort's
// project-test budget (60) although the class's 80 other tests come first in the file.
constexpr char Glob[] = R"(def translate(pattern, strict=False):
    out = ""
    for char in pattern:
        if char == "[" and strict and "]" not in pattern:
            raise ValueError("unclosed range notation in %r" % pattern)
        out += "." if char == "?" else char
    return out
)";

QByteArray globTests()
{
    QByteArray text = "import unittest\n\nfrom glob2.core import translate\n\n\n"
                      "class TranslateTests(unittest.TestCase):\n";
    for (int i = 0; i < 80; ++i)
        text += QStringLiteral("    def test_%1_plain(self):\n"
                               "        self.assertEqual(translate('a?%1'), 'a.%1')\n\n")
                    .arg(i, 2, 10, QLatin1Char('0'))
                    .toUtf8();
    text += "    def test_unclosed(self):\n"
            "        \"\"\"An unclosed range notation is refused when strict.\"\"\"\n"
            "        with self.assertRaises(ValueError):\n"
            "            translate('[ab', strict=True)\n";
    return text;
}

Change globProject(ScratchRepo &repo)
{
    return commitChange(repo, QStringLiteral("glob2"), QStringLiteral("core"), Glob,
                        QStringLiteral("tests/test_core.py"), globTests(), "raise ValueError",
                        "raise KeyError", QStringLiteral("refuse unclosed ranges with a KeyError"));
}

// The same translator, whose tests are one parametrised test of 80 cases that never reach the
// strict branch and whose name shares the changed function's, and in another file one plain test
// that reaches it: the parametrised cases would take all of the quick effort's budget (60).
Change parametrisedGlobProject(ScratchRepo &repo)
{
    repo.write(QStringLiteral("tests/test_brackets.py"),
               "import pytest\n\nfrom glob2.core import translate\n\n\n"
               "def test_square_brackets():\n"
               "    with pytest.raises(Exception):\n"
               "        translate('[ab', True)\n");
    return commitChange(repo, QStringLiteral("glob2"), QStringLiteral("core"), Glob,
                        QStringLiteral("tests/test_translate.py"),
                        "import pytest\n\nfrom glob2.core import translate\n\n\n"
                        "@pytest.mark.parametrize('n', range(80))\n"
                        "def test_translate(n):\n"
                        "    assert translate('a?%d' % n) == 'a.%d' % n\n",
                        "raise ValueError", "raise KeyError",
                        QStringLiteral("refuse unclosed ranges with a KeyError"));
}

// Headers whose Content-Length gets an added length check. The project's test holds 50 other
// headers first, so the Content-Length one stands past the sites a mutated test moves; the
// runner says that statement first ran the lines around the added check, so its literals move
// first, and a value of 21 digits shows the change.
constexpr char Headers[] = R"(import re

_DIGITS = re.compile(r"[0-9]+\Z")


class Message:
    def __init__(self):
        self._headers = []

    def add(self, name, value):
        self._headers.append((name, value))
        return self

    def headers(self):
        out = []
        for name, value in self._headers:
            name = name.lower()
            if name == "content-length":
                if not _DIGITS.match(value):
                    raise ValueError("bad Content-Length")
                out.append((name, value))
            else:
                out.append((name, value.strip()))
        return out
)";

QByteArray headerTests()
{
    QByteArray text = "from mail.message import Message\n\n\ndef test_headers():\n";
    for (int i = 0; i < 50; ++i)
        text += QStringLiteral("    assert Message().add('X-Tag-%1', ' v%1 ').headers() == "
                               "[('x-tag-%1', 'v%1')]\n")
                    .arg(i)
                    .toUtf8();
    text += "    assert Message().add('Content-Length', '1').headers() == "
            "[('content-length', '1')]\n";
    return text;
}

Change headersProject(ScratchRepo &repo)
{
    return commitChange(repo, QStringLiteral("mail"), QStringLiteral("message"), Headers,
                        QStringLiteral("tests/test_message.py"), headerTests(),
                        "                out.append((name, value))\n",
                        "                if len(value) > 20:\n"
                        "                    raise ValueError(\"too long\")\n"
                        "                out.append((name, value))\n",
                        QStringLiteral("refuse a Content-Length of more than 20 digits"));
}

QStringList originsOf(const QJsonArray &differences)
{
    QStringList origins;
    for (const QJsonValue &difference : differences)
        origins << difference.toObject()
                       .value(QStringLiteral("project_test"))
                       .toObject()
                       .value(QStringLiteral("test"))
                       .toString();
    return origins;
}

} // namespace

class ProjectTestsTest final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_runs = 0;

    // A fresh tree cache and checkpoint directory per analysis; the report goes to `report`.
    CliRun analyze(const ScratchRepo &repo, const Change &change, const QString &report,
                   bool projectTests, const QStringList &more = {})
    {
        QProcessEnvironment environment;
        environment.insert(QStringLiteral("XDG_CACHE_HOME"),
                           m_dir.filePath(QStringLiteral("cache-%1").arg(++m_runs)));
        QStringList arguments{QStringLiteral("analyze"),
                              QStringLiteral("--repo"),
                              repo.path(),
                              QStringLiteral("--base"),
                              change.base,
                              QStringLiteral("--head"),
                              change.head,
                              QStringLiteral("--python"),
                              qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON"),
                              QStringLiteral("--report"),
                              report};
        if (!projectTests)
            arguments << QStringLiteral("--disable-strategy") << QStringLiteral("project_tests");
        return difftriage::test::runCli(arguments + more, environment);
    }

    // The budget stops short of the 81 tests found, and `wanted` ran and reached the change.
    void checkBudgetReaches(const ScratchRepo &repo, const Change &change, const QString &wanted)
    {
        const QString path = m_dir.filePath(QStringLiteral("budget-%1.json").arg(m_runs));
        const CliRun run = analyze(repo, change, path, true);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject summary =
            readJson(path).value(QStringLiteral("project_tests")).toObject();
        QVERIFY(summary.value(QStringLiteral("budget_spent")).toBool());
        QCOMPARE(summary.value(QStringLiteral("tests_found")).toInt(), 81);
        QVERIFY2(summary.value(QStringLiteral("reaching")).toArray().contains(wanted),
                 run.out.constData());
    }

    // Off: nothing reaches the changed code. On: a difference from `origin`, and the summary.
    void checkAblation(const ScratchRepo &repo, const Change &change, const QString &origin)
    {
        const QString offPath = m_dir.filePath(QStringLiteral("off-%1.json").arg(m_runs));
        const CliRun off = analyze(repo, change, offPath, false);
        QVERIFY2(off.exitCode == 0, off.err.constData());
        const QJsonObject offReport = readJson(offPath);
        QVERIFY2(offReport.value(QStringLiteral("differences")).toArray().isEmpty(),
                 off.out.constData());
        QCOMPARE(offReport.value(QStringLiteral("union_coverage")).toDouble(), 0.0);
        QVERIFY(offReport.value(QStringLiteral("project_tests")).isNull());

        const QString onPath = m_dir.filePath(QStringLiteral("on-%1.json").arg(m_runs));
        const CliRun on = analyze(repo, change, onPath, true);
        QVERIFY2(on.exitCode == 0, on.err.constData());
        const QJsonObject onReport = readJson(onPath);
        const QJsonArray differences = onReport.value(QStringLiteral("differences")).toArray();
        QVERIFY2(!differences.isEmpty(), on.out.constData());
        QVERIFY2(originsOf(differences).contains(origin), on.out.constData());
        QVERIFY2(on.out.contains(QStringLiteral("from project test %1").arg(origin).toUtf8()),
                 on.out.constData());
        const QJsonObject summary = onReport.value(QStringLiteral("project_tests")).toObject();
        QVERIFY(summary.value(QStringLiteral("reaching")).toArray().contains(origin));
        QVERIFY(summary.value(QStringLiteral("converted")).toArray().contains(origin));
        m_lastSummary = summary;
    }

    QJsonObject m_lastSummary;

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // A pytest test builds a user-defined subclass; its mutated literals show the change.
    void subclassBuiltByAPytestTest()
    {
        ScratchRepo repo;
        const Change change = fieldsProject(repo);
        checkAblation(repo, change,
                      QStringLiteral("tests/test_fields.py::test_dump_converts_each_field"));
        // The capsys test reached the change too, and says why it gave no snippet; the recwarn
        // test never ran, and says why.
        QHash<QString, QString> reasons;
        for (const QJsonValue item : m_lastSummary.value(QStringLiteral("skipped")).toArray())
            reasons.insert(item[QStringLiteral("test")].toString(),
                           item[QStringLiteral("reason")].toString());
        QCOMPARE(reasons.size(), 2);
        const QString capsys =
            reasons.value(QStringLiteral("tests/test_fields.py::test_dump_prints_nothing"));
        QVERIFY2(capsys.contains(QStringLiteral("capsys")), qPrintable(capsys));
        const QString recwarn =
            reasons.value(QStringLiteral("tests/test_fields.py::test_dump_warns_nothing"));
        QVERIFY2(recwarn.startsWith(QStringLiteral("the runner cannot run it: ")) &&
                     recwarn.contains(QStringLiteral("recwarn")),
                 qPrintable(recwarn));
    }

    // A change made only of added lines is still reached by the project's test that calls it.
    void addedLinesReachedThroughAProjectTest()
    {
        ScratchRepo repo;
        const Change change = addedLinesProject(repo);
        checkAblation(repo, change,
                      QStringLiteral("tests/test_fields.py::test_dump_converts_each_field"));
    }

    // The one test that reaches the changed branch is the last of 81 in its class; its text
    // shares the changed line's rare words, so it runs although the budget stops short.
    void runOrderReachesTheTestWrittenForTheChangedBranch()
    {
        ScratchRepo repo;
        checkBudgetReaches(repo, globProject(repo),
                           QStringLiteral("tests/test_core.py::TranslateTests::test_unclosed"));
    }

    // A parametrised test's first cases run, then the other file's test, before its later
    // cases: the test that reaches the change runs although the budget stops short.
    void parametrisedCasesLeaveTheBudgetToOtherTests()
    {
        ScratchRepo repo;
        checkBudgetReaches(repo, parametrisedGlobProject(repo),
                           QStringLiteral("tests/test_brackets.py::test_square_brackets"));
    }

    // The statement of a long project test that ran the lines around an added check first has
    // its literals moved first, however far down the test it stands.
    void literalsNearestTheAddedCheckMoveFirst()
    {
        ScratchRepo repo;
        const Change change = headersProject(repo);
        const QString path = m_dir.filePath(QStringLiteral("nearest.json"));
        const CliRun run = analyze(repo, change, path, true);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonArray differences =
            readJson(path).value(QStringLiteral("differences")).toArray();
        QVERIFY2(
            originsOf(differences).contains(QStringLiteral("tests/test_message.py::test_headers")),
            run.out.constData());
    }

    // Only a data-driven test reaches the change, through documents read from its data file:
    // the call it made into the package, recorded with the document, shows the difference.
    void dataFileReachedThroughTheTestsRecordedCall()
    {
        ScratchRepo repo;
        const Change change = recordsProject(repo);
        const QString origin = QStringLiteral("tests/test_records.py::test_saved_records");
        checkAblation(repo, change, origin);
        const QString path = m_dir.filePath(QStringLiteral("on-%1.json").arg(m_runs - 1));
        bool recorded = false;
        for (const QJsonValue &difference :
             readJson(path).value(QStringLiteral("differences")).toArray())
            recorded = recorded || difference.toObject()
                                       .value(QStringLiteral("original_test_code"))
                                       .toString()
                                       .contains(QStringLiteral("result = load('3107:"));
        QVERIFY(recorded);
    }

    // A data-driven test's other document, beside the one its recorded call carries, shows
    // the change: no mutant of the first document passes the checksum with an empty field.
    void otherDocumentsOfADataDrivenTest()
    {
        ScratchRepo repo;
        const Change change = documentsProject(repo);
        const QString path = m_dir.filePath(QStringLiteral("documents.json"));
        const CliRun run = analyze(repo, change, path, true);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        bool shown = false;
        for (const QJsonValue &difference :
             readJson(path).value(QStringLiteral("differences")).toArray())
            shown = shown || difference.toObject()
                                 .value(QStringLiteral("original_test_code"))
                                 .toString()
                                 .contains(QStringLiteral("result = load('3107:red,,blue"));
        QVERIFY2(shown, run.out.constData());
    }

    // The text the old pattern matches in the test's document, replaced by one only the new
    // pattern matches, shows the change; without the regex_samples rule it is missed.
    void changedPatternRewrittenInsideTheTestsDocument()
    {
        ScratchRepo repo;
        const Change change = plansProject(repo);
        const QString offPath = m_dir.filePath(QStringLiteral("pattern-off.json"));
        const CliRun off =
            analyze(repo, change, offPath, true,
                    {QStringLiteral("--disable-strategy"), QStringLiteral("regex_samples")});
        QVERIFY2(off.exitCode == 0, off.err.constData());
        QVERIFY2(readJson(offPath).value(QStringLiteral("differences")).toArray().isEmpty(),
                 off.out.constData());

        const QString onPath = m_dir.filePath(QStringLiteral("pattern-on.json"));
        const CliRun on = analyze(repo, change, onPath, true);
        QVERIFY2(on.exitCode == 0, on.err.constData());
        const QJsonArray differences =
            readJson(onPath).value(QStringLiteral("differences")).toArray();
        QVERIFY2(originsOf(differences).contains(QStringLiteral("tests/test_times.py::test_plan")),
                 on.out.constData());
        bool rewritten = false;
        for (const QJsonValue &difference : differences)
            rewritten = rewritten || difference.toObject()
                                         .value(QStringLiteral("original_test_code"))
                                         .toString()
                                         .contains(QStringLiteral("at 00:00\\n"));
        QVERIFY2(rewritten, on.out.constData());
    }

    // A unittest set-up registers a job through a decorator and fills the queue in steps.
    void registryBuiltByAUnittestSetUp()
    {
        ScratchRepo repo;
        const Change change = queueProject(repo);
        checkAblation(repo, change,
                      QStringLiteral("tests/test_queue.py::QueueTests::test_drain_runs_in_order"));
    }
};

QTEST_GUILESS_MAIN(ProjectTestsTest)
#include "tst_projecttests.moc"
