#include "report/ExportText.h"

namespace difftriage::engine {

namespace {

QString shortened(const QString &text, qsizetype maxLength)
{
    QString line = text.trimmed();
    const qsizetype newline = line.indexOf(QLatin1Char('\n'));
    const bool more = newline >= 0;
    if (more)
        line = line.left(newline).trimmed();
    if (line.size() > maxLength)
        return line.left(maxLength - 1) + QChar(0x2026);
    return more ? line + QStringLiteral(" ") + QChar(0x2026) : line;
}

} // namespace

QString refusalNote(const ReportSide &side)
{
    return side.osError == QLatin1String("sandbox") ? QStringLiteral(" (refused by the sandbox)")
                                                    : QString();
}

QString describeOutcome(const ReportSide &side, qsizetype maxLength)
{
    if (side.status == RunStatus::Timeout)
        return QStringLiteral("times out");
    if (side.status == RunStatus::Crashed)
        return QStringLiteral("crashes");
    if (side.status == RunStatus::Killed)
        return QStringLiteral("is killed (%1)").arg(side.errorMessage.value_or(QString()));
    if (side.status == RunStatus::Exited)
        return QStringLiteral("exits with status %1").arg(side.errorMessage.value_or(QString()));
    if (side.errorType) {
        const QString message = side.errorMessage.value_or(QString());
        return QStringLiteral("raises %1").arg(*side.errorType) + refusalNote(side) +
               (message.isEmpty() ? QString()
                                  : QStringLiteral(": ") + shortened(message, maxLength));
    }
    const QString output = shortened(side.output, maxLength);
    return output.isEmpty() ? QStringLiteral("prints nothing")
                            : QStringLiteral("prints %1").arg(output);
}

QString describeOrigin(const ProjectTestOrigin &origin)
{
    return QStringLiteral("from project test %1").arg(origin.test);
}

QString percent(double fraction)
{
    return QString::number(fraction * 100.0, 'f', 1) + QLatin1Char('%');
}

QString describeCoverage(const Report &report)
{
    const int atImport = report.coveredAtImport();
    if (atImport == 0)
        return percent(report.unionCoverage);
    return QStringLiteral("%1 (%2 of the covered lines run at import, by every test)")
        .arg(percent(report.unionCoverage), QString::number(atImport));
}

QString describeProjectTests(const ReportProjectTests &summary)
{
    return QStringLiteral("%1 of %2 tests run reach the change%3; %4 became differential tests")
        .arg(QString::number(summary.reaching.size()), QString::number(summary.testsRun),
             summary.budgetSpent ? QStringLiteral(" (budget spent)") : QString(),
             QString::number(summary.converted.size()));
}

QString describeKind(DifferenceKind kind)
{
    switch (kind) {
    case DifferenceKind::DifferentOutput:
        return QStringLiteral("The old and the new version print or return different results.");
    case DifferenceKind::DifferentException:
        return QStringLiteral("Both versions raise, but different exceptions.");
    case DifferenceKind::OnlyOldRaises:
        return QStringLiteral("The old version raises an exception; the new one does not.");
    case DifferenceKind::OnlyNewRaises:
        return QStringLiteral("The new version raises an exception; the old one does not.");
    case DifferenceKind::OnlyOldAborts:
        return QStringLiteral("Only the old version times out or crashes, on every rerun.");
    case DifferenceKind::OnlyNewAborts:
        return QStringLiteral("Only the new version times out or crashes, on every rerun.");
    case DifferenceKind::ApiChange:
        return QStringLiteral("An entry point exists on one side only: the test cannot reach its "
                              "target on the other.");
    case DifferenceKind::DifferentWarnings:
        return QStringLiteral("The same result with different warnings.");
    }
    return QStringLiteral("A behavioural difference.");
}

QString describeRelation(const ReportRelation &relation)
{
    if (relation.signal == RelationSignal::Regression)
        return QStringLiteral("Relation %1 holds on the old version and breaks on the new one: "
                              "a strong regression signal.")
            .arg(relation.label);
    if (relation.signal == RelationSignal::CoincidentalFix)
        return QStringLiteral("Relation %1 breaks on the old version and holds on the new one: "
                              "a fix, perhaps a coincidental one.")
            .arg(relation.label);
    return {};
}

QString describeHeadPresence(HeadPresence presence)
{
    switch (presence) {
    case HeadPresence::Present:
        return QStringLiteral("present (the head behaves as the PR's new version)");
    case HeadPresence::NotPresent:
        return QStringLiteral("not present (the head behaves as before the PR: a later change "
                              "reverted it)");
    case HeadPresence::ChangedAgain:
        return QStringLiteral("changed again (the head behaves as neither side of the PR)");
    case HeadPresence::Unchecked:
        break;
    }
    return QStringLiteral("not checked");
}

QString relationReviewAdvice()
{
    return QStringLiteral(
        "It breaks on both versions, so it shows no difference. Either the relation is wrong "
        "for this input, or the implementation is wrong, or the specification does not say: "
        "decide which before relying on it.");
}

} // namespace difftriage::engine
