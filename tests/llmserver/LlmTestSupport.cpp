#include "LlmTestSupport.h"

#include <QFile>
#include <QTest>

namespace difftriage::testing {

void compareGolden(const QString &name, const QString &actual)
{
    const QString path = qEnvironmentVariable("DIFFTRIAGE_SOURCE_DIR") +
                         QStringLiteral("/tests/llmserver/golden/") + name;
    QFile file(path);
    if (qEnvironmentVariableIsSet("DIFFTRIAGE_UPDATE_GOLDEN")) {
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(actual.toUtf8());
        return;
    }
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
    const QString expected = QString::fromUtf8(file.readAll());
    if (expected != actual)
        qWarning().noquote() << "actual prompt:\n" << actual;
    QCOMPARE(actual, expected);
}

} // namespace difftriage::testing
