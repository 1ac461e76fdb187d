// The CI exports (SARIF, JUnit), the report loader and the CI gate, on a small report built here.
#include "VocabularyTestSupport.h"
#include "report/HtmlExporter.h"
#include "report/JunitExporter.h"
#include "report/MarkdownExporter.h"
#include "report/ReportFile.h"
#include "report/ReviewCommentExporter.h"
#include "report/SarifExporter.h"
#include "triage/DifferenceGate.h"

#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

using namespace difftriage::engine;
using nlohmann::json;

namespace {

ReportTest test(const char *id, const char *outcome)
{
    return {QString::fromLatin1(id), QStringLiteral("print(f(1))"), 0, QStringLiteral("pkg.mod.f"),
            word<TestFate>(outcome)};
}

ReportDifference difference(const char *id, const char *testId, const char *kind)
{
    ReportDifference d;
    d.id = QString::fromLatin1(id);
    d.testId = QString::fromLatin1(testId);
    d.fingerprint = QStringLiteral("fp-") + d.id;
    d.cluster = QStringLiteral("cluster-") + d.id;
    d.kind = word<DifferenceKind>(kind);
    d.target = QStringLiteral("pkg.mod.f");
    d.testCode = QStringLiteral("print(f(1))");
    d.originalTestCode = d.testCode;
    d.oldSide = {QStringLiteral("1\n"), std::nullopt, std::nullopt, RunStatus::Ok, std::nullopt};
    d.newSide = {QStringLiteral("2 \x1c <&>\n"), std::nullopt, std::nullopt, RunStatus::Ok,
                 std::nullopt};
    d.suggestedVerdict = Verdict::Regression;
    d.suggestionReasons = {QStringLiteral("the PR says \"no functional change\"")};
    return d;
}

// Tests t1..t5: same, difference, flaky, duplicate, difference; d2 reaches no changed line.
Report sampleReport()
{
    Report report;
    report.base = QString(40, QLatin1Char('a'));
    report.head = QString(40, QLatin1Char('b'));
    report.number = 7;
    report.title = QStringLiteral("Tidy f");
    report.tests = {test("t1", "same"), test("t2", "difference"), test("t3", "flaky"),
                    test("t4", "duplicate"), test("t5", "difference")};
    report.flakyDiscarded = 1;
    report.changedLines = {
        {QStringLiteral("pkg/mod.py"), QStringLiteral("new"), 10, true, {QStringLiteral("t2")}},
        {QStringLiteral("pkg/mod.py"), QStringLiteral("new"), 11, true, {QStringLiteral("t2")}},
        {QStringLiteral("pkg/mod.py"), QStringLiteral("new"), 14, true, {QStringLiteral("t2")}},
        {QStringLiteral("pkg/mod.py"), QStringLiteral("old"), 9, true, {QStringLiteral("t2")}},
        {QStringLiteral("pkg/mod.py"), QStringLiteral("new"), 20, false, {}}};
    ReportDifference raises = difference("d2", "t5", "only_new_raises");
    raises.newSide = {QString(), QStringLiteral("TypeError"), QStringLiteral("bad operand"),
                      RunStatus::Raised, std::nullopt};
    raises.verdict = Verdict::Intended;
    raises.note = QStringLiteral("accepted in review");
    report.differences = {difference("d1", "t2", "different_output"), raises};
    return report;
}

// Element name → how many times it occurs, and the attributes of the first testsuite.
struct JunitCounts
{
    QHash<QString, int> elements;
    QXmlStreamAttributes suite;
    QStringList failureTypes;
};

JunitCounts readJunit(const QByteArray &xml)
{
    JunitCounts counts;
    QXmlStreamReader reader(xml);
    while (!reader.atEnd()) {
        if (reader.readNext() != QXmlStreamReader::StartElement)
            continue;
        const QString name = reader.name().toString();
        ++counts.elements[name];
        if (name == QLatin1String("testsuite"))
            counts.suite = reader.attributes();
        if (name == QLatin1String("failure"))
            counts.failureTypes << reader.attributes().value(QStringLiteral("type")).toString();
    }
    if (reader.hasError())
        counts.elements[QStringLiteral("error: ") + reader.errorString()] = 1;
    return counts;
}

} // namespace

