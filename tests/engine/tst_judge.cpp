#include "judge/Judge.h"
#include "judge/Normalizer.h"
#include "judge/Reordering.h"
#include "pipeline/CoverageTracker.h"

#include <QtTest>

using namespace difftriage::engine;

namespace {

TestOutcome outcome(RunStatus status, const QString &output = QString(),
                    const QString &errorType = QString(), int exitCode = 0)
{
    TestOutcome result;
    result.status = status;
    result.output = output;
    result.errorType = errorType;
    result.exitCode = exitCode;
    return result;
}

TestOutcome withWarnings(TestOutcome base, const QList<WarningRecord> &warnings)
{
    base.warnings = warnings;
    return base;
}

TestOutcome withReason(TestOutcome base, const QString &reason)
{
    base.abortedReason = reason;
    return base;
}

TestOutcome withValue(TestOutcome base, const QString &value)
{
    base.valueRepr = value;
    return base;
}

TestOutcome osError(const QString &type, const QString &kind)
{
    TestOutcome result = outcome(RunStatus::Raised, {}, type);
    result.osError = kind;
    return result;
}

QString kindName(std::optional<DifferenceKind> kind)
{
    return kind ? spelling(*kind) : QStringLiteral("none");
}

const WarningRecord Deprecated{QStringLiteral("DeprecationWarning"), QStringLiteral("old api")};
const WarningRecord Mine{QStringLiteral("UserWarning"), QStringLiteral("mine")};

} // namespace

class JudgeTest final : public QObject
{
    Q_OBJECT

private slots:
    void reorderingIsACauseApart()
    {
        QVERIFY(onlyReordered(QStringLiteral("{'a': 1, 'b': 2}\n"),
                              QStringLiteral("{'b': 2, 'a': 1}\n")));
        QVERIFY(!onlyReordered(QStringLiteral("{'a': 1}\n"), QStringLiteral("{'a': 1}\n")));
        QVERIFY(!onlyReordered(QStringLiteral("{'a': 1}\n"), QStringLiteral("{'a': 2}\n")));
        QVERIFY(!onlyReordered(QStringLiteral("ab"), QStringLiteral("abb")));
    }

    void definitionTwo_data()
    {
        QTest::addColumn<TestOutcome>("old");
        QTest::addColumn<TestOutcome>("newer");
        QTest::addColumn<QString>("expected"); // empty: no difference

        const auto ok = [](const QString &out) { return outcome(RunStatus::Ok, out); };
        const auto raised = [](const QString &type) {
            return outcome(RunStatus::Raised, {}, type);
        };
        const auto exited = [](int code) { return outcome(RunStatus::Exited, {}, {}, code); };
        QTest::newRow("same output") << ok("6\n") << ok("6\n") << QString();
        QTest::newRow("different output") << ok("6\n") << ok("7\n") << "different_output";
        QTest::newRow("address only") << ok("<a.B object at 0x7f3a2b1c4d50>\n")
                                      << ok("<a.B object at 0x7f99aa001122>\n") << QString();
        QTest::newRow("final value differs")
            << withValue(ok("x\n"), "[1, 2]") << withValue(ok("x\n"), "[1, 2, 3]")
            << "different_output";
        QTest::newRow("same exception type")
            << raised("ValueError") << raised("ValueError") << QString();
        QTest::newRow("different exception types")
            << raised("ValueError") << raised("TypeError") << "different_exception";
        QTest::newRow("only old raises") << raised("KeyError") << ok("1\n") << "only_old_raises";
        QTest::newRow("only new raises") << ok("1\n") << raised("KeyError") << "only_new_raises";
        QTest::newRow("raise vs exit") << exited(2) << raised("OSError") << "only_new_raises";
        QTest::newRow("only old times out")
            << outcome(RunStatus::Timeout) << ok("1\n") << "only_old_aborts";
        QTest::newRow("only new crashes")
            << ok("1\n") << outcome(RunStatus::Crashed) << "only_new_aborts";
        QTest::newRow("only new killed for output")
            << ok("1\n") << withReason(outcome(RunStatus::Killed), "output_limit")
            << "only_new_aborts";
        QTest::newRow("memory limit is an abort")
            << withReason(raised("MemoryError"), "memory") << ok("1\n") << "only_old_aborts";
        QTest::newRow("both abort, differently")
            << outcome(RunStatus::Timeout) << outcome(RunStatus::Crashed) << QString();
        QTest::newRow("same exit code") << exited(3) << exited(3) << QString();
        QTest::newRow("different exit codes") << exited(3) << exited(4) << "different_output";
        QTest::newRow("exit 0 vs normal end") << exited(0) << ok(QString()) << "different_output";
        QTest::newRow("different warnings")
            << withWarnings(ok("1\n"), {Deprecated}) << withWarnings(ok("1\n"), {Mine})
            << "different_warnings";
        QTest::newRow("warnings in another order")
            << withWarnings(ok("1\n"), {Deprecated, Mine})
            << withWarnings(ok("1\n"), {Mine, Deprecated}) << QString();
        QTest::newRow("new warning on the same exception")
            << raised("ValueError") << withWarnings(raised("ValueError"), {Deprecated})
            << "different_warnings";
        // The sandbox refused a read the other side's OS call failed differently on: outside it,
        // both would have met the system's answer. Against anything else it still counts.
        const TestOutcome refused = osError(QStringLiteral("PermissionError"), "sandbox");
        QTest::newRow("sandbox refusal against an OS error")
            << osError(QStringLiteral("IsADirectoryError"), "system") << refused << QString();
        QTest::newRow("sandbox refusal against another exception")
            << raised("ValueError") << refused << "different_exception";
        QTest::newRow("sandbox refusal against a normal end")
            << refused << ok("1\n") << "only_old_raises";
        QTest::newRow("real permission error against an OS error")
            << osError(QStringLiteral("IsADirectoryError"), "system")
            << osError(QStringLiteral("PermissionError"), "system") << "different_exception";
        QTest::newRow("output wins over warnings")
            << withWarnings(ok("1\n"), {Deprecated}) << ok("2\n") << "different_output";
    }

