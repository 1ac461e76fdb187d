#include "report/JsonExporter.h"

#include "report/ExportSources.h"

namespace difftriage::engine {

QByteArray JsonExporter::render() const
{
    return QByteArray::fromStdString(m_report.toJson().dump(2)) + '\n';
}

Status JsonExporter::write(const QString &path) const
{
    return writeExportFile(path, render());
}

} // namespace difftriage::engine
