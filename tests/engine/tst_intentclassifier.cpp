// The LLM intent classifier against the local scripted server: the prompt (golden file), strict
// reply parsing, every decision path of the five questions, the fallback to the offline heuristic
// on malformed replies, HTTP errors and time-outs, clusters, and a PR's overall status.
#include "FakeLlmServer.h"
#include "LlmTestSupport.h"
#include "VocabularyTestSupport.h"
#include "triage/OverallStatus.h"
#include "triage/intent/LlmIntentClassifier.h"

#include <QFile>
#include <QTest>

using namespace difftriage::engine;
using namespace difftriage::testing;

namespace {

// The demo's private regression (PR #15), as the report holds it.
ReportDifference tierDifference(const QString &id = QStringLiteral("d1"),
                                const QString &cluster = QStringLiteral("c1"))
{
    ReportDifference difference;
    difference.id = id;
    difference.cluster = cluster;
    difference.fingerprint = id + QStringLiteral("-fingerprint");
    difference.target = QStringLiteral("invoicekit.tax._tier_for");
    difference.kind = DifferenceKind::DifferentOutput;
    difference.testCode =
        QStringLiteral("from invoicekit import discount_for\nprint(discount_for(10, '2.50'))\n");
    difference.oldSide.output = QStringLiteral("1.25");
    difference.oldSide.status = RunStatus::Ok;
    difference.newSide.output = QStringLiteral("0.00");
    difference.newSide.status = RunStatus::Ok;
    return difference;
}

Report tierReport(QList<ReportDifference> differences = {tierDifference()})
{
    Report report;
    report.title = QStringLiteral("Simplify discount tier lookup");
    report.body = QStringLiteral("Replaces the chain of ifs with a table. No behaviour change.");
    report.differences = std::move(differences);
    return report;
}

IntentContext tierContext()
{
    IntentContext context = IntentContext::of(tierReport());
    context.commitMessages << QStringLiteral("tax: look the tier up in a table");
    return context;
}

QString answers(const QString &significance, const QString &determinism, const QString &visibility,
                const QString &input, const QString &intent, const QString &expected)
{
    return QStringLiteral(R"({"significance": "%1", "determinism": "%2", "visibility": "%3",
 "input": "%4", "intent": "%5", "expected": "%6",
 "why": {"intent": "the PR promises no behaviour change"}})")
        .arg(significance, determinism, visibility, input, intent, expected);
}

QString regressionAnswers()
{
    return answers(QStringLiteral("noteworthy"), QStringLiteral("deterministic"),
                   QStringLiteral("public"), QStringLiteral("legal"), QStringLiteral("unintended"),
                   QStringLiteral("old"));
}

} // namespace

class TestIntentClassifier final : public QObject
{
    Q_OBJECT

private:
    FakeLlmServer *m_server = nullptr;

    LlmSettings settings() const
    {
        LlmSettings s;
        s.baseUrl = m_server->baseUrl();
        s.model = QStringLiteral("scripted");
        s.timeoutMs = 5000;
        s.retries = 1;
        s.backoffInitialMs = 10;
        s.cacheDirectory.clear();
        return s;
    }

    std::unique_ptr<LlmIntentClassifier> classifier(const LlmSettings &s)
    {
        auto prompt = IntentPrompt::load();
        if (!prompt)
            qFatal("%s", qPrintable(prompt.error().message));
        return std::make_unique<LlmIntentClassifier>(
            std::make_shared<LlmClient>(s, std::make_shared<NoWaitClock>()), std::move(*prompt));
    }

private slots:
    void init()
    {
        m_server = new FakeLlmServer;
        QVERIFY(m_server->start());
    }
    void cleanup()
    {
        delete m_server;
        m_server = nullptr;
    }

    void promptIsGolden()
    {
        auto prompt = IntentPrompt::load();
        QVERIFY2(prompt, qPrintable(prompt ? QString() : prompt.error().message));
        const QString user = prompt->user(tierDifference(), tierContext());
        // The parts the five questions are answered from.
        for (const char *part :
             {"Pull request title: Simplify discount tier lookup", "No behaviour change.",
              "tax: look the tier up in a table", "`invoicekit.tax._tier_for`",
              "print(discount_for(10, '2.50'))", "different_output", "1.25", "0.00",
              "\"significance\"", "\"determinism\"", "\"visibility\"", "\"input\"", "\"intent\"",
              "\"expected\""})
            QVERIFY2(user.contains(QLatin1String(part)), part);
        QVERIFY(prompt->version().contains(QLatin1String("difftriage-prompt-classify/1")));
        compareGolden(QStringLiteral("prompt_classify.txt"),
                      prompt->system() + QStringLiteral("\n---\n") + user);
    }

