#include "AnalyzeOutput.h"

#include "report/ExportText.h"
#include "report/IntroducerGroups.h"
#include "triage/OverallStatus.h"

#include <QStringList>
#include <cstdio>

namespace difftriage::cli {

namespace {

QString indent(const QString &text, int spaces)
{
    const QString pad(spaces, QLatin1Char(' '));
    QStringList lines = text.trimmed().split(QLatin1Char('\n'));
    for (QString &line : lines)
        line.prepend(pad);
    return lines.join(QLatin1Char('\n'));
}

QString describeSide(const engine::ReportSide &side)
{
    QString text = side.output.trimmed();
    if (side.errorType)
        text += (text.isEmpty() ? QString() : QStringLiteral("\n")) +
                QStringLiteral("%1%2: %3")
                    .arg(*side.errorType, engine::refusalNote(side),
                         side.errorMessage.value_or(QString()));
    return text.isEmpty() ? QStringLiteral("(no output)") : text;
}

QString summarizeDifference(const engine::ReportDifference &difference)
{
    QString text = QStringLiteral("\n  %1  %2  %3\n")
                       .arg(difference.id, engine::spelling(difference.kind), difference.target);
    if (difference.projectTest)
        text += QStringLiteral("    %1\n").arg(engine::describeOrigin(*difference.projectTest));
    text += indent(difference.testCode, 6) + QLatin1Char('\n');
    text += QStringLiteral("    old:\n") + indent(describeSide(difference.oldSide), 6) +
            QLatin1Char('\n');
    text += QStringLiteral("    new:\n") + indent(describeSide(difference.newSide), 6) +
            QLatin1Char('\n');
    if (const QString attribution = engine::describeAttribution(difference); !attribution.isEmpty())
        text += QStringLiteral("    %1\n").arg(attribution);
    if (difference.verdict != engine::Verdict::None)
        text += QStringLiteral("    verdict: %1\n").arg(engine::spelling(difference.verdict));
    if (difference.suggestedVerdict != engine::Verdict::None)
        text += QStringLiteral("    suggested: %1 (%2 confidence%3)\n")
                    .arg(engine::spelling(difference.suggestedVerdict),
                         difference.suggestionConfidence
                             ? engine::spelling(*difference.suggestionConfidence)
                             : QStringLiteral("unknown"),
                         difference.suggestionSource
                             ? QStringLiteral(", ") + engine::spelling(*difference.suggestionSource)
                             : QString());
    for (const QString &reason : difference.suggestionReasons)
        text += QStringLiteral("      - %1\n").arg(reason);
    return text;
}

} // namespace

QString summarize(const engine::Report &report)
{
    QString text;
    const QString heading = report.number
                                ? QStringLiteral("PR #%1: %2").arg(*report.number).arg(report.title)
                                : report.title;
    text += heading + QLatin1Char('\n');
    text += QStringLiteral("changed functions: %1   union coverage: %2 %   tests: %3 (flaky "
                           "discarded: %4)   effort: %5   stop: %6   sandbox: %7\n")
                .arg(report.changedFunctions.size())
                .arg(report.unionCoverage * 100, 0, 'f', 1)
                .arg(report.testsExecuted)
                .arg(report.flakyDiscarded)
                .arg(report.effort ? engine::spelling(*report.effort) : QStringLiteral("-"),
                     engine::spelling(report.stopReason), engine::spelling(report.sandbox));
    if (const int atImport = report.coveredAtImport())
        text += QStringLiteral("coverage: %1 of the covered changed lines run at import, which "
                               "every test does\n")
                    .arg(atImport);
    if (report.projectTests)
        text += QStringLiteral("project tests: %1\n")
                    .arg(engine::describeProjectTests(*report.projectTests));
    for (const QString &note : report.notes)
        text += QStringLiteral("note: %1\n").arg(note);
    text += QStringLiteral("differences: %1\n").arg(report.differences.size());
    // The PR's overall status, most severe first, as the reviewer and the suggestions see it.
    if (const auto decided = overallStatus(report.differences, engine::VerdictOrigin::Reviewer);
        decided != engine::Verdict::None)
        text += QStringLiteral("status: %1\n").arg(engine::spelling(decided));
    if (const auto suggested = overallStatus(report.differences, engine::VerdictOrigin::Suggestion);
        suggested != engine::Verdict::None)
        text += QStringLiteral("suggested status: %1\n").arg(engine::spelling(suggested));
    // A range analysis lists its differences under the PR (or direct commit) that introduced them.
    const bool grouped = engine::hasAttributions(report.differences);
    for (const engine::IntroducerGroup &group : engine::groupByIntroducer(report.differences)) {
        if (grouped)
            text += QStringLiteral("\n%1 (%2)\n").arg(group.heading()).arg(group.members.size());
        for (const int member : group.members)
            text += summarizeDifference(report.differences.at(member));
    }
    return text;
}

ProgressPrinter::ProgressPrinter(bool enabled, bool verbose)
    : m_enabled(enabled && !verbose), m_verbose(verbose)
{
    m_clock.start();
}

void ProgressPrinter::show(const engine::AnalysisProgress &progress)
{
    if (m_verbose && progress.stage != m_lastStage) {
        m_lastStage = progress.stage;
        const QString line = QStringLiteral("[%1 s] %2 (tests %3, differences %4, coverage %5 %)\n")
                                 .arg(m_clock.elapsed() / 1000.0, 0, 'f', 2)
                                 .arg(progress.stage)
                                 .arg(progress.testsRun)
                                 .arg(progress.differences)
                                 .arg(progress.unionCoverage * 100, 0, 'f', 0);
        std::fputs(line.toUtf8().constData(), stderr);
    }
    if (!m_enabled)
        return;
    const int width = 24;
    const int filled = static_cast<int>(progress.fraction * width + 0.5);
    const QString bar =
        QString(filled, QLatin1Char('#')) + QString(width - filled, QLatin1Char('.'));
    const QString line = QStringLiteral("\r[%1] %2  tests %3  differences %4  coverage %5 %   ")
                             .arg(bar, progress.stage.leftJustified(12))
                             .arg(progress.testsRun)
                             .arg(progress.differences)
                             .arg(progress.unionCoverage * 100, 0, 'f', 0);
    std::fputs(line.toUtf8().constData(), stderr);
    std::fflush(stderr);
    m_drawn = true;
}

void ProgressPrinter::finish()
{
    if (m_drawn)
        std::fputs("\r\033[K", stderr);
    m_drawn = false;
}

} // namespace difftriage::cli
