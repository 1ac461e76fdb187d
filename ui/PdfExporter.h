#pragma once

#include "core/Expected.h"

#include <QString>

namespace difftriage::ui {

// PDF is the one export that needs QtGui (QTextDocument + QPrinter), so it lives here rather than
// in the engine; it prints the HTML export.
class PdfExporter final
{
public:
    static engine::Status write(const QString &html, const QString &path);
};

} // namespace difftriage::ui
