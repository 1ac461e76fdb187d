#pragma once

#include "ReportOutputs.h"
#include "pipeline/AnalysisOptions.h"
#include "release/ReleaseDocument.h"

#include <QCommandLineParser>
#include <atomic>

namespace difftriage::cli {

// How `merge` and `analyze --range` build a release document from per-PR reports.
struct ReleaseRequest
{
    QList<engine::Report> reports;
    QString repository;          // needed to check the head; also tells direct commits apart
    QString base;                // the range's base revision, when known
    QString head;                // run every difference's test here (empty: unchecked)
    engine::UserChoices choices; // interpreters, prepare step and sandbox for the head check
};

// --python…, --prepare, --degraded-sandbox and --repo/--base/--head as `merge` spells them.
void addHeadCheckOptions(QCommandLineParser &parser);
// Reports named on the command line: files, or folders whose *.json report documents are read.
engine::Expected<QList<engine::Report>> loadReports(const QStringList &paths);

// Merges the reports and, with a head, runs each difference's test there.
engine::Expected<engine::ReleaseDocument> buildRelease(const ReleaseRequest &request,
                                                       const std::atomic_bool *cancel = nullptr);

// Writes the document (--out), the exports with the per-PR summary, prints the summary (or the
// document with --json) and applies the gate: the exit code.
int finishRelease(engine::ReleaseDocument &release, const QCommandLineParser &parser,
                  const ReportOutputs &outputs, const QString &documentPath, bool gate);

// The per-PR summary a terminal shows.
QString summarizeReleaseText(const engine::ReleaseDocument &release);

} // namespace difftriage::cli
