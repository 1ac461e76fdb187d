#include "report/ReviewCommentExporter.h"

#include "report/MarkdownText.h"

#include <QCoreApplication>
#include <QMap>
#include <algorithm>

namespace difftriage::engine {

namespace {

// Inline code that survives backticks inside: a longer fence, padded when it touches one.
QString code(const QString &text)
{
    QString fence = QStringLiteral("`");
    while (text.contains(fence))
        fence += QLatin1Char('`');
    const bool pad = text.startsWith(QLatin1Char('`')) || text.endsWith(QLatin1Char('`'));
    return fence + (pad ? QStringLiteral(" ") : QString()) + text +
           (pad ? QStringLiteral(" ") : QString()) + fence;
}

// A quotation of the reviewer's note, line by line.
QString quoted(const QString &note)
{
    QString text;
    for (const QString &line : note.trimmed().split(QLatin1Char('\n')))
        text += QStringLiteral("> ") + line + QLatin1Char('\n');
    return text;
}

QString outcome(const ReportSide &side)
{
    if (side.errorType)
        return code(*side.errorType + (side.errorMessage && !side.errorMessage->isEmpty()
                                           ? QStringLiteral(": ") + *side.errorMessage
                                           : QString()));
    if (side.status != RunStatus::Ok)
        return label(side.status);
    return side.output.isEmpty() ? ReviewCommentExporter::tr("(no output)") : QString();
}

} // namespace

ReviewCommentExporter::ReviewCommentExporter(const Report &report) : m_report(report) {}

QString ReviewCommentExporter::render() const
{
    QString text = renderSummary();
    QList<const ReportDifference *> order;
    for (const ReportDifference &difference : m_report.differences)
        order << &difference;
    // Most severe first; the undecided (severity 0) last; the report's order within each verdict.
    std::stable_sort(order.begin(), order.end(),
                     [](auto *a, auto *b) { return severity(a->verdict) > severity(b->verdict); });
    for (const ReportDifference *difference : order)
        text += renderDifference(*difference);
    return text + renderRelationReviews();
}

QString ReviewCommentExporter::renderSummary() const
{
    const QString change = m_report.number
                               ? QStringLiteral("#%1 %2").arg(*m_report.number).arg(m_report.title)
                               : m_report.title;
    QString text =
        QStringLiteral("### ") + tr("DiffTriage review: %1").arg(change) + QStringLiteral("\n\n");
    const int total = static_cast<int>(m_report.differences.size());
    if (total == 0)
        return text +
               tr("No behavioural difference was found between %1 and %2.")
                   .arg(code(m_report.base.left(10)), code(m_report.head.left(10))) +
               QStringLiteral("\n\n");
    QMap<int, QPair<Verdict, int>> counts; // by severity, most severe last
    int decided = 0;
    for (const ReportDifference &difference : m_report.differences) {
        auto &count = counts[severity(difference.verdict)];
        count.first = difference.verdict;
        ++count.second;
        decided += difference.verdict == Verdict::None ? 0 : 1;
    }
    QStringList tally;
    for (auto it = counts.cend(); it != counts.cbegin();) {
        --it;
        tally << QStringLiteral("%1 × %2").arg(it->second).arg(label(it->first));
    }
    text += tr("**Behavioural differences: %1 of %2 decided**").arg(decided).arg(total) +
            QStringLiteral(": ") + tally.join(QStringLiteral(", ")) + QStringLiteral("  \n") +
            tr("Found by running generated tests on %1 (old) and %2 (new).")
                .arg(code(m_report.base.left(10)), code(m_report.head.left(10))) +
            QStringLiteral("\n\n");
    return text;
}

QString ReviewCommentExporter::renderDifference(const ReportDifference &difference) const
{
    QString text = QStringLiteral("#### %1 · %2 · %3 (%4)\n\n")
                       .arg(label(difference.verdict), code(difference.target),
                            label(difference.kind), difference.id);
    if (!difference.note.trimmed().isEmpty())
        text += quoted(difference.note) + QLatin1Char('\n');
    text += QStringLiteral("<details><summary>") + tr("Test and outcomes") +
            QStringLiteral("</summary>\n\n") +
            markdownFence(difference.testCode, QStringLiteral("python")) + QLatin1Char('\n');
    for (const auto &[name, side] :
         {std::pair{tr("Old"), &difference.oldSide}, std::pair{tr("New"), &difference.newSide}}) {
        text += QStringLiteral("**%1**").arg(name);
        const QString headline = outcome(*side);
        if (!headline.isEmpty())
            text += QStringLiteral(": ") + headline;
        text += QStringLiteral("\n\n");
        if (!side->output.isEmpty())
            text += markdownFence(side->output) + QLatin1Char('\n');
    }
    return text + QStringLiteral("</details>\n\n");
}

QString ReviewCommentExporter::renderRelationReviews() const
{
    if (m_report.relationReviews.isEmpty())
        return {};
    QString text = QStringLiteral("#### ") + tr("Relations that break on both versions") +
                   QStringLiteral("\n\n");
    for (const ReportRelationReview &review : m_report.relationReviews) {
        text += QStringLiteral("- **%1** · %2 · %3\n")
                    .arg(label(review.decision), code(review.target), review.label);
        if (!review.note.trimmed().isEmpty()) {
            for (const QString &line : review.note.trimmed().split(QLatin1Char('\n')))
                text += QStringLiteral("  > ") + line + QLatin1Char('\n');
        }
    }
    return text + QLatin1Char('\n');
}

} // namespace difftriage::engine
