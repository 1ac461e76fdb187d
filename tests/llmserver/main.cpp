// difftriage-fake-llm [--port N] [--max-requests N]: serves the scripted model on 127.0.0.1 for
// end-to-end runs of `difftriage-cli analyze --generator llm --llm-url http://127.0.0.1:N/v1`.
// Prints the base URL on its first line; exits after --max-requests requests (default 200) or on
// SIGTERM, so a forgotten server cannot outlive a test run for long.
#include "FakeLlmServer.h"
#include "ScriptedModel.h"

#include <QCoreApplication>
#include <QTextStream>
#include <QTimer>
#include <atomic>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    const auto option = [&](const QString &name, int fallback) {
        const qsizetype at = arguments.indexOf(name);
        return at >= 0 && at + 1 < arguments.size() ? arguments[at + 1].toInt() : fallback;
    };
    const int maxRequests = option(QStringLiteral("--max-requests"), 200);
    difftriage::testing::FakeLlmServer server;
    auto model = difftriage::testing::ScriptedModel::handler();
    auto served = std::make_shared<std::atomic_int>(0);
    server.setHandler([&, served](const difftriage::testing::ReceivedRequest &request) {
        if (++*served >= maxRequests)
            QMetaObject::invokeMethod(&app, &QCoreApplication::quit, Qt::QueuedConnection);
        return model(request);
    });
    if (!server.start(static_cast<quint16>(option(QStringLiteral("--port"), 0)))) {
        QTextStream(stderr) << "difftriage-fake-llm: cannot listen on 127.0.0.1\n";
        return 1;
    }
    QTextStream(stdout) << server.baseUrl().toString() << Qt::endl;
    // A hard stop after ten minutes: this is a test fixture, never a service.
    QTimer::singleShot(10 * 60 * 1000, &app, &QCoreApplication::quit);
    return app.exec();
}
