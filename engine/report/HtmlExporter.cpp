#include "report/HtmlExporter.h"

#include "report/ExportText.h"
#include "report/IntroducerGroups.h"

#include <QHash>
#include <QStringList>

namespace difftriage::engine {

namespace {

QString esc(const QString &text)
{
    return text.toHtmlEscaped();
}

constexpr auto Style = R"(
:root { color-scheme: light dark; --bg: #fff; --fg: #1d1d1f; --muted: #6b6b70; --line: #d0d0d5;
  --h0: #f6c2c2; --h1: #d8efd8; --h2: #ade0ad; --h3: #7fcc7f; --old: #fbe9e9; --new: #e7f5e7; }
@media (prefers-color-scheme: dark) { :root { --bg: #1e1f22; --fg: #e6e6e8; --muted: #9a9aa0;
  --line: #3a3b40; --h0: #6b2a2a; --h1: #24452a; --h2: #2f6a37; --h3: #3f8f4a; --old: #3a2424;
  --new: #223a26; } }
body { font-family: system-ui, sans-serif; background: var(--bg); color: var(--fg);
  margin: 2em auto; max-width: 72em; padding: 0 1em; }
pre, code { font-family: ui-monospace, monospace; font-size: 0.9em; }
pre { border: 1px solid var(--line); padding: 0.5em; overflow-x: auto; white-space: pre-wrap; }
table { border-collapse: collapse; width: 100%; }
td, th { border: 1px solid var(--line); padding: 0.3em 0.5em; text-align: left;
  vertical-align: top; }
.muted { color: var(--muted); }
.cluster { margin-top: 1.5em; }
.difference { border: 1px solid var(--line); padding: 0.5em 1em; margin: 0.8em 0; }
.sides { display: grid; grid-template-columns: 1fr 1fr; gap: 0.8em; }
.old pre { background: var(--old); } .new pre { background: var(--new); }
.error { font-weight: bold; }
.verdict { font-weight: bold; text-transform: uppercase; }
.reasons { margin: 0.2em 0 0.6em; font-size: 0.9em; }
.relation { font-weight: bold; }
.heat { border: 1px solid var(--line); font-family: ui-monospace, monospace; font-size: 0.85em; }
.heat div { white-space: pre; } .heat .n { color: var(--muted); display: inline-block;
  width: 4em; text-align: right; padding-right: 1em; user-select: none; }
.h0 { background: var(--h0); } .h1 { background: var(--h1); } .h2 { background: var(--h2); }
.h3 { background: var(--h3); }
)";

QString sideHtml(const char *cssClass, const QString &label, const ReportSide &side)
{
    QString html =
        QStringLiteral("<div class=\"%1\"><h4>%2</h4>").arg(QLatin1String(cssClass), esc(label));
    if (side.errorType)
        html += QStringLiteral("<p class=\"error\">%1%2: %3</p>")
                    .arg(esc(*side.errorType), esc(refusalNote(side)),
                         esc(side.errorMessage.value_or(QString())));
    if (side.status != RunStatus::Ok)
        html += QStringLiteral("<p class=\"muted\">status: %1</p>")
                    .arg(esc(engine::label(side.status)));
    return html + QStringLiteral("<pre>%1</pre></div>").arg(esc(side.output));
}

// Why the suggestion was made: the reviewer weighs the evidence, not the label.
QString suggestionReasons(const ReportDifference &difference)
{
    if (difference.suggestionReasons.isEmpty())
        return {};
    QString html = QStringLiteral("<ul class=\"reasons muted\">");
    for (const QString &reason : difference.suggestionReasons)
        html += QStringLiteral("<li>%1</li>").arg(esc(reason));
    return html + QStringLiteral("</ul>\n");
}

} // namespace

HtmlExporter::HtmlExporter(const Report &report, QList<ExportSource> sources,
                           QList<PrSummaryRow> prSummary)
    : m_report(report), m_sources(std::move(sources)), m_prSummary(std::move(prSummary))
{}

int HtmlExporter::heatBucket(qsizetype hits)
{
    return hits <= 0 ? 0 : hits == 1 ? 1 : hits < 5 ? 2 : 3;
}

QString HtmlExporter::render() const
{
    const QString title =
        m_report.number
            ? QStringLiteral("#%1 %2").arg(QString::number(*m_report.number), m_report.title)
            : m_report.title;
    return QStringLiteral("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
                          "<meta name=\"generator\" content=\"DiffTriage\">"
                          "<title>DiffTriage: %1</title><style>%2</style></head><body>\n")
               .arg(esc(title), QLatin1String(Style)) +
           QStringLiteral("<h1>%1</h1>\n").arg(esc(title)) + renderSummary() + renderDifferences() +
           renderRelationReviews() + renderFunctions() + renderHeatmap() +
           QStringLiteral("</body></html>\n");
}

QString HtmlExporter::renderSummary() const
{
    QString html = QStringLiteral("<p class=\"muted\">%1..%2 · generator %3 · sandbox %4</p>\n")
                       .arg(esc(m_report.base.left(10)), esc(m_report.head.left(10)),
                            esc(label(m_report.generator)), esc(label(m_report.sandbox)));
    if (!m_report.body.isEmpty())
        html += QStringLiteral("<h2>Stated intent</h2><pre>%1</pre>\n").arg(esc(m_report.body));
    int decided = 0;
    for (const ReportDifference &difference : m_report.differences)
        decided += difference.verdict != Verdict::None ? 1 : 0;
    html += QStringLiteral("<h2>Summary</h2><table>"
                           "<tr><th>Differences</th><td>%1 (%2 triaged)</td></tr>"
                           "<tr><th>Union coverage of the changed lines</th><td>%3</td></tr>"
                           "<tr><th>Tests executed</th><td>%4 (%5 flaky discarded)</td></tr>"
                           "<tr><th>Stop reason</th><td>%6</td></tr>%7</table>\n")
                .arg(QString::number(m_report.differences.size()), QString::number(decided),
                     esc(describeCoverage(m_report)), QString::number(m_report.testsExecuted),
                     QString::number(m_report.flakyDiscarded), esc(label(m_report.stopReason)),
                     m_report.projectTests
                         ? QStringLiteral("<tr><th>Project tests</th><td>%1</td></tr>")
                               .arg(esc(describeProjectTests(*m_report.projectTests)))
                         : QString());
    for (const QString &note : m_report.notes)
        html += QStringLiteral("<p class=\"muted\">%1</p>\n").arg(esc(note));
    if (!m_prSummary.isEmpty())
        html += prSummaryHtml(m_prSummary);
    return html;
}

QString HtmlExporter::renderDifferences() const
{
    QString html = QStringLiteral("<h2>Differences</h2>\n");
    if (m_report.differences.isEmpty())
        html += QStringLiteral("<p>No behavioural difference was found.</p>\n");
    const bool byIntroducer = hasAttributions(m_report.differences);
    for (const IntroducerGroup &group : groupByIntroducer(m_report.differences)) {
        if (byIntroducer)
            html += QStringLiteral("<h3 class=\"introducer\">%1 <span class=\"muted\">(%2)</span>"
                                   "</h3>\n")
                        .arg(esc(group.heading()), QString::number(group.members.size()));
        for (const auto &cluster : clustersOf(group, m_report.differences))
            html += renderCluster(cluster);
    }
    return html;
}

QString HtmlExporter::renderCluster(const QList<const ReportDifference *> &members) const
{
    QString html = QStringLiteral("<section class=\"cluster\"><h3>%1 · %2 <span class=\"muted\">"
                                  "(%3)</span></h3>\n")
                       .arg(esc(members.first()->target), esc(label(members.first()->kind)),
                            QString::number(members.size()));
    for (const ReportDifference *difference : members) {
        html += QStringLiteral("<div class=\"difference\" id=\"%1\"><p><b>%1</b> · "
                               "verdict: <span class=\"verdict\">%2</span>")
                    .arg(esc(difference->id), esc(label(difference->verdict)));
        if (difference->suggestedVerdict != Verdict::None)
            html +=
                QStringLiteral(" · suggested: %1").arg(esc(label(difference->suggestedVerdict)));
        if (difference->suggestionConfidence)
            html += QStringLiteral(" <span class=\"muted\">(%1)</span>")
                        .arg(esc(label(*difference->suggestionConfidence)));
        html += QStringLiteral("</p>\n");
        if (const QString attribution = describeAttribution(*difference); !attribution.isEmpty())
            html += QStringLiteral("<p class=\"muted\">%1</p>\n").arg(esc(attribution));
        if (difference->atHead != HeadPresence::Unchecked)
            html += QStringLiteral("<p class=\"muted\">At the release's head: %1</p>\n")
                        .arg(esc(describeHeadPresence(difference->atHead)));
        html += suggestionReasons(*difference);
        if (difference->relation && !describeRelation(*difference->relation).isEmpty())
            html += QStringLiteral("<p class=\"relation\">%1</p>\n")
                        .arg(esc(describeRelation(*difference->relation)));
        if (difference->projectTest)
            html += QStringLiteral("<p class=\"muted origin\">%1</p>\n")
                        .arg(esc(describeOrigin(*difference->projectTest)));
        if (!difference->note.isEmpty())
            html += QStringLiteral("<p>Note: %1</p>\n").arg(esc(difference->note));
        html +=
            QStringLiteral("<pre>%1</pre>\n<div class=\"sides\">").arg(esc(difference->testCode));
        html += sideHtml("old", QStringLiteral("Old"), difference->oldSide) +
                sideHtml("new", QStringLiteral("New"), difference->newSide) +
                QStringLiteral("</div></div>\n");
    }
    return html + QStringLiteral("</section>\n");
}

QString HtmlExporter::renderRelationReviews() const
{
    if (m_report.relationReviews.isEmpty())
        return {};
    QString html = QStringLiteral("<h2>Relations to review</h2>\n<p>%1</p>\n")
                       .arg(esc(relationReviewAdvice()));
    for (const ReportRelationReview &review : m_report.relationReviews) {
        // The reviewer's decision, as the window names it.
        QString decision =
            QStringLiteral("<p>Decision: <b>%1</b></p>\n").arg(esc(label(review.decision)));
        if (!review.note.isEmpty())
            decision += QStringLiteral("<blockquote>%1</blockquote>\n").arg(esc(review.note));
        html += QStringLiteral("<div class=\"difference\"><h3>%1 · %2 <span class=\"muted\">"
                               "breaks on both versions</span></h3>\n%3<pre>%4</pre>\n"
                               "<pre>%5</pre></div>\n")
                    .arg(esc(review.target), esc(review.label), decision, esc(review.testCode),
                         esc(review.output));
    }
    return html;
}

QString HtmlExporter::renderFunctions() const
{
    if (m_report.changedFunctions.isEmpty())
        return {};
    QString html = QStringLiteral("<h2>Changed functions</h2><table><tr><th>Function</th>"
                                  "<th>Kind</th><th>Versions</th><th>Union coverage</th></tr>\n");
    for (const ReportChangedFunction &function : m_report.changedFunctions)
        html += QStringLiteral("<tr><td><code>%1</code></td><td>%2</td><td>%3</td><td>%4</td>"
                               "</tr>\n")
                    .arg(esc(function.name), esc(label(function.kind)),
                         esc(label(function.versions)), percent(function.unionCoverage));
    return html + QStringLiteral("</table>\n");
}

QString HtmlExporter::renderHeatmap() const
{
    if (m_sources.isEmpty())
        return {};
    QString html = QStringLiteral(
        "<h2>Coverage heatmap</h2><p class=\"muted\">Changed lines coloured by how many tests "
        "reached them; red: no test did.</p>\n");
    for (const ExportSource &source : m_sources) {
        QHash<int, const ReportChangedLine *> changed;
        for (const ReportChangedLine &line : m_report.changedLines) {
            if (line.file == source.file && line.side == source.side)
                changed.insert(line.line, &line);
        }
        html += QStringLiteral("<h3>%1 <span class=\"muted\">(%2)</span></h3><div class=\"heat\">")
                    .arg(esc(source.file), esc(source.side));
        const QStringList lines = source.text.split(QLatin1Char('\n'));
        for (qsizetype i = 0; i < lines.size(); ++i) {
            if (i + 1 == lines.size() && lines[i].isEmpty())
                break;
            const ReportChangedLine *line = changed.value(int(i + 1));
            QString attributes;
            if (line && line->executable)
                attributes =
                    QStringLiteral(" class=\"h%1\" title=\"%2\"")
                        .arg(QString::number(heatBucket(line->hitBy.size())),
                             esc(line->hitBy.isEmpty() ? QStringLiteral("not reached by any test")
                                                       : line->hitBy.join(QStringLiteral(", "))));
            html += QStringLiteral("<div%1><span class=\"n\">%2</span>%3</div>")
                        .arg(attributes, QString::number(i + 1), esc(lines[i]));
        }
        html += QStringLiteral("</div>\n");
    }
    return html;
}

} // namespace difftriage::engine
