#pragma once

#include "report/Report.h"

namespace difftriage::engine {

// The CI gate of `--fail-on-difference` (exit 3): a difference blocks while it is untriaged or
// triaged as a regression. Any other verdict (intended, coincidental_fix, spec_undecided,
// invalid_test) is a reviewer's acceptance, so the gate does not fail forever on it. Apply the
// triage store's verdicts to the report first.
bool blocksGate(const ReportDifference &difference);
int blockingDifferences(const Report &report);

} // namespace difftriage::engine
