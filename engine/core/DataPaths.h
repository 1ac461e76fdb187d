#pragma once

#include <QString>

namespace difftriage::engine {

// Where the shipped helper files (Python scripts, templates) live: $DIFFTRIAGE_DATA_DIR, else
// <executable dir>/../share/difftriage (the build tree and the installed layout agree on this),
// else the install prefix compiled in.
QString dataDirectory();
QString pythonHelperPath(const QString &scriptName);

} // namespace difftriage::engine
