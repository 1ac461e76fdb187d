// Without a keychain service the API key store answers at once, with the reason, and the key
// falls back to the environment; it never blocks or hands back an empty key without saying why.
#include "ApiKeyStore.h"

#include <QtTest>

using namespace difftriage;

class ApiKeyStoreTest final : public QObject
{
    Q_OBJECT

private slots:
    void noServiceMeansAReasonNotAHang()
    {
        bool read = false;
        QString key = QStringLiteral("unset");
        QString why;
        ui::ApiKeyStore::read(this, [&](const QString &found, const QString &reason) {
            read = true;
            key = found;
            why = reason;
        });
        QTRY_VERIFY_WITH_TIMEOUT(read, 30000);
        QVERIFY(key.isEmpty());
        QVERIFY2(!why.isEmpty(), "an empty key must come with its reason");

        bool written = false;
        QString writeError;
        ui::ApiKeyStore::write(this, QStringLiteral("sk-test"), [&](const QString &reason) {
            written = true;
            writeError = reason;
        });
        QTRY_VERIFY_WITH_TIMEOUT(written, 30000);
        QVERIFY2(!writeError.isEmpty(), "nothing can be stored without a keychain service");
    }
};

int main(int argc, char **argv)
{
    // No session bus: the keychain service is unreachable, as on a CI runner or a server.
    qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/difftriage-test-bus");
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    ApiKeyStoreTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_apikeystore.moc"