class ExportersTest final : public QObject
{
    Q_OBJECT

private slots:
    void sarifHasTheRequiredFields()
    {
        const Report report = sampleReport();
        const json sarif = json::parse(SarifExporter(report, QStringLiteral("9.9.9")).render());
        QCOMPARE(sarif.value("version", ""), std::string("2.1.0"));
        QVERIFY(sarif.value("$schema", "").find("sarif-2.1.0") != std::string::npos);
        QCOMPARE(sarif["runs"].size(), size_t(1));
        const json &run = sarif["runs"][0];
        QCOMPARE(run["tool"]["driver"]["name"].get<std::string>(), std::string("DiffTriage"));
        QCOMPARE(run["tool"]["driver"]["version"].get<std::string>(), std::string("9.9.9"));
        const json &rules = run["tool"]["driver"]["rules"];
        QCOMPARE(rules.size(), size_t(9)); // the difference kinds and relation reviews
        QCOMPARE(run["results"].size(), size_t(report.differences.size()));
        for (const json &result : run["results"]) {
            QVERIFY(result["ruleId"].is_string());
            QVERIFY(!result["message"]["text"].get<std::string>().empty());
            QVERIFY(!result["locations"].empty());
            const auto index = result["ruleIndex"].get<size_t>();
            QCOMPARE(rules[index]["id"], result["ruleId"]);
            QVERIFY(result["partialFingerprints"].is_object());
        }
    }

    void sarifLocatesTheReachedLines()
    {
        const json run =
            json::parse(SarifExporter(sampleReport(), QStringLiteral("1")).render())["runs"][0];
        const json &first = run["results"][0];
        QCOMPARE(first["level"].get<std::string>(), std::string("warning"));
        const json &locations = first["locations"];
        QCOMPARE(locations.size(), size_t(2)); // lines 10-11 merged, then 14; not old line 9
        const json &region = locations[0]["physicalLocation"]["region"];
        QCOMPARE(locations[0]["physicalLocation"]["artifactLocation"]["uri"].get<std::string>(),
                 std::string("pkg/mod.py"));
        QCOMPARE(region["startLine"].get<int>(), 10);
        QCOMPARE(region["endLine"].get<int>(), 11);
        QCOMPARE(locations[1]["physicalLocation"]["region"]["startLine"].get<int>(), 14);
        QCOMPARE(locations[0]["logicalLocations"][0]["fullyQualifiedName"].get<std::string>(),
                 std::string("pkg.mod.f"));
        QCOMPARE(first["relatedLocations"][0]["physicalLocation"]["region"]["startLine"].get<int>(),
                 9);
        const std::string message = first["message"]["text"].get<std::string>();
        QVERIFY2(message.find("Old: prints 1") != std::string::npos, message.c_str());
        QVERIFY(first.find("suppressions") == first.end());

        // d2 reached no changed line: shown at the first changed line; accepted: suppressed.
        const json &second = run["results"][1];
        QCOMPARE(second["level"].get<std::string>(), std::string("error"));
        QCOMPARE(second["locations"][0]["physicalLocation"]["region"]["startLine"].get<int>(), 10);
        QCOMPARE(second["suppressions"][0]["justification"].get<std::string>(),
                 std::string("accepted in review"));
        QVERIFY(second["message"]["text"].get<std::string>().find(
                    "raises TypeError: bad operand") != std::string::npos);
    }

