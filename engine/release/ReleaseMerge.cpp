#include "release/ReleaseMerge.h"

#include "change/ChangeSource.h"
#include "git/Repository.h"
#include "triage/OverallStatus.h"
#include "triage/TriageStore.h"

#include <QHash>
#include <algorithm>

namespace difftriage::engine {

namespace {

ReleasePr prOf(const Report &report, const git::Repository *repository)
{
    ReleasePr pr;
    pr.change = ReportIntroducer{report.number, report.title, report.head, report.base,
                                 !report.number.has_value()};
    if (repository && !report.number) {
        if (auto commit = repository->commit(report.head))
            pr.change.direct = !ChangeSource(*repository).mergedChange(*commit).has_value();
    }
    pr.body = report.body;
    pr.stopReason = report.stopReason;
    pr.unionCoverage = report.unionCoverage;
    pr.testsExecuted = report.testsExecuted;
    pr.seconds = report.seconds;
    pr.sandbox = report.sandbox;
    pr.seed = report.seed;
    pr.notes = report.notes;
    return pr;
}

} // namespace

Expected<ReleaseDocument> mergeReports(const QList<Report> &reports,
                                       const git::Repository *repository)
{
    QList<const Report *> ordered;
    for (const Report &report : reports)
        ordered << &report;
    std::stable_sort(ordered.begin(), ordered.end(), [](const Report *a, const Report *b) {
        const ReportIntroducer left{a->number, {}, a->head, {}, false};
        const ReportIntroducer right{b->number, {}, b->head, {}, false};
        return left.sortKey() < right.sortKey();
    });
    ReleaseDocument release;
    release.repo = repository ? repository->path() : reports.value(0).repo;
    QHash<QString, const Report *> seenChanges;
    QHash<QString, int> byFingerprint;
    for (const Report *report : std::as_const(ordered)) {
        const QString key = TriageStore::prKey(report->base, report->head);
        if (const Report *other = seenChanges.value(key))
            return makeError(QStringLiteral("two reports analyse the same change %1 (%2 and %3)")
                                 .arg(key, other->title, report->title),
                             ErrorKind::BadInput);
        seenChanges.insert(key, report);
        const ReleasePr pr = prOf(*report, repository);
        release.prs << pr;
        for (const ReportDifference &difference : report->differences) {
            if (const auto known = byFingerprint.constFind(difference.fingerprint);
                known != byFingerprint.cend()) {
                release.differences[*known].alsoIn << pr.change;
                continue;
            }
            byFingerprint.insert(difference.fingerprint,
                                 static_cast<int>(release.differences.size()));
            ReleaseDifference item;
            item.difference = difference;
            item.pr = pr.change;
            release.differences << std::move(item);
        }
    }
    return release;
}

Report releaseAsReport(const ReleaseDocument &release)
{
    Report report;
    report.repo = release.repo;
    report.base = release.base;
    report.head = release.head;
    report.title = QStringLiteral("Release %1..%2")
                       .arg(release.base.isEmpty() ? QStringLiteral("?") : release.base.left(10),
                            release.head.isEmpty() ? QStringLiteral("?") : release.head.left(10));
    report.stopReason = StopReason::FullCoverage;
    for (const ReleasePr &pr : release.prs) {
        report.testsExecuted += pr.testsExecuted;
        report.seconds += pr.seconds;
        for (const QString &note : pr.notes)
            report.notes << QStringLiteral("%1: %2").arg(pr.change.describe(), note);
    }
    report.unionCoverage = 1.0;
    for (const ReleasePr &pr : release.prs)
        report.unionCoverage = std::min(report.unionCoverage, pr.unionCoverage);
    for (const ReleaseDifference &item : release.differences) {
        ReportDifference difference = item.difference;
        // Ids are a PR's own (d1, d2, …): prefixed with the PR they stay unique.
        difference.id = QStringLiteral("%1.%2").arg(
            item.pr.number ? QStringLiteral("pr%1").arg(*item.pr.number) : item.pr.commit.left(10),
            difference.id);
        difference.attribution =
            ReportAttribution{AttributionStatus::Attributed, item.pr, QString(), {}, 0};
        report.differences << difference;
    }
    return report;
}

void applyTriage(ReleaseDocument &release, const TriageStore &store)
{
    for (ReleaseDifference &item : release.differences) {
        const TriageEntry entry = store.entry(TriageStore::prKey(item.pr.base, item.pr.commit),
                                              item.difference.fingerprint);
        if (entry.isEmpty())
            continue; // the document's own verdict (its analysis's triage export) stands
        item.difference.verdict = entry.verdict;
        item.difference.note = entry.note;
    }
}

QList<ReleasePrSummary> summarizeRelease(const ReleaseDocument &release)
{
    QList<ReleasePrSummary> summaries;
    for (const ReleasePr &pr : release.prs) {
        ReleasePrSummary summary;
        summary.pr = pr;
        summary.members = release.differencesOf(pr.change);
        QList<ReportDifference> differences;
        for (const int member : std::as_const(summary.members)) {
            const ReleaseDifference &item = release.differences[member];
            differences << item.difference;
            summary.undecided += item.difference.verdict == Verdict::None ? 1 : 0;
            summary.notAtHead += item.difference.atHead == HeadPresence::NotPresent ? 1 : 0;
        }
        summary.status = overallStatus(differences, VerdictOrigin::Reviewer);
        summary.suggested = overallStatus(differences, VerdictOrigin::Suggestion);
        summaries << summary;
    }
    // Most severe first: the reviewed status, then the suggested one, then the most differences.
    std::stable_sort(summaries.begin(), summaries.end(),
                     [](const ReleasePrSummary &a, const ReleasePrSummary &b) {
                         if (severity(a.status) != severity(b.status))
                             return severity(a.status) > severity(b.status);
                         if (severity(a.suggested) != severity(b.suggested))
                             return severity(a.suggested) > severity(b.suggested);
                         return a.members.size() > b.members.size();
                     });
    return summaries;
}

QList<PrSummaryRow> prSummaryRows(const ReleaseDocument &release)
{
    QList<PrSummaryRow> rows;
    for (const ReleasePrSummary &summary : summarizeRelease(release))
        rows << PrSummaryRow{summary.pr.change,    static_cast<int>(summary.members.size()),
                             summary.suggested,    summary.status,
                             summary.undecided,    summary.notAtHead,
                             summary.pr.stopReason};
    return rows;
}

} // namespace difftriage::engine
