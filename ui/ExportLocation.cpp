#include "ExportLocation.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace difftriage::ui::ExportLocation {

namespace {

constexpr auto FolderKey = "export/folder";

} // namespace

QString suggestedFileName(const engine::Report &report, engine::ExportFormat format)
{
    const QString extension = QLatin1String(engine::exportFormatInfo(format).extension);
    const QString change =
        report.number ? QStringLiteral("pr%1").arg(*report.number) : report.head.left(8);
    if (format == engine::ExportFormat::Pytest)
        return QStringLiteral("test_%1.%2").arg(change, extension);
    const QString stem = report.number ? QStringLiteral("pr-%1").arg(*report.number) : change;
    return QStringLiteral("%1-triage.%2").arg(stem, extension);
}

QString suggestedPath(const QString &fileName)
{
    const QString folder = QSettings().value(QLatin1String(FolderKey)).toString();
    const QDir dir(folder.isEmpty() || !QFileInfo(folder).isDir() ? QDir::homePath() : folder);
    return dir.filePath(fileName);
}

void remember(const QString &chosenPath)
{
    QSettings().setValue(QLatin1String(FolderKey), QFileInfo(chosenPath).absolutePath());
}

} // namespace difftriage::ui::ExportLocation
