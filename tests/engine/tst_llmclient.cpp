// LlmClient against the local scripted server: replies, retries, back-off with an injected clock,
// parameter dropping, time-outs, size limits, the response cache, cost accounting and consent.
#include "FakeLlmServer.h"
#include "llm/LlmClient.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

using namespace difftriage::engine;
using namespace difftriage::testing;

namespace {

// Records every wait instead of sleeping, so back-off tests take no time.
class FakeClock final : public LlmClock
{
public:
    qint64 nowMs() override { return m_now; }
    void sleepMs(qint64 milliseconds) override
    {
        if (milliseconds > 0) {
            sleeps << milliseconds;
            m_now += milliseconds;
        }
    }
    QList<qint64> sleeps;

private:
    qint64 m_now = 1'000'000;
};

ChatRequest simpleRequest(const QString &text = QStringLiteral("write tests"))
{
    ChatRequest request;
    request.messages << ChatMessage{QStringLiteral("user"), text, {}, {}};
    request.purpose = QStringLiteral("generate");
    return request;
}

} // namespace

class TestLlmClient final : public QObject
{
    Q_OBJECT

private:
    FakeLlmServer *m_server = nullptr;
    std::shared_ptr<FakeClock> m_clock;

    LlmSettings settings() const
    {
        LlmSettings s;
        s.baseUrl = m_server->baseUrl();
        s.model = QStringLiteral("scripted");
        s.apiKey = QStringLiteral("sk-test");
        s.timeoutMs = 5000;
        s.retries = 3;
        s.backoffInitialMs = 1000;
        s.backoffMaxMs = 8000;
        return s;
    }

private slots:
    void init()
    {
        m_server = new FakeLlmServer;
        QVERIFY(m_server->start());
        m_clock = std::make_shared<FakeClock>();
    }
    void cleanup()
    {
        delete m_server;
        m_server = nullptr;
    }

    void goodReply()
    {
        m_server->enqueue(ScriptedReply::chat(QStringLiteral("```python\nprint(1)\n```")));
        LlmClient client(settings(), m_clock);
        auto response = client.complete(simpleRequest());
        QVERIFY2(response, qPrintable(response ? QString() : response.error().message));
        QCOMPARE(response->message.content, QStringLiteral("```python\nprint(1)\n```"));
        QCOMPARE(response->usage.promptTokens, 100);
        QCOMPARE(response->usage.completionTokens, 50);
        const ReceivedRequest sent = m_server->requests().value(0);
        QCOMPARE(sent.path, QByteArray("/v1/chat/completions"));
        QCOMPARE(sent.headers.value("authorization"), QByteArray("Bearer sk-test"));
        const auto body = sent.json();
        QVERIFY(body["model"] == "scripted");
        QVERIFY(body["max_completion_tokens"] == 4096);
        QVERIFY(body.contains("temperature"));
        QVERIFY(!body.contains("max_tokens"));
        QVERIFY(m_clock->sleeps.isEmpty());
    }

    void toolCallsAndRefusals()
    {
        m_server->enqueue(ScriptedReply::toolCall(QStringLiteral("get_info"),
                                                  {{"name", "pkg.Meter"}, {"version", "old"}}));
        m_server->enqueue(ScriptedReply::refusal(QStringLiteral("I can't help with that.")));
        LlmClient client(settings(), m_clock);
        ChatRequest request = simpleRequest();
        request.tools << ToolSpec{
            QStringLiteral("get_info"), QStringLiteral("source"), {{"type", "object"}}};
        auto call = client.complete(request);
        QVERIFY(call);
        QCOMPARE(call->message.toolCalls.size(), 1);
        QCOMPARE(call->message.toolCalls[0].name, QStringLiteral("get_info"));
        QVERIFY(call->message.toolCalls[0].arguments.contains(QLatin1String("pkg.Meter")));
        QVERIFY(m_server->requests()[0].json()["tools"][0]["function"]["name"] == "get_info");
        auto refused = client.complete(simpleRequest());
        QVERIFY(refused);
        QCOMPARE(refused->refusal, QStringLiteral("I can't help with that."));
        QVERIFY(refused->message.content.isEmpty());
    }

