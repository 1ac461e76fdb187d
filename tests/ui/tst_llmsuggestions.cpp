// The GUI's analysis queue with "Suggestions: language model": the model suggests after the
// analysis, on the worker thread; settings it refuses keep the heuristic's, with a note.
#include "AnalysisQueue.h"
#include "FakeLlmServer.h"
#include "VocabularyTestSupport.h"
#include "change/ChangeSource.h"
#include "git/Repository.h"

#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace difftriage;
using namespace difftriage::testing;

namespace {

const QString regressionReply = QStringLiteral(
    R"({"significance": "noteworthy", "determinism": "deterministic", "visibility": "public",
        "input": "legal", "intent": "unintended", "expected": "old"})");

} // namespace

class TestLlmSuggestions final : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;
    QString m_repository;
    engine::ChangeSpec m_change;
    FakeLlmServer m_server;

    engine::UserChoices options() const
    {
        engine::UserChoices options;
        options.pythonOld = options.pythonNew =
            qEnvironmentVariable("DIFFTRIAGE_TEST_PYTHON", "/usr/bin/python3");
        options.suggest = engine::SuggestionSource::Llm;
        options.llm.baseUrl = m_server.baseUrl();
        options.llm.model = QStringLiteral("scripted");
        options.llm.retries = 0;
        options.llm.cacheDirectory.clear();
        return options;
    }

    engine::Report analyse(const engine::UserChoices &choices)
    {
        ui::AnalysisQueue queue;
        queue.setChoices(choices);
        QSignalSpy finished(&queue, &ui::AnalysisQueue::finished);
        queue.enqueue(m_repository, m_change);
        if (!finished.wait(300000))
            return {};
        return finished.first().at(1).value<engine::Report>();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        QVERIFY(m_server.start());
        const QString cli = qEnvironmentVariable("DIFFTRIAGE_CLI");
        if (cli.isEmpty())
            QSKIP("DIFFTRIAGE_CLI is not set (run through ctest)");
        m_repository = m_home.filePath(QStringLiteral("demo"));
        QProcess demo;
        demo.start(cli, {QStringLiteral("demo"), QStringLiteral("--out"), m_repository});
        QVERIFY(demo.waitForFinished(60000));
        QVERIFY2(demo.exitCode() == 0, demo.readAllStandardError().constData());
        auto repository = engine::git::Repository::open(m_repository);
        QVERIFY(repository);
        auto change = engine::ChangeSource(*repository).pullRequest(23);
        QVERIFY(change);
        m_change = *change;
    }

    void modelSuggestsAfterTheAnalysis()
    {
        m_server.setHandler(
            [](const ReceivedRequest &) { return ScriptedReply::chat(regressionReply); });
        const engine::Report report = analyse(options());
        QVERIFY(!report.differences.isEmpty());
        for (const engine::ReportDifference &difference : report.differences) {
            QCOMPARE(difference.suggestionSource, engine::SuggestionSource::Llm);
            QCOMPARE(difference.suggestedVerdict, engine::Verdict::Regression);
        }
        QVERIFY(!m_server.requests().isEmpty());
    }

    void refusedSettingsKeepTheHeuristic()
    {
        engine::UserChoices refused = options();
        refused.llm.baseUrl = QUrl(QStringLiteral("https://api.example.com/v1")); // no consent
        const engine::Report report = analyse(refused);
        QVERIFY(!report.differences.isEmpty());
        for (const engine::ReportDifference &difference : report.differences)
            QCOMPARE(difference.suggestionSource, engine::SuggestionSource::Heuristic);
        QVERIFY(report.notes.join(QLatin1Char('\n')).contains(QLatin1String("--allow-remote-llm")));
    }
};

QTEST_MAIN(TestLlmSuggestions)
#include "tst_llmsuggestions.moc"
