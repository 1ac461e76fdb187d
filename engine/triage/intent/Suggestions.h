#pragma once

#include "core/Vocabulary.h"
#include "llm/LlmSettings.h"
#include "report/Report.h"

#include <atomic>

namespace difftriage::engine {

// The triage step that ends every analysis (and `report --suggest`): the offline heuristic
// suggests a verdict for each difference; with the language model as the source, its answers
// replace what it can answer. A classifier that cannot be made, or a model that does not answer,
// never costs the analysis: the heuristic's suggestions stay, and a note says why. A cancelled
// run (the flag set) gets the heuristic's suggestions only.
void suggestVerdicts(Report &report, SuggestionSource source, const LlmSettings &llm,
                     const std::atomic_bool *cancel = nullptr);

} // namespace difftriage::engine
