// LlmGenerator end to end against the local scripted server: the scripted model writes tests only
// from the access information in the prompt, tool calls, follow-ups, repairs, and that no failure
// loses the tests generated so far.
#include "FakeLlmServer.h"
#include "LlmProject.h"
#include "LlmTestSupport.h"
#include "ScriptedModel.h"
#include "core/DataPaths.h"
#include "generate/llm/LlmGenerator.h"

#include <QFile>
#include <QProcess>
#include <QTest>
#include <memory>

using namespace difftriage::engine;
using namespace difftriage::testing;

namespace {

// Runs a test on one tree; the test is valid when it exits 0 on the old version.
int runOn(const QString &root, const QString &code)
{
    QProcess python;
    python.setWorkingDirectory(root);
    python.start(LlmProject::python(),
                 {QStringLiteral("-I"), QStringLiteral("-c"),
                  QStringLiteral("import sys; sys.path.insert(0, '.')\n") + code});
    python.waitForFinished(20000);
    return python.exitCode();
}

} // namespace

class TestLlmGenerator final : public QObject
{
    Q_OBJECT

private:
    std::optional<LlmProject> m_project;
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

    std::unique_ptr<LlmGenerator> generator(const LlmSettings &s, bool check = false,
                                            std::optional<PromptTemplates> templates = {})
    {
        if (!templates)
            templates = *PromptTemplates::load();
        std::optional<StaticCheck> staticCheck;
        if (check) {
            PythonInterpreter python;
            python.executable = LlmProject::python();
            staticCheck.emplace(python);
        }
        return std::make_unique<LlmGenerator>(
            std::make_shared<LlmClient>(s, std::make_shared<NoWaitClock>()),
            PromptBuilder(std::move(*templates), *AccessInfoRenderer::load()), staticCheck);
    }

private slots:
    void initTestCase()
    {
        auto project = LlmProject::make();
        QVERIFY2(project, qPrintable(project ? QString() : project.error().message));
        m_project.emplace(std::move(*project));
    }
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

    void scriptedModelWritesRunnableTests()
    {
        m_server->setHandler(ScriptedModel::handler());
        auto llm = generator(settings(), true);
        auto candidates = llm->generate(m_project->request());
        QVERIFY2(candidates, qPrintable(candidates ? QString() : candidates.error().message));
        QVERIFY(candidates->size() >= 2);
        bool reachedMeter = false;
        for (const Candidate &candidate : *candidates) {
            QVERIFY(candidate.code.startsWith(QLatin1String("from pkg import ")));
            QCOMPARE(runOn(m_project->oldRoot, candidate.code), 0);
            QVERIFY(candidate.genome["code"] == candidate.code.toStdString());
            reachedMeter =
                reachedMeter || (candidate.target == QLatin1String("pkg.core.Meter.add") &&
                                 candidate.code.contains(QLatin1String("Meter(")));
        }
        QVERIFY(reachedMeter);
        const auto report = llm->reportJson();
        QVERIFY(report["usage"]["requests"] == 1);
        QVERIFY(report["prompts"].size() == 1u);
        QVERIFY(report["stopped"].is_null());
    }

    void promptWithoutAccessInformationYieldsNothing()
    {
        // The scripted model only knows what the prompt shows: without the access information
        // it cannot write a test, so this end-to-end check guards the prompt's content.
        QString generate = QStringLiteral(
            "@@ version\nx/1\n@@ system\nYou test.\n@@ user\n{changed_functions}\n{rules}\nWrite "
            "{count} tests.\n"
            "@@ rules\nRules.\n@@ function\n{qualname}\n{versions}\n@@ version_block\n{code}\n");
        QFile feedback(dataDirectory() + QStringLiteral("/templates/prompt_feedback.txt"));
        QFile repair(dataDirectory() + QStringLiteral("/templates/prompt_repair.txt"));
        QVERIFY(feedback.open(QIODevice::ReadOnly) && repair.open(QIODevice::ReadOnly));
        auto templates = PromptTemplates::fromTexts(
            {{QStringLiteral("generate"), generate},
             {QStringLiteral("feedback"), QString::fromUtf8(feedback.readAll())},
             {QStringLiteral("repair"), QString::fromUtf8(repair.readAll())}});
        QVERIFY(templates);
        m_server->setHandler(ScriptedModel::handler());
        auto llm = generator(settings(), false, std::move(*templates));
        auto candidates = llm->generate(m_project->request());
        QVERIFY(candidates);
        QVERIFY(candidates->isEmpty());
    }

