// SearchSession's decisions with a scripted runner and generator: no Python, no git, no workers.
#include "ScriptedSearch.h"
#include "judge/Judge.h"
#include "pipeline/SearchSession.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>
#include <memory>

using namespace difftriage::engine;
using namespace difftriage::engine::test;

namespace {

// One changed function whose lines 10..13 changed on both sides.
Targets oneChangedFunction()
{
    ChangedFunction function;
    function.qualname = QStringLiteral("pkg.mod.f");
    function.oldFile = function.newFile = QStringLiteral("pkg/mod.py");
    function.oldLines = function.newLines = {10, 11, 12, 13};
    Targets targets;
    targets.functions << function;
    return targets;
}

// Everything a session needs, scripted.
struct Search
{
    Targets targets = oneChangedFunction();
    AnalysisOptions options;
    Judge judge;
    ScriptedRunner runner;
    ScriptedGenerator generator;
    std::atomic_bool cancel{false};
    QTemporaryDir checkpoints;
    std::unique_ptr<SearchSession> session;

    SearchSession &start()
    {
        SessionContext context;
        context.options = &options;
        context.targets = &targets;
        context.runner = &runner;
        context.generator = &generator;
        context.judge = &judge;
        context.baseRequest.targets = &targets;
        context.cancel = &cancel;
        context.checkpointPath = checkpoints.filePath(QStringLiteral("checkpoint.json"));
        context.checkpointKey = QStringLiteral("test");
        session = std::make_unique<SearchSession>(context);
        return *session;
    }

    // One round of `codes`, then nothing new: the rounds end with no_gain.
    SearchSession &runOneRound(const QStringList &codes)
    {
        QList<Candidate> round;
        for (const QString &code : codes)
            round << candidate(code);
        return runOneRound(round);
    }

    SearchSession &runOneRound(const QList<Candidate> &round)
    {
        generator.rounds = {round};
        SearchSession &search = start();
        const Status ran = search.runRounds();
        if (!ran)
            qFatal("runRounds failed: %s", qPrintable(ran.error().message));
        return search;
    }

    const TestRecord *record(const QString &code) const
    {
        for (const TestRecord &test : session->tests())
            if (test.candidate.code == code)
                return &test;
        return nullptr;
    }

    QString fate(const QString &code) const
    {
        const TestRecord *test = record(code);
        return test ? spelling(test->fate) : QStringLiteral("<not run>");
    }
};

} // namespace

class SearchSessionTest : public QObject
{
    Q_OBJECT

private slots:
    void confirmedDifferenceIsReported()
    {
        Search search;
        search.runner.script(QStringLiteral("t1"),
                             differs(QStringLiteral("1"), QStringLiteral("2")));
        const SearchSession &session = search.runOneRound({QStringLiteral("t1")});
        QCOMPARE(session.differences().size(), 1);
        QCOMPARE(spelling(session.differences().first().kind), QStringLiteral("different_output"));
        QCOMPARE(session.differences().first().testId, testIdFor(QStringLiteral("t1")));
        QCOMPARE(search.fate(QStringLiteral("t1")), QStringLiteral("difference"));
        QCOMPARE(session.flakyDiscarded(), 0);
        // Seen in a batch, then alone, then in each rerun on both sides.
        for (const Side side : {Side::Old, Side::New}) {
            QCOMPARE(search.runner.runs(QStringLiteral("t1"), side, ScriptedRunner::Batch), 1);
            for (int rerun = 0; rerun <= search.options.choices.reruns; ++rerun)
                QCOMPARE(search.runner.runs(QStringLiteral("t1"), side, rerun), 1);
        }
    }

    void sameBehaviourIsNoDifference()
    {
        Search search;
        search.runner.script(QStringLiteral("t1"), alike(QStringLiteral("1")));
        const SearchSession &session = search.runOneRound({QStringLiteral("t1")});
        QVERIFY(session.differences().isEmpty());
        QCOMPARE(search.fate(QStringLiteral("t1")), QStringLiteral("same"));
        QCOMPARE(search.runner.runs(QStringLiteral("t1"), Side::Old, 0), 0); // never confirmed
    }

