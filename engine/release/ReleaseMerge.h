#pragma once

#include "release/ReleaseDocument.h"
#include "report/PrSummaryTable.h"

namespace difftriage::engine {

namespace git {
class Repository;
}
class TriageStore;

// Merges per-PR reports (`analyze --report`, one per PR of a release) into one release document.
// Each difference keeps the PR whose analysis found it; a difference found by several PRs' analyses
// (the same fingerprint: the same shrunk test, kind and outcomes) is listed once, under the first
// PR, with the others in `also_in`. PRs are ordered by number, direct commits after them. With a
// repository, a report whose head is no PR merge is marked as a direct commit. Two reports of one
// change are bad input.
Expected<ReleaseDocument> mergeReports(const QList<Report> &reports,
                                       const git::Repository *repository = nullptr);

// The release document as one report for the exporters: every difference with its PR as the
// introducer it was attributed to, so the exports group by PR.
Report releaseAsReport(const ReleaseDocument &release);

// The reviewer's stored verdicts and notes over the document's own (those its analyses applied):
// each difference is looked up under its PR (base..commit) and fingerprint.
void applyTriage(ReleaseDocument &release, const TriageStore &store);

// One PR of a release at a glance: its differences, its reviewed and suggested status (the most
// severe verdict, OverallStatus), how many are undecided and how many a later change reverted.
struct ReleasePrSummary
{
    ReleasePr pr;
    QList<int> members; // indices into the document's differences
    Verdict status = Verdict::None;
    Verdict suggested = Verdict::None;
    int undecided = 0;
    int notAtHead = 0;
};

// Every PR of the release, most severe status first (reviewed, then suggested, then the number of
// differences); PRs without differences last.
QList<ReleasePrSummary> summarizeRelease(const ReleaseDocument &release);
// The same as the exports' summary table.
QList<PrSummaryRow> prSummaryRows(const ReleaseDocument &release);

} // namespace difftriage::engine
