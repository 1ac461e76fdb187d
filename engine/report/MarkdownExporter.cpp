#include "report/MarkdownExporter.h"

#include "report/ExportSources.h"
#include "report/ExportText.h"
#include "report/IntroducerGroups.h"
#include "report/MarkdownText.h"

#include <QStringList>

namespace difftriage::engine {

namespace {

QString sideMarkdown(const QString &label, const ReportSide &side)
{
    QString text = QStringLiteral("**%1**").arg(label);
    if (side.errorType)
        text += QStringLiteral(": raises `%1`%2: %3")
                    .arg(*side.errorType, refusalNote(side), side.errorMessage.value_or(QString()));
    else if (side.status != RunStatus::Ok)
        text += QStringLiteral(": %1").arg(engine::label(side.status));
    return text + QStringLiteral("\n\n") + markdownFence(side.output) + QLatin1Char('\n');
}

} // namespace

MarkdownExporter::MarkdownExporter(const Report &report, QList<PrSummaryRow> prSummary)
    : m_report(report), m_prSummary(std::move(prSummary))
{}

QString MarkdownExporter::render() const
{
    QString text = QStringLiteral("# DiffTriage: %1\n\n")
                       .arg(m_report.number ? QStringLiteral("#%1 %2").arg(
                                                  QString::number(*m_report.number), m_report.title)
                                            : m_report.title);
    text += QStringLiteral("`%1..%2` · generator %3 · sandbox %4\n\n")
                .arg(m_report.base.left(10), m_report.head.left(10), label(m_report.generator),
                     label(m_report.sandbox));
    if (!m_report.body.isEmpty())
        text += QStringLiteral("## Stated intent\n\n") + m_report.body.trimmed() +
                QStringLiteral("\n\n");
    int decided = 0;
    for (const ReportDifference &difference : m_report.differences)
        decided += difference.verdict != Verdict::None ? 1 : 0;
    text += QStringLiteral("## Summary\n\n| | |\n|---|---|\n| Differences | %1 (%2 triaged) |\n"
                           "| Union coverage | %3 |\n| Tests executed | %4 |\n"
                           "| Stop reason | %5 |\n\n")
                .arg(QString::number(m_report.differences.size()), QString::number(decided),
                     describeCoverage(m_report), QString::number(m_report.testsExecuted),
                     label(m_report.stopReason));
    if (m_report.projectTests)
        text.insert(text.size() - 1, QStringLiteral("| Project tests | %1 |\n")
                                         .arg(describeProjectTests(*m_report.projectTests)));
    if (!m_prSummary.isEmpty())
        text += prSummaryMarkdown(m_prSummary);
    return text + renderDifferences() + renderRelationReviews() + renderCoverage();
}

QString MarkdownExporter::renderDifferences() const
{
    QString text = QStringLiteral("## Differences\n\n");
    if (m_report.differences.isEmpty())
        return text + QStringLiteral("No behavioural difference was found.\n\n");
    const bool byIntroducer = hasAttributions(m_report.differences);
    for (const IntroducerGroup &group : groupByIntroducer(m_report.differences)) {
        if (byIntroducer)
            text += QStringLiteral("### %1 (%2)\n\n")
                        .arg(group.heading(), QString::number(group.members.size()));
        for (const auto &cluster : clustersOf(group, m_report.differences))
            text += renderCluster(cluster, byIntroducer ? 4 : 3);
    }
    return text;
}

QString MarkdownExporter::renderCluster(const QList<const ReportDifference *> &members,
                                        int level) const
{
    const QString heading(level, QLatin1Char('#'));
    QString text = QStringLiteral("%1 `%2` · %3 (%4)\n\n")
                       .arg(heading, members.first()->target, label(members.first()->kind),
                            QString::number(members.size()));
    for (const ReportDifference *difference : members) {
        text += QStringLiteral("%1# %2 · verdict: **%3**")
                    .arg(heading, difference->id, label(difference->verdict));
        if (difference->suggestedVerdict != Verdict::None)
            text +=
                QStringLiteral(" (suggested: %1%2)")
                    .arg(label(difference->suggestedVerdict),
                         difference->suggestionConfidence
                             ? QStringLiteral(", %1").arg(label(*difference->suggestionConfidence))
                             : QString());
        text += QStringLiteral("\n\n");
        if (const QString attribution = describeAttribution(*difference); !attribution.isEmpty())
            text += QStringLiteral("*%1*\n\n").arg(attribution);
        if (difference->atHead != HeadPresence::Unchecked)
            text += QStringLiteral("*At the release's head: %1*\n\n")
                        .arg(describeHeadPresence(difference->atHead));
        for (const QString &reason : difference->suggestionReasons)
            text += QStringLiteral("- %1\n").arg(reason);
        if (!difference->suggestionReasons.isEmpty())
            text += QLatin1Char('\n');
        if (difference->relation && !describeRelation(*difference->relation).isEmpty())
            text += QStringLiteral("**%1**\n\n").arg(describeRelation(*difference->relation));
        if (difference->projectTest)
            text += QStringLiteral("_%1_\n\n").arg(describeOrigin(*difference->projectTest));
        if (!difference->note.isEmpty())
            text += QStringLiteral("> %1\n\n").arg(difference->note);
        text += markdownFence(difference->testCode, QStringLiteral("python")) + QLatin1Char('\n');
        text += sideMarkdown(QStringLiteral("Old"), difference->oldSide) +
                sideMarkdown(QStringLiteral("New"), difference->newSide);
    }
    return text;
}

QString MarkdownExporter::renderRelationReviews() const
{
    if (m_report.relationReviews.isEmpty())
        return {};
    QString text = QStringLiteral("## Relations to review\n\n") + relationReviewAdvice() +
                   QStringLiteral("\n\n");
    for (const ReportRelationReview &review : m_report.relationReviews) {
        text += QStringLiteral("### `%1` · %2 breaks on both versions\n\nDecision: **%3**\n\n")
                    .arg(review.target, review.label, label(review.decision));
        if (!review.note.isEmpty())
            text += QStringLiteral("> %1\n\n").arg(review.note);
        text += markdownFence(review.testCode, QStringLiteral("python")) + QLatin1Char('\n') +
                markdownFence(review.output) + QLatin1Char('\n');
    }
    return text;
}

QString MarkdownExporter::renderCoverage() const
{
    QString text;
    if (!m_report.changedFunctions.isEmpty()) {
        text += QStringLiteral("## Changed functions\n\n| Function | Kind | Versions | Union "
                               "coverage |\n|---|---|---|---|\n");
        for (const ReportChangedFunction &function : m_report.changedFunctions)
            text += QStringLiteral("| `%1` | %2 | %3 | %4 |\n")
                        .arg(function.name, label(function.kind), label(function.versions),
                             percent(function.unionCoverage));
        text += QLatin1Char('\n');
    }
    QStringList uncovered;
    for (const ReportChangedLine &line : m_report.changedLines) {
        if (line.executable && line.hitBy.isEmpty())
            uncovered << QStringLiteral("- `%1` (%2) line %3")
                             .arg(line.file, line.side, QString::number(line.line));
    }
    if (!uncovered.isEmpty())
        text += QStringLiteral("## Changed lines no test reached\n\n") +
                uncovered.join(QLatin1Char('\n')) + QStringLiteral("\n");
    return text;
}

} // namespace difftriage::engine