    void junitParsesBackWithMatchingCounts()
    {
        const QByteArray xml = JunitExporter(sampleReport()).render();
        const JunitCounts counts = readJunit(xml);
        QVERIFY2(!counts.elements.keys().join(QLatin1Char(' ')).contains(QLatin1String("error:")),
                 qPrintable(counts.elements.keys().join(QLatin1Char(' '))));
        QCOMPARE(counts.elements.value(QStringLiteral("testsuites")), 1);
        QCOMPARE(counts.elements.value(QStringLiteral("testcase")), 5);
        QCOMPARE(counts.elements.value(QStringLiteral("failure")), 3);
        QCOMPARE(counts.elements.value(QStringLiteral("skipped")), 1);
        QCOMPARE(counts.suite.value(QStringLiteral("tests")).toInt(), 5);
        QCOMPARE(counts.suite.value(QStringLiteral("failures")).toInt(), 3);
        QCOMPARE(counts.suite.value(QStringLiteral("skipped")).toInt(), 1);
        QCOMPARE(counts.suite.value(QStringLiteral("name")).toString(),
                 QStringLiteral("PR #7: Tidy f"));
        QCOMPARE(counts.failureTypes,
                 (QStringList{QStringLiteral("different_output"), QStringLiteral("duplicate"),
                              QStringLiteral("only_new_raises")}));
        QVERIFY(xml.contains("\\x1c")); // a control character XML cannot carry, made visible
    }

    // Relation checks: a difference says what its relation did on each side; a relation that
    // breaks on both versions is a SARIF note and a skipped JUnit case, never a failure.
    void relationsReachTheCiExports()
    {
        Report report = sampleReport();
        report.differences[0].relation =
            ReportRelation{QStringLiteral("idempotence"), RelationVerdict::Holds,
                           RelationVerdict::Breaks, RelationSignal::Regression};
        report.tests << test("t6", "same");
        report.relationReviews << ReportRelationReview{
            QStringLiteral("permutation"), QStringLiteral("pkg.mod.f"), QStringLiteral("t6"),
            QStringLiteral("print(f([1, 2]) == f([2, 1]))"), QStringLiteral("False\n")};

        const json run =
            json::parse(SarifExporter(report, QStringLiteral("1")).render())["runs"][0];
        QCOMPARE(run["results"].size(), size_t(3));
        const json &changed = run["results"][0];
        QCOMPARE(changed["properties"]["relation"]["signal"].get<std::string>(),
                 std::string("regression"));
        const std::string message = changed["message"]["text"].get<std::string>();
        QVERIFY2(message.find("idempotence") != std::string::npos, message.c_str());
        const json &review = run["results"][2];
        QCOMPARE(review["level"].get<std::string>(), std::string("note"));
        QCOMPARE(run["tool"]["driver"]["rules"][review["ruleIndex"].get<size_t>()]["id"],
                 review["ruleId"]);
        QCOMPARE(review["properties"]["relation"].get<std::string>(), std::string("permutation"));
        QCOMPARE(
            review["locations"][0]["logicalLocations"][0]["fullyQualifiedName"].get<std::string>(),
            std::string("pkg.mod.f"));

        const QByteArray xml = JunitExporter(report).render();
        const JunitCounts counts = readJunit(xml);
        QCOMPARE(counts.elements.value(QStringLiteral("testcase")), 6);
        QCOMPARE(counts.suite.value(QStringLiteral("failures")).toInt(), 3); // as before
        QCOMPARE(counts.suite.value(QStringLiteral("skipped")).toInt(), 2);  // flaky, relation
        QVERIFY(xml.contains("relation permutation breaks on both versions"));
        QVERIFY(xml.contains("idempotence"));
    }

    // The reviewer's decision on a relation to review reaches every export that lists them.
    void relationDecisionsReachTheExports()
    {
        Report report = sampleReport();
        ReportRelationReview review{QStringLiteral("permutation"), QStringLiteral("pkg.mod.f"),
                                    QStringLiteral("t6"), QStringLiteral("print(f([1, 2]))"),
                                    QStringLiteral("False\n")};
        review.decision = RelationDecision::RelationWrong;
        review.note = QStringLiteral("order matters for f");
        report.relationReviews << review;
        const QString decision = label(RelationDecision::RelationWrong);
        const QString markdown = MarkdownExporter(report).render();
        QVERIFY2(markdown.contains(QStringLiteral("Decision: **%1**").arg(decision)),
                 qPrintable(markdown));
        QVERIFY(markdown.contains(QStringLiteral("> order matters for f")));
        const QString html = HtmlExporter(report).render();
        QVERIFY(html.contains(QStringLiteral("Decision: <b>%1</b>").arg(decision)));
        QVERIFY(html.contains(QStringLiteral("order matters for f")));
        const json run =
            json::parse(SarifExporter(report, QStringLiteral("1")).render())["runs"][0];
        QCOMPARE(run["results"][2]["properties"]["decision"].get<std::string>(),
                 spelling(RelationDecision::RelationWrong).toStdString());
        const QString comment = ReviewCommentExporter(report).render();
        QVERIFY2(comment.contains(QStringLiteral("- **%1** · `pkg.mod.f` · permutation\n  > order "
                                                 "matters for f")
                                      .arg(decision)),
                 qPrintable(comment));
    }