    void disagreeingRerunMakesTheTestFlaky_data()
    {
        QTest::addColumn<Side>("side");
        QTest::addColumn<int>("rerun");
        QTest::newRow("old, first rerun") << Side::Old << 1;
        QTest::newRow("new, last rerun") << Side::New << 2;
    }
    void disagreeingRerunMakesTheTestFlaky()
    {
        QFETCH(Side, side);
        QFETCH(int, rerun);
        Search search;
        search.runner.script(QStringLiteral("t1"), differsUntilRerun(side, rerun));
        const SearchSession &session = search.runOneRound({QStringLiteral("t1")});
        QVERIFY(session.differences().isEmpty());
        QCOMPARE(session.flakyDiscarded(), 1);
        QCOMPARE(search.fate(QStringLiteral("t1")), QStringLiteral("flaky"));
    }

    void differenceOnlyInABatchIsDropped()
    {
        Search search;
        search.runner.script(QStringLiteral("t1"), differsInBatchOnly());
        const SearchSession &session = search.runOneRound({QStringLiteral("t1")});
        QVERIFY(session.differences().isEmpty());
        QCOMPARE(session.batchOnlyDiscarded(), 1);
        QCOMPARE(session.flakyDiscarded(), 0);
        QCOMPARE(search.fate(QStringLiteral("t1")), QStringLiteral("same"));
        QCOMPARE(search.runner.runs(QStringLiteral("t1"), Side::Old, 0), 1); // run alone once
        QCOMPARE(search.runner.runs(QStringLiteral("t1"), Side::Old, 1), 0); // no reruns
    }

    // A test that kills its worker takes its whole batch with it on that side. Every test of
    // that batch then runs alone, and each one's fate follows its alone run: the other changed
    // functions' differences are all found, and so is the killer's abort.
    void aWorkerKillerHidesNoOtherDifference_data()
    {
        QTest::addColumn<Side>("side");
        QTest::newRow("killed on the old side") << Side::Old;
        QTest::newRow("killed on the new side") << Side::New;
    }
    void aWorkerKillerHidesNoOtherDifference()
    {
        QFETCH(Side, side);
        Search search;
        QList<Candidate> round;
        QStringList differing;
        for (int i = 1; i <= 8; ++i) {
            differing << QStringLiteral("difference %1").arg(i);
            search.runner.script(differing.last(),
                                 differs(QStringLiteral("old %1").arg(i),
                                         QStringLiteral("new %1").arg(i), {9 + (i + 1) / 2}));
            round << candidate(differing.last(), QStringLiteral("pkg.mod.f%1").arg(i));
        }
        for (int i = 1; i <= 4; ++i) {
            search.runner.script(QStringLiteral("same %1").arg(i), alike(QStringLiteral("1")));
            round << candidate(QStringLiteral("same %1").arg(i));
        }
        search.runner.script(QStringLiteral("killer"), killsItsWorker(side));
        round.insert(3, candidate(QStringLiteral("killer"), QStringLiteral("pkg.mod.kill")));
        const SearchSession &session = search.runOneRound(round);

        QCOMPARE(session.batchesRunAlone(), 1);
        QCOMPARE(session.differences().size(), 9);
        for (const QString &code : std::as_const(differing)) {
            QCOMPARE(search.fate(code), QStringLiteral("difference"));
            QCOMPARE(search.runner.runs(code, Side::Old, 0), 1); // alone once, not twice
        }
        for (int i = 1; i <= 4; ++i)
            QCOMPARE(search.fate(QStringLiteral("same %1").arg(i)), QStringLiteral("same"));
        QCOMPARE(search.fate(QStringLiteral("killer")), QStringLiteral("difference"));
        const TestRecord *killer = search.record(QStringLiteral("killer"));
        QCOMPARE(search.judge.compare(killer->oldRun, killer->newRun),
                 side == Side::Old ? DifferenceKind::OnlyOldAborts : DifferenceKind::OnlyNewAborts);
        // The coverage comes from the alone runs: the dead batch reported none.
        QCOMPARE(session.coverage().unionCoverage(), 1.0);
        QCOMPARE(session.batchOnlyDiscarded(), 0);
    }

    // The alone run decides, with its own kind: a flood that a batch saw truncated but ok and
    // the test alone was killed for is an abort on that side, not a batch artefact.
    void anAloneRunDecidesWithItsOwnKind()
    {
        Search search;
        search.runner.script(QStringLiteral("flood"), floodsKilledOnlyAlone(Side::New));
        const SearchSession &session = search.runOneRound({QStringLiteral("flood")});
        QCOMPARE(session.batchesRunAlone(), 0);
        QCOMPARE(session.batchOnlyDiscarded(), 0);
        QCOMPARE(session.differences().size(), 1);
        QCOMPARE(session.differences().first().kind, DifferenceKind::OnlyNewAborts);
        QCOMPARE(session.differences().first().newRun.abortedReason,
                 QStringLiteral("output_limit"));
        QCOMPARE(search.fate(QStringLiteral("flood")), QStringLiteral("difference"));
    }

