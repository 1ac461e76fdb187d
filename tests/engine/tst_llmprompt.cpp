// The LLM generator's prompts (against golden files), reply parsing, source excerpts and the
// static validity check.
#include "LlmProject.h"
#include "LlmTestSupport.h"
#include "generate/llm/PromptBuilder.h"
#include "generate/llm/ReplyParser.h"
#include "generate/llm/SourceExcerpt.h"
#include "generate/llm/StaticCheck.h"

#include <QFile>
#include <QTest>

using namespace difftriage::engine;
using namespace difftriage::testing;

class TestLlmPrompt final : public QObject
{
    Q_OBJECT

private:
    std::optional<LlmProject> m_project;
    std::optional<PromptBuilder> m_builder;

private slots:
    void initTestCase()
    {
        auto project = LlmProject::make();
        QVERIFY2(project, qPrintable(project ? QString() : project.error().message));
        m_project.emplace(std::move(*project));
        auto templates = PromptTemplates::load();
        QVERIFY2(templates, qPrintable(templates ? QString() : templates.error().message));
        auto access = AccessInfoRenderer::load();
        QVERIFY(access);
        m_builder.emplace(std::move(*templates), std::move(*access));
    }

    void roundZeroPrompt()
    {
        const QString prompt = m_builder->initial(
            m_project->request(),
            {QStringLiteral("pkg.core._clamp"), QStringLiteral("pkg.core.Meter.add")}, 4);
        // DiffTestGen's parts: both versions marked, the access information, the instructions.
        QVERIFY(prompt.contains(QLatin1String("-    if value < 0:")));
        QVERIFY(prompt.contains(QLatin1String("+    if value <= 0:")));
        QVERIFY(prompt.contains(QLatin1String("The following information is available for both the "
                                              "old and the new versions of code:")));
        QVERIFY(prompt.contains(QLatin1String("from pkg import scale")));
        QVERIFY(prompt.contains(QLatin1String("No pytest.main")));
        QVERIFY(prompt.contains(QLatin1String("Write 4 such test snippets")));
        compareGolden(QStringLiteral("prompt_round0.txt"), prompt);
    }

    void feedbackPrompt()
    {
        GenerationRequest request = m_project->request(1);
        request.uncovered["pkg.core.Meter.add"] = {{"old", nlohmann::json::array()},
                                                   {"new", {22, 23}}};
        request.uncovered["pkg.core._clamp"] = {{"old", {6}}, {"new", {6}}};
        const nlohmann::json genome = {{"generator", "llm"},
                                       {"code", "from pkg import scale\nprint(repr(scale(3)))"}};
        request.feedback << FeedbackTest{
            QStringLiteral("t1"),
            QStringLiteral("pkg.core._clamp"),
            genome,
            {{"old", {{"pkg/core.py", {4, 5, 7}}}}, {"new", {{"pkg/core.py", {4, 5, 7}}}}},
            QStringLiteral("returned")};
        const QString prompt = m_builder->feedback(
            request, {QStringLiteral("pkg.core._clamp"), QStringLiteral("pkg.core.Meter.add")}, 3,
            false);
        QVERIFY(prompt.contains(QLatin1String("For each uncovered affected public function")));
        QVERIFY(prompt.contains(QLatin1String(
            "pkg/core.py, lines 22-23 of pkg.core.Meter.add (new version) do not execute")));
        QVERIFY(prompt.contains(QLatin1String("22:         if amount > 100:")));
        QVERIFY(prompt.contains(QLatin1String("class Meter:"))); // the class header is kept
        QVERIFY(prompt.contains(QLatin1String("print(repr(scale(3)))"))); // the closest test
        compareGolden(QStringLiteral("prompt_feedback.txt"), prompt);
        const QString followUp =
            m_builder->feedback(request, {QStringLiteral("pkg.core.Meter.add")}, 3, true);
        QVERIFY(followUp.startsWith(QLatin1String("The tests you wrote still leave")));
        QVERIFY(m_builder
                    ->feedback(m_project->request(1), {QStringLiteral("pkg.core._clamp")}, 3, false)
                    .isEmpty());
    }

    void repairPrompt()
    {
        const QString prompt =
            m_builder->repair(QStringLiteral("from pkg import scale\nscale(x)"),
                              RepairProblem{RepairProblem::Kind::Runtime,
                                            QStringLiteral("NameError: name 'x' is not defined")});
        compareGolden(QStringLiteral("prompt_repair.txt"), prompt);
    }

    void templatesAreVersioned()
    {
        QVERIFY(m_builder->templates().versions().contains(
            QLatin1String("difftriage-prompt-generate/1")));
        QVERIFY(!PromptTemplates::fromTexts(
            {{QStringLiteral("generate"), QStringLiteral("@@ system\nx")}}));
        auto only = PromptTemplates::load();
        QVERIFY(only);
        // Placeholders in values are never substituted again (f-strings in code).
        QCOMPARE(only->fill(QStringLiteral("feedback.reference"),
                            {{QStringLiteral("code"), QStringLiteral("print(f'{code}')")}})
                     .count(QLatin1String("{code}")),
                 1);
    }

