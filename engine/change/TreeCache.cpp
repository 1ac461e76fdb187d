#include "change/TreeCache.h"

#include "git/Repository.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QStandardPaths>
#include <QUuid>
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <sys/stat.h>

namespace difftriage::engine {

namespace {

constexpr auto TempPrefix = ".tmp-";
constexpr auto SizeFile = ".size";

void setReadOnly(const QString &root, bool readOnly)
{
    // Children first when making read-only (a read-only directory cannot be entered for writing),
    // parents first when making writable again.
    QStringList paths;
    QDirIterator it(root, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        paths << it.next();
    paths.prepend(root);
    if (readOnly)
        std::reverse(paths.begin(), paths.end());
    for (const QString &path : paths) {
        struct stat info;
        const QByteArray native = QFile::encodeName(path);
        if (::lstat(native.constData(), &info) != 0 || S_ISLNK(info.st_mode))
            continue;
        const mode_t writeBits = S_IWUSR | S_IWGRP | S_IWOTH;
        const mode_t mode = readOnly ? (info.st_mode & ~writeBits) : (info.st_mode | S_IWUSR);
        ::chmod(native.constData(), mode & 07777);
    }
}

qint64 directorySize(const QString &root)
{
    qint64 total = 0;
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        it.next();
        total += it.fileInfo().size();
    }
    return total;
}

void touch(const QString &path)
{
    const QByteArray native = QFile::encodeName(path);
    ::utimensat(AT_FDCWD, native.constData(), nullptr, 0);
}

} // namespace

TreeCache::TreeCache(QString root, qint64 maxBytes) : m_root(std::move(root)), m_maxBytes(maxBytes)
{}

QString TreeCache::defaultRoot()
{
    const QString base = QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation);
    return base + QStringLiteral("/difftriage/trees");
}

QString TreeCache::keyFor(const QString &commitId, const QString &variantKey) const
{
    if (variantKey.isEmpty())
        return commitId;
    const QByteArray hash =
        QCryptographicHash::hash(variantKey.toUtf8(), QCryptographicHash::Sha256).toHex();
    return commitId + QLatin1Char('-') + QString::fromLatin1(hash.left(12));
}

QString TreeCache::pathFor(const QString &commitId, const QString &variantKey) const
{
    return m_root + QLatin1Char('/') + keyFor(commitId, variantKey);
}

Expected<QString> TreeCache::materialize(const git::Repository &repository, const QString &commitId,
                                         const QString &variantKey, const PrepareStep &prepare)
{
    const QString finalPath = pathFor(commitId, variantKey);
    if (QFileInfo(finalPath).isDir()) {
        touch(finalPath);
        return finalPath;
    }
    if (!QDir().mkpath(m_root))
        return makeError(QStringLiteral("cannot create the tree cache %1").arg(m_root));

    const QString temporary = m_root + QLatin1Char('/') + QLatin1String(TempPrefix) +
                              keyFor(commitId, variantKey) + QLatin1Char('-') +
                              QUuid::createUuid().toString(QUuid::Id128);
    if (auto status = repository.checkoutTo(commitId, temporary); !status) {
        removeTree(temporary);
        return status.error();
    }
    if (prepare) {
        if (auto prepared = prepare(temporary); !prepared) {
            removeTree(temporary);
            return prepared.error();
        }
    }
    const qint64 size = directorySize(temporary);
    setReadOnly(temporary, true);

    const QByteArray from = QFile::encodeName(temporary);
    const QByteArray to = QFile::encodeName(finalPath);
    if (std::rename(from.constData(), to.constData()) != 0) {
        const int error = errno;
        removeTree(temporary);
        if ((error == EEXIST || error == ENOTEMPTY) && QFileInfo(finalPath).isDir())
            return finalPath; // another process won the race with an identical tree
        return makeError(
            QStringLiteral("cannot move the tree of %1 into the cache %2: %3")
                .arg(commitId.left(12), m_root, QString::fromLocal8Bit(strerror(error))));
    }
    {
        QFile sizeFile(finalPath + QLatin1String(SizeFile));
        if (sizeFile.open(QIODevice::WriteOnly | QIODevice::Truncate))
            sizeFile.write(QByteArray::number(size)); // closed at scope end, before evict reads it
    }
    evict({keyFor(commitId, variantKey)});
    return finalPath;
}

void TreeCache::evict(const QSet<QString> &keep)
{
    struct Entry
    {
        QString key;
        QDateTime used;
        qint64 size;
    };
    QList<Entry> entries;
    qint64 total = 0;
    const QDir root(m_root);
    const auto infos = root.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden);
    for (const QFileInfo &info : infos) {
        const QString name = info.fileName();
        if (name.startsWith(QLatin1String(TempPrefix))) {
            // Left behind by a crashed process; an hour is far longer than any checkout takes.
            if (info.lastModified().secsTo(QDateTime::currentDateTime()) > 3600)
                removeTree(info.absoluteFilePath());
            continue;
        }
        QFile sizeFile(info.absoluteFilePath() + QLatin1String(SizeFile));
        const qint64 size = sizeFile.open(QIODevice::ReadOnly) ? sizeFile.readAll().toLongLong()
                                                               : directorySize(info.filePath());
        entries << Entry{name, info.lastModified(), size};
        total += size;
    }
    std::sort(entries.begin(), entries.end(),
              [](const Entry &a, const Entry &b) { return a.used < b.used; });
    for (const Entry &entry : entries) {
        if (total <= m_maxBytes)
            break;
        if (keep.contains(entry.key))
            continue;
        if (removeTree(m_root + QLatin1Char('/') + entry.key)) {
            QFile::remove(m_root + QLatin1Char('/') + entry.key + QLatin1String(SizeFile));
            total -= entry.size;
        }
    }
}

bool TreeCache::removeTree(const QString &path)
{
    if (!QFileInfo::exists(path))
        return true;
    setReadOnly(path, false);
    return QDir(path).removeRecursively();
}

} // namespace difftriage::engine