    void fullClusterMarksFurtherSameCauseDuplicate()
    {
        Search search;
        QStringList codes;
        for (int i = 1; i <= 5; ++i) {
            codes << QStringLiteral("same cause %1").arg(i);
            search.runner.script(codes.last(), differs(QStringLiteral("old %1").arg(i),
                                                       QStringLiteral("new %1").arg(i)));
        }
        codes << QStringLiteral("another cause");
        search.runner.script(codes.last(), newRaises(QStringLiteral("ValueError")));
        const SearchSession &session = search.runOneRound(codes);
        QCOMPARE(session.differences().size(), 4);
        for (int i = 0; i < 3; ++i)
            QCOMPARE(search.fate(codes[i]), QStringLiteral("difference"));
        for (int i = 3; i < 5; ++i) {
            QCOMPARE(search.fate(codes[i]), QStringLiteral("duplicate"));
            QCOMPARE(search.runner.runs(codes[i], Side::New, 0), 0); // not confirmed
        }
        QCOMPARE(search.fate(QStringLiteral("another cause")), QStringLiteral("difference"));
        QCOMPARE(spelling(session.differences().last().kind), QStringLiteral("only_new_raises"));
    }

    // A name one version lacks fails every test that imports it, whatever else the test's
    // outcome was on the other version: one difference per missing name.
    void oneDifferencePerMissingImport()
    {
        Search search;
        const TestOutcome missing =
            raisedOutcome(QStringLiteral("ImportError"),
                          QStringLiteral("cannot import name 'Text' from 'pkg._types'"));
        search.runner.script(QStringLiteral("ran"), eachSide(printedOutcome("1"), missing));
        search.runner.script(QStringLiteral("raised"),
                             eachSide(raisedOutcome(QStringLiteral("TypeError"), "bad"), missing));
        search.runner.script(
            QStringLiteral("other name"),
            eachSide(
                printedOutcome("2"),
                raisedOutcome(QStringLiteral("ImportError"),
                              QStringLiteral("cannot import name 'Bytes' from 'pkg._types'"))));
        search.runOneRound(
            {QStringLiteral("ran"), QStringLiteral("raised"), QStringLiteral("other name")});
        QCOMPARE(search.session->differences().size(), 2);
        QCOMPARE(search.fate(QStringLiteral("raised")), QStringLiteral("duplicate"));
        QCOMPARE(search.fate(QStringLiteral("other name")), QStringLiteral("difference"));
    }

    // A test that prints what it raises (exception_messages) is a cause apart from the
    // target's other output differences, however many those are.
    void printedExceptionsAreACauseOfTheirOwn()
    {
        Search search;
        QList<Candidate> round;
        for (int i = 1; i <= 3; ++i) {
            round << candidate(QStringLiteral("output %1").arg(i));
            search.runner.script(round.last().code, differs(QStringLiteral("old %1").arg(i),
                                                            QStringLiteral("new %1").arg(i)));
        }
        round << candidate(QStringLiteral("observed"));
        round.last().genome = {{"observe", "exception"}};
        search.runner.script(QStringLiteral("observed"),
                             differs(QStringLiteral("raises ValueError illegal header"),
                                     QStringLiteral("raises ValueError malformed footer")));
        search.runOneRound(round);
        QCOMPARE(search.fate(QStringLiteral("observed")), QStringLiteral("difference"));
    }