    void replies_data()
    {
        QTest::addColumn<QString>("reply");
        QTest::addColumn<bool>("truncated");
        QTest::addColumn<QStringList>("tests");
        QTest::newRow("fenced") << QStringLiteral(
                                       "Sure:\n```python\nimport a\nprint(a.f())\n```\nDone.")
                                << false << QStringList{QStringLiteral("import a\nprint(a.f())")};
        QTest::newRow("two fences, one shell")
            << QStringLiteral(
                   "```py\nprint(1)\n```\n```bash\npip install x\n```\n```\nprint(2)\n```")
            << false << QStringList{QStringLiteral("print(1)"), QStringLiteral("print(2)")};
        QTest::newRow("no fences")
            << QStringLiteral(
                   "Here is a test:\nfrom pkg import scale\nprint(repr(scale(1)))\nThis prints 2.")
            << false << QStringList{QStringLiteral("from pkg import scale\nprint(repr(scale(1)))")};
        QTest::newRow("several tests in one block")
            << QStringLiteral("```python\nfrom pkg import scale\n\n# Test 1\nprint(scale(1))\n\n# "
                              "Test 2\nprint(scale(-1))\n```")
            << false
            << QStringList{QStringLiteral("from pkg import scale\n# Test 1\nprint(scale(1))"),
                           QStringLiteral("from pkg import scale\n# Test 2\nprint(scale(-1))")};
        QTest::newRow("cut at the token limit")
            << QStringLiteral("```python\nprint(1)\n```\n```python\nprint(sca") << true
            << QStringList{QStringLiteral("print(1)")};
        QTest::newRow("forgotten closing fence") << QStringLiteral("```python\nprint(1)\n") << false
                                                 << QStringList{QStringLiteral("print(1)")};
        QTest::newRow("prose only")
            << QStringLiteral("I'm sorry, but I can't help with that.") << false << QStringList{};
        QTest::newRow("empty") << QString() << false << QStringList{};
        QTest::newRow("duplicates collapse")
            << QStringLiteral("```python\nprint(1)\n```\n```python\nprint(1)\n```") << false
            << QStringList{QStringLiteral("print(1)")};
    }
    void replies()
    {
        QFETCH(QString, reply);
        QFETCH(bool, truncated);
        QFETCH(QStringList, tests);
        QCOMPARE(ReplyParser::tests(reply, truncated), tests);
    }

    void excerptsAndSymbols()
    {
        const SourceExcerpt old(m_project->oldRoot);
        const QString meter = old.symbol(QStringLiteral("pkg.core.Meter"));
        QVERIFY(meter.contains(
            QLatin1String("def __init__(self, start: int):\n        self.total = start")));
        QVERIFY(meter.contains(QLatin1String("def add(self, amount: int) -> int:\n        ...")));
        QVERIFY(old.symbol(QStringLiteral("pkg.core.scale"))
                    .contains(QLatin1String("return _clamp(value) * factor")));
        QVERIFY(old.symbol(QStringLiteral("pkg.core.Meter.add"))
                    .contains(QLatin1String("self.total += amount")));
        QVERIFY(old.symbol(QStringLiteral("pkg.nothing_here")).isEmpty());
    }

    void staticCheck_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("problem");
        QTest::newRow("valid")
            << QStringLiteral("from pkg import scale\nfor i in range(3):\n    print(scale(i))")
            << QString();
        QTest::newRow("syntax") << QStringLiteral("print(1") << QStringLiteral("SyntaxError");
        QTest::newRow("private name")
            << QStringLiteral("from pkg.core import _clamp\nprint(_clamp(1))")
            << QStringLiteral("private name '_clamp'");
        QTest::newRow("private module")
            << QStringLiteral("import pkg._impl") << QStringLiteral("private module");
        QTest::newRow("unresolved") << QStringLiteral("from pkg import scale\nprint(scale(value))")
                                    << QStringLiteral("name 'value' is not defined");
        QTest::newRow("pytest.main") << QStringLiteral("import pytest\npytest.main()")
                                     << QStringLiteral("ends the test process");
    }
    void staticCheck()
    {
        QFETCH(QString, code);
        QFETCH(QString, problem);
        PythonInterpreter python;
        python.executable = LlmProject::python();
        auto result = StaticCheck(python).check({code});
        QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
        QCOMPARE(result->size(), 1);
        if (problem.isEmpty())
            QCOMPARE(result->first(), QString());
        else
            QVERIFY2(result->first().contains(problem), qPrintable(result->first()));
    }
};

QTEST_GUILESS_MAIN(TestLlmPrompt)
#include "tst_llmprompt.moc"
