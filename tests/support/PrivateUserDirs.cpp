#include "PrivateUserDirs.h"

#include <QCoreApplication>
#include <QDir>

namespace difftriage::test {

void usePrivateUserDirectories(const QString &home, const QString &application)
{
    qputenv("XDG_DATA_HOME", QDir(home).filePath(QStringLiteral("data")).toLocal8Bit());
    qputenv("XDG_CONFIG_HOME", QDir(home).filePath(QStringLiteral("config")).toLocal8Bit());
    QCoreApplication::setOrganizationName(QStringLiteral("difftriage-test"));
    QCoreApplication::setApplicationName(application);
}

} // namespace difftriage::test