    void runtimeErrorOfTheTestIsRepaired_data()
    {
        QTest::addColumn<QString>("innermostFrame");
        QTest::addColumn<int>("repairs");
        QTest::newRow("the test's own code") << QStringLiteral("<test>") << 1;
        QTest::newRow("the project's code") << QStringLiteral("<tree>/pkg/mod.py") << 0;
    }
    void runtimeErrorOfTheTestIsRepaired()
    {
        QFETCH(QString, innermostFrame);
        QFETCH(int, repairs);
        Search search;
        search.runner.script(QStringLiteral("broken"), bothRaiseNameError(innermostFrame));
        search.runner.script(QStringLiteral("fixed"), alike(QStringLiteral("1")));
        search.generator.repairs.insert(QStringLiteral("broken"),
                                        candidate(QStringLiteral("fixed")));
        search.runOneRound({QStringLiteral("broken")});
        QCOMPARE(search.generator.problems.size(), repairs);
        QCOMPARE(search.runner.runs(QStringLiteral("fixed"), Side::New, 0), repairs);
        if (repairs == 0)
            return;
        QCOMPARE(search.generator.problems.first().kind, RepairProblem::Kind::Runtime);
        QVERIFY2(search.generator.problems.first().message.contains(
                     QStringLiteral("NameError: name 'x' is not defined")),
                 qPrintable(search.generator.problems.first().message));
        QCOMPARE(search.fate(QStringLiteral("fixed")), QStringLiteral("same"));
        QCOMPARE(search.record(QStringLiteral("fixed"))->round, 0);
    }

    void runtimeRepairGivesUpAfterFiveTries()
    {
        Search search;
        const QString ownCode = QStringLiteral("<test>");
        search.runner.script(QStringLiteral("broken"), bothRaiseNameError(ownCode));
        QString previous = QStringLiteral("broken");
        for (int attempt = 1; attempt <= 6; ++attempt) {
            const QString next = QStringLiteral("broken %1").arg(attempt);
            search.runner.script(next, bothRaiseNameError(ownCode));
            search.generator.repairs.insert(previous, candidate(next));
            previous = next;
        }
        const SearchSession &session = search.runOneRound({QStringLiteral("broken")});
        QCOMPARE(search.generator.problems.size(), 5);
        QCOMPARE(session.tests().size(), 6); // the test and five repairs of it
        QCOMPARE(search.fate(QStringLiteral("broken 6")), QStringLiteral("<not run>"));
    }

    void continuesAfterFullCoverage()
    {
        Search search;
        search.runner.script(QStringLiteral("all"), alike(QStringLiteral("1"), {10, 11, 12, 13}));
        search.runner.script(QStringLiteral("later"),
                             differs(QStringLiteral("1"), QStringLiteral("2"), {10}));
        search.generator.rounds = {{candidate(QStringLiteral("all"))},
                                   {candidate(QStringLiteral("later"))}};
        SearchSession &session = search.start();
        QVERIFY(session.runRounds().ok());
        QCOMPARE(session.coverage().unionCoverage(), 1.0);
        QCOMPARE(session.differences().size(), 1); // found after every line was covered
        QCOMPARE(search.fate(QStringLiteral("later")), QStringLiteral("difference"));
    }

    void aFlatRoundDoesNotStopTheSearch()
    {
        Search search;
        search.runner.script(QStringLiteral("line 10"), alike(QStringLiteral("1"), {10}));
        search.runner.script(QStringLiteral("line 10 again"), alike(QStringLiteral("1"), {10}));
        search.runner.script(QStringLiteral("line 11"), alike(QStringLiteral("1"), {11}));
        search.generator.rounds = {{candidate(QStringLiteral("line 10"))},
                                   {candidate(QStringLiteral("line 10 again"))},
                                   {candidate(QStringLiteral("line 11"))}};
        SearchSession &session = search.start();
        QVERIFY(session.runRounds().ok());
        QCOMPARE(session.tests().size(), 3);
        QVERIFY(!search.record(QStringLiteral("line 10 again"))->novel);
        QVERIFY(search.record(QStringLiteral("line 11"))->novel);
        QCOMPARE(session.coverage().coveredCount(), 4); // lines 10 and 11, old and new
    }

    // K tests without a new line or signature: the target escalates a level; at the last level
    // it is exhausted, and with every target exhausted the search stops at a plateau. A target
    // with changed lines no test ran has twice K at the last level.
    void aPlateauEscalatesThenExhaustsTheTarget_data()
    {
        QTest::addColumn<QList<int>>("lines");
        QTest::addColumn<QList<int>>("levels");
        // round 0 finds the one signature; rounds 1, 2, 3 add nothing: 0 -> 1 -> 2 -> exhausted
        QTest::newRow("every line covered") << QList<int>{10, 11, 12, 13} << QList<int>{0, 0, 1, 2};
        QTest::newRow("lines left") << QList<int>{10} << QList<int>{0, 0, 1, 2, 2};
    }

