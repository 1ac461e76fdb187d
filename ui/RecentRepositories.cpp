#include "RecentRepositories.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace difftriage::ui {

namespace {
const QString Key = QStringLiteral("recentRepositories");
}

QStringList RecentRepositories::list()
{
    QStringList paths = QSettings().value(Key).toStringList();
    // A repository deleted or on an unmounted disk is of no use in the menu.
    paths.removeIf([](const QString &path) { return !QFileInfo(path).isDir(); });
    return paths;
}

void RecentRepositories::add(const QString &path)
{
    const QString absolute = QDir(path).absolutePath();
    QStringList paths = QSettings().value(Key).toStringList();
    paths.removeAll(absolute);
    paths.prepend(absolute);
    while (paths.size() > MaxEntries)
        paths.removeLast();
    QSettings().setValue(Key, paths);
}

void RecentRepositories::clear()
{
    QSettings().remove(Key);
}

} // namespace difftriage::ui
