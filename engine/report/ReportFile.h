#pragma once

#include "core/Expected.h"
#include "report/Report.h"

namespace difftriage::engine {

// Reads a report document written by `analyze --report` (or saved by the GUI). Every way it can
// be wrong — missing, not JSON, another schema, a field of the wrong type — is one error line.
Expected<Report> loadReportFile(const QString &path);

} // namespace difftriage::engine