    void aPlateauEscalatesThenExhaustsTheTarget()
    {
        QFETCH(QList<int>, lines);
        QFETCH(QList<int>, levels);
        Search search;
        search.options.choices.plateauTests = 2;
        search.options.choices.candidatesPerRound = 2; // every round full: no dry rounds
        for (int round = 0; round < 8; ++round) {
            QList<Candidate> tests;
            for (int i = 0; i < 2; ++i) {
                const QString code = QStringLiteral("round %1 test %2").arg(round).arg(i);
                search.runner.script(code, alikeShaped(QStringLiteral("int:+"), lines));
                tests << candidateBy(code, QStringLiteral("base"));
            }
            search.generator.rounds << tests;
        }
        SearchSession &session = search.start();
        QVERIFY(session.runRounds().ok());
        QCOMPARE(spelling(session.stopReason()), QStringLiteral("plateau"));
        QList<int> seen;
        for (const nlohmann::json &schedule : search.generator.schedules)
            seen << schedule["pkg.mod.f"]["level"].get<int>();
        QCOMPARE(seen, levels);
        QCOMPARE(session.tests().size(), 2 * levels.size());
        QVERIFY(session.ledger().targets().value(QStringLiteral("pkg.mod.f")).exhausted);
    }

    void aStrategyPlateausOnItsOwn()
    {
        Search search;
        search.options.choices.plateauTests = 3;
        search.options.choices.candidatesPerRound = 3;
        int shape = 0;
        const auto fresh = [&] {
            const QString code = QStringLiteral("fresh %1").arg(shape);
            search.runner.script(code, alikeShaped(QStringLiteral("str[%1]").arg(shape++)));
            return candidateBy(code, QStringLiteral("novel_strategy"));
        };
        for (int round = 0; round < 3; ++round) {
            QList<Candidate> tests;
            for (int i = 0; i < 2; ++i) {
                const QString code = QStringLiteral("same %1 %2").arg(round).arg(i);
                search.runner.script(code, alikeShaped(QStringLiteral("int:+")));
                tests << candidateBy(code, QStringLiteral("flat_strategy"));
            }
            tests << fresh();
            search.generator.rounds << tests;
        }
        SearchSession &session = search.start();
        QVERIFY(session.runRounds().ok());
        const auto plateaued = [&](int round) {
            return search.generator.schedules.at(round)["pkg.mod.f"]["plateaued"];
        };
        QVERIFY(plateaued(1).empty()); // "flat" has had one test without news
        QCOMPARE(plateaued(2), nlohmann::json::array({"flat_strategy"})); // three now
        QCOMPARE(search.generator.schedules.at(2)["pkg.mod.f"]["level"].get<int>(), 0);
        const TargetState state = session.ledger().targets().value(QStringLiteral("pkg.mod.f"));
        QCOMPARE(state.strategies.value(QStringLiteral("novel_strategy")).novel, 3);
        QCOMPARE(state.strategies.value(QStringLiteral("flat_strategy")).tests, 6);
    }

    // The project's own tests as they stand are a fixed set run once: however many reach the
    // change without news, they never make project_tests plateau before its mutants ran.
    void theProjectsOwnTestsNeverMakeAPlateau()
    {
        const auto plateauedAfterRoundZero = [](bool mutants) {
            Search search;
            search.options.choices.plateauTests = 3;
            QList<Candidate> round;
            for (int i = 0; i < 5; ++i) {
                const QString code = QStringLiteral("project test %1").arg(i);
                search.runner.script(code, alikeShaped(QStringLiteral("int:+")));
                Candidate test = candidateBy(code, QStringLiteral("project_tests"));
                test.genome = {{"strategy", "project_tests"}, {"mutant", mutants}};
                round << test;
            }
            search.generator.rounds = {round, {}};
            SearchSession &session = search.start();
            if (!session.runRounds().ok() || search.generator.schedules.size() < 2)
                return nlohmann::json();
            return search.generator.schedules.at(1)["pkg.mod.f"]["plateaued"];
        };
        QCOMPARE(plateauedAfterRoundZero(false), nlohmann::json::array());
        QCOMPARE(plateauedAfterRoundZero(true), nlohmann::json::array({"project_tests"}));
    }

    void aRoundTheGeneratorCannotFillEscalatesAtOnce()
    {
        Search search;
        search.options.choices.candidatesPerRound = 1;
        search.runner.script(QStringLiteral("only"), alike(QStringLiteral("1"), {10}));
        search.generator.rounds = {{candidate(QStringLiteral("only"))}};
        SearchSession &session = search.start();
        QVERIFY(session.runRounds().ok());
        QCOMPARE(spelling(session.stopReason()), QStringLiteral("plateau"));
        QList<int> levels;
        for (const nlohmann::json &schedule : search.generator.schedules)
            levels << schedule["pkg.mod.f"]["level"].get<int>();
        QCOMPARE(levels, QList<int>({0, 0, 1, 2})); // each empty round: one level up
    }

