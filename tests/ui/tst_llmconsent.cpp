#include "AnalysisQueue.h"
#include "LlmConsent.h"
#include "PrivateUserDirs.h"
#include "VocabularyTestSupport.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

using namespace difftriage;

// Code goes to an endpoint on another machine only after the reviewer allowed it for that
// repository and host; the answer is remembered, and declining analyses offline.
class LlmConsentTest final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        test::usePrivateUserDirectories(m_home.path(), QStringLiteral("tst_llmconsent"));
    }

    void init() { ui::LlmConsent::forgetAll(); }

    void noConsentNeededWithoutRemoteModel()
    {
        const auto never = [](const QString &) -> ui::LlmConsent::Answer {
            qFatal("asked without need");
        };
        engine::UserChoices options = remote();
        options.generator = engine::GeneratorKind::Offline;
        QCOMPARE(ui::LlmConsent::settle(options, QStringLiteral("repo-a"), never),
                 ui::LlmConsent::Use::AsConfigured);
        options.generator = engine::GeneratorKind::Llm;
        options.llm.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:11434/v1"));
        QCOMPARE(ui::LlmConsent::settle(options, QStringLiteral("repo-a"), never),
                 ui::LlmConsent::Use::AsConfigured);
    }

    void allowingIsRememberedPerRepositoryAndHost()
    {
        int asked = 0;
        QString askedHost;
        const auto allow = [&](const QString &host) {
            ++asked;
            askedHost = host;
            return ui::LlmConsent::Answer::Allow;
        };
        QCOMPARE(ui::LlmConsent::settle(remote(), QStringLiteral("repo-a"), allow),
                 ui::LlmConsent::Use::AllowedRemote);
        QCOMPARE(asked, 1);
        QCOMPARE(askedHost, QStringLiteral("models.example.com"));
        QCOMPARE(ui::LlmConsent::settle(remote(), QStringLiteral("repo-a"), allow),
                 ui::LlmConsent::Use::AllowedRemote);
        QCOMPARE(asked, 1); // remembered
        QCOMPARE(ui::LlmConsent::grantedRepositories(), 1);

        // Another repository, or another host for the same one, asks again.
        QCOMPARE(ui::LlmConsent::settle(remote(), QStringLiteral("repo-b"), allow),
                 ui::LlmConsent::Use::AllowedRemote);
        QCOMPARE(asked, 2);
        engine::UserChoices elsewhere = remote();
        elsewhere.llm.baseUrl = QUrl(QStringLiteral("https://api.other.example/v1"));
        QVERIFY(ui::LlmConsent::settle(elsewhere, QStringLiteral("repo-a"), allow));
        QCOMPARE(asked, 3);

        ui::LlmConsent::forgetAll();
        QVERIFY(!ui::LlmConsent::granted(QStringLiteral("repo-a"), askedHost));
    }

    void decliningAnalysesOfflineAndCancellingStops()
    {
        const auto offline = [](const QString &) { return ui::LlmConsent::Answer::Offline; };
        QCOMPARE(ui::LlmConsent::settle(remote(), QStringLiteral("repo-a"), offline),
                 ui::LlmConsent::Use::Offline);
        QVERIFY(!ui::LlmConsent::granted(QStringLiteral("repo-a"),
                                         QStringLiteral("models.example.com")));
        const auto cancel = [](const QString &) { return ui::LlmConsent::Answer::Cancel; };
        QVERIFY(!ui::LlmConsent::settle(remote(), QStringLiteral("repo-a"), cancel));
    }

    // The queue turns the answer into the job's options: only an allowed job may reach the
    // remote endpoint, a declined one runs without the model at all.
    void queueAppliesTheAnswer()
    {
        ui::AnalysisQueue queue;
        engine::UserChoices choices = remote();
        choices.suggest = engine::SuggestionSource::Llm;
        queue.setChoices(choices);
        const QString missing = m_home.filePath(QStringLiteral("missing"));
        engine::ChangeSpec offline;
        offline.base = QStringLiteral("1111111111111111111111111111111111111111");
        offline.head = QStringLiteral("2222222222222222222222222222222222222222");
        engine::ChangeSpec allowed = offline;
        allowed.head = QStringLiteral("3333333333333333333333333333333333333333");
        engine::ChangeSpec plain = offline;
        plain.head = QStringLiteral("4444444444444444444444444444444444444444");
        queue.enqueue(missing, offline, ui::LlmConsent::Use::Offline);
        queue.enqueue(missing, allowed, ui::LlmConsent::Use::AllowedRemote);
        queue.enqueue(missing, plain);

        const auto offlineJob = queue.request(offline);
        QVERIFY(offlineJob);
        QCOMPARE(offlineJob->choices.generator, engine::GeneratorKind::Offline);
        QCOMPARE(offlineJob->choices.suggest, engine::SuggestionSource::Heuristic);
        QVERIFY(!offlineJob->choices.llm.allowRemote);
        const auto allowedJob = queue.request(allowed);
        QVERIFY(allowedJob);
        QCOMPARE(allowedJob->choices.generator, engine::GeneratorKind::Llm);
        QCOMPARE(allowedJob->choices.suggest, engine::SuggestionSource::Llm);
        QVERIFY(allowedJob->choices.llm.allowRemote);
        const auto plainJob = queue.request(plain);
        QVERIFY(plainJob);
        QVERIFY(!plainJob->choices.llm.allowRemote);

        QSignalSpy idle(&queue, &ui::AnalysisQueue::idle);
        queue.cancelAll();
        QVERIFY(idle.wait(30000) || !queue.isBusy());
    }

private:
    static engine::UserChoices remote()
    {
        engine::UserChoices options;
        options.generator = engine::GeneratorKind::Llm;
        options.llm.baseUrl = QUrl(QStringLiteral("https://models.example.com/v1"));
        options.llm.model = QStringLiteral("m");
        return options;
    }

    QTemporaryDir m_home;
};

QTEST_MAIN(LlmConsentTest)
#include "tst_llmconsent.moc"
