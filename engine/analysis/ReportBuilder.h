#pragma once

#include "access/Targets.h"
#include "analysis/AnalysisSession.h"
#include "change/ChangeSpec.h"
#include "report/Report.h"

namespace difftriage::engine {

class Judge;

// Turns a finished session into the `difftriage-report/1` document: differences with their
// fingerprints (stable across runs, the triage store's key) and clusters (same target, kind,
// cause).
Report buildReport(const ChangeSpec &change, const Targets &targets, const AnalysisSession &session,
                   const Judge &judge);

} // namespace difftriage::engine
