#pragma once

#include "change/ChangeSpec.h"
#include "pipeline/SearchSession.h"
#include "report/Report.h"
#include "targets/Targets.h"

namespace difftriage::engine {

class Judge;
class Normalizer;
struct TestOutcome;

// One side of a difference as the report shows it: normalised output, exception or abort.
ReportSide reportSide(const TestOutcome &outcome, const Normalizer &normalizer);
// The triage store's key: the shrunk test, its kind and both sides' outputs and exceptions.
QString fingerprintOf(const ReportDifference &difference);
// Same target, kind and exceptions (and `cause`: the entry point of an API change).
QString clusterOf(const ReportDifference &difference, const QString &cause = {});

// Turns a finished session into the `difftriage-report/1` document: differences with their
// fingerprints (stable across runs, the triage store's key) and clusters (same target, kind,
// cause).
Report buildReport(const ChangeSpec &change, const Targets &targets, const SearchSession &session,
                   const Judge &judge, const QStringList &commitMessages = {});

} // namespace difftriage::engine
