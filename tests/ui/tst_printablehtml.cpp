// The PDF export: QTextDocument prints the HTML export, so what it cannot read (CSS variables, a
// dark scheme, inline blocks) is written out first. Checked on the HTML and on the PDF's text.
#include "PdfExporter.h"
#include "PrintableHtml.h"
#include "report/HtmlExporter.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace difftriage;

namespace {

engine::Report reportWithHeatmap()
{
    engine::Report report;
    report.base = QString(40, QLatin1Char('a'));
    report.head = QString(40, QLatin1Char('b'));
    report.number = 7;
    report.title = QStringLiteral("Tidy f");
    report.body = QStringLiteral("No functional change intended.");
    report.changedLines = {
        {QStringLiteral("pkg/mod.py"), QStringLiteral("new"), 2, true, {}},
        {QStringLiteral("pkg/mod.py"), QStringLiteral("new"), 3, true, {QStringLiteral("t1")}}};
    return report;
}

const QString LongLine = QStringLiteral("    return ") + QString(45, QLatin1Char('x')) +
                         QStringLiteral(" + ") + QString(45, QLatin1Char('y')) +
                         QStringLiteral(" + ") + QString(45, QLatin1Char('z')) +
                         QStringLiteral(" + tail_of_the_line");

} // namespace

class PrintableHtmlTest final : public QObject
{
    Q_OBJECT

private slots:
    void colours_wrapping_and_line_numbers()
    {
        const QString source =
            QStringLiteral("def f(x):\n    if x:\n") + LongLine + QLatin1Char('\n');
        const QString html =
            engine::HtmlExporter(reportWithHeatmap(),
                                 {{QStringLiteral("pkg/mod.py"), QStringLiteral("new"), source}})
                .render();
        QVERIFY(html.contains(QStringLiteral("var(--")));
        const QString printable = ui::printableHtml(html);
        QVERIFY(!printable.contains(QStringLiteral("var(--")));
        QVERIFY(!printable.contains(QStringLiteral("prefers-color-scheme")));
        // The light scheme's heat colours, as the browser shows them on paper.
        QVERIFY2(printable.contains(QStringLiteral("background-color: #f6c2c2;")),
                 qPrintable(printable.right(3000)));
        QVERIFY(printable.contains(QStringLiteral("<pre style=\"white-space: pre-wrap;")));
        QVERIFY(printable.contains(QStringLiteral("\u00a0\u00a0\u00a03 │ </span>")));

        const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
        if (pdftotext.isEmpty())
            QSKIP("pdftotext (poppler-utils) is not installed");
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("r.pdf"));
        QVERIFY(ui::PdfExporter::write(html, pdf).ok());
        QProcess text;
        text.start(pdftotext, {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
        QVERIFY(text.waitForFinished(30000));
        const QString printed = QString::fromUtf8(text.readAllStandardOutput());
        QVERIFY2(printed.contains(QStringLiteral("3 │")), qPrintable(printed));
        // The long line wraps inside the margin: its end is printed, below its start.
        QVERIFY2(printed.contains(QStringLiteral("tail_of_the_line")), qPrintable(printed));
        const QStringList lines = printed.split(QLatin1Char('\n'));
        const auto start = std::find_if(lines.cbegin(), lines.cend(), [](const QString &line) {
            return line.contains(QStringLiteral("return xxx"));
        });
        QVERIFY(start != lines.cend());
        QVERIFY2(!start->contains(QStringLiteral("tail_of_the_line")), qPrintable(*start));
    }
};

QTEST_MAIN(PrintableHtmlTest)
#include "tst_printablehtml.moc"
