#include "report/JsonExporter.h"

#include "report/ExportSources.h"

namespace difftriage::engine {

QByteArray JsonExporter::render() const
{
    return QByteArray::fromStdString(m_report.toJson().dump(2)) + '\n';
}

} // namespace difftriage::engine
