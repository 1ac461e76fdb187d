#include "report/PrSummaryTable.h"

namespace difftriage::engine {

namespace {

QString reviewed(const PrSummaryRow &row)
{
    if (row.differences == 0)
        return QStringLiteral("-");
    const QString status = spelling(row.status);
    return row.undecided > 0
               ? QStringLiteral("%1 (%2 undecided)").arg(status, QString::number(row.undecided))
               : status;
}

QString suggested(const PrSummaryRow &row)
{
    return row.suggested == Verdict::None ? QStringLiteral("-") : spelling(row.suggested);
}

QString differences(const PrSummaryRow &row)
{
    return row.notAtHead > 0
               ? QStringLiteral("%1 (%2 not at the head)")
                     .arg(QString::number(row.differences), QString::number(row.notAtHead))
               : QString::number(row.differences);
}

} // namespace

QString prSummaryMarkdown(const QList<PrSummaryRow> &rows)
{
    QString text =
        QStringLiteral("## PRs of the release\n\n| PR | Differences | Suggested | Reviewed "
                       "status | Analysis |\n|---|---|---|---|---|\n");
    for (const PrSummaryRow &row : rows)
        text += QStringLiteral("| %1 | %2 | %3 | %4 | %5 |\n")
                    .arg(row.pr.describe().replace(QLatin1Char('|'), QStringLiteral("\\|")),
                         differences(row), suggested(row), reviewed(row), spelling(row.stopReason));
    return text + QLatin1Char('\n');
}

QString prSummaryHtml(const QList<PrSummaryRow> &rows)
{
    QString html = QStringLiteral("<h2>PRs of the release</h2><table><tr><th>PR</th>"
                                  "<th>Differences</th><th>Suggested</th><th>Reviewed status</th>"
                                  "<th>Analysis</th></tr>\n");
    for (const PrSummaryRow &row : rows)
        html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td></tr>\n")
                    .arg(row.pr.describe().toHtmlEscaped(), differences(row), suggested(row),
                         reviewed(row), spelling(row.stopReason));
    return html + QStringLiteral("</table>\n");
}

} // namespace difftriage::engine