    void definitionTwo()
    {
        QFETCH(TestOutcome, old);
        QFETCH(TestOutcome, newer);
        QFETCH(QString, expected);
        const std::optional<DifferenceKind> kind = judge(old, newer, Normalizer());
        QCOMPARE(kind ? spelling(*kind) : QString(), expected);
        // The spelling round-trips, so reports and the CLI can read what the judge writes.
        if (kind)
            QCOMPARE(kindName(fromSpelling<DifferenceKind>(expected)), kindName(kind));
    }

    void apiChange()
    {
        Judge judgeWithAccess;
        judgeWithAccess.setOneSidedNames({QStringLiteral("pkg.mod.legacy")},
                                         {QStringLiteral("pkg.mod.fresh")});
        TestOutcome ok = outcome(RunStatus::Ok, QStringLiteral("1\n"));
        TestOutcome missingOnOld = outcome(RunStatus::Raised, {}, QStringLiteral("ImportError"));
        missingOnOld.errorMessage =
            QStringLiteral("cannot import name 'fresh' from 'pkg.mod' (<tree>/pkg/mod.py)");
        QCOMPARE(kindName(judgeWithAccess.compare(missingOnOld, ok)),
                 kindName(DifferenceKind::ApiChange));
        TestOutcome missingOnNew = outcome(RunStatus::Raised, {}, QStringLiteral("AttributeError"));
        missingOnNew.errorMessage = QStringLiteral("module 'pkg.mod' has no attribute 'legacy'");
        QCOMPARE(kindName(judgeWithAccess.compare(ok, missingOnNew)),
                 kindName(DifferenceKind::ApiChange));
        // An unrelated AttributeError stays what it is.
        missingOnNew.errorMessage = QStringLiteral("'NoneType' object has no attribute 'legacy'");
        QCOMPARE(kindName(judgeWithAccess.compare(ok, missingOnNew)),
                 kindName(DifferenceKind::OnlyNewRaises));
    }

