#include "triage/intent/Suggestions.h"

#include "triage/intent/IntentHeuristic.h"
#include "triage/intent/LlmIntentClassifier.h"

namespace difftriage::engine {

void suggestVerdicts(Report &report, SuggestionSource source, const LlmSettings &llm,
                     const std::atomic_bool *cancel)
{
    suggestIntent(report);
    if (source != SuggestionSource::Llm || (cancel && cancel->load()))
        return;
    if (Status suggested = suggestIntentWithLlm(report, llm, cancel); !suggested)
        report.notes << QStringLiteral("intent suggestions: %1; the offline heuristic's are kept")
                            .arg(suggested.error().message);
}

} // namespace difftriage::engine
