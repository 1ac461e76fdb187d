#include "execute/WorkerConfig.h"

#include <QDir>
#include <QFileInfo>

namespace difftriage::engine {

namespace {

// A directory holds importable code when it has a package or a module that is not a script.
bool holdsCode(const QDir &dir)
{
    static const QStringList scripts{QStringLiteral("setup.py"), QStringLiteral("conftest.py"),
                                     QStringLiteral("noxfile.py"), QStringLiteral("tasks.py"),
                                     QStringLiteral("manage.py")};
    for (const QFileInfo &entry :
         dir.entryInfoList(QDir::Dirs | QDir::Files | QDir::NoDotAndDotDot)) {
        if (entry.isDir() && QFileInfo::exists(entry.filePath() + QStringLiteral("/__init__.py")) &&
            !entry.fileName().startsWith(QStringLiteral("test")))
            return true;
        if (entry.isFile() && entry.suffix() == QLatin1String("py") &&
            !scripts.contains(entry.fileName()) &&
            !entry.fileName().startsWith(QStringLiteral("test")))
            return true;
    }
    return false;
}

} // namespace

QString detectImportRoot(const QString &treeRoot, const QStringList &configured)
{
    const QDir tree(treeRoot);
    for (const QString &candidate : configured)
        if (QFileInfo(tree.filePath(candidate)).isDir())
            return QDir::cleanPath(candidate);
    const QDir src(tree.filePath(QStringLiteral("src")));
    if (src.exists() && holdsCode(src) && !holdsCode(tree))
        return QStringLiteral("src");
    return QStringLiteral(".");
}

} // namespace difftriage::engine