    void retries_data()
    {
        QTest::addColumn<QList<int>>("statuses"); // answers before the good one
        QTest::addColumn<QByteArray>("retryAfter");
        QTest::addColumn<QList<qint64>>("sleeps");
        QTest::newRow("429 honours Retry-After seconds")
            << QList<int>{429} << QByteArray("7") << QList<qint64>{7000};
        QTest::newRow("429 without Retry-After backs off")
            << QList<int>{429, 429} << QByteArray() << QList<qint64>{1000, 2000};
        QTest::newRow("500 then 503")
            << QList<int>{500, 503} << QByteArray() << QList<qint64>{1000, 2000};
        QTest::newRow("malformed JSON is retried")
            << QList<int>{-1} << QByteArray() << QList<qint64>{1000};
        QTest::newRow("three failures, capped back-off")
            << QList<int>{500, 500, 500} << QByteArray() << QList<qint64>{1000, 2000, 4000};
    }
    void retries()
    {
        QFETCH(QList<int>, statuses);
        QFETCH(QByteArray, retryAfter);
        QFETCH(QList<qint64>, sleeps);
        for (int status : statuses) {
            ScriptedReply reply = status < 0 ? ScriptedReply{200, "{\"choices\": [", {}, false, 0}
                                             : ScriptedReply::error(status, QStringLiteral("busy"));
            if (!retryAfter.isEmpty())
                reply.headers << qMakePair(QByteArray("Retry-After"), retryAfter);
            m_server->enqueue(reply);
        }
        m_server->enqueue(ScriptedReply::chat(QStringLiteral("print(2)")));
        LlmClient client(settings(), m_clock);
        auto response = client.complete(simpleRequest());
        QVERIFY2(response, qPrintable(response ? QString() : response.error().message));
        QCOMPARE(response->message.content, QStringLiteral("print(2)"));
        QCOMPARE(m_clock->sleeps, sleeps);
        QCOMPARE(m_server->requests().size(), statuses.size() + 1);
    }

    void retriesExhausted()
    {
        for (int i = 0; i < 10; ++i)
            m_server->enqueue(ScriptedReply::error(500, QStringLiteral("down")));
        LlmClient client(settings(), m_clock);
        auto response = client.complete(simpleRequest());
        QVERIFY(!response);
        QCOMPARE(client.lastFailure(), LlmFailure::Transient);
        QVERIFY(response.error().message.contains(QLatin1String("down")));
        QCOMPARE(m_server->requests().size(), 4); // 1 + retries
        QCOMPARE(m_clock->sleeps, (QList<qint64>{1000, 2000, 4000}));
    }

    void clientErrorsAreNotRetried()
    {
        m_server->enqueue(ScriptedReply::error(401, QStringLiteral("Incorrect API key provided")));
        LlmClient client(settings(), m_clock);
        auto response = client.complete(simpleRequest());
        QVERIFY(!response);
        QCOMPARE(client.lastFailure(), LlmFailure::Rejected);
        QVERIFY(response.error().message.contains(QLatin1String("Incorrect API key")));
        QCOMPARE(m_server->requests().size(), 1);
    }

    void stalledConnectionTimesOut()
    {
        m_server->enqueue(ScriptedReply{200, {}, {}, true, 0});
        m_server->enqueue(ScriptedReply::chat(QStringLiteral("print(3)")));
        LlmSettings s = settings();
        s.timeoutMs = 400;
        LlmClient client(s, m_clock);
        QElapsedTimer timer;
        timer.start();
        auto response = client.complete(simpleRequest());
        QVERIFY2(response, qPrintable(response ? QString() : response.error().message));
        QVERIFY(timer.elapsed() < 5000);
        QCOMPARE(m_server->requests().size(), 2);
        QCOMPARE(m_clock->sleeps, QList<qint64>{1000});
    }