    void normalization_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QStringList>("roots");
        QTest::addColumn<QString>("expected");
        const QStringList noRoots;
        const QStringList roots{QStringLiteral("/tmp/dt-old"), QStringLiteral("/tmp/dt-new/")};
        QTest::newRow("default repr")
            << "<pkg.Thing object at 0x7f3a2b1c4d50>" << noRoots << "<pkg.Thing object at 0x?>";
        QTest::newRow("bare address")
            << "buffer 0x55d0c0ffee00 ready" << noRoots << "buffer 0x? ready";
        QTest::newRow("clock readings")
            << "('start_time', 1796620860.5399296), ns=1796620860539929600" << noRoots
            << "('start_time', <clock>), ns=<clock>";
        QTest::newRow("numbers that are no clock reading stay")
            << "1234567890 1796620860.53 3245.123456 12345678901.123" << noRoots
            << "1234567890 1796620860.53 3245.123456 12345678901.123";
        QTest::newRow("small hex is a value")
            << "hex 0xff and 0x1234" << noRoots << "hex 0xff and 0x1234";
        QTest::newRow("old root") << "File \"/tmp/dt-old/pkg/mod.py\", line 3" << roots
                                  << "File \"<tree>/pkg/mod.py\", line 3";
        QTest::newRow("new root without slash") << "cwd=/tmp/dt-new" << roots << "cwd=<tree>";
        QTest::newRow("root as a prefix of another name")
            << "/tmp/dt-old2/x and /tmp/dt-old.bak" << roots
            << "/tmp/dt-old2/x and /tmp/dt-old.bak";
        QTest::newRow("tempfile name")
            << "wrote /tmp/tmpab_3x9qz/out.txt" << noRoots << "wrote /tmp/tmpXXXXXXXX/out.txt";
        QTest::newRow("worker run dir")
            << "/tmp/difftriage-worker-0123456789ab/run/f.txt" << noRoots << "<tmp>/f.txt";
        QTest::newRow("deprecation warning lines")
            << "x.py:3: DeprecationWarning: old\n  warnings.warn('old')\nresult\n"
            << noRoots << "result\n";
        QTest::newRow("coverage warnings")
            << "ok\nCoverageWarning: No data was collected.\nCoverage.py warning: Module x was "
               "never imported.\ndone\n"
            << noRoots << "ok\ndone\n";
        QTest::newRow("other warnings stay") << "x.py:3: UserWarning: keep me\n"
                                             << noRoots << "x.py:3: UserWarning: keep me\n";
    }

    void normalization()
    {
        QFETCH(QString, input);
        QFETCH(QStringList, roots);
        QFETCH(QString, expected);
        Normalizer normalizer;
        normalizer.addRootPaths(roots);
        QCOMPARE(normalizer.normalize(input), expected);
    }

    void extraPatterns()
    {
        Normalizer normalizer;
        QVERIFY(normalizer.addPattern(QStringLiteral("\\d{4}-\\d{2}-\\d{2}")).ok());
        QCOMPARE(normalizer.normalize(QStringLiteral("built 2024-05-01\n")),
                 QStringLiteral("built <normalized>\n"));
        const Status bad = normalizer.addPatterns({QStringLiteral("(unclosed")});
        QVERIFY(!bad.ok());
        QVERIFY(bad.error().message.contains(QStringLiteral("(unclosed")));
        // With the pattern, two runs on different days agree; without it they would not.
        const TestOutcome monday = outcome(RunStatus::Ok, QStringLiteral("built 2024-05-01\n"));
        const TestOutcome tuesday = outcome(RunStatus::Ok, QStringLiteral("built 2024-05-02\n"));
        QCOMPARE(kindName(judge(monday, tuesday, normalizer)), QStringLiteral("none"));
        QCOMPARE(kindName(judge(monday, tuesday, Normalizer())),
                 kindName(DifferenceKind::DifferentOutput));
    }

    void flakyRunsAreDiscarded()
    {
        const Judge judgeRuns;
        const auto ok = [](const QString &out) { return outcome(RunStatus::Ok, out); };
        // Stable and different: reported.
        Judgement stable = judgeRuns.judgeRuns({ok("1\n"), ok("1\n"), ok("1\n")},
                                               {ok("2\n"), ok("2\n"), ok("2\n")});
        QVERIFY(!stable.flaky);
        QCOMPARE(kindName(stable.kind), kindName(DifferenceKind::DifferentOutput));
        // One old rerun disagrees with the first old run: flaky, no kind.
        Judgement flaky = judgeRuns.judgeRuns({ok("1\n"), ok("1\n"), ok("9\n")},
                                              {ok("2\n"), ok("2\n"), ok("2\n")});
        QVERIFY(flaky.flaky);
        QVERIFY(!flaky.kind);
        QVERIFY(flaky.flakyReason.contains(QStringLiteral("old run 3")));
        // Only the old version raises, every run; the new version's output varies (a set's
        // order under another hash seed): Definition 2 looks only at how they ended, so the
        // difference stands ...
        Judgement ending = judgeRuns.judgeRuns(
            {outcome(RunStatus::Raised, QString(), QStringLiteral("AttributeError")),
             outcome(RunStatus::Raised, QString(), QStringLiteral("AttributeError"))},
            {ok("{'a', 'b'}\n"), ok("{'b', 'a'}\n")});
        QVERIFY2(!ending.flaky, qPrintable(ending.flakyReason));
        QCOMPARE(kindName(ending.kind), kindName(DifferenceKind::OnlyOldRaises));
        // ... but not when the raising side changes its exception type between runs.
        Judgement types = judgeRuns.judgeRuns(
            {outcome(RunStatus::Raised, QString(), QStringLiteral("AttributeError")),
             outcome(RunStatus::Raised, QString(), QStringLiteral("KeyError"))},
            {ok("1\n"), ok("1\n")});
        QVERIFY(types.flaky);
        // A crash in the first new run only, not reproduced: flaky, never a difference.
        Judgement crashOnce =
            judgeRuns.judgeRuns({ok("1\n"), ok("1\n")}, {outcome(RunStatus::Crashed), ok("1\n")});
        QVERIFY(crashOnce.flaky);
        QVERIFY(!crashOnce.kind);
        // A time-out every rerun reproduces is an abort difference ...
        Judgement hangs =
            judgeRuns.judgeRuns({ok("1\n"), ok("1\n"), ok("1\n")},
                                {outcome(RunStatus::Timeout), outcome(RunStatus::Timeout),
                                 outcome(RunStatus::Crashed)});
        QCOMPARE(kindName(hangs.kind), kindName(DifferenceKind::OnlyNewAborts));
        // ... but a single run cannot confirm it.
        Judgement single = judgeRuns.judgeRuns({ok("1\n")}, {outcome(RunStatus::Timeout)});
        QVERIFY(single.unconfirmed);
        QVERIFY(!single.kind);
    }

    // Definition 3 as the analysis counts it: changed executable lines of both sides, per change
    // and per changed function, with the tests that reached each.
    void unionCoverage()
    {
        Targets targets;
        targets.raw = {{"changed_lines", nlohmann::json::array()}};
        const auto changed = [&](const char *side, const char *file, int statement) {
            targets.raw["changed_lines"].push_back(
                {{"side", side}, {"file", file}, {"statement", statement}});
        };
        for (int line : {1, 2, 3})
            changed("old", "a.py", line);
        for (int line : {2, 3, 4, 5})
            changed("new", "a.py", line);
        changed("new", "b.py", 10); // module level: counts for the change only
        ChangedFunction f;
        f.qualname = QStringLiteral("pkg.f");
        f.oldFile = f.newFile = QStringLiteral("a.py");
        f.oldLines = {1, 2};
        f.newLines = {3, 4, 5};
        ChangedFunction g; // no executable changed line
        g.qualname = QStringLiteral("pkg.g");
        g.oldFile = QStringLiteral("a.py");
        targets.functions = {f, g};

        CoverageTracker coverage(targets);
        QCOMPARE(coverage.unionCoverage(), 0.0);
        // 9 is not a changed line; c.py is not a changed file.
        QCOMPARE(
            coverage.record(QStringLiteral("t1"), Side::Old, {{QStringLiteral("a.py"), {1, 9}}}),
            1);
        QCOMPARE(coverage.record(QStringLiteral("t1"), Side::New,
                                 {{QStringLiteral("a.py"), {4}}, {QStringLiteral("c.py"), {1}}}),
                 1);
        QCOMPARE(
            coverage.record(QStringLiteral("t2"), Side::New, {{QStringLiteral("a.py"), {4, 5}}}),
            1); // 4 was reached already
        QCOMPARE(coverage.coveredCount(), 3);
        QCOMPARE(coverage.unionCoverage(), 3.0 / 8.0);
        QCOMPARE(coverage.hitBy(Side::New, QStringLiteral("a.py"), 4),
                 QStringList({QStringLiteral("t1"), QStringLiteral("t2")}));
        QVERIFY(coverage.hitBy(Side::Old, QStringLiteral("a.py"), 9).isEmpty());
        QCOMPARE(coverage.unionCoverage(QStringLiteral("pkg.f")), 3.0 / 5.0); // old 1; new 4, 5
        QCOMPARE(coverage.uncovered(QStringLiteral("pkg.f"), Side::New), QList<int>({3}));
        QCOMPARE(coverage.uncovered(QStringLiteral("pkg.f"), Side::Old), QList<int>({2}));
        QCOMPARE(coverage.requested(Side::New).value(QStringLiteral("b.py")), QList<int>({10}));
        // Outside every changed function: the module runs it at import.
        QVERIFY(coverage.atImport(Side::New, QStringLiteral("b.py"), 10));
        QVERIFY(coverage.atImport(Side::Old, QStringLiteral("a.py"), 3));
        QVERIFY(!coverage.atImport(Side::New, QStringLiteral("a.py"), 4));
        QVERIFY(!coverage.atImport(Side::New, QStringLiteral("a.py"), 9)); // no changed line
        // A function without executable changed lines counts as covered (Definition 3).
        QCOMPARE(coverage.unionCoverage(QStringLiteral("pkg.g")), 1.0);
        QCOMPARE(CoverageTracker(Targets()).unionCoverage(), 1.0);
    }
};

QTEST_GUILESS_MAIN(JudgeTest)
#include "tst_judge.moc"
