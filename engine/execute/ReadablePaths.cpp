#include "execute/ReadablePaths.h"

#include <QDir>
#include <QFileInfo>

namespace difftriage::engine {

namespace {

constexpr const char *SystemPaths[] = {
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
    // Read by the loader, the C library's name service, time and locale code, and Python's
    // pwd, ssl, mimetypes and platform modules.
    "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime", "/etc/timezone",
    "/etc/passwd", "/etc/group", "/etc/nsswitch.conf", "/etc/host.conf", "/etc/hosts",
    "/etc/resolv.conf", "/etc/gai.conf", "/etc/services", "/etc/protocols", "/etc/mime.types",
    "/etc/os-release", "/etc/ssl", "/etc/locale.alias", "/sys/devices/system/cpu", "/dev/null",
    "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"};

} // namespace

QStringList testReadablePaths(const QStringList &pythonPaths)
{
    QStringList paths;
    const auto add = [&paths](const QString &path) {
        const QString clean = QDir::cleanPath(path);
        if (!clean.isEmpty() && QFileInfo::exists(clean) && !paths.contains(clean))
            paths << clean;
    };
    for (const char *path : SystemPaths)
        add(QString::fromLatin1(path));
    // Debian's sitecustomize.py lives in /etc/python3.X, linked from the standard library.
    for (const QString &name :
         QDir(QStringLiteral("/etc")).entryList({QStringLiteral("python3*")}, QDir::Dirs))
        add(QStringLiteral("/etc/") + name);
    for (const QString &path : pythonPaths) {
        add(path);
        add(QFileInfo(path).canonicalFilePath()); // a link's target is what gets opened
    }
    return paths;
}

} // namespace difftriage::engine