    void dropsRejectedParameters_data()
    {
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("param");
        QTest::addColumn<QString>("dropped");
        QTest::newRow("error.param")
            << QStringLiteral(
                   "Unsupported value: 'temperature' does not support 0.2 with this model.")
            << QStringLiteral("temperature") << QStringLiteral("temperature");
        QTest::newRow("named in the message only")
            << QStringLiteral("Unsupported parameter: 'max_completion_tokens' is not supported "
                              "with this model. Use 'max_tokens' instead.")
            << QString() << QStringLiteral("max_completion_tokens");
    }
    void dropsRejectedParameters()
    {
        QFETCH(QString, message);
        QFETCH(QString, param);
        QFETCH(QString, dropped);
        m_server->enqueue(ScriptedReply::error(400, message, param));
        m_server->enqueue(ScriptedReply::chat(QStringLiteral("print(4)")));
        m_server->enqueue(ScriptedReply::chat(QStringLiteral("print(5)")));
        LlmClient client(settings(), m_clock);
        QVERIFY(client.complete(simpleRequest()));
        QVERIFY(client.complete(simpleRequest(QStringLiteral("again"))));
        const auto requests = m_server->requests();
        QCOMPARE(requests.size(), 3);
        QVERIFY(requests[0].json().contains(dropped.toStdString()));
        QVERIFY(!requests[1].json().contains(dropped.toStdString()));
        QVERIFY(!requests[2].json().contains(dropped.toStdString())); // remembered
        QCOMPARE(client.droppedParameters(), QSet<QString>{dropped});
        QVERIFY(m_clock->sleeps.isEmpty()); // not a back-off
    }

    void secondRejectionIsAnError()
    {
        m_server->enqueue(
            ScriptedReply::error(400, QStringLiteral("bad"), QStringLiteral("temperature")));
        m_server->enqueue(ScriptedReply::error(400, QStringLiteral("still bad"),
                                               QStringLiteral("max_completion_tokens")));
        LlmClient client(settings(), m_clock);
        auto response = client.complete(simpleRequest());
        QVERIFY(!response);
        QCOMPARE(client.lastFailure(), LlmFailure::Rejected);
        QCOMPARE(m_server->requests().size(), 2);
    }

    void overlongReplyIsCut()
    {
        const QString huge(300 * 1024, QLatin1Char('x'));
        m_server->enqueue(ScriptedReply::chat(huge));
        LlmSettings s = settings();
        s.maxResponseBytes = 64 * 1024;
        LlmClient client(s, m_clock);
        auto response = client.complete(simpleRequest());
        QVERIFY(!response);
        QCOMPARE(client.lastFailure(), LlmFailure::TooLarge);
        QCOMPARE(m_server->requests().size(), 1);
    }

    void cacheHitsCostNothing()
    {
        QTemporaryDir cache;
        LlmSettings s = settings();
        s.cacheDirectory = cache.path();
        s.prices.insert(QStringLiteral("scripted"), {1.0, 2.0});
        m_server->setHandler([](const ReceivedRequest &) {
            return ScriptedReply::chat(QStringLiteral("print(6)"), QStringLiteral("stop"), 1000,
                                       500);
        });
        {
            LlmClient client(s, m_clock);
            QVERIFY(client.complete(simpleRequest()));
            QVERIFY(client.complete(simpleRequest())); // same request: from the cache
            QCOMPARE(m_server->requests().size(), 1);
            QVERIFY(client.ledger().toJson()["cached"] == 1);
            QCOMPARE(client.ledger().totalCost(), 0.002);
        }
        LlmClient rerun(s, m_clock); // a re-run of the analysis costs nothing
        auto again = rerun.complete(simpleRequest());
        QVERIFY(again && again->fromCache);
        QCOMPARE(again->message.content, QStringLiteral("print(6)"));
        QCOMPARE(rerun.ledger().totalCost(), 0.0);
        ChatRequest salted = simpleRequest();
        salted.cacheSalt = QStringLiteral("sample 2");
        QVERIFY(rerun.complete(salted));
        QCOMPARE(m_server->requests().size(), 2);
    }

