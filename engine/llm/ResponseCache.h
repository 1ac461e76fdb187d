#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

namespace difftriage::engine {

// Successful responses on disk, one file per request hash: a re-run of an analysis costs nothing
// and replays the same tests. An empty directory disables the cache.
class ResponseCache final
{
public:
    explicit ResponseCache(QString directory) : m_directory(std::move(directory)) {}

    bool enabled() const { return !m_directory.isEmpty(); }
    // SHA-256 over the endpoint, the request body as sent and the salt.
    static QString keyFor(const QString &endpoint, const QByteArray &body, const QString &salt);
    std::optional<QByteArray> find(const QString &key) const;
    // Best effort: a cache that cannot be written only costs a re-run.
    void store(const QString &key, const QByteArray &responseBody) const;

private:
    QString pathFor(const QString &key) const;

    QString m_directory;
};

} // namespace difftriage::engine
