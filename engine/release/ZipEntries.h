#pragma once

#include "core/Expected.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace difftriage::engine {

struct ZipEntry
{
    QString name;
    QByteArray content;
};

// The files of a zip archive (a CI artifact download) whose names end with `suffix`, read with
// libzip; larger than `maxBytes` each is an error rather than a memory hog.
Expected<QList<ZipEntry>> readZipEntries(const QString &path, const QString &suffix,
                                         qint64 maxBytes = qint64(256) * 1024 * 1024);

} // namespace difftriage::engine
