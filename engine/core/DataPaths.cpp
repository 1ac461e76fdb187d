#include "core/DataPaths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace difftriage::engine {

QString dataDirectory()
{
    const QString fromEnvironment = qEnvironmentVariable("DIFFTRIAGE_DATA_DIR");
    if (!fromEnvironment.isEmpty())
        return fromEnvironment;
    if (QCoreApplication::instance()) {
        const QString beside = QDir(QCoreApplication::applicationDirPath())
                                   .absoluteFilePath(QStringLiteral("../share/difftriage"));
        if (QFileInfo(beside).isDir())
            return QDir::cleanPath(beside);
    }
    return QStringLiteral(DIFFTRIAGE_INSTALL_DATA_DIR);
}

QString pythonHelperPath(const QString &scriptName)
{
    return dataDirectory() + QStringLiteral("/python/") + scriptName;
}

} // namespace difftriage::engine