    void toolCallIsAnswered()
    {
        m_server->enqueue(ScriptedReply::toolCall(
            QStringLiteral("get_info"), {{"name", "pkg.core.Meter"}, {"version", "old"}}));
        m_server->setHandler(ScriptedModel::handler());
        auto llm = generator(settings());
        auto candidates = llm->generate(m_project->request());
        QVERIFY(candidates && !candidates->isEmpty());
        const auto requests = m_server->requests();
        QCOMPARE(requests.size(), 2);
        const QString answer = requests[1].lastContent(QStringLiteral("tool"));
        QVERIFY2(answer.contains(QLatin1String("def __init__(self, start: int):")),
                 qPrintable(answer));
        QVERIFY(requests[1].json()["messages"][2]["tool_calls"][0]["id"] == "call_1");
        QVERIFY(requests[1].json()["messages"][3]["tool_call_id"] == "call_1");
    }

    void followUpsThenFreshChat()
    {
        m_server->setHandler(ScriptedModel::handler());
        auto llm = generator(settings());
        QVERIFY(llm->generate(m_project->request()));
        for (int round = 1; round <= 3; ++round) {
            GenerationRequest request = m_project->request(round);
            request.uncovered["pkg.core.Meter.add"] = {{"old", nlohmann::json::array()},
                                                       {"new", {22, 23}}};
            auto candidates = llm->generate(request);
            QVERIFY(candidates && !candidates->isEmpty());
        }
        const auto requests = m_server->requests();
        QCOMPARE(requests.size(), 4);
        // system + user, then two follow-ups in the same chat, then a new chat.
        QVERIFY(requests[0].json()["messages"].size() == 2u);
        QVERIFY(requests[1].json()["messages"].size() == 4u);
        QVERIFY(requests[2].json()["messages"].size() == 6u);
        QVERIFY(requests[3].json()["messages"].size() == 2u);
        QVERIFY(requests[1].lastContent().contains(
            QLatin1String("lines 22-23 of pkg.core.Meter.add (new version) do not execute")));
        QVERIFY(requests[3].lastContent().contains(
            QLatin1String("For each uncovered affected public function")));
    }

    void staticRepairLoop()
    {
        const QString privateTest =
            QStringLiteral("```python\nfrom pkg.core import _clamp\nprint(_clamp(-1))\n```");
        m_server->enqueue(ScriptedReply::chat(privateTest));
        m_server->enqueue(ScriptedReply::chat(
            QStringLiteral("```python\nfrom pkg import scale\nprint(repr(scale(-1)))\n```")));
        auto llm = generator(settings(), true);
        auto candidates = llm->generate(m_project->request());
        QVERIFY(candidates);
        QCOMPARE(candidates->size(), 1);
        QCOMPARE(candidates->first().code,
                 QStringLiteral("from pkg import scale\nprint(repr(scale(-1)))"));
        QVERIFY(m_server->requests()[1].lastContent().contains(
            QLatin1String("imports the private name '_clamp'")));

        // A model that never fixes it: five repairs, then the test is dropped.
        // Each reply differs (a model that returns the same code is not asked again), yet each
        // still imports the private name.
        auto attempts = std::make_shared<int>(0);
        m_server->setHandler([attempts](const ReceivedRequest &) {
            return ScriptedReply::chat(
                QStringLiteral("```python\nfrom pkg.core import _clamp\nprint(_clamp(%1))\n```")
                    .arg(-++*attempts));
        });
        const auto before = m_server->requests().size();
        auto stubborn = generator(settings(), true);
        auto none = stubborn->generate(m_project->request());
        QVERIFY(none && none->isEmpty());
        QCOMPARE(m_server->requests().size() - before, 1 + LlmGenerator::MaxStaticRepairs);
    }

