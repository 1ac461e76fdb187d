#include "PdfExporter.h"

#include "PrintableHtml.h"

#include <QFile>
#include <QPrinter>
#include <QTextDocument>

namespace difftriage::ui {

engine::Status PdfExporter::write(const QString &html, const QString &path)
{
    QPrinter printer(QPrinter::HighResolution);
    printer.setOutputFormat(QPrinter::PdfFormat);
    printer.setOutputFileName(path);
    printer.setPageSize(QPageSize(QPageSize::A4));
    printer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout::Millimeter);
    QTextDocument document;
    document.setHtml(printableHtml(html));
    document.print(&printer);
    if (!QFile::exists(path))
        return engine::makeError(QStringLiteral("cannot write %1").arg(path));
    return engine::Ok{};
}

} // namespace difftriage::ui
