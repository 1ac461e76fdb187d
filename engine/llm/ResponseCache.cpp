#include "llm/ResponseCache.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace difftriage::engine {

QString ResponseCache::keyFor(const QString &endpoint, const QByteArray &body, const QString &salt)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(endpoint.toUtf8());
    hash.addData(QByteArrayView("\n", 1));
    hash.addData(body);
    hash.addData(QByteArrayView("\n", 1));
    hash.addData(salt.toUtf8());
    return QString::fromLatin1(hash.result().toHex());
}

QString ResponseCache::pathFor(const QString &key) const
{
    // Two-level fan-out keeps directories small after many analyses.
    return m_directory + QLatin1Char('/') + key.left(2) + QLatin1Char('/') + key +
           QStringLiteral(".json");
}

std::optional<QByteArray> ResponseCache::find(const QString &key) const
{
    if (!enabled())
        return std::nullopt;
    QFile file(pathFor(key));
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    return file.readAll();
}

void ResponseCache::store(const QString &key, const QByteArray &responseBody) const
{
    if (!enabled())
        return;
    const QString path = pathFor(key);
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return;
    // QSaveFile: a reader in a parallel analysis never sees half a response.
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly) && file.write(responseBody) == responseBody.size())
        file.commit();
}

} // namespace difftriage::engine