    void costTotalsAndCap()
    {
        LlmSettings s = settings();
        s.prices.insert(QStringLiteral("scripted"), {1.0, 2.0}); // $ per million tokens
        s.maxCost = 0.005;
        m_server->setHandler([](const ReceivedRequest &) {
            return ScriptedReply::chat(QStringLiteral("print(7)"), QStringLiteral("stop"), 1000,
                                       500);
        });
        LlmClient client(s, m_clock);
        QVERIFY(client.complete(simpleRequest(QStringLiteral("a")), 0));
        QVERIFY(client.complete(simpleRequest(QStringLiteral("b")), 1));
        QCOMPARE(client.ledger().roundCost(0), 0.002);
        QCOMPARE(client.ledger().roundCost(1), 0.002);
        QVERIFY(client.complete(simpleRequest(QStringLiteral("c")), 1)); // 0.004 < cap: allowed
        auto stopped = client.complete(simpleRequest(QStringLiteral("d")), 2);
        QVERIFY(!stopped);
        QCOMPARE(client.lastFailure(), LlmFailure::CostCap);
        QCOMPARE(m_server->requests().size(), 3);
        const auto json = client.ledger().toJson();
        QVERIFY(json["requests"] == 3);
        QVERIFY(json["prompt_tokens"] == 3000);
        QVERIFY(json["completion_tokens"] == 1500);
        QVERIFY(json["rounds"].size() == 2u);
        QVERIFY(json["rounds"][1]["requests"] == 2);
    }

    void rateLimits()
    {
        LlmSettings s = settings();
        s.requestsPerMinute = 2;
        m_server->setHandler([](const ReceivedRequest &) {
            return ScriptedReply::chat(QStringLiteral("print(8)"));
        });
        LlmClient client(s, m_clock);
        for (int i = 0; i < 3; ++i)
            QVERIFY(client.complete(simpleRequest(QString::number(i))));
        QCOMPARE(m_clock->sleeps, QList<qint64>{30000}); // the third waits for half a minute
        FakeClock clock;
        RateLimiter tokens(0, 6000, clock); // 100 tokens a second
        QCOMPARE(tokens.reserve(6000), 0);
        QCOMPARE(tokens.reserve(600), 6000);
    }

    void consent_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("allowRemote");
        QTest::addColumn<bool>("ok");
        QTest::newRow("ollama on localhost") << "http://localhost:11434/v1" << false << true;
        QTest::newRow("loopback v4") << "http://127.0.0.1:8080/v1" << false << true;
        QTest::newRow("loopback v6") << "http://[::1]:8000/v1" << false << true;
        QTest::newRow("openai without consent") << "https://api.openai.com/v1" << false << false;
        QTest::newRow("openai with consent") << "https://api.openai.com/v1" << true << true;
        QTest::newRow("lan host without consent") << "http://192.168.1.5:8000/v1" << false << false;
    }
    void consent()
    {
        QFETCH(QString, url);
        QFETCH(bool, allowRemote);
        QFETCH(bool, ok);
        LlmSettings s;
        s.baseUrl = QUrl(url);
        s.model = QStringLiteral("m");
        s.allowRemote = allowRemote;
        const Status status = checkLlmSettings(s);
        QCOMPARE(status.ok(), ok);
        if (!ok)
            QVERIFY(status.error().message.contains(QLatin1String("--allow-remote-llm")));
    }

    void arguments()
    {
        LlmSettings s;
        QVERIFY(applyLlmArguments(
            s, {QStringLiteral("analyze"), QStringLiteral("--llm-url"),
                QStringLiteral("http://127.0.0.1:9/v1"), QStringLiteral("--llm-model"),
                QStringLiteral("qwen"), QStringLiteral("--max-cost"), QStringLiteral("1.5"),
                QStringLiteral("--allow-remote-llm"), QStringLiteral("--llm-price"),
                QStringLiteral("qwen=0.5,1")}));
        QCOMPARE(s.baseUrl.port(), 9);
        QCOMPARE(s.model, QStringLiteral("qwen"));
        QCOMPARE(s.maxCost, 1.5);
        QVERIFY(s.allowRemote);
        QCOMPARE(s.priceFor(QStringLiteral("qwen")).outputPerMillion, 1.0);
        QVERIFY(!applyLlmArguments(s, {QStringLiteral("--max-cost"), QStringLiteral("lots")}));
        QVERIFY(!applyLlmArguments(s, {QStringLiteral("--llm-url"), QStringLiteral("ftp://x")}));
        QVERIFY(!applyLlmArguments(s, {QStringLiteral("--llm-model")}));
    }
};

QTEST_GUILESS_MAIN(TestLlmClient)
#include "tst_llmclient.moc"
