#include "execute/TreeMirror.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <cerrno>
#include <sys/stat.h>
#include <unistd.h>

namespace difftriage::engine {

namespace {

bool permits(const struct stat &info, uid_t uid, gid_t gid, mode_t user, mode_t group, mode_t other)
{
    if (info.st_uid == uid)
        return (info.st_mode & user) == user;
    if (info.st_gid == gid)
        return (info.st_mode & group) == group;
    return (info.st_mode & other) == other;
}

} // namespace

bool TreeMirror::accessibleTo(const QString &path, uid_t uid, gid_t gid)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QString current = absolute;
    bool leaf = true;
    while (true) {
        struct stat info;
        const QByteArray native = QFile::encodeName(current);
        if (::stat(native.constData(), &info) != 0)
            return false;
        const bool isDir = S_ISDIR(info.st_mode);
        // The path itself must be readable (and searchable when a directory); ancestors only
        // searchable. Supplementary groups and ACLs are ignored: the unprivileged user has none.
        const bool ok =
            leaf ? permits(info, uid, gid, isDir ? S_IRUSR | S_IXUSR : S_IRUSR,
                           isDir ? S_IRGRP | S_IXGRP : S_IRGRP, isDir ? S_IROTH | S_IXOTH : S_IROTH)
                 : permits(info, uid, gid, S_IXUSR, S_IXGRP, S_IXOTH);
        if (!ok)
            return false;
        if (current == QLatin1String("/"))
            return true;
        current = QFileInfo(current).path();
        leaf = false;
    }
}

Status TreeMirror::copy(const QString &source, const QString &target)
{
    const QDir sourceDir(source);
    if (!sourceDir.exists())
        return makeError(QStringLiteral("no such directory: %1").arg(source));
    if (!QDir().mkpath(target))
        return makeError(QStringLiteral("cannot create %1").arg(target));
    QFile::setPermissions(target, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                      QFileDevice::ExeOwner | QFileDevice::ReadGroup |
                                      QFileDevice::ExeGroup | QFileDevice::ReadOther |
                                      QFileDevice::ExeOther);
    QDirIterator it(source, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString from = it.next();
        const QString relative = sourceDir.relativeFilePath(from);
        if (relative == QLatin1String(".git") || relative.startsWith(QStringLiteral(".git/")))
            continue;
        const QString to = target + QLatin1Char('/') + relative;
        const QFileInfo info = it.fileInfo();
        const QByteArray nativeTo = QFile::encodeName(to);
        if (info.isSymLink()) {
            // As the link says, relative or not: the tree's own layout is what imports see.
            const QByteArray nativeFrom = QFile::encodeName(from);
            char buffer[4096];
            const ssize_t length = ::readlink(nativeFrom.constData(), buffer, sizeof buffer - 1);
            if (length < 0)
                return makeError(QStringLiteral("cannot read the link %1").arg(from));
            buffer[length] = '\0';
            if (::symlink(buffer, nativeTo.constData()) != 0)
                return makeError(QStringLiteral("cannot copy the link %1").arg(from));
        } else if (info.isDir()) {
            if (::mkdir(nativeTo.constData(), 0755) != 0 && errno != EEXIST)
                return makeError(QStringLiteral("cannot create %1").arg(to));
            ::chmod(nativeTo.constData(), 0755);
        } else if (info.isFile()) {
            if (!QFile::copy(from, to))
                return makeError(QStringLiteral("cannot copy %1 to %2").arg(from, to));
            ::chmod(nativeTo.constData(), info.isExecutable() ? 0755 : 0644);
        }
    }
    return Ok{};
}

} // namespace difftriage::engine