    void runtimeRepair()
    {
        m_server->enqueue(ScriptedReply::chat(
            QStringLiteral("```python\nfrom pkg import Meter\nprint(Meter(1).add(2))\n```")));
        auto llm = generator(settings());
        Candidate broken{QStringLiteral("pkg.core.Meter.add"),
                         QStringLiteral("pkg.Meter.add"),
                         QStringLiteral("from pkg import Meter\nprint(Meter().add(2))"),
                         {}};
        auto repaired = llm->repair(
            broken,
            {RepairProblem::Kind::Runtime,
             QStringLiteral(
                 "TypeError: Meter.__init__() missing 1 required positional argument: 'start'")});
        QVERIFY(repaired && *repaired);
        QCOMPARE((*repaired)->code,
                 QStringLiteral("from pkg import Meter\nprint(Meter(1).add(2))"));
        QCOMPARE((*repaired)->target, broken.target);
        QVERIFY(m_server->requests()[0].lastContent().contains(
            QLatin1String("missing 1 required positional argument")));
    }

    void refusalIsNotAnError()
    {
        m_server->setHandler([](const ReceivedRequest &) {
            return ScriptedReply::refusal(QStringLiteral("I can't help with that."));
        });
        auto llm = generator(settings());
        auto candidates = llm->generate(m_project->request());
        QVERIFY(candidates && candidates->isEmpty());
        QVERIFY(QString::fromStdString(llm->reportJson()["notes"].dump())
                    .contains(QLatin1String("declined")));
    }

    void failuresKeepWhatWasFound()
    {
        m_server->enqueue(ScriptedReply::chat(
            QStringLiteral("```python\nfrom pkg import scale\nprint(scale(1))\n```")));
        m_server->setHandler([](const ReceivedRequest &) {
            return ScriptedReply::error(500, QStringLiteral("overloaded"));
        });
        auto llm = generator(settings());
        auto first = llm->generate(m_project->request());
        QVERIFY(first && first->size() == 1);
        GenerationRequest later = m_project->request(1);
        later.uncovered["pkg.core.Meter.add"] = {{"old", nlohmann::json::array()}, {"new", {22}}};
        auto second = llm->generate(later);
        QVERIFY2(second, "a later failure must not fail the analysis");
        QVERIFY(second->isEmpty());
        QVERIFY(QString::fromStdString(llm->reportJson()["notes"].dump())
                    .contains(QLatin1String("overloaded")));

        auto unusable = generator(settings()); // nothing found yet: the user must hear why
        auto error = unusable->generate(m_project->request());
        QVERIFY(!error);
        QVERIFY(error.error().message.contains(QLatin1String("overloaded")));
    }

    void costCapStopsCleanly()
    {
        LlmSettings s = settings();
        s.prices.insert(QStringLiteral("scripted"), {1000.0, 1000.0});
        s.maxCost = 0.01;
        m_server->setHandler(ScriptedModel::handler());
        auto llm = generator(s);
        auto first = llm->generate(m_project->request());
        QVERIFY(first && !first->isEmpty()); // the request that crossed the cap still counts
        GenerationRequest later = m_project->request(1);
        later.uncovered["pkg.core.Meter.add"] = {{"old", nlohmann::json::array()}, {"new", {22}}};
        auto second = llm->generate(later);
        QVERIFY(second && second->isEmpty());
        QCOMPARE(m_server->requests().size(), 1);
        QVERIFY(!llm->reportJson()["stopped"].is_null());
        QVERIFY(llm->reportJson()["usage"]["cost"].get<double>() >= 0.01);
    }

    void simplifyDropsStatements()
    {
        auto llm = generator(settings());
        Candidate test{
            QStringLiteral("t"),
            QString(),
            QStringLiteral(
                "from pkg import scale\nx = scale(1)\nprint(x)\nfor i in range(2):\n    print(i)"),
            {}};
        auto variants = llm->simplify(test, m_project->request());
        QVERIFY(variants);
        QCOMPARE(variants->size(), 2);
        QCOMPARE(variants->at(0).code,
                 QStringLiteral(
                     "from pkg import scale\nx = scale(1)\nfor i in range(2):\n    print(i)"));
    }

    void factoryChecksConsent()
    {
        LlmSettings s = settings();
        s.baseUrl = QUrl(QStringLiteral("https://api.openai.com/v1"));
        auto refused = makeLlmGenerator(s);
        QVERIFY(!refused);
        QVERIFY(refused.error().message.contains(QLatin1String("--allow-remote-llm")));
        auto local = makeLlmGenerator(settings());
        QVERIFY2(local, qPrintable(local ? QString() : local.error().message));
        QVERIFY(dynamic_cast<LlmGenerator *>(local->get()));
    }
};

QTEST_GUILESS_MAIN(TestLlmGenerator)
#include "tst_llmgenerator.moc"
