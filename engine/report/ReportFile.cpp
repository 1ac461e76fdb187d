#include "report/ReportFile.h"

#include "core/Json.h"

#include <QFile>
#include <QFileInfo>

namespace difftriage::engine {

Expected<Report> loadReportFile(const QString &path)
{
    QFile file(path);
    if (!QFileInfo(path).isFile())
        return makeError(QStringLiteral("%1: no such file").arg(path));
    if (!file.open(QIODevice::ReadOnly))
        return makeError(QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    const auto document = parseJson(file.readAll());
    if (!document)
        return makeError(QStringLiteral("%1 is not valid JSON").arg(path));
    QString error;
    try {
        auto report = Report::fromJson(*document, &error);
        if (report)
            return std::move(*report);
    } catch (const nlohmann::json::exception &exception) {
        // A field of the wrong type: nlohmann's message names it, on one line.
        error = QStringLiteral("not a valid %1 document (%2)")
                    .arg(QLatin1String(Report::Schema), QString::fromUtf8(exception.what()));
    }
    return makeError(QStringLiteral("%1: %2").arg(path, error));
}

} // namespace difftriage::engine