    // The review comment: a summary of what is decided, the decided differences most severe
    // first with their notes, the undecided after, each test and its outcomes folded away.
    void reviewCommentIsReadyToPaste()
    {
        Report report = sampleReport();
        report.differences << difference("d3", "t5", "different_output");
        report.differences[2].verdict = Verdict::Regression;
        report.differences[2].note = QStringLiteral("totals drop a cent\nsee issue 12");
        const QString comment = ReviewCommentExporter(report).render();
        QVERIFY2(comment.startsWith(QStringLiteral("### DiffTriage review: #7 Tidy f\n\n")),
                 qPrintable(comment));
        QVERIFY2(comment.contains(
                     QStringLiteral(
                         "**Behavioural differences: 2 of 3 decided**: 1 × %1, 1 × %2, 1 × %3")
                         .arg(label(Verdict::Regression), label(Verdict::Intended),
                              label(Verdict::None))),
                 qPrintable(comment));
        const qsizetype regression = comment.indexOf(
            QStringLiteral("#### %1 · `pkg.mod.f` · %2 (d3)")
                .arg(label(Verdict::Regression), label(DifferenceKind::DifferentOutput)));
        const qsizetype intended = comment.indexOf(
            QStringLiteral("#### %1 · `pkg.mod.f` · %2 (d2)")
                .arg(label(Verdict::Intended), label(DifferenceKind::OnlyNewRaises)));
        const qsizetype undecided = comment.indexOf(
            QStringLiteral("#### %1 ").arg(label(Verdict::None)) + QStringLiteral("· `pkg.mod.f`"));
        QVERIFY(regression > 0);
        QVERIFY(intended > regression);
        QVERIFY(undecided > intended);
        // A note of several lines stays one quotation; the outcome names the exception.
        QVERIFY(comment.contains(QStringLiteral("> totals drop a cent\n> see issue 12\n")));
        QVERIFY(comment.contains(QStringLiteral("**New**: `TypeError: bad operand`")));
        QCOMPARE(comment.count(QStringLiteral("<details>")), 3);
        QCOMPARE(comment.count(QStringLiteral("</details>")), 3);
        // Output with a fence inside stays verbatim: a longer fence around it.
        report.differences[0].newSide.output = QStringLiteral("```\n");
        QVERIFY(ReviewCommentExporter(report).render().contains(QStringLiteral("````\n```\n````")));
        // No difference: it says so.
        report.differences.clear();
        QVERIFY(ReviewCommentExporter(report).render().contains(
            QStringLiteral("No behavioural difference was found")));
    }

    void junitWithoutTestOutcomes()
    {
        // Reports written before tests had an outcome: reported differences still fail.
        Report report = sampleReport();
        for (ReportTest &t : report.tests)
            t.outcome.reset();
        report.tests.removeLast(); // d2's test missing: it gets a test case of its own
        const JunitCounts counts = readJunit(JunitExporter(report).render());
        QCOMPARE(counts.elements.value(QStringLiteral("testcase")), 5);
        QCOMPARE(counts.elements.value(QStringLiteral("failure")), 2);
        QCOMPARE(counts.elements.value(QStringLiteral("skipped")), 0);
    }

    void htmlAndMarkdownShowTheSuggestion()
    {
        const Report report = sampleReport();
        const QString html = HtmlExporter(report).render();
        // The words the window uses, never the report's spellings.
        QVERIFY(html.contains(QStringLiteral("suggested: Regression")));
        QVERIFY(html.contains(QStringLiteral("no functional change")));
        const QString markdown = MarkdownExporter(report).render();
        QVERIFY(markdown.contains(QStringLiteral("(suggested: Regression)")));
        for (const QString &text : {html, markdown}) {
            QVERIFY(text.contains(label(Verdict::None)));
            QVERIFY(!text.contains(spelling(Verdict::None)));
            QVERIFY(!text.contains(spelling(report.stopReason)));
            QVERIFY(!text.contains(spelling(report.differences.first().kind)));
        }
        QVERIFY(markdown.contains(QStringLiteral("- the PR says \"no functional change\"")));
    }