    // Candidates the search already ran leave the round as empty as no candidates at all.
    void aRoundOfRepeatsEscalatesToo()
    {
        Search search;
        search.options.choices.candidatesPerRound = 1;
        search.runner.script(QStringLiteral("only"), alike(QStringLiteral("1"), {10}));
        search.generator.rounds = {{candidate(QStringLiteral("only"))},
                                   {candidate(QStringLiteral("only"))},
                                   {candidate(QStringLiteral("only"))},
                                   {candidate(QStringLiteral("only"))}};
        SearchSession &session = search.start();
        QVERIFY(session.runRounds().ok());
        QCOMPARE(spelling(session.stopReason()), QStringLiteral("plateau"));
        QCOMPARE(search.generator.schedules.size(), 4);
        QCOMPARE(session.tests().size(), 1);
    }

    void behaviourCoverageCountsSignaturesPerVersion()
    {
        Search search;
        search.runner.script(QStringLiteral("raises"), newRaises(QStringLiteral("ValueError")));
        search.runner.script(QStringLiteral("list"), alikeShaped(QStringLiteral("list[2] of str")));
        const SearchSession &session =
            search.runOneRound({QStringLiteral("raises"), QStringLiteral("list")});
        const TargetState state = session.ledger().targets().value(QStringLiteral("pkg.mod.f"));
        QCOMPARE(state.oldSignatures,
                 QSet<QString>({QStringLiteral("ok"), QStringLiteral("list[2] of str")}));
        QCOMPARE(state.newSignatures, QSet<QString>({QStringLiteral("raises ValueError"),
                                                     QStringLiteral("list[2] of str")}));
        QCOMPARE(state.tests, 2);
    }

    void theRequestCarriesTheSwitchesAndWhatWasNovel()
    {
        Search search;
        search.options.choices.disabledStrategies = {QStringLiteral("shapes")};
        search.runner.script(QStringLiteral("t1"), alike(QStringLiteral("1"), {10}));
        search.runner.script(QStringLiteral("t2"), alike(QStringLiteral("1"), {10}));
        search.generator.rounds = {{candidateBy(QStringLiteral("t1"), QStringLiteral("base")),
                                    candidateBy(QStringLiteral("t2"), QStringLiteral("base"))}};
        search.start();
        QVERIFY(search.session->runRounds().ok());
        const GenerationRequest &second = search.generator.requests.at(1);
        QCOMPARE(second.disabledStrategies, QStringList{QStringLiteral("shapes")});
        QCOMPARE(second.feedback.size(), 2);
        QCOMPARE(second.feedback.at(0).strategy, QStringLiteral("base"));
        QVERIFY(second.feedback.at(0).novel);  // the first line 10
        QVERIFY(!second.feedback.at(1).novel); // the same line, the same signature
    }

    void stopsAtTheTestCap()
    {
        Search search;
        search.options.choices.maxTests = 3;
        search.options.choices.candidatesPerRound = 2;
        for (int line = 10; line <= 13; ++line)
            search.runner.script(QStringLiteral("line %1").arg(line),
                                 alike(QString::number(line), {line}));
        search.generator.rounds = {
            {candidate(QStringLiteral("line 10")), candidate(QStringLiteral("line 11"))},
            {candidate(QStringLiteral("line 12")), candidate(QStringLiteral("line 13"))}};
        SearchSession &session = search.start();
        QVERIFY(session.runRounds().ok());
        QCOMPARE(spelling(session.stopReason()), QStringLiteral("budget"));
        QCOMPARE(session.tests().size(), 3);
        QCOMPARE(search.generator.maxCandidates, QList<int>({2, 1}));
        QCOMPARE(search.fate(QStringLiteral("line 13")), QStringLiteral("<not run>"));
    }

