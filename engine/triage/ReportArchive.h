#pragma once

#include "core/Expected.h"
#include "report/Report.h"

#include <QString>

namespace difftriage::engine {

// The saved analyses of one repository in the user's data directory, one report document per PR
// (base and head), so an analysis reopens instantly and is re-run only when asked.
class ReportArchive final
{
public:
    // <GenericDataLocation>/difftriage/reports/<identity>
    static QString defaultDirectory(const QString &repositoryIdentity);

    explicit ReportArchive(QString directory);

    QString directory() const { return m_directory; }
    QString pathFor(const QString &base, const QString &head) const;
    bool contains(const QString &base, const QString &head) const;

    Status save(const Report &report) const;
    Expected<Report> load(const QString &base, const QString &head) const;
    Status remove(const QString &base, const QString &head) const;

private:
    QString m_directory;
};

} // namespace difftriage::engine
