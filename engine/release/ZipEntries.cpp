#include "release/ZipEntries.h"

#include <memory>
#include <zip.h>

namespace difftriage::engine {

namespace {

template <auto Free> struct ZipDeleter
{
    void operator()(auto *handle) const { Free(handle); }
};
using ArchiveHandle = std::unique_ptr<zip_t, ZipDeleter<zip_discard>>;
using FileHandle = std::unique_ptr<zip_file_t, ZipDeleter<zip_fclose>>;

QString zipMessage(int code)
{
    zip_error_t error;
    zip_error_init_with_code(&error, code);
    const QString message = QString::fromUtf8(zip_error_strerror(&error));
    zip_error_fini(&error);
    return message;
}

} // namespace

Expected<QList<ZipEntry>> readZipEntries(const QString &path, const QString &suffix,
                                         qint64 maxBytes)
{
    int code = 0;
    ArchiveHandle archive(zip_open(path.toLocal8Bit().constData(), ZIP_RDONLY, &code));
    if (!archive)
        return makeError(
            QStringLiteral("%1: not a readable zip archive (%2)").arg(path, zipMessage(code)),
            ErrorKind::BadInput);
    QList<ZipEntry> entries;
    const zip_int64_t count = zip_get_num_entries(archive.get(), 0);
    for (zip_int64_t index = 0; index < count; ++index) {
        zip_stat_t stat;
        zip_stat_init(&stat);
        if (zip_stat_index(archive.get(), zip_uint64_t(index), 0, &stat) != 0 || !stat.name)
            continue;
        const QString name = QString::fromUtf8(stat.name);
        if (!name.endsWith(suffix) || name.endsWith(QLatin1Char('/')))
            continue;
        if (!(stat.valid & ZIP_STAT_SIZE) || qint64(stat.size) > maxBytes)
            return makeError(QStringLiteral("%1: %2 is too large to read").arg(path, name),
                             ErrorKind::BadInput);
        FileHandle file(zip_fopen_index(archive.get(), zip_uint64_t(index), 0));
        if (!file)
            return makeError(QStringLiteral("%1: cannot read %2 (%3)")
                                 .arg(path, name, QString::fromUtf8(zip_strerror(archive.get()))),
                             ErrorKind::BadInput);
        QByteArray content(qsizetype(stat.size), Qt::Uninitialized);
        const zip_int64_t read = zip_fread(file.get(), content.data(), stat.size);
        if (read < 0 || zip_uint64_t(read) != stat.size)
            return makeError(QStringLiteral("%1: %2 is damaged").arg(path, name),
                             ErrorKind::BadInput);
        entries << ZipEntry{name, std::move(content)};
    }
    return entries;
}

} // namespace difftriage::engine