    void stopsWhenTheEffortsRoundsAreSpent()
    {
        Search search;
        search.options.choices.maxRounds = 1;
        search.runner.script(QStringLiteral("line 10"), alike(QStringLiteral("1"), {10}));
        search.runner.script(QStringLiteral("line 11"), alike(QStringLiteral("1"), {11}));
        search.generator.rounds = {{candidate(QStringLiteral("line 10"))},
                                   {candidate(QStringLiteral("line 11"))}};
        SearchSession &session = search.start();
        QVERIFY(session.runRounds().ok());
        QCOMPARE(spelling(session.stopReason()), QStringLiteral("effort_spent"));
        QCOMPARE(session.rounds().size(), 1);
        QCOMPARE(search.generator.maxCandidates.size(), 1);
    }

    void effortsAreOrderedSchedules()
    {
        const SearchSchedule quick = scheduleFor(Effort::Quick);
        const SearchSchedule normal = scheduleFor(Effort::Normal);
        const SearchSchedule thorough = scheduleFor(Effort::Thorough);
        QVERIFY(quick.tests < normal.tests && normal.tests < thorough.tests);
        QVERIFY(quick.rounds <= normal.rounds && normal.rounds <= thorough.rounds);
        QVERIFY(quick.plateauTests < normal.plateauTests);
        QVERIFY(quick.projectTests < normal.projectTests &&
                normal.projectTests < thorough.projectTests);
        QVERIFY(quick.projectTestFiles <= normal.projectTestFiles &&
                normal.projectTestFiles <= thorough.projectTestFiles);
        UserChoices choices;
        choices.effort = Effort::Quick;
        choices.maxTests = 10;
        choices.plateauTests = 3;
        const SearchSchedule capped = scheduleFor(choices);
        QCOMPARE(capped.tests, 10);
        QCOMPARE(capped.testCap, 10);
        QCOMPARE(capped.plateauTests, 3);
        QCOMPARE(capped.rounds, quick.rounds);
        choices.maxTests = quick.tests + 1; // above the effort's budget: no cap
        QCOMPARE(scheduleFor(choices).testCap, 0);
    }

    void stopsAtTheTimeBudget()
    {
        Search search;
        search.options.choices.timeBudgetSeconds = 0.1; // far more than setting up takes
        search.runner.script(QStringLiteral("line 10"), alike(QStringLiteral("1"), {10}));
        search.runner.script(QStringLiteral("line 11"), alike(QStringLiteral("1"), {11}));
        search.generator.rounds = {{candidate(QStringLiteral("line 10"))},
                                   {candidate(QStringLiteral("line 11"))}};
        search.generator.onGenerate = [](int) { QThread::msleep(150); };
        SearchSession &session = search.start();
        QVERIFY(session.runRounds().ok());
        QCOMPARE(spelling(session.stopReason()), QStringLiteral("time_budget"));
        QCOMPARE(session.rounds().size(), 1);
        QCOMPARE(search.generator.maxCandidates.size(), 1);
    }

    // A round of the project's tests and their mutants can hold hundreds of candidates: the
    // budget is checked between its batches, and the tests run so far are kept.
    void stopsAtTheTimeBudgetPartWayThroughARound()
    {
        Search search;
        search.options.choices.timeBudgetSeconds = 0.1;
        QList<Candidate> round;
        for (int i = 0; i < 45; ++i) {
            const QString code = QStringLiteral("slow %1").arg(i);
            search.runner.script(code, [](Side side, int rerun, bool batch) {
                QThread::msleep(10); // 20 a batch: each batch outlasts the budget
                return alike(QStringLiteral("1"), {10})(side, rerun, batch);
            });
            round << candidate(code);
        }
        SearchSession &session = search.runOneRound(round);
        QCOMPARE(spelling(session.stopReason()), QStringLiteral("time_budget"));
        QCOMPARE(session.tests().size(), 20); // the first batch runs whatever the clock says
        QCOMPARE(session.rounds().size(), 1);
        QCOMPARE(session.rounds().first().testsGenerated, 20);
    }

    void stopsWhenCancelled()
    {
        Search search;
        search.runner.script(QStringLiteral("line 10"), alike(QStringLiteral("1"), {10}));
        search.runner.script(QStringLiteral("line 11"), alike(QStringLiteral("1"), {11}));
        search.generator.rounds = {{candidate(QStringLiteral("line 10"))},
                                   {candidate(QStringLiteral("line 11"))}};
        search.generator.onGenerate = [&search](int round) {
            if (round == 1)
                search.cancel = true;
        };
        SearchSession &session = search.start();
        QVERIFY(session.runRounds().ok());
        QCOMPARE(spelling(session.stopReason()), QStringLiteral("cancelled"));
        QCOMPARE(session.rounds().size(), 1); // the cancelled round is not kept
        QCOMPARE(search.runner.runs(QStringLiteral("line 11"), Side::Old, ScriptedRunner::Batch),
                 0);
    }