    // A difference from the project's own tests names the test in the exports, and the report's
    // JSON keeps that origin and the project_tests summary; other differences name none.
    void projectTestOriginsReachExportsAndJson()
    {
        Report report = sampleReport();
        const ProjectTestOrigin origin{QStringLiteral("tests/test_mod.py"),
                                       QStringLiteral("tests/test_mod.py::Cases::test_f")};
        report.differences[0].projectTest = origin;
        report.tests[1].projectTest = origin;
        report.projectTests =
            ReportProjectTests{3,
                               12,
                               10,
                               true,
                               {origin.test, QStringLiteral("tests/test_mod.py::test_g")},
                               {origin.test},
                               {{QStringLiteral("tests/test_mod.py::test_g"),
                                 QStringLiteral("fixture 'db' uses 'request'")}}};
        const QString line = QStringLiteral("from project test tests/test_mod.py::Cases::test_f");
        const QString markdown = MarkdownExporter(report).render();
        QCOMPARE(markdown.count(line), 1);
        QVERIFY(markdown.contains(
            QStringLiteral("| Project tests | 2 of 10 tests run reach the change (budget spent); "
                           "1 became differential tests |")));
        QCOMPARE(HtmlExporter(report).render().count(line), 1);

        QString error;
        const auto back = Report::fromJson(report.toJson(), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->differences[0].projectTest, std::optional(origin));
        QCOMPARE(back->differences[1].projectTest, std::nullopt);
        QCOMPARE(back->tests[1].projectTest, std::optional(origin));
        QCOMPARE(back->projectTests, report.projectTests);
        QVERIFY(report.toJson()["differences"][1]["project_test"].is_null());
        report.projectTests.reset();
        QVERIFY(report.toJson()["project_tests"].is_null());
        QVERIFY(!MarkdownExporter(report).render().contains(QStringLiteral("Project tests")));
    }

    // Covered lines that run at import are counted apart in the exports, and kept in the JSON.
    void coverageSaysWhichLinesRunAtImport()
    {
        Report report = sampleReport();
        QCOMPARE(report.coveredAtImport(), 0);
        QVERIFY(!MarkdownExporter(report).render().contains(QStringLiteral("at import")));
        report.changedLines[0].atImport = true;
        report.changedLines[1].atImport = true;
        report.changedLines.append(
            {QStringLiteral("pkg/mod.py"), QStringLiteral("new"), 2, true, {}, true});
        QCOMPARE(report.coveredAtImport(), 2); // an unreached line counts for nothing
        const QString wanted =
            QStringLiteral("(2 of the covered lines run at import, by every test)");
        QVERIFY(MarkdownExporter(report).render().contains(wanted));
        QVERIFY(HtmlExporter(report).render().contains(wanted));
        QString error;
        const auto back = Report::fromJson(report.toJson(), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->coveredAtImport(), 2);
        QVERIFY(!back->changedLines[2].atImport);
        json older = report.toJson(); // written before the field existed
        for (json &line : older["changed_lines"])
            line.erase("at_import");
        QCOMPARE(Report::fromJson(older, &error)->coveredAtImport(), 0);
    }

