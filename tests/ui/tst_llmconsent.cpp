#include "AnalysisQueue.h"
#include "LlmConsent.h"
#include "PrivateUserDirs.h"

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
        engine::AnalysisOptions options = remote();
        options.generator = QStringLiteral("offline");
        QCOMPARE(ui::LlmConsent::settle(options, false, QStringLiteral("repo-a"), never),
                 ui::LlmConsent::Use::AsConfigured);
        options.generator = QStringLiteral("llm");
        options.llm.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:11434/v1"));
        QCOMPARE(ui::LlmConsent::settle(options, true, QStringLiteral("repo-a"), never),
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
        QCOMPARE(ui::LlmConsent::settle(remote(), false, QStringLiteral("repo-a"), allow),
                 ui::LlmConsent::Use::AllowedRemote);
        QCOMPARE(asked, 1);
        QCOMPARE(askedHost, QStringLiteral("models.example.com"));
        QCOMPARE(ui::LlmConsent::settle(remote(), false, QStringLiteral("repo-a"), allow),
                 ui::LlmConsent::Use::AllowedRemote);
        QCOMPARE(asked, 1); // remembered
        QCOMPARE(ui::LlmConsent::grantedRepositories(), 1);

        // Another repository, or another host for the same one, asks again.
        QCOMPARE(ui::LlmConsent::settle(remote(), false, QStringLiteral("repo-b"), allow),
                 ui::LlmConsent::Use::AllowedRemote);
        QCOMPARE(asked, 2);
        engine::AnalysisOptions elsewhere = remote();
        elsewhere.llm.baseUrl = QUrl(QStringLiteral("https://api.other.example/v1"));
        QVERIFY(ui::LlmConsent::settle(elsewhere, false, QStringLiteral("repo-a"), allow));
        QCOMPARE(asked, 3);

        ui::LlmConsent::forgetAll();
        QVERIFY(!ui::LlmConsent::granted(QStringLiteral("repo-a"), askedHost));
    }

    void decliningAnalysesOfflineAndCancellingStops()
    {
        const auto offline = [](const QString &) { return ui::LlmConsent::Answer::Offline; };
        QCOMPARE(ui::LlmConsent::settle(remote(), true, QStringLiteral("repo-a"), offline),
                 ui::LlmConsent::Use::Offline);
        QVERIFY(!ui::LlmConsent::granted(QStringLiteral("repo-a"),
                                         QStringLiteral("models.example.com")));
        const auto cancel = [](const QString &) { return ui::LlmConsent::Answer::Cancel; };
        QVERIFY(!ui::LlmConsent::settle(remote(), true, QStringLiteral("repo-a"), cancel));
    }

    // The queue turns the answer into the job's options: only an allowed job may reach the
    // remote endpoint, a declined one runs without the model at all.
    void queueAppliesTheAnswer()
    {
        ui::AnalysisQueue queue;
        queue.setTemplate(remote());
        queue.setSuggestWithLlm(true);
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

        const auto offlineJob = queue.jobOptions(offline);
        QVERIFY(offlineJob);
        QCOMPARE(offlineJob->first.generator, QStringLiteral("offline"));
        QVERIFY(!offlineJob->second);
        QVERIFY(!offlineJob->first.llm.allowRemote);
        const auto allowedJob = queue.jobOptions(allowed);
        QVERIFY(allowedJob);
        QCOMPARE(allowedJob->first.generator, QStringLiteral("llm"));
        QVERIFY(allowedJob->second);
        QVERIFY(allowedJob->first.llm.allowRemote);
        const auto plainJob = queue.jobOptions(plain);
        QVERIFY(plainJob);
        QVERIFY(!plainJob->first.llm.allowRemote);

        QSignalSpy idle(&queue, &ui::AnalysisQueue::idle);
        queue.cancelAll();
        QVERIFY(idle.wait(30000) || !queue.isBusy());
    }

private:
    static engine::AnalysisOptions remote()
    {
        engine::AnalysisOptions options;
        options.generator = QStringLiteral("llm");
        options.llm.baseUrl = QUrl(QStringLiteral("https://models.example.com/v1"));
        options.llm.model = QStringLiteral("m");
        return options;
    }

    QTemporaryDir m_home;
};

QTEST_MAIN(LlmConsentTest)
#include "tst_llmconsent.moc"