    void promptShowsErrorsAndAborts()
    {
        auto prompt = IntentPrompt::load();
        QVERIFY(prompt);
        ReportDifference difference = tierDifference();
        difference.kind = DifferenceKind::OnlyNewRaises;
        difference.newSide.output.clear();
        difference.newSide.errorType = QStringLiteral("KeyError");
        difference.newSide.errorMessage = QStringLiteral("'gold'");
        difference.oldSide.output.clear();
        difference.oldSide.status = RunStatus::Timeout;
        IntentContext context = IntentContext::of(tierReport());
        context.body.clear();
        const QString user = prompt->user(difference, context);
        QVERIFY(user.contains(QLatin1String("raises KeyError: 'gold'")));
        QVERIFY(user.contains(QLatin1String("does not finish (timeout)")));
        QVERIFY(user.contains(QLatin1String("Pull request description:\n(none)")));
        QVERIFY(!user.contains(QLatin1String("Commit messages")));
    }

    void parsing_data()
    {
        QTest::addColumn<QString>("reply");
        QTest::addColumn<bool>("valid");
        QTest::newRow("plain") << regressionAnswers() << true;
        QTest::newRow("json fence and prose") << QStringLiteral("Here is my answer:\n```json\n") +
                                                     regressionAnswers() + QStringLiteral("\n```\n")
                                              << true;
        QTest::newRow("loose spelling")
            << answers(QStringLiteral("Noteworthy"), QStringLiteral("Non-Deterministic"),
                       QStringLiteral("public"), QStringLiteral("legal"),
                       QStringLiteral("intended"), QStringLiteral("unclear"))
            << true;
        QTest::newRow("no json") << QStringLiteral("It is a regression.") << false;
        QTest::newRow("broken json") << QStringLiteral("{\"significance\": \"minor\",") << false;
        QTest::newRow("missing answer")
            << QStringLiteral(R"({"significance": "minor", "determinism": "deterministic"})")
            << false;
        QTest::newRow("answer outside the choices")
            << answers(QStringLiteral("huge"), QStringLiteral("deterministic"),
                       QStringLiteral("public"), QStringLiteral("legal"),
                       QStringLiteral("intended"), QStringLiteral("old"))
            << false;
        QTest::newRow("expected outside the choices")
            << answers(QStringLiteral("minor"), QStringLiteral("deterministic"),
                       QStringLiteral("public"), QStringLiteral("legal"),
                       QStringLiteral("intended"), QStringLiteral("both"))
            << false;
        QTest::newRow("answer not a string")
            << QStringLiteral(R"({"significance": true, "determinism": "deterministic",
                "visibility": "public", "input": "legal", "intent": "intended",
                "expected": "old"})")
            << false;
    }

    void parsing()
    {
        QFETCH(QString, reply);
        QFETCH(bool, valid);
        const auto parsed = parseIntentAnswers(reply);
        QCOMPARE(bool(parsed), valid);
        if (valid)
            QCOMPARE(parsed->why.value(QStringLiteral("intent")),
                     QStringLiteral("the PR promises no behaviour change"));
    }

    void decisions_data()
    {
        QTest::addColumn<QString>("reply");
        QTest::addColumn<QString>("verdict");
        QTest::addColumn<QString>("confidence");
        const auto n = QStringLiteral("noteworthy"), m = QStringLiteral("minor");
        const auto d = QStringLiteral("deterministic"), nd = QStringLiteral("non_deterministic");
        const auto pub = QStringLiteral("public"), internal = QStringLiteral("internal");
        const auto legal = QStringLiteral("legal"), illegal = QStringLiteral("illegal");
        const auto in = QStringLiteral("intended"), un = QStringLiteral("unintended");
        const auto old = QStringLiteral("old"), fresh = QStringLiteral("new"),
                   unclear = QStringLiteral("unclear");
        QTest::newRow("regression") << answers(n, d, pub, legal, un, old)
                                    << QStringLiteral("regression") << QStringLiteral("medium");
        QTest::newRow("coincidental fix")
            << answers(n, d, pub, legal, un, fresh) << QStringLiteral("coincidental_fix")
            << QStringLiteral("medium");
        QTest::newRow("unintended, neither expected")
            << answers(n, d, pub, legal, un, unclear) << QStringLiteral("spec_undecided")
            << QStringLiteral("low");
        QTest::newRow("intended") << answers(n, d, pub, legal, in, unclear)
                                  << QStringLiteral("intended") << QStringLiteral("medium");
        QTest::newRow("non-deterministic is no regression")
            << answers(n, nd, pub, legal, un, old) << QStringLiteral("invalid_test")
            << QStringLiteral("medium");
        QTest::newRow("illegal input is no regression")
            << answers(n, d, pub, illegal, un, old) << QStringLiteral("invalid_test")
            << QStringLiteral("medium");
        QTest::newRow("illegal input handled on purpose")
            << answers(n, d, pub, illegal, in, unclear) << QStringLiteral("intended")
            << QStringLiteral("low");
        QTest::newRow("minor is no regression")
            << answers(m, d, pub, legal, un, old) << QStringLiteral("intended")
            << QStringLiteral("low");
        QTest::newRow("internal is no regression")
            << answers(n, d, internal, legal, un, old) << QStringLiteral("intended")
            << QStringLiteral("low");
    }

    void decisions()
    {
        QFETCH(QString, reply);
        QFETCH(QString, verdict);
        QFETCH(QString, confidence);
        m_server->enqueue(ScriptedReply::chat(reply));
        Report report = tierReport();
        classifier(settings())->suggest(report, IntentContext::of(report));
        const ReportDifference &difference = report.differences.first();
        QCOMPARE(difference.suggestionSource, SuggestionSource::Llm);
        QCOMPARE(spelling(difference.suggestedVerdict), verdict);
        QCOMPARE(difference.suggestionConfidence ? spelling(*difference.suggestionConfidence)
                                                 : QString(),
                 confidence);
        // The five answers are the reasons (and which output is expected, when it decided).
        QVERIFY(difference.suggestionReasons.size() >= 5);
        QVERIFY(difference.suggestionReasons.join(QLatin1Char('\n'))
                    .contains(QLatin1String("the PR promises no behaviour change")));
        QVERIFY(report.notes.isEmpty());
        QVERIFY(report.llm["classifier"]["classified"] == 1);
        QVERIFY(report.llm["classifier"]["fell_back"] == 0);
        const ReceivedRequest sent = m_server->requests().value(0);
        QVERIFY(sent.json()["messages"][0]["role"] == "system");
        QVERIFY(sent.lastContent().contains(QLatin1String("Simplify discount tier lookup")));
    }

    void malformedReplyFallsBack()
    {
        m_server->enqueue(ScriptedReply::chat(QStringLiteral("I think this is a regression.")));
        m_server->enqueue(ScriptedReply::chat(QStringLiteral("{\"intent\": \"unintended\"}")));
        Report report = tierReport();
        Report heuristicOnly = report;
        suggestIntent(heuristicOnly);
        auto llm = classifier(settings());
        llm->suggest(report, IntentContext::of(report));
        QCOMPARE(llm->requestsMade(), 2); // one reminder, then the fallback
        QCOMPARE(report.differences.size(), 1);
        const ReportDifference &difference = report.differences.first();
        QCOMPARE(difference.suggestionSource, SuggestionSource::Heuristic);
        QCOMPARE(difference.suggestedVerdict, heuristicOnly.differences.first().suggestedVerdict);
        QVERIFY(difference.suggestionReasons.first().contains(QLatin1String("malformed reply")));
        QVERIFY(difference.suggestionReasons.first().contains(QLatin1String("heuristic")));
        QCOMPARE(report.notes.size(), 1);
        QVERIFY(report.notes.first().contains(QLatin1String("1 of 1")));
        QVERIFY(report.llm["classifier"]["fell_back"] == 1);
        // The reminder names what was wrong.
        QVERIFY(
            m_server->requests().value(1).lastContent().contains(QLatin1String("no JSON object")));
        // Asking again replaces the note rather than adding a second one.
        m_server->enqueue(ScriptedReply::chat(regressionAnswers()));
        classifier(settings())->suggest(report, IntentContext::of(report));
        QVERIFY(report.notes.isEmpty());
        QCOMPARE(report.differences.first().suggestionSource, SuggestionSource::Llm);
    }

    void reminderRescuesAReply()
    {
        m_server->enqueue(ScriptedReply::chat(QStringLiteral("Regression, clearly.")));
        m_server->enqueue(ScriptedReply::chat(regressionAnswers()));
        Report report = tierReport();
        classifier(settings())->suggest(report, IntentContext::of(report));
        QCOMPARE(report.differences.first().suggestionSource, SuggestionSource::Llm);
        QCOMPARE(report.differences.first().suggestedVerdict, Verdict::Regression);
    }

    void refusalFallsBack()
    {
        m_server->enqueue(ScriptedReply::refusal(QStringLiteral("I can't help with that.")));
        Report report = tierReport();
        classifier(settings())->suggest(report, IntentContext::of(report));
        QCOMPARE(report.differences.first().suggestionSource, SuggestionSource::Heuristic);
        QVERIFY(report.differences.first().suggestionReasons.first().contains(
            QLatin1String("refused")));
    }

    void httpErrorFallsBack()
    {
        m_server->setHandler([](const ReceivedRequest &) {
            return ScriptedReply::error(500, QStringLiteral("model crashed"));
        });
        Report report = tierReport({tierDifference(QStringLiteral("d1"), QStringLiteral("c1")),
                                    tierDifference(QStringLiteral("d2"), QStringLiteral("c2"))});
        auto llm = classifier(settings());
        llm->suggest(report, IntentContext::of(report));
        // One request and its retry; the second cluster is not asked of a failing endpoint.
        QCOMPARE(m_server->requests().size(), 2);
        QCOMPARE(report.differences.size(), 2);
        for (const ReportDifference &difference : std::as_const(report.differences)) {
            QCOMPARE(difference.suggestionSource, SuggestionSource::Heuristic);
            QVERIFY(difference.suggestedVerdict != Verdict::None);
            QVERIFY2(difference.suggestionReasons.first().contains(QLatin1String("HTTP 500")),
                     qPrintable(difference.suggestionReasons.first()));
        }
        QVERIFY(report.notes.value(0).contains(QLatin1String("2 of 2")));
    }

    void timeOutFallsBack()
    {
        ScriptedReply stall;
        stall.stall = true;
        m_server->setHandler([stall](const ReceivedRequest &) { return stall; });
        LlmSettings s = settings();
        s.timeoutMs = 300;
        s.retries = 0;
        Report report = tierReport();
        classifier(s)->suggest(report, IntentContext::of(report));
        const ReportDifference &difference = report.differences.first();
        QCOMPARE(difference.suggestionSource, SuggestionSource::Heuristic);
        QVERIFY2(difference.suggestionReasons.first().contains(QLatin1String("timed out")),
                 qPrintable(difference.suggestionReasons.first()));
    }

    void oneRequestPerCluster()
    {
        m_server->setHandler(
            [](const ReceivedRequest &) { return ScriptedReply::chat(regressionAnswers()); });
        Report report = tierReport({tierDifference(QStringLiteral("d1"), QStringLiteral("c1")),
                                    tierDifference(QStringLiteral("d2"), QStringLiteral("c1")),
                                    tierDifference(QStringLiteral("d3"), QString())});
        classifier(settings())->suggest(report, IntentContext::of(report));
        QCOMPARE(m_server->requests().size(), 2);
        QCOMPARE(report.differences[1].suggestedVerdict, Verdict::Regression);
        QCOMPARE(report.differences[1].suggestionReasons.first(),
                 QStringLiteral("as for d1, of the same cluster"));
        QCOMPARE(report.differences[2].suggestionSource, SuggestionSource::Llm);
    }

    void costCapCoversGeneration()
    {
        m_server->setHandler(
            [](const ReceivedRequest &) { return ScriptedReply::chat(regressionAnswers()); });
        LlmSettings s = settings();
        s.maxCost = 0.01;
        Report report = tierReport();
        report.llm = {{"usage", {{"cost", 0.02}}}}; // what the generator spent
        QVERIFY(suggestIntentWithLlm(report, s));
        QVERIFY(m_server->requests().isEmpty());
        QCOMPARE(report.differences.first().suggestionSource, SuggestionSource::Heuristic);
        QVERIFY(report.differences.first().suggestionReasons.first().contains(
            QLatin1String("cost cap")));
        // With money left it asks.
        report.llm = {{"usage", {{"cost", 0.001}}}};
        QVERIFY(suggestIntentWithLlm(report, s));
        QCOMPARE(m_server->requests().size(), 1);
        QCOMPARE(report.differences.first().suggestionSource, SuggestionSource::Llm);
    }

    void badSettingsKeepTheHeuristic()
    {
        LlmSettings s = settings();
        s.model.clear();
        Report report = tierReport();
        const Status status = suggestIntentWithLlm(report, s);
        QVERIFY(!status);
        QVERIFY(status.error().message.contains(QLatin1String("--llm-model")));
        QCOMPARE(report.differences.first().suggestionSource, SuggestionSource::Heuristic);
    }

    void remoteEndpointNeedsConsent()
    {
        LlmSettings s = settings();
        s.baseUrl = QUrl(QStringLiteral("https://api.example.com/v1"));
        QVERIFY(!makeLlmIntentClassifier(s));
        s.allowRemote = true;
        QVERIFY(makeLlmIntentClassifier(s));
    }

    void overallStatusTakesTheMostSevere_data()
    {
        QTest::addColumn<QStringList>("verdicts"); // empty = none
        QTest::addColumn<QString>("overall");
        QTest::newRow("nothing") << QStringList{} << QStringLiteral("untriaged");
        QTest::newRow("untriaged")
            << QStringList{QString(), QString()} << QStringLiteral("untriaged");
        QTest::newRow("intended over invalid test")
            << QStringList{QStringLiteral("invalid_test"), QStringLiteral("intended")}
            << QStringLiteral("intended");
        QTest::newRow("spec undecided over intended")
            << QStringList{QStringLiteral("intended"), QStringLiteral("spec_undecided")}
            << QStringLiteral("spec_undecided");
        QTest::newRow("coincidental fix over spec undecided")
            << QStringList{QStringLiteral("spec_undecided"), QStringLiteral("coincidental_fix"),
                           QStringLiteral("intended")}
            << QStringLiteral("coincidental_fix");
        QTest::newRow("regression over all")
            << QStringList{QStringLiteral("coincidental_fix"), QStringLiteral("regression"),
                           QStringLiteral("spec_undecided"), QString()}
            << QStringLiteral("regression");
    }

    void overallStatusTakesTheMostSevere()
    {
        QFETCH(QStringList, verdicts);
        QFETCH(QString, overall);
        QList<ReportDifference> differences;
        for (const QString &verdict : verdicts) {
            ReportDifference difference;
            if (!verdict.isEmpty())
                difference.verdict = word<Verdict>(qPrintable(verdict));
            differences << difference;
        }
        QCOMPARE(spelling(overallStatus(differences, VerdictOrigin::Reviewer)), overall);
        QCOMPARE(overallStatus(differences, VerdictOrigin::Suggestion), Verdict::None);
    }

    void overallStatusOverSuggestions()
    {
        // Each cluster's test names another target; the scripted model answers by target.
        const QMap<QString, QString> replies{
            {QStringLiteral("pkg.a"),
             answers(QStringLiteral("noteworthy"), QStringLiteral("deterministic"),
                     QStringLiteral("public"), QStringLiteral("legal"), QStringLiteral("intended"),
                     QStringLiteral("unclear"))},
            {QStringLiteral("pkg.b"),
             answers(QStringLiteral("noteworthy"), QStringLiteral("deterministic"),
                     QStringLiteral("public"), QStringLiteral("legal"),
                     QStringLiteral("unintended"), QStringLiteral("new"))},
            {QStringLiteral("pkg.c"), regressionAnswers()},
            {QStringLiteral("pkg.d"),
             answers(QStringLiteral("noteworthy"), QStringLiteral("non_deterministic"),
                     QStringLiteral("public"), QStringLiteral("legal"),
                     QStringLiteral("unintended"), QStringLiteral("old"))}};
        m_server->setHandler([replies](const ReceivedRequest &request) {
            const QString prompt = request.lastContent();
            for (auto it = replies.cbegin(); it != replies.cend(); ++it) {
                if (prompt.contains(QStringLiteral("`%1`").arg(it.key())))
                    return ScriptedReply::chat(it.value());
            }
            return ScriptedReply::error(400, QStringLiteral("unknown target"));
        });
        QList<ReportDifference> differences;
        for (const QString &target : replies.keys()) {
            ReportDifference difference = tierDifference(target, target);
            difference.target = target;
            differences << difference;
        }
        Report report = tierReport(differences);
        classifier(settings())->suggest(report, IntentContext::of(report));
        QStringList suggested;
        for (const ReportDifference &difference : std::as_const(report.differences))
            suggested << spelling(difference.suggestedVerdict);
        QCOMPARE(suggested,
                 (QStringList{QStringLiteral("intended"), QStringLiteral("coincidental_fix"),
                              QStringLiteral("regression"), QStringLiteral("invalid_test")}));
        QCOMPARE(spelling(overallStatus(report.differences, VerdictOrigin::Suggestion)),
                 spelling(Verdict::Regression));
        report.differences.removeAt(2);
        QCOMPARE(spelling(overallStatus(report.differences, VerdictOrigin::Suggestion)),
                 spelling(Verdict::CoincidentalFix));
        report.differences.removeAt(1);
        QCOMPARE(spelling(overallStatus(report.differences, VerdictOrigin::Suggestion)),
                 spelling(Verdict::Intended));
    }
};

QTEST_GUILESS_MAIN(TestIntentClassifier)
#include "tst_intentclassifier.moc"