    // An OSError the sandbox caused says so in every export and survives the JSON; an ordinary
    // OSError and an older report (no field) say nothing of the sandbox.
    void sandboxRefusalIsNamed()
    {
        Report report = sampleReport();
        report.differences[1].newSide = {QString(), QStringLiteral("PermissionError"),
                                         QStringLiteral("[Errno 13] Permission denied: '/x'"),
                                         RunStatus::Raised, QStringLiteral("sandbox")};
        const QString said = QStringLiteral("(refused by the sandbox)");
        QVERIFY(MarkdownExporter(report).render().contains(said));
        QVERIFY(HtmlExporter(report).render().contains(said));
        QVERIFY(JunitExporter(report).render().contains(said.toUtf8()));
        QCOMPARE(report.toJson()["differences"][1]["new"]["os_error"], "sandbox");
        QVERIFY(report.toJson()["differences"][1]["old"]["os_error"].is_null());
        QString error;
        auto back = Report::fromJson(report.toJson(), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->differences[1].newSide.osError, std::optional(QStringLiteral("sandbox")));
        json older = report.toJson(); // written before the field existed
        older["differences"][1]["new"].erase("os_error");
        back = Report::fromJson(older, &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->differences[1].newSide.osError, std::nullopt);
        report.differences[1].newSide.osError = QStringLiteral("system");
        QVERIFY(!MarkdownExporter(report).render().contains(said));
    }

    // The window shows the sandbox note in its own language; the English one stays beside it.
    void keepsTheTranslatedSandboxNote()
    {
        Report report = sampleReport();
        report.sandboxNote = QStringLiteral("Tests run as the unprivileged user 'nobody'.");
        QVERIFY(report.toJson()["sandbox_note_translated"].is_null());
        QString error;
        QCOMPARE(Report::fromJson(report.toJson(), &error)->sandboxNoteTranslated, std::nullopt);
        report.sandboxNoteTranslated =
            QStringLiteral("テストは非特権ユーザー 'nobody' で実行されます。");
        const auto back = Report::fromJson(report.toJson(), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->sandboxNote, report.sandboxNote);
        QCOMPARE(back->sandboxNoteTranslated, report.sandboxNoteTranslated);
    }

    void gateIgnoresAcceptedDifferences()
    {
        Report report = sampleReport();
        QCOMPARE(blockingDifferences(report), 1); // d1 untriaged; d2 intended
        report.differences[0].verdict = Verdict::Regression;
        QCOMPARE(blockingDifferences(report), 1);
        for (const Verdict accepted :
             {Verdict::CoincidentalFix, Verdict::SpecUndecided, Verdict::InvalidTest}) {
            report.differences[0].verdict = accepted;
            QCOMPARE(blockingDifferences(report), 0);
        }
        // A verdict this version does not know never passes the gate silently: the report
        // naming it does not load, and says which difference holds it.
        nlohmann::json document = report.toJson();
        document["differences"][0]["verdict"] = "from_the_future";
        QString error;
        QVERIFY(!Report::fromJson(document, &error));
        QVERIFY2(error.contains(QStringLiteral("d1")) &&
                     error.contains(QStringLiteral("from_the_future")),
                 qPrintable(error));
    }

    void loadsReportFiles_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("error"); // empty: loads
        QTest::newRow("round trip")
            << QByteArray::fromStdString(sampleReport().toJson().dump()) << QString();
        QTest::newRow("not json") << QByteArray("{\"schema\": ") << "is not valid JSON";
        QTest::newRow("other schema")
            << QByteArray("{\"schema\": \"x/1\"}") << "not a difftriage-report/1 document";
        QTest::newRow("array") << QByteArray("[]") << "not a difftriage-report/1 document";
        QTest::newRow("wrong type")
            << QByteArray("{\"schema\": \"difftriage-report/1\", \"seed\": \"x\"}")
            << "not a valid difftriage-report/1 document";
    }
    void loadsReportFiles()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, error);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("report.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
        file.close();
        const auto report = loadReportFile(path);
        if (error.isEmpty()) {
            QVERIFY(report);
            QCOMPARE(report->tests.size(), 5);
            QCOMPARE(report->tests[2].outcome, TestFate::Flaky);
            QCOMPARE(report->toJson(), sampleReport().toJson());
        } else {
            QVERIFY(!report);
            QVERIFY2(report.error().message.contains(error), qPrintable(report.error().message));
            QVERIFY(!report.error().message.contains(QLatin1Char('\n')));
        }
        const auto missing = loadReportFile(dir.filePath(QStringLiteral("missing.json")));
        QVERIFY(!missing);
        QVERIFY(missing.error().message.contains(QStringLiteral("no such file")));
    }
};

QTEST_GUILESS_MAIN(ExportersTest)
#include "tst_exporters.moc"