    // Cancelled while its differences shrink, a search is cancelled, not finished: its stop
    // reason must not pass unshrunk differences off as a complete analysis.
    void cancelWhileShrinkingIsCancelled()
    {
        const QString original = QStringLiteral("the original, long test");
        Search search;
        search.runner.script(original, differs(QStringLiteral("1"), QStringLiteral("2")));
        search.runner.script(QStringLiteral("small"),
                             differs(QStringLiteral("small old"), QStringLiteral("small new")));
        search.generator.variants[original] << candidate(QStringLiteral("small"));
        SearchSession &session = search.runOneRound({original});
        QCOMPARE(spelling(session.stopReason()), QStringLiteral("plateau"));
        search.cancel = true;
        QVERIFY(session.shrinkDifferences().ok());
        QCOMPARE(spelling(session.stopReason()), QStringLiteral("cancelled"));
        QCOMPARE(session.differences().first().shrunk.code, original);
        QVERIFY(session.shrinkRelationReviews().ok());
        QCOMPARE(spelling(session.stopReason()), QStringLiteral("cancelled"));
    }

    void shrinkingKeepsOnlyAVariantWithTheSameDifference_data()
    {
        QTest::addColumn<QStringList>("variants"); // in the generator's order of preference
        QTest::addColumn<QString>("shrunk");
        QTest::addColumn<int>("batchOnly");
        QTest::newRow("the one that still differs alike")
            << QStringList{QStringLiteral("raises"), QStringLiteral("same"),
                           QStringLiteral("batch"), QStringLiteral("small")}
            << QStringLiteral("small") << 1;
        QTest::newRow("none differs alike")
            << QStringList{QStringLiteral("raises"), QStringLiteral("same")}
            << QStringLiteral("the original, long test") << 0;
        QTest::newRow("one that differs alike only in a batch")
            << QStringList{QStringLiteral("batch")} << QStringLiteral("the original, long test")
            << 1;
        QTest::newRow("a flaky one gives way to the original")
            << QStringList{QStringLiteral("flaky")} << QStringLiteral("the original, long test")
            << 0;
    }
    void shrinkingKeepsOnlyAVariantWithTheSameDifference()
    {
        QFETCH(QStringList, variants);
        QFETCH(QString, shrunk);
        QFETCH(int, batchOnly);
        const QString original = QStringLiteral("the original, long test");
        Search search;
        search.runner.script(original, differs(QStringLiteral("1"), QStringLiteral("2")));
        search.runner.script(QStringLiteral("raises"), newRaises(QStringLiteral("ValueError")));
        search.runner.script(QStringLiteral("same"), alike(QStringLiteral("1")));
        search.runner.script(QStringLiteral("batch"), differsInBatchOnly());
        search.runner.script(QStringLiteral("small"),
                             differs(QStringLiteral("small old"), QStringLiteral("small new")));
        search.runner.script(QStringLiteral("flaky"), differsUntilRerun(Side::New, 1));
        for (const QString &variant : variants)
            search.generator.variants[original] << candidate(variant);
        SearchSession &session = search.runOneRound({original});
        QCOMPARE(session.differences().size(), 1);
        QVERIFY(session.shrinkDifferences().ok());
        const FoundDifference &found = session.differences().first();
        QCOMPARE(found.shrunk.code, shrunk);
        QCOMPARE(found.original.code, original);
        QCOMPARE(spelling(found.kind), QStringLiteral("different_output"));
        // The runs shown are the shrunk test's own.
        QCOMPARE(found.newRun.output,
                 shrunk == original ? QStringLiteral("2\n") : QStringLiteral("small new\n"));
        QCOMPARE(session.batchOnlyDiscarded(), batchOnly);
    }

    void aSessionTakesMilliseconds()
    {
        QElapsedTimer clock;
        clock.start();
        Search search;
        search.runner.script(QStringLiteral("t1"),
                             differs(QStringLiteral("1"), QStringLiteral("2")));
        search.runOneRound({QStringLiteral("t1")});
        QVERIFY(search.session->shrinkDifferences().ok());
        QVERIFY2(clock.elapsed() < 2000, qPrintable(QString::number(clock.elapsed())));
    }
};

QTEST_GUILESS_MAIN(SearchSessionTest)
#include "tst_searchsession.moc"
